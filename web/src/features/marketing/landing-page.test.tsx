import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders, stubFetch } from '../../testing/test-utils.tsx';
import { fillRuntimeConfig } from './enhance.ts';
import { features } from './content/features.ts';
import { LandingPage } from './landing-page.tsx';

describe('the landing page', () => {
  it('has one h1 (the tagline) and an h2 per section, in the order of the top bar', () => {
    renderWithProviders(<LandingPage />);
    const h1 = screen.getAllByRole('heading', { level: 1 });
    expect(h1.map((heading) => heading.textContent)).toEqual(['WALK, TRACK, REPORT—YOUR SITE, SECURE']);
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Why SiteWalk',
      'Demo',
      'About',
      'Pricing',
      'FAQ',
    ]);
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it('lists the eight advertised features under Why SiteWalk and says plainly which are coming', () => {
    renderWithProviders(<LandingPage />);
    const why = screen.getByRole('region', { name: 'Why SiteWalk' });
    const cards = within(why).getAllByRole('article');
    expect(cards).toHaveLength(8);
    expect(
      within(why)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(features.map((feature) => feature.title));
    const ai = cards.find((card) => card.textContent?.includes('AI-assisted issue detection'))!;
    expect(ai).toHaveTextContent('Coming');
    const recorder = cards.find((card) => card.textContent?.includes('tracked by GPS'))!;
    expect(recorder).toHaveTextContent('Partly available');
    expect(recorder).toHaveTextContent('Coming: The walk recorder for phones');
  });

  it('answers the FAQ with the configured contact for pricing', async () => {
    stubFetch({
      'GET /config.json': () =>
        jsonResponse(200, { contactName: 'Jordan Reyes', contactEmail: 'sales@sitewalk.test', region: 'x' }),
    });
    const { user } = renderWithProviders(<LandingPage />);
    await fillRuntimeConfig(document);
    const faq = screen.getByRole('region', { name: 'FAQ' });
    await user.click(within(faq).getByText('What does it cost?'));
    expect(within(faq).getByRole('link', { name: 'sales@sitewalk.test' })).toBeVisible();
    expect(faq).toHaveTextContent('Please e-mail Jordan Reyes at sales@sitewalk.test');
    expect(faq).toHaveTextContent('Does it work on phones?');
    expect(faq).toHaveTextContent('Where is our data kept, and who can see it?');
    expect(faq).toHaveTextContent('Does it work without a connection?');
    vi.unstubAllGlobals();
  });
});
