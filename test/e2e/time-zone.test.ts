import { randomUUID } from 'node:crypto';
import { describe } from 'vitest';
import { locationTimeZone } from '@sitewalk/shared/time-zones';
import { localClock } from '../../functions/src/domain/pdf/layout.ts';
import { apiAs } from '../support/api.ts';
import { PERSON_PASSWORD } from '../support/people.ts';
import { seedSite } from '../support/site.ts';
import { e2e, expect, signInThroughApi, testInTimeZone } from './support/journey.ts';

// Made at the top of the file, not in the describe: its browser fixture lasts the file (support/journey.ts).
const test = testInTimeZone('UTC');

/**
 * One way to show time (issue 29): a location's times read in its zone wherever the viewer is. The seeded
 * location is in California; the browser here is in UTC, where the walk started at 3:04 AM the next day.
 */
describe('a walk report seen from another time zone', () => {
  test("shows the walk's times as its location (and its PDF) reads them, naming the zone", async ({
    journey,
  }) => {
    const { page } = journey;
    const { url } = e2e();
    const api = apiAs(url);
    const site = await seedSite(url);
    const walk = await api(site.superUser, 'walk.create', {
      body: {
        name: 'Evening round',
        locationId: site.locationId,
        markers: [{ label: 1, lat: 36.8, lng: -119.7 }],
      },
    });
    const startedAt = '2026-11-25T03:04:00.000Z';
    const report = await api(site.employee, 'walkReport.start', {
      body: { walkId: walk.id, clientId: randomUUID(), startedAt },
    });
    await api(site.employee, 'walkReport.finish', {
      params: { walkReportId: report.id },
      body: { finishedAt: '2026-11-25T03:41:00.000Z' },
    });

    // The zone the PDF writes in, from the location's coordinates.
    const zone = locationTimeZone(
      await api(site.superUser, 'location.get', { params: { id: site.locationId } }),
    );
    expect(zone).toBe('America/Los_Angeles');
    expect(localClock(startedAt, zone)).toBe('7:04 PM');

    await signInThroughApi(journey, site.superUser.email, PERSON_PASSWORD);
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe('UTC');
    await page.goto(journey.url(`/app/locations/${site.locationId}/walk-report/${report.id}`));
    await page.getByRole('heading', { level: 1, name: 'Evening round' }).waitFor();
    const details = page.getByTestId('walk-report-details');
    const detail = (label: string) =>
      details
        .locator('div', { has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
        .locator('dd');
    await expect.poll(() => detail('Started').textContent()).toBe(`${localClock(startedAt, zone)} PST`);
    expect(await detail('Finished').textContent()).toBe('7:41 PM PST');
    expect(await detail('Date').textContent()).toBe('Nov 24, 2026 (PST)');
    await journey.check('walk report from UTC');

    // The location's list of walk reports reads the same.
    await page.goto(journey.url(`/app/locations/${site.locationId}#walk-reports`));
    await page.getByRole('cell', { name: 'Nov 24, 2026, 7:41 PM PST' }).waitFor();
  });
});
