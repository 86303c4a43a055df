import { describe } from 'vitest';
import type { Page } from 'playwright-core';
import { Role } from '@sitewalk/shared/roles';
import { paths } from '../../web/src/config/paths.ts';
import { apiAs } from '../support/api.ts';
import { PERSON_PASSWORD } from '../support/people.ts';
import { seedTenant } from '../support/site.ts';
import { e2e, expect, signInThroughApi, test } from './support/journey.ts';

/** A rent roll as a management software exports it: a header row, then a unit a line. */
const rentRoll = (lines: string[]) => ['Unit #,Status,Past Due Days,Overlock,Size', ...lines].join('\r\n');

/** Chooses the CSV in the Units tab's import (the input behind 'Choose CSV file'). */
const chooseCsv = (page: Page, name: string, csv: string) =>
  page.getByLabel('CSV file').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(csv) });

/** The location's unit roster (issue 31): imported from a CSV by its Manager, read by its Employee. */
describe('a unit roster', () => {
  test('a Manager imports one with a bad row, then a second that drops units and is warned of it', async ({
    journey,
  }) => {
    const { page } = journey;
    const { url } = e2e();
    const tenant = await seedTenant(url);
    const manager = await tenant.person(Role.Manager);

    await signInThroughApi(journey, manager.email, PERSON_PASSWORD);
    await page.goto(journey.url(`${paths.app.location.build(tenant.locationId)}#units`));
    await page.getByRole('heading', { name: 'No unit roster yet' }).waitFor();
    await journey.check('no roster yet');

    await page.getByRole('button', { name: 'Import units' }).click();
    await chooseCsv(
      page,
      'harbor-rent-roll.csv',
      rentRoll([
        'A-1,Occupied,0,N,10x10',
        'A-2,Occupied,14,N,10x10',
        'A-3,Vacant,0,N,5x10',
        'A-4,Occupied,30,Y,10x15',
        'A-5,Rentd,0,N,10x10',
        'B-1,Company Use,0,N,5x5',
      ]),
    );
    const preview = page.getByRole('region', { name: 'Preview' });
    await preview.getByText('5 units read, 1 row refused').waitFor();
    await preview.getByText("Line 6: Unknown status 'Rentd'").waitFor();
    expect(await page.getByRole('combobox', { name: /^Unit number/ }).textContent()).toContain('Unit #');
    await journey.check('roster import preview');

    await page.getByRole('button', { name: 'Save 5 units' }).click();
    const saved = page.getByRole('status', { name: 'Import saved' });
    await saved.getByText('Version 1 saved').waitFor();
    await saved.getByText(/0 → 5 units; 5 units added/).waitFor();
    const units = page.getByRole('list', { name: 'Units' });
    await units.getByRole('listitem').filter({ hasText: 'A-4' }).getByText('Overlocked').waitFor();
    await page.getByRole('table', { name: 'Roster versions' }).getByText('harbor-rent-roll.csv').waitFor();
    await journey.check('roster imported');

    // The next month's roll: A-3 and B-1 gone, A-6 new, A-2 now vacant.
    await page.getByRole('button', { name: 'Import units' }).click();
    await chooseCsv(
      page,
      'harbor-rent-roll-december.csv',
      rentRoll([
        'A-1,Occupied,0,N,10x10',
        'A-2,Vacant,0,N,10x10',
        'A-4,Occupied,30,Y,10x15',
        'A-6,Occupied,0,N,10x20',
      ]),
    );
    // The column choice of the first import was remembered for the company.
    await preview.getByText('4 units read, no row refused').waitFor();
    await preview
      .getByText('Against version 1: 5 → 4 units; 1 unit added, 2 removed, 1 status change.')
      .waitFor();
    await preview.getByRole('alert').getByText('Not in this roster: A-3, B-1.').waitFor();
    await journey.check('second import warns of removals');

    await page.getByRole('button', { name: 'Save 4 units' }).click();
    await saved.getByText('Version 2 saved').waitFor();
    await saved.getByRole('alert').getByText('2 units disappear').waitFor();
    await page.getByText(/^Version 2, imported /).waitFor();
    expect(await units.getByRole('listitem').allTextContents()).toEqual([
      'A-1Rented10x10',
      'A-2Vacant10x10',
      'A-4RentedDelinquentOverlocked10x15',
      'A-6Rented10x20',
    ]);
    await expect
      .poll(() => page.getByRole('table', { name: 'Roster versions' }).getByRole('row').count())
      .toBe(3);
    await journey.check('second roster imported');
  });

  test('an Employee of the location reads the 300 units, drawn a screenful at a time, and searches them', async ({
    journey,
  }) => {
    const { page } = journey;
    const { url } = e2e();
    const tenant = await seedTenant(url);
    const manager = await tenant.person(Role.Manager);
    const employee = await tenant.person(Role.Employee);
    await apiAs(url)(manager, 'roster.import', {
      params: { locationId: tenant.locationId },
      body: {
        basedOnVersion: null,
        fileName: 'roll.csv',
        units: Array.from({ length: 300 }, (_, i) => ({
          number: `C-${i + 1}`,
          status: i % 4 === 0 ? ('vacant' as const) : ('rented' as const),
          delinquent: i % 10 === 0,
          overlocked: false,
          size: '10x10',
        })),
      },
    });

    await signInThroughApi(journey, employee.email, PERSON_PASSWORD);
    await page.goto(journey.url(`${paths.app.location.build(tenant.locationId)}#units`));
    const units = page.getByRole('list', { name: 'Units' });
    await units.getByRole('listitem').first().getByText('C-1', { exact: true }).waitFor();
    await page.getByText('300 units', { exact: true }).waitFor();
    // Virtualized: a screenful of the 300 is in the page.
    expect(await units.getByRole('listitem').count()).toBeLessThan(60);
    await page.getByRole('textbox', { name: 'Search units' }).fill('c-29');
    await page.getByText('11 of 300 units').waitFor();
    // (No Import for them: web/src/features/locations/components/roster/roster-tab.test.tsx.)
    await journey.check('employee units');
  });
});
