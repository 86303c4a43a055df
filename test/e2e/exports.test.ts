import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { describe } from 'vitest';
import { Role } from '@sitewalk/shared/roles';
import { WALK_REPORT_CSV_COLUMNS } from '@sitewalk/shared/schemas/export';
import { apiAs } from '../support/api.ts';
import { person, PERSON_PASSWORD } from '../support/people.ts';
import { seedSite } from '../support/site.ts';
import { e2e, expect, signInThroughApi, test } from './support/journey.ts';
import type { Download } from 'playwright-core';
import { allowStorage } from './support/storage.ts';

/** A download's bytes (the browser is driven over a connection, so the file is copied here first). */
const bytesOf = async (download: Download) => {
  const file = join(await mkdtemp(join(tmpdir(), 'sitewalk-download-')), download.suggestedFilename());
  await download.saveAs(file);
  return readFile(file);
};

/** Reports to take away (issue 18): a CSV from a location's walk reports, a PDF from a walk report. */
describe('exports', () => {
  test('a Manager downloads the walk reports of a location as CSV and one walk report as PDF', async ({
    journey,
  }) => {
    const { page } = journey;
    const { url } = e2e();
    const api = apiAs(url);
    const site = await seedSite(url);
    // A finished report with its one marker reached, started today.
    await api(site.employee, 'walkReport.recordCompletedMarker', {
      params: { walkReportId: site.walkReportId },
      body: {
        clientId: randomUUID(),
        markerId: site.markerId,
        arrivedAt: new Date().toISOString(),
        lat: 36.8,
        lng: -119.7,
        accuracy: 4,
      },
    });
    await api(site.employee, 'walkReport.finish', {
      params: { walkReportId: site.walkReportId },
      body: { finishedAt: new Date().toISOString() },
    });
    const manager = await person(url, Role.CompanyManager, { managementCompanyId: site.companyId });

    await signInThroughApi(journey, manager.email, PERSON_PASSWORD);
    await page.getByRole('button', { name: 'Download CSV' }).waitFor();
    await journey.check('dashboard with its CSV of all my locations');

    await page.goto(journey.url(`/app/locations/${site.locationId}#incidents`));
    await page.getByRole('row', { name: new RegExp(`Seeded incident ${site.label}`) }).waitFor();
    await journey.check('incidents tab with its CSV');

    await page.goto(journey.url(`/app/locations/${site.locationId}#walk-reports`));
    await page.getByRole('row', { name: new RegExp(`Walk ${site.label}`) }).waitFor();
    await journey.check('walk reports tab with its CSV');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Download CSV' });
    await dialog.getByLabel('From').waitFor();
    await journey.check('walk reports CSV dialog');

    // The file comes from the storage (the S3 stand-in), by the link the API answered.
    await allowStorage(journey);
    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Download' }).click(),
    ]);
    expect(csv.suggestedFilename()).toMatch(
      /^walk-reports_location-[0-9a-f]+_\d{4}-\d\d-\d\d_\d{4}-\d\d-\d\d\.csv$/,
    );
    const text = (await bytesOf(csv)).toString('utf8');
    expect(text.startsWith(`\uFEFF${WALK_REPORT_CSV_COLUMNS.join(',')}\r\n`)).toBe(true);
    expect(text).toContain(`${site.walkReportId},Location ${site.label},Walk ${site.label},`);
    await expect.poll(() => dialog.count()).toBe(0);

    await page.goto(journey.url(`/app/locations/${site.locationId}/walk-report/${site.walkReportId}`));
    const pdfButton = page.getByRole('button', { name: `Download PDF of walk report ${site.walkReportId}` });
    await pdfButton.waitFor();
    await journey.check('walk report with its PDF button');
    const [pdf] = await Promise.all([page.waitForEvent('download'), pdfButton.click()]);
    expect(pdf.suggestedFilename()).toBe(`walk-report-${site.walkReportId}_location-${site.label}.pdf`);
    const bytes = await bytesOf(pdf);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
