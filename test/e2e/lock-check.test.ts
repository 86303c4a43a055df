import { describe } from 'vitest';
import type { Page } from 'playwright-core';
import { discrepanciesOf, type LockFinding } from '@sitewalk/shared/lock-check';
import { Role } from '@sitewalk/shared/roles';
import { apiAs } from '../support/api.ts';
import { doorPhotoOf } from '../support/door-images.ts';
import { expectedFinding, facilityRoster, importRoster } from '../support/lock-check-roster.ts';
import { PERSON_PASSWORD } from '../support/people.ts';
import { seedSite } from '../support/site.ts';
import { allowStorage } from './support/storage.ts';
import { e2e, expect, signInThroughApi, testWithServiceWorker } from './support/journey.ts';

/**
 * Issue 31's recording journey: an Employee at a phone-sized page records a full lock check of a seeded
 * roster, the network cut half-way (and the page reloaded with no network); once it is back, the check's
 * report (through the API) has every result once and the discrepancies the rule table predicts. The service
 * worker runs (the offline reload comes from it).
 */
const test = testWithServiceWorker();
const PHONE = { width: 375, height: 740 };
const UNITS = 40;

const indicator = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

/** Finds the unit with the search box and taps what was seen; a discrepancy gets its door photo. */
const tapUnit = async (page: Page, unit: string, finding: string, photo: boolean) => {
  await page.getByRole('searchbox', { name: 'Find a unit' }).fill(unit);
  const row = page.getByRole('listitem', { name: `Unit ${unit}`, exact: true });
  await row.getByRole('button', { name: finding, exact: true }).click();
  await expect
    .poll(() => row.getByRole('button', { name: finding, exact: true }).getAttribute('aria-pressed'))
    .toBe('true');
  if (photo) {
    await row.getByText(/^Photo required/).waitFor();
    await row
      .getByLabel(`Door photo of unit ${unit}`)
      .setInputFiles({ name: 'door.jpg', mimeType: 'image/jpeg', buffer: doorPhotoOf(unit) });
    await row.getByText('Photo (1)').waitFor();
  }
};

/** The gaps between the first four rows of the list, in px (negative: an overlap). */
const rowGaps = (page: Page) =>
  page
    .getByRole('list', { name: 'Units' })
    .getByRole('listitem')
    .evaluateAll((rows) => {
      const boxes = rows.slice(0, 4).map((row) => row.getBoundingClientRect());
      return boxes.slice(1).map((box, i) => Math.round(box.top - boxes[i]!.bottom));
    });

describe('a lock check on the phone', () => {
  // Forty-odd units found, tapped and some photographed at a phone's pace, with a check at each step.
  test(
    'a full check with the network cut half-way: every result once, the discrepancies the rule table predicts',
    { timeout: 300_000 },
    async ({ journey }) => {
      const { page, context } = journey;
      const { url } = e2e();
      const site = await seedSite(url);
      const manager = await site.person(Role.Manager);
      const units = facilityRoster(UNITS);
      await importRoster(url, manager, site.locationId, units);

      // What the walker sees: as the roster says, but for these; the last unit is never reached (not found),
      // and one unit found is not on the roster.
      const LABELS: Record<LockFinding, string> = {
        tenantLock: 'Tenant lock',
        overlock: 'Overlock',
        companyLock: 'Company lock',
        noLock: 'No lock',
        doorOpen: 'Door open',
        lockCut: 'Lock cut or damaged',
      };
      const seen = new Map<string, LockFinding>(
        units.slice(0, -1).map((unit) => [unit.number, expectedFinding(unit)]),
      );
      seen.set('A-2', 'noLock'); // rented: unsecured
      seen.set('A-10', 'tenantLock'); // vacant: a tenant lock on it
      seen.set('A-5', 'lockCut'); // delinquent and overlocked: the lock cut, so not overlocked either
      seen.set('A-23', 'doorOpen');
      const ADDED = 'A-77';
      const rosterOf = new Map(units.map((unit) => [unit.number, unit]));
      const photoNeeded = (unit: string, finding: LockFinding) =>
        discrepanciesOf({ unit: rosterOf.get(unit) ?? null, finding, fullCheck: false }).length > 0;

      await allowStorage(journey);
      await signInThroughApi(journey, site.employee.email, PERSON_PASSWORD);
      await page.waitForFunction('navigator.serviceWorker.controller !== null', undefined, {
        timeout: 60_000,
      });
      await page.setViewportSize(PHONE);

      await page.goto(journey.url('/app/record'));
      await page.getByRole('heading', { level: 1, name: 'Record a Walk' }).waitFor();
      await page.getByRole('combobox', { name: 'Location' }).click();
      await page.getByRole('option', { name: /^Location / }).click();
      await page.getByRole('button', { name: 'Lock check' }).click();
      await page.getByText(`${UNITS} of ${UNITS} units on the roster`).waitFor();
      await journey.check('Lock check scope');
      await page.getByRole('button', { name: 'Start lock check' }).click();
      await page.getByText(`0 of ${UNITS} checked`).waitFor();
      await indicator(page, 'All sent').waitFor();

      const order = [...seen.entries()];
      const half = Math.floor(order.length / 2);
      for (const [unit, finding] of order.slice(0, half))
        await tapUnit(page, unit, LABELS[finding], photoNeeded(unit, finding));
      await page.getByRole('searchbox', { name: 'Find a unit' }).fill('');
      await journey.check('Lock check online');
      // Rows stand one under the other at every width: turned to a tablet's (one line of six buttons, shorter
      // rows) and back to the phone's, none overlaps the next or leaves a gap.
      for (const width of [1024, PHONE.width]) {
        await page.setViewportSize({ ...PHONE, width });
        await expect.poll(() => rowGaps(page)).toEqual([0, 0, 0]);
      }

      // The network goes: the rest, a unit not on the roster, and a reload with no network.
      await context.setOffline(true);
      await indicator(page, 'Offline').waitFor();
      for (const [unit, finding] of order.slice(half))
        await tapUnit(page, unit, LABELS[finding], photoNeeded(unit, finding));
      await page.getByRole('searchbox', { name: 'Find a unit' }).fill(ADDED);
      await page.getByRole('button', { name: `Add unit ${ADDED}` }).click();
      await tapUnit(page, ADDED, 'Tenant lock', true);
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Lock check' }).waitFor();
      await page.getByText(`${UNITS - 1} of ${UNITS} checked`).waitFor();
      await page.getByRole('searchbox', { name: 'Find a unit' }).fill('A-2');
      await expect
        .poll(() =>
          page
            .getByRole('listitem', { name: 'Unit A-2', exact: true })
            .getByRole('button', { name: 'No lock', exact: true })
            .getAttribute('aria-pressed'),
        )
        .toBe('true');
      await page.getByRole('searchbox', { name: 'Find a unit' }).fill('');
      await journey.check('Lock check reloaded offline');

      // The network is back: everything goes, once; then Finish (the last unit unchecked: not found).
      await context.setOffline(false);
      await indicator(page, 'All sent').waitFor({ timeout: 60_000 });
      await page.getByRole('button', { name: 'Finish', exact: true }).click();
      const finish = page.getByRole('dialog', { name: 'Finish the lock check?' });
      await finish
        .getByText(
          `${UNITS - 1} of ${UNITS} units checked. 1 unit is not checked: this is a full check, so they will be reported as not found.`,
        )
        .waitFor();
      await finish.getByRole('button', { name: 'Finish', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: 'Lock check finished' }).waitFor();
      await indicator(page, 'All sent').waitFor({ timeout: 30_000 });
      await journey.check('Lock check finished');

      // The report, as the Manager reads it.
      const api = apiAs(url);
      const checks = await api(manager, 'lockCheck.someByLocation', {
        params: { locationId: site.locationId },
      });
      expect(checks.lockChecks).toHaveLength(1);
      const report = await api(manager, 'lockCheck.get', {
        params: { lockCheckId: checks.lockChecks[0]?.id ?? 0 },
      });
      expect(report.finishedAt).not.toBeNull();
      expect(report.fullCheck).toBe(true);
      const expected = new Map([...seen, [ADDED, 'tenantLock' as LockFinding]]);
      expect(report.results.map((result) => result.unit).sort()).toEqual([...expected.keys()].sort());
      for (const result of report.results) expect(result.finding).toBe(expected.get(result.unit));
      const predicted = [
        ...units.flatMap((unit) =>
          discrepanciesOf({ unit, finding: seen.get(unit.number) ?? null, fullCheck: true }).map(
            (kind) => `${unit.number} ${kind}`,
          ),
        ),
        ...discrepanciesOf({ unit: null, finding: 'tenantLock', fullCheck: true }).map(
          (kind) => `${ADDED} ${kind}`,
        ),
      ].sort();
      expect(report.discrepancies.map((d) => `${d.unit} ${d.kind}`).sort()).toEqual(predicted);
      expect(predicted).toEqual(
        expect.arrayContaining([
          'A-2 unsecured',
          'A-10 vacantTenantLock',
          'A-5 lockCut',
          'A-5 delinquentNotOverlocked',
          'A-23 doorOpen',
          'A-40 notFound',
          `${ADDED} notOnRoster`,
        ]),
      );
    },
  );
});
