import { describe } from 'vitest';
import { dataFromEnv, identityFromEnv, storageFromEnv } from '@sitewalk/functions/composition';
import { generateDemo } from '../../infra/local/demo/generate.ts';
import { DEMO_PASSWORD, writeDemo } from '../../infra/local/demo/write.ts';
import { e2e, expect, signIn, test, type Journey } from './support/journey.ts';

/** The dashboard over demo data. */
const cardNames = (journey: Journey) =>
  journey.page
    .getByRole('region')
    .getByRole('heading', { level: 2 })
    .evaluateAll((headings) => headings.map((heading) => heading.textContent ?? ''));

describe('the dashboard', () => {
  test('shows a card per location; dragging one reorders them, and the order survives a reload', async ({
    journey,
  }) => {
    const { page } = journey;
    e2e();
    // A demo tenant of its own (the seed is this file's), written as `npm run seed:demo` writes it.
    const demo = generateDemo({ seed: 1201, size: 3, days: 8, now: new Date() });
    const db = dataFromEnv();
    await writeDemo({ db, identity: identityFromEnv(), storage: storageFromEnv() }, demo);
    const owner = demo.people[0];
    if (!owner) throw new Error('The demo tenant has no owner');

    await signIn(journey, owner.email, DEMO_PASSWORD);
    await page.getByRole('region', { name: demo.locations[0]?.name }).waitFor();
    const before = await cardNames(journey);
    expect([...before].sort()).toEqual(demo.locations.map((location) => location.name).sort());
    for (const name of before) {
      const card = page.getByRole('region', { name });
      await card.getByText('All Incidents').waitFor();
      await card.getByText(/Last 72 hours/).waitFor();
    }
    await journey.check('dashboard');

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
    expect(await cardNames(journey)).toEqual(moved);
  });
});
