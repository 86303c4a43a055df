import { describe } from 'vitest';
import { expect, test } from './support/journey.ts';

describe('a path the app does not know', () => {
  test("answers '404 Page Not Found', and leads back to SiteWalk", async ({ journey }) => {
    const { page } = journey;
    await page.goto(journey.url('/no/such/page'));
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    await journey.check('not found');

    await page.getByRole('link', { name: 'Back to SiteWalk' }).click();
    await page.waitForURL(journey.url('/'));
    expect(new URL(page.url()).pathname).toBe('/');
  });
});
