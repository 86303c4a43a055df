import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { GetObjectTaggingCommand, S3Client } from '@aws-sdk/client-s3';
import { Role } from '@sitewalk/shared/roles';
import { EXPORT_RANGE_DAYS_MAX } from '@sitewalk/shared/constants';
import { INCIDENT_CSV_COLUMNS, WALK_REPORT_CSV_COLUMNS } from '@sitewalk/shared/schemas/export';
import { dataFromEnv } from '@sitewalk/functions/composition';
import { readEnv } from '@sitewalk/functions/env';
import { EXPORT_PAGE_SIZE } from '@sitewalk/functions/domain/exports';
import { reportPagesStartedBetween } from '@sitewalk/functions/db/walk-reports';
import { EXPORT_TAG } from '@sitewalk/functions/ports/export-store';
import { pdfPages } from '@sitewalk/functions/domain/pdf/pdf-text';
import { photoPng } from '@sitewalk/functions/domain/pdf/fixtures';
import { recordReport, tenMarkerSite, walkTestFile, type TenMarkerSite } from '../support/walks.ts';

/** Exports (issue 18): CSV of walk reports and incidents over a range of days, PDFs of one report or incident. */

const { t, call, api, w } = walkTestFile();

const BOM = '\uFEFF';
const DAY = '2026-11-20';
const at = (minute: number) => new Date(Date.UTC(2026, 10, 20, 6, 0) + minute * 60_000).toISOString();

/** The file behind a download link: its text, bytes and headers. */
const download = async (url: string) => {
  const response = await fetch(url);
  expect(response.status).toBe(200);
  const bytes = new Uint8Array(await response.arrayBuffer());
  return {
    bytes,
    text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes),
    headers: response.headers,
  };
};

/** CSV as RFC 4180 reads it (quoted fields with commas, quotes and line breaks; CRLF between records). */
const parseCsv = (text: string): string[][] => {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted && c === '"' && text[i + 1] === '"') {
      field += '"';
      i++;
    } else if (quoted && c === '"') {
      quoted = false;
    } else if (quoted) {
      field += c;
    } else if (c === '"') {
      quoted = true;
    } else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else {
      field += c;
    }
  }
  return rows;
};

describe('CSV of walk reports', () => {
  let site: TenMarkerSite;
  const reportIds: number[] = [];

  beforeAll(async () => {
    site = await tenMarkerSite(t.host.url, w.a, { location: 'Export site, north', walk: '=Gate "loop"' });
    const nine: [number, string][] = [0, 1, 2, 3, 4, 5, 6, 7, 8].map((n) => [n, at(2 + n * 3)]);
    reportIds.push(await recordReport(t.host.url, site, at(0), nine, at(40)));
    reportIds.push(await recordReport(t.host.url, site, at(600), [[0, at(601)]], at(620)));
    // A photo of the second discarded on the phone (issue 28).
    await api(site.walker, 'walkReport.recordDiscardedWrite', {
      params: { walkReportId: reportIds[1] ?? 0 },
      body: { clientId: randomUUID(), kind: 'photo' },
    });
    // The day before the range: not exported.
    reportIds.push(await recordReport(t.host.url, site, '2026-11-19T23:59:59.000Z', []));
  });

  it("writes the location's reports of the range, oldest first, with the table's columns, escaped, UTF-8 with a BOM", async () => {
    // Act
    const file = await api(site.walker, 'export.walkReportsCsv', {
      body: { locationId: site.locationId, from: DAY, to: DAY },
    });
    // Assess
    expect(file).toMatchObject({
      fileName: `walk-reports_export-site-north_${DAY}_${DAY}.csv`,
      contentType: 'text/csv; charset=utf-8',
      count: 2,
    });
    const { text, headers } = await download(file.url);
    expect(headers.get('content-disposition')).toBe(`attachment; filename="${file.fileName}"`);
    expect(text.startsWith(BOM)).toBe(true);
    const rows = parseCsv(text.slice(1));
    expect(rows[0]).toEqual([...WALK_REPORT_CSV_COLUMNS]);
    const { lastName, firstName } = await api(site.walker, 'auth.me');
    expect(rows.slice(1)).toEqual([
      [
        String(reportIds[0]),
        'Export site, north',
        `'=Gate "loop"`, // a formula neutralised, quotes kept
        `${firstName} ${lastName}`,
        '2026-11-20 06:00:00',
        '2026-11-20 06:40:00',
        '24 min',
        '24',
        '9',
        '10',
        'Completed',
        '0',
      ],
      [
        String(reportIds[1]),
        'Export site, north',
        `'=Gate "loop"`,
        `${firstName} ${lastName}`,
        '2026-11-20 16:00:00',
        '2026-11-20 16:20:00',
        'Not Completed',
        '',
        '1',
        '10',
        'Not Completed',
        '1',
      ],
    ]);
    expect(text).toContain('"\'=Gate ""loop"""'); // as written on the wire
  });

  it('stores the file under the tenant’s exports/ folder, tagged for the lifecycle rule that expires it', async () => {
    const file = await api(site.walker, 'export.walkReportsCsv', {
      body: { locationId: site.locationId, from: DAY, to: DAY },
    });
    const env = readEnv(['AWS_REGION', 'UPLOAD_BUCKET', 'S3_ENDPOINT']);
    const key = decodeURIComponent(new URL(file.url).pathname).replace(`/${env.UPLOAD_BUCKET}/`, '');
    expect(key).toMatch(
      new RegExp(`^tenants/${w.a.companyId}/exports/${site.walker.id}/[0-9a-f]{24}/${file.fileName}$`),
    );
    const s3 = new S3Client({
      region: env.AWS_REGION,
      endpoint: env.S3_ENDPOINT ?? '',
      forcePathStyle: true,
    });
    const tags = await s3.send(new GetObjectTaggingCommand({ Bucket: env.UPLOAD_BUCKET, Key: key }));
    expect(tags.TagSet).toEqual([{ Key: EXPORT_TAG.key, Value: EXPORT_TAG.value }]);
  });

  it('reads a location of 450 reports a page at a time and writes every row', async () => {
    // Prepare: 450 reports written straight into the table, a minute apart.
    const db = dataFromEnv();
    const locationId = await w.a.addLocation('Busy site');
    const many = Array.from({ length: 450 }, (_, n) => ({
      walkReportId: 900_000 + n,
      walkId: site.walkId,
      locationId,
      organizationId: w.a.organizationId,
      managementCompanyId: w.a.companyId,
      userId: site.walker.id,
      clientId: randomUUID(),
      startedAt: new Date(Date.UTC(2026, 10, 21, 0, n)).toISOString(),
      walkName: 'Busy loop',
      markerCount: 10,
    }));
    await db.entities.walkReport.put(many).go();
    // Act
    const file = await api(w.admin, 'export.walkReportsCsv', {
      body: { locationId, from: '2026-11-21', to: '2026-11-21' },
    });
    // Assess: every row, in order; and the read it is made of comes in pages of at most EXPORT_PAGE_SIZE.
    expect(file.count).toBe(450);
    const rows = parseCsv((await download(file.url)).text.slice(1)).slice(1);
    expect(rows.map((row) => Number(row[0]))).toEqual(many.map((r) => r.walkReportId));
    const pages: number[] = [];
    const range = { from: '2026-11-21T00:00:00.000Z', to: '2026-11-21T23:59:59.999Z' };
    for await (const page of reportPagesStartedBetween(db, locationId, range, EXPORT_PAGE_SIZE)) {
      pages.push(page.length);
    }
    expect(pages).toEqual([200, 200, 50]);
  });

  it('of all my locations: only the locations of the caller’s scope', async () => {
    // Prepare: a location of tenant A the Manager does not work at, with a report in the range.
    const other = await tenMarkerSite(t.host.url, w.a, { location: 'Not the manager’s', walk: 'Other' });
    await recordReport(t.host.url, other, at(5), []);
    const manager = await w.a.person(Role.Manager, [site.locationId]);
    // The company's Owner sees its every location (an Admin would see the whole shared stage's).
    const owner = await w.a.person(Role.Owner);
    // Act
    const mine = await api(manager, 'export.walkReportsCsv', { body: { from: DAY, to: DAY } });
    const everything = await api(owner, 'export.walkReportsCsv', { body: { from: DAY, to: DAY } });
    const theirs = await api(w.managerB, 'export.walkReportsCsv', { body: { from: DAY, to: DAY } });
    // Assess
    expect(mine.fileName).toBe(`walk-reports_all-locations_${DAY}_${DAY}.csv`);
    const locationsOf = async (url: string) =>
      new Set(
        parseCsv((await download(url)).text.slice(1))
          .slice(1)
          .map((row) => row[1]),
      );
    expect(await locationsOf(mine.url)).toEqual(new Set(['Export site, north']));
    expect(await locationsOf(everything.url)).toEqual(new Set(['Export site, north', 'Not the manager’s']));
    expect(theirs.count).toBe(0);
    expect(parseCsv((await download(theirs.url)).text.slice(1))).toEqual([[...WALK_REPORT_CSV_COLUMNS]]);
  });

  it.each([
    ['from after to', { from: '2026-11-21', to: '2026-11-20' }, 'to'],
    ['a range too long', { from: '2025-01-01', to: '2026-01-02' }, 'to'],
    ['a date that does not exist', { from: '2026-02-30', to: '2026-03-01' }, 'from'],
    ['a time instead of a date', { from: '2026-11-20T00:00:00Z', to: '2026-11-20' }, 'from'],
    ['no dates', {}, 'from'],
    ['a location id that is text', { locationId: '1', from: DAY, to: DAY }, 'locationId'],
  ])('refuses %s with a 400 naming the field', async (_, body, field) => {
    const answer = await call(w.manager, 'POST', '/api/export/walk-reports', body);
    expect(answer.status).toBe(400);
    expect(answer.body.validationErrors).toHaveProperty(field);
  });

  it(`takes a range of exactly ${EXPORT_RANGE_DAYS_MAX} days`, async () => {
    const file = await api(site.walker, 'export.walkReportsCsv', {
      body: { locationId: site.locationId, from: '2025-11-20', to: '2026-11-20' },
    });
    expect(file.count).toBe(3);
  });

  it('refuses a request without a body, and answers 404 for a location outside the scope or unknown', async () => {
    const missing = await call(w.manager, 'POST', '/api/export/walk-reports');
    expect(missing.status).toBe(400);
    expect(missing.body.message).toContain('Missing export range');
    for (const locationId of [site.locationId, 987_654]) {
      const answer = await call(w.managerB, 'POST', '/api/export/walk-reports', {
        locationId,
        from: DAY,
        to: DAY,
      });
      expect(answer.status).toBe(404);
    }
    // A Manager of tenant A at another location of A does not see this one either.
    const elsewhere = await w.a.person(Role.Manager, [w.a.locationId]);
    const answer = await call(elsewhere, 'POST', '/api/export/incidents', {
      locationId: site.locationId,
      from: DAY,
      to: DAY,
    });
    expect(answer.status).toBe(404);
    expect((await call(null, 'POST', '/api/export/incidents', { from: DAY, to: DAY })).status).toBe(401);
  });
});

describe('CSV of incidents', () => {
  it("writes the location's incidents of the range with the table's columns", async () => {
    // Prepare
    const locationId = await w.a.addLocation('Incident export site');
    const employee = await w.a.person(Role.Employee, [locationId]);
    const first = await api(employee, 'incident.create', {
      body: { locationId, typeId: 1, incidentTexts: ['Gate open', '+1 lock broken'], notes: ['Seen, at 6'] },
    });
    const second = await api(employee, 'incident.create', { body: { locationId, typeId: 3 } });
    await api(employee, 'incident.resolve', { params: { id: second.id }, body: { resolved: true } });
    const today = new Date().toISOString().slice(0, 10);
    // Act
    const file = await api(employee, 'export.incidentsCsv', { body: { locationId, from: today, to: today } });
    // Assess
    expect(file.count).toBe(2);
    const rows = parseCsv((await download(file.url)).text.slice(1));
    expect(rows[0]).toEqual([...INCIDENT_CSV_COLUMNS]);
    expect(rows[1]).toEqual([
      String(first.id),
      'Incident export site',
      'Critical',
      'Unresolved',
      expect.stringMatching(new RegExp(`^${today} \\d\\d:\\d\\d:\\d\\d$`)),
      '',
      "Gate open; '+1 lock broken".replace("; '+1", '; +1'),
      '1',
      '0',
      '',
    ]);
    expect(rows[2]?.slice(0, 4)).toEqual([String(second.id), 'Incident export site', 'Regular', 'Resolved']);
    expect(rows[2]?.[5]).toMatch(new RegExp(`^${today} `));
  });
});

describe('PDF of a walk report', () => {
  it('draws the report with its photo, for those who may read it; another tenant gets 404', async () => {
    // Prepare: a report of nine of ten markers with a note and a real photo.
    const site = await tenMarkerSite(t.host.url, w.a, { location: 'PDF site', walk: 'Night loop' });
    const walkReportId = await recordReport(
      t.host.url,
      site,
      at(0),
      [0, 1, 2, 3, 4, 5, 6, 7, 8].map((n) => [n, at(2 + n * 3)]),
    );
    await api(site.walker, 'walkReport.addNote', {
      params: { walkReportId },
      body: { clientId: randomUUID(), markerId: site.markers[2]?.id ?? 0, note: 'Fence cut behind unit 40' },
    });
    const png = photoPng(80, 60);
    const ticket = await api(site.walker, 'walkReport.photoUpload', {
      params: { walkReportId },
      body: {
        clientId: randomUUID(),
        markerId: site.markers[1]?.id ?? 0,
        contentType: 'image/png',
        contentLength: png.length,
      },
    });
    expect(
      (await fetch(ticket.uploadUrl, { method: 'PUT', headers: ticket.headers, body: png })).status,
    ).toBe(200);
    await api(site.walker, 'walkReport.finish', { params: { walkReportId }, body: { finishedAt: at(40) } });
    // Act
    const file = await api(w.admin, 'export.walkReportPdf', { params: { walkReportId } });
    // Assess
    expect(file).toMatchObject({
      fileName: `walk-report-${walkReportId}_pdf-site.pdf`,
      contentType: 'application/pdf',
    });
    const { bytes, headers } = await download(file.url);
    expect(headers.get('content-disposition')).toBe(`attachment; filename="${file.fileName}"`);
    const pages = await pdfPages(bytes);
    expect(pages).toHaveLength(file.count);
    const text = pages.join('\n');
    const { firstName, lastName } = await api(site.walker, 'auth.me');
    expect(text).toContain(`Walk Report ${walkReportId}`);
    expect(text).toContain('Night loop at PDF site');
    expect(text).toContain(`${firstName} ${lastName}`);
    expect(text).toContain('24 min');
    expect(text).toContain('9 of 10 (90 %)');
    expect(text).toContain('Missed');
    expect(text).toContain('Fence cut behind unit 40');
    expect(text).toContain('Times are in America/Los_Angeles');
    expect(text).not.toContain('No Image Available'); // the photo is in it
    expect(Buffer.from(bytes).toString('latin1')).toContain('/Subtype /Image');

    expect((await call(w.managerB, 'POST', `/api/export/walk-report/${walkReportId}/pdf`)).status).toBe(404);
    expect((await call(w.manager, 'POST', '/api/export/walk-report/987654/pdf')).status).toBe(404);
    expect((await call(w.manager, 'POST', '/api/export/walk-report/x/pdf')).status).toBe(400);
  });
});

describe('PDF of an incident', () => {
  it('says its priority, notes and resolution; another tenant gets 404', async () => {
    const incident = await api(w.employee, 'incident.create', {
      body: {
        locationId: w.a.locationId,
        typeId: 2,
        incidentTexts: ['Water leak'],
        notes: ['Roof drip, unit 7'],
      },
    });
    await api(w.manager, 'incident.resolve', { params: { id: incident.id }, body: { resolved: true } });
    const file = await api(w.employee, 'export.incidentPdf', { params: { id: incident.id } });
    expect(file.fileName).toBe(`incident-${incident.id}_location-a.pdf`);
    const text = (await pdfPages((await download(file.url)).bytes)).join('\n');
    expect(text).toContain(`Incident ${incident.id}`);
    expect(text).toContain('Important');
    expect(text).toContain('Water leak');
    expect(text).toContain('Roof drip, unit 7');
    expect(text).toContain('Resolved');
    expect((await call(w.managerB, 'POST', `/api/export/incident/${incident.id}/pdf`)).status).toBe(404);
  });
});
