import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders, stubFetch } from '../../../testing/test-utils.tsx';
import { fillRuntimeConfig } from '../enhance.ts';
import { LandingPage } from '../landing-page.tsx';
import { CONTACT_DIALOG_ID } from './contact-dialog.tsx';

afterEach(() => vi.unstubAllGlobals());

/** The prerendered landing page as a browser has it once public-page.ts has read /config.json. */
const renderLanding = async () => {
  stubFetch({
    'GET /config.json': () =>
      jsonResponse(200, { contactName: 'Jordan Reyes', contactEmail: 'sales@sitewalk.test', region: 'x' }),
  });
  const result = renderWithProviders(<LandingPage />);
  await fillRuntimeConfig(document);
  return result;
};

// Opening and light dismiss are the browser's (the popover attribute): the journeys drive them.
describe('the contact pop-up', () => {
  it("is opened by every 'Get Started Today' and walkthrough button, and closed by Close", async () => {
    await renderLanding();
    const popup = document.getElementById(CONTACT_DIALOG_ID)!;
    expect(popup).toHaveAttribute('popover', 'auto');
    expect(popup).toHaveAttribute('role', 'dialog');
    const openers = [
      ...screen.getAllByRole('button', { name: 'Get Started Today', hidden: true }),
      screen.getByRole('button', { name: 'Ask for a walkthrough', hidden: true }),
    ];
    // The hero's and Pricing's (spec: 'Contact us for Pricing' offers the same pop-up), and Demo's.
    expect(openers).toHaveLength(3);
    for (const opener of openers) expect(opener).toHaveAttribute('popovertarget', CONTACT_DIALOG_ID);
    const close = within(popup).getByRole('button', { name: 'Close', hidden: true });
    expect(close).toHaveAttribute('popovertarget', CONTACT_DIALOG_ID);
    expect(close).toHaveAttribute('popovertargetaction', 'hide');
  });

  it('tells whom to e-mail, from the runtime configuration', async () => {
    await renderLanding();
    const popup = document.getElementById(CONTACT_DIALOG_ID)!;
    // Named by its heading (the name of a closed popover is not computed in jsdom).
    const title = document.getElementById(popup.getAttribute('aria-labelledby') ?? '');
    expect(title).toHaveTextContent('Get Started Today');
    expect(popup).toHaveTextContent('please e-mail Jordan Reyes at sales@sitewalk.test');
    for (const link of within(popup).getAllByRole('link', { hidden: true })) {
      expect(link).toHaveAttribute('href', 'mailto:sales@sitewalk.test');
    }
  });

  it('keeps its placeholders when the configuration cannot be read', async () => {
    stubFetch({ 'GET /config.json': () => jsonResponse(500, {}) });
    renderWithProviders(<LandingPage />);
    await expect(fillRuntimeConfig(document)).rejects.toThrow('/config.json answered 500');
    expect(document.getElementById(CONTACT_DIALOG_ID)).toHaveTextContent('please e-mail the SiteWalk team');
  });
});
