import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../testing/test-utils.tsx';
import { PrivacyPage } from './privacy-page.tsx';
import { TermsPage } from './terms-page.tsx';

const config = { contactName: 'Jordan Reyes', contactEmail: 'privacy@sitewalk.test', region: 'eu-central-1' };

describe('the legal pages', () => {
  it('/terms-of-service: the terms, the contact, and a link to the privacy policy', () => {
    renderWithProviders(<TermsPage />, { route: '/terms-of-service', config });
    expect(screen.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeInTheDocument();
    expect(document.title).toBe('Terms of Service · SiteWalk');
    expect(screen.getByRole('heading', { level: 2, name: '3. Accounts' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveTextContent('e-mail Jordan Reyes at privacy@sitewalk.test');
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      '/privacy-policy',
    );
  });

  it('/privacy-policy: who decides, what is stored (names, e-mail, positions, photos), where, how long', () => {
    renderWithProviders(<PrivacyPage />, { route: '/privacy-policy', config });
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
