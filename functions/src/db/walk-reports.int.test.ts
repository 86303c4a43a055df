import { beforeAll, describe, expect, it } from 'vitest';
import { WALK_REPORT_NOTES_MAX } from '@sitewalk/shared/constants';
import { isolatedEnvironment } from '../../../test/support/isolated.ts';
import { readEnv, tableEnv } from '../env.ts';
import { createDocumentClient } from './client.ts';
import { createService, type DataService } from './service.ts';
import {
  finishReport,
  foldArrivals,
  getNote,
  readReport,
  recordNote,
  startReport,
  walkReportCountOf,
} from './walk-reports.ts';

/** The outcomes of the recording transactions as values, as DynamoDB Local answers them. */
let db: DataService;
let nextReportId = 5000;

beforeAll(async () => {
  await isolatedEnvironment();
  const env = readEnv(tableEnv);
  db = createService(createDocumentClient(env), env.TABLE_NAME);
});

const location = { locationId: 7101, organizationId: 7102, managementCompanyId: 7103 };
const newReport = () => ({
  walkReportId: ++nextReportId,
  walkId: 1,
  ...location,
  userId: 1,
  clientId: crypto.randomUUID(),
  startedAt: new Date().toISOString(),
  walkName: 'Round',
  markerCount: 2,
});
const started = async () => {
  const report = newReport();
  expect(await startReport(db, report)).toBe('written');
  return report.walkReportId;
};
const newNote = (walkReportId: number, clientId: string = crypto.randomUUID()) => ({
  walkReportId,
  clientId,
  walkNoteId: 1,
  markerId: 1,
  note: 'Gate open',
});

describe('starting a report', () => {
  it('writes the report and counts it on its location, once per client id', async () => {
    const before = await walkReportCountOf(db, location.locationId);
    const report = newReport();
    expect(await startReport(db, report)).toBe('written');
    expect((await readReport(db, report.walkReportId))?.report).toMatchObject(report);
    const copy = { ...newReport(), clientId: report.clientId };
    expect(await startReport(db, copy)).toBe('exists');
    expect(await readReport(db, copy.walkReportId)).toBeNull();
    expect(await walkReportCountOf(db, location.locationId)).toBe(before + 1);
  });
});

/** Finishes a report, none of its markers reached. */
const finish = async (walkReportId: number, finishedAt: string) => {
  const report = (await readReport(db, walkReportId))?.report;
  if (!report) throw new Error(`No report ${walkReportId}`);
  return finishReport(db, report, finishedAt, 0);
};

describe('a counted recording write', () => {
  it('is written once per client id; a second copy finds the first', async () => {
    const walkReportId = await started();
    const note = newNote(walkReportId);
    expect(await recordNote(db, note)).toBe('written');
    expect(await recordNote(db, { ...note, note: 'other' })).toBe('exists');
    expect(await getNote(db, note)).toMatchObject(note);
    expect((await readReport(db, walkReportId))?.report.noteCount).toBe(1);
  });

  it.each([
    [
      'a finished report',
      async (id: number) => expect(await finish(id, new Date().toISOString())).toBe(true),
    ],
    [
      'a full report',
      async (id: number) => {
        await db.entities.walkReport
          .patch({ walkReportId: id })
          .set({ noteCount: WALK_REPORT_NOTES_MAX })
          .go();
      },
    ],
  ])('is refused on %s, and writes nothing', async (_, close) => {
    const walkReportId = await started();
    await close(walkReportId);
    const note = newNote(walkReportId);
    expect(await recordNote(db, note)).toBe('refused');
    expect(await getNote(db, note)).toBeNull();
  });

  it('is refused on a report that does not exist', async () => {
    const note = newNote(999_999);
    expect(await recordNote(db, note)).toBe('refused');
    expect(await getNote(db, note)).toBeNull();
  });

  it('finishes a report once', async () => {
    const walkReportId = await started();
    expect(await finish(walkReportId, '2026-01-01T10:00:00.000Z')).toBe(true);
    expect(await finish(walkReportId, '2026-01-01T11:00:00.000Z')).toBe(false);
    expect((await readReport(db, walkReportId))?.report.finishedAt).toBe('2026-01-01T10:00:00.000Z');
  });
});

describe('folding arrivals', () => {
  it('keeps the earliest and latest arrival, whatever order they come in', async () => {
    const walkReportId = await started();
    await foldArrivals(db, walkReportId, {
      markerIds: [1],
      first: '2026-01-01T10:05:00Z',
      last: '2026-01-01T10:05:00Z',
    });
    await foldArrivals(db, walkReportId, {
      markerIds: [2],
      first: '2026-01-01T10:01:00Z',
      last: '2026-01-01T10:03:00Z',
    });
    const { report } = (await readReport(db, walkReportId))!;
    expect(report).toMatchObject({
      firstArrivalAt: '2026-01-01T10:01:00Z',
      lastArrivalAt: '2026-01-01T10:05:00Z',
    });
  });

  // ElectroDB joins a where to the patch's own "the item exists" with a bare AND, so an OR in it must never hold
  // on a missing item, or the patch would write the arrival times back as a stub item.
  it('writes nothing back into a report deleted meanwhile', async () => {
    const walkReportId = await started();
    await db.entities.walkReport.delete({ walkReportId }).go();
    const arrival = '2026-01-01T10:00:00Z';
    await expect(
      foldArrivals(db, walkReportId, { markerIds: [1], first: arrival, last: arrival }),
    ).rejects.toThrow();
    expect((await db.entities.walkReport.get({ walkReportId }).go()).data).toBeNull();
  });
});
