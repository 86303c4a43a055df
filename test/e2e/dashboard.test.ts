import { describe } from 'vitest';
import { dataFromEnv, identityFromEnv, storageFromEnv } from '@sitewalk/functions/composition';
import { generateDemo } from '../../infra/local/demo/generate.ts';
import { DEMO_PASSWORD, writeDemo } from '../../infra/local/demo/write.ts';
import { e2e, expect, signInThroughApi, test, type Journey } from './support/journey.ts';

/** The dashboard over demo data. */
const cardNames = (journey: Journey) =>
  journey.page
    .getByRole('region')
    .getByRole('heading', { level: 2 })
    .evaluateAll((headings) => headings.map((heading) => heading.textContent ?? ''));

/** One demo tenant for the file's tests (the seed is this file's), written as `npm run seed:demo` writes it. */
let written: Promise<ReturnType<typeof generateDemo>> | undefined;
const demoTenant = () =>
  (written ??= (async () => {
    const demo = generateDemo({ seed: 1201, size: 3, days: 8, now: new Date() });
    const db = dataFromEnv();
    await writeDemo({ db, identity: identityFromEnv(), storage: storageFromEnv() }, demo);
    return demo;
  })());

/** Signs the demo tenant's owner in and waits for the dashboard's cards; the locations' names, sorted. */
const openDashboard = async (journey: Journey) => {
  e2e();
  const demo = await demoTenant();
  const owner = demo.people[0];
  if (!owner) throw new Error('The demo tenant has no owner');
  await signInThroughApi(journey, owner.email, DEMO_PASSWORD);
  await journey.page.getByRole('heading', { name: '3 locations' }).waitFor();
  return demo.locations.map((location) => location.name).sort();
};

const allShown = (journey: Journey) =>
  journey.page.getByRole('status').filter({ hasText: 'Showing 3 of 3 locations' }).waitFor();

/**
 * Three tests, each within the journeys' timeout on a loaded machine (a `check` is 3-6 s under load; one
 * test of all of it ran past 60 s).
 */
describe('the dashboard', () => {
  test('sums up the portfolio above a card per location, and a figure filters them', async ({ journey }) => {
    const { page } = journey;
    const names = await openDashboard(journey);
    await page.getByRole('region', { name: names[0] }).waitFor();
    expect([...(await cardNames(journey))].sort()).toEqual(names);
    await allShown(journey);
    for (const name of names) {
      const card = page.getByRole('region', { name });
      await card.getByText('All Incidents').waitFor();
      await card.getByText(/Last 72 hours/).waitFor();
      await card.getByText("Today's walks").waitFor();
    }
    await journey.check('dashboard');

    const walked = page.getByRole('link', { name: /^Walked today: \d+$/ });
    const count = Number((await walked.getAttribute('aria-label'))?.split(': ')[1]);
    await walked.click();
    await page.waitForURL(/[?&]show=walked/);
    await page.getByText('Filtered to walked today').waitFor();
    if (count > 0) await page.getByText(`Showing ${count} of ${count}`).waitFor();
    else await page.getByText('No location matches the filters.').waitFor();
    await page.getByRole('button', { name: 'Clear filter' }).click();
    await allShown(journey);
    expect(page.url()).not.toContain('show=');
  });

  test('shows the table view, kept for the user across a reload', async ({ journey }) => {
    const { page } = journey;
    const names = await openDashboard(journey);
    await page.getByRole('button', { name: 'Table' }).click();
    const table = page.getByRole('table', { name: 'Locations' });
    await table.waitFor();
    for (const name of names) await table.getByRole('link', { name }).waitFor();
    await journey.check('dashboard table');
    await page.reload();
    await page.getByRole('table', { name: 'Locations' }).waitFor();
    await page.getByRole('button', { name: 'Cards' }).click();
    await page.getByRole('region', { name: names[0] }).waitFor();
  });

  test('in My order, dragging a card reorders them, and the order survives a reload', async ({ journey }) => {
    const { page } = journey;
    await openDashboard(journey);
    await page.getByRole('button', { name: 'Cards' }).click();
    await page.getByRole('button', { name: 'My order' }).click();
    await page
      .getByRole('button', { name: /^Move / })
      .first()
      .waitFor();
    const before = await cardNames(journey);

    // The hint after a hover of 700 ms.
    await page.getByRole('region', { name: before[0] }).hover();
    await page.getByRole('tooltip', { name: 'Drag tables to change order' }).waitFor();

    // Drag the first card by its handle onto the second.
    const [first, second] = before as [string, string];
    const handle = page.getByRole('button', { name: `Move ${first}` });
    const from = await handle.boundingBox();
    const to = await page.getByRole('region', { name: second }).boundingBox();
    if (!from || !to) throw new Error('The cards are not on screen');
    const saved = page.waitForResponse(
      (response) => response.url().endsWith('/api/user/table-order') && response.request().method() === 'GET',
    );
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2, { steps: 3 });
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 12 });
    await page.mouse.up();
    const moved = [second, first, ...before.slice(2)];
    await expect.poll(() => cardNames(journey)).toEqual(moved);
    // Saved: the order is read back after the writes.
    await saved;

    await page.reload();
    await page.getByRole('region', { name: first }).waitFor();
    expect(page.url()).toContain('order=mine');
    expect(await cardNames(journey)).toEqual(moved);
  });
});
