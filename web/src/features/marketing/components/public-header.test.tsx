import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/test-utils.tsx';
import { wirePageMenu } from '../enhance.ts';
import { LandingPage } from '../landing-page.tsx';

const sectionLabels = ['Why SiteWalk', 'Demo', 'About', 'Pricing', 'FAQ'];
const sectionIds = ['why', 'demo', 'about', 'pricing', 'faq'];

const renderLanding = () => renderWithProviders(<LandingPage />);

// Scrolling (smooth unless reduced motion is asked for) is the browser's: the journeys and the prerender
// test check the CSS; here, where each link leads.
describe('the top bar of the landing page', () => {
  it('links to each section by its anchor, and each section is named by its heading', () => {
    renderLanding();
    const nav = screen.getByRole('navigation', { name: 'Page sections' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(sectionLabels);
    expect(links.map((link) => link.getAttribute('href'))).toEqual(sectionIds.map((id) => `#${id}`));
    for (const [index, label] of sectionLabels.entries()) {
      expect(document.getElementById(sectionIds[index]!)).toHaveAccessibleName(label);
    }
  });

  it('folds the sections into a menu on narrow screens, closed by following a link or by Escape', async () => {
    wirePageMenu(document);
    const { user } = renderLanding();
    const toggle = screen.getByLabelText('Page menu', { selector: 'summary' });
    const menu = toggle.closest('details')!;
    expect(menu.open).toBe(false);

    await user.click(toggle);
    expect(menu.open).toBe(true);
    const panel = within(menu).getByRole('navigation', { name: 'Page menu' });
    const links = within(panel).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([...sectionLabels, 'Register']);
    expect(within(panel).getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');

    await user.click(within(panel).getByRole('link', { name: 'Pricing' }));
    expect(menu.open).toBe(false);

    await user.click(toggle);
    expect(menu.open).toBe(true);
    await user.keyboard('{Escape}');
    expect(menu.open).toBe(false);
    expect(toggle).toHaveFocus();
  });

  it('links the logo home, and links to /login and /register', () => {
    renderLanding();
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: 'SiteWalk home' })).toHaveAttribute('href', '/');
    expect(within(banner).getAllByRole('link', { name: 'Log in' })[0]).toHaveAttribute('href', '/login');
    expect(within(banner).getAllByRole('link', { name: 'Register' })[0]).toHaveAttribute('href', '/register');
  });
});
