import { describe } from 'vitest';
import { expect, pathOf, test } from './support/journey.ts';

/** The front door: the landing page and the public routes. */
describe('the public pages', () => {
  test("the landing page's 'Get Started Today' names whom to e-mail, and a click outside closes it", async ({
    journey,
  }) => {
    const { page } = journey;
    await page.goto(journey.url('/'));
    await page.getByRole('heading', { level: 1 }).waitFor();
    await journey.check('landing');

    await page.getByRole('button', { name: 'Get Started Today' }).first().click();
    const modal = page.getByRole('dialog', { name: 'Get Started Today' });
    await modal.waitFor();
    // The contact comes from the runtime configuration (/config.json) the host serves.
    const config = (await (await fetch(journey.url('/config.json'))).json()) as { contactEmail: string };
    expect(await modal.getByRole('link', { name: config.contactEmail }).getAttribute('href')).toBe(
      `mailto:${config.contactEmail}`,
    );
    await journey.check('contact pop-up');
    // A click outside the pop-up (on the backdrop, top left) closes it.
    await page.mouse.click(8, 8);
    await modal.waitFor({ state: 'hidden' });

    // The section links scroll to their sections; Pricing holds the same pop-up.
    await page
      .getByRole('navigation', { name: 'Page sections' })
      .getByRole('link', { name: 'Pricing' })
      .click();
    expect(new URL(page.url()).hash).toBe('#pricing');
    const pricing = page.getByText('Contact us for Pricing', { exact: true });
    await expect
      .poll(() => pricing.evaluate((element) => element.getBoundingClientRect().top))
      .toBeLessThan(800);
    await page.getByRole('button', { name: 'Get Started Today' }).last().click();
    await modal.waitFor();
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'hidden' });

    // The links to sign in and to register.
    await page.getByRole('link', { name: 'Log in' }).first().click();
    await page.waitForURL(journey.url('/login'));
    await page.goBack();
    await page.getByRole('link', { name: 'Register' }).first().click();
    await page.waitForURL(journey.url('/register'));
    await page.getByRole('heading', { level: 1 }).waitFor();
    await journey.check('register');
  });

  test('the footer leads to the terms and the privacy policy', async ({ journey }) => {
    const { page } = journey;
    await page.goto(journey.url('/'));
    const legal = page.getByRole('navigation', { name: 'Legal' });

    await legal.getByRole('link', { name: 'Terms of Service' }).click();
    await page.getByRole('heading', { level: 1, name: 'Terms of Service' }).waitFor();
    expect(pathOf(page)).toBe('/terms-of-service');
    await journey.check('terms of service');

    await page
      .getByRole('navigation', { name: 'Legal' })
      .getByRole('link', { name: 'Privacy Policy' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Privacy Policy' }).waitFor();
    expect(pathOf(page)).toBe('/privacy-policy');
    await journey.check('privacy policy');
  });
});
