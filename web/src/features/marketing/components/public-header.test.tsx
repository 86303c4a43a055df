import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../testing/test-utils.tsx';
import { LandingPage } from '../landing-page.tsx';

const sectionLabels = ['Why SiteWalk', 'Demo', 'About', 'Pricing', 'FAQ'];
const sectionIds = ['why', 'demo', 'about', 'pricing', 'faq'];

let scrolled: string[];
beforeEach(() => {
  scrolled = [];
  // jsdom does no layout: record which element was asked to scroll, and how.
  Element.prototype.scrollIntoView = vi.fn(function (
    this: Element,
    options?: boolean | ScrollIntoViewOptions,
  ) {
    scrolled.push(`${this.id} ${typeof options === 'object' ? options.behavior : ''}`);
  });
});
afterEach(() => {
  delete (Element.prototype as Partial<Element>).scrollIntoView;
});

const renderLanding = () =>
  renderWithProviders(<LandingPage />, {
    route: '/',
    path: '/',
    routes: [
      { path: '/login', element: <p>the login page</p> },
      { path: '/register', element: <p>the register page</p> },
    ],
  });

describe('the top bar of the landing page', () => {
  it('has a button per section, each scrolling smoothly to its section and moving the focus there', async () => {
    const { user } = renderLanding();
    const nav = screen.getByRole('navigation', { name: 'Page sections' });
    const buttons = within(nav).getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual(sectionLabels);

    for (const [index, label] of sectionLabels.entries()) {
      await user.click(within(nav).getByRole('button', { name: label }));
      const section = document.getElementById(sectionIds[index]!)!;
      expect(section).toHaveFocus();
      expect(section).toHaveAccessibleName(label);
    }
    expect(scrolled).toEqual(sectionIds.map((id) => `${id} smooth`));
  });

  it('scrolls without animation when the visitor asks for reduced motion', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('reduce'), media: query }));
    const { user } = renderLanding();
    await user.click(
      within(screen.getByRole('navigation', { name: 'Page sections' })).getByRole('button', { name: 'FAQ' }),
    );
    expect(scrolled).toEqual(['faq auto']);
    vi.unstubAllGlobals();
  });

  it('folds the sections into a menu on narrow screens', async () => {
    const { user } = renderLanding();
    const toggle = screen.getByRole('button', { name: 'Page menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const menu = screen.getByRole('navigation', { name: 'Page menu' });
    expect(
      within(menu)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(sectionLabels);
    expect(within(menu).getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');

    await user.click(within(menu).getByRole('button', { name: 'Pricing' }));
    expect(scrolled).toEqual(['pricing smooth']);
    expect(screen.queryByRole('navigation', { name: 'Page menu' })).not.toBeInTheDocument();

    await user.click(toggle);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('navigation', { name: 'Page menu' })).not.toBeInTheDocument();
    expect(toggle).toHaveFocus();
  });

  it('links the logo home, and links to /login and /register', async () => {
    const { user, router } = renderLanding();
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: 'SiteWalk home' })).toHaveAttribute('href', '/');
    expect(within(banner).getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(within(banner).getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');

    await user.click(within(banner).getByRole('link', { name: 'Log in' }));
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByText('the login page')).toBeInTheDocument();
  });
});
