import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders, stubFetch } from '../../testing/test-utils.tsx';
import { fillRuntimeConfig } from './enhance.ts';
import { PrivacyPage } from './privacy-page.tsx';
import { TermsPage } from './terms-page.tsx';

const config = { contactName: 'Jordan Reyes', contactEmail: 'privacy@sitewalk.test', region: 'eu-central-1' };

/** A legal page as a browser has it once public-page.ts has read /config.json. */
const renderPage = async (page: React.ReactElement) => {
  stubFetch({ 'GET /config.json': () => jsonResponse(200, config) });
  renderWithProviders(page);
  await fillRuntimeConfig(document);
};
afterEach(() => vi.unstubAllGlobals());

describe('the legal pages', () => {
  it('/terms-of-service: the terms, the contact, and a link to the privacy policy', async () => {
    await renderPage(<TermsPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: '3. Accounts' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveTextContent('e-mail Jordan Reyes at privacy@sitewalk.test');
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      '/privacy-policy',
    );
  });

  it('/privacy-policy: who decides, what is stored (names, e-mail, positions, photos), where, how long', async () => {
    await renderPage(<PrivacyPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(main).toHaveTextContent('it is the controller of your data');
    expect(main).toHaveTextContent('first and last name, e-mail address');
    expect(main).toHaveTextContent('the position of your phone');
    expect(main).toHaveTextContent('in the region eu-central-1');
    expect(main).toHaveTextContent('Backups of the database keep earlier states for up to 35 days');
    expect(screen.getByRole('link', { name: 'privacy@sitewalk.test' })).toHaveAttribute(
      'href',
      'mailto:privacy@sitewalk.test',
    );
  });
});
