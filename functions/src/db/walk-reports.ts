import type { CreateEntityItem } from 'electrodb';
import {
  WALK_REPORT_COMPLETED_MARKERS_MAX,
  WALK_REPORT_NOTES_MAX,
  WALK_REPORT_PHOTOS_MAX,
} from '@sitewalk/shared/constants';
import type { DataService } from './service.ts';
import type { WalkReportItem } from './entities/walkReport.ts';
import type {
  completedMarkerEntity,
  markerImageEntity,
  walkNoteEntity,
  walkReportEntity,
} from './entities/walkReport.ts';
import { createOutcome, writeIf, type CreateOutcome } from './conditional.ts';
import { reportStartTallies } from './tallies.ts';
import { pruneStatus, reportEndStatus, reportStartStatus, statusKeyOf } from './location-status.ts';
import { pagesOf, readPartition } from './bounded.ts';

/** Named access patterns of walk reports and what is recorded on them (docs/data-model.md). */

type NewWalkReport = CreateEntityItem<typeof walkReportEntity>;
type NewCompletedMarker = CreateEntityItem<typeof completedMarkerEntity>;
type NewNote = CreateEntityItem<typeof walkNoteEntity>;
type NewPhoto = CreateEntityItem<typeof markerImageEntity>;
/** A recording item's key: its report and the client's id for the write. */
interface RecordingKey {
  walkReportId: number;
  clientId: string;
}

export const getWalkReport = async (db: DataService, walkReportId: number) =>
  (await db.entities.walkReport.get({ walkReportId }).go()).data;

/** The report with everything recorded on it (one Query of the `report` collection), or null. */
export const readReport = async (db: DataService, walkReportId: number) => {
  const { data } = await db.collections.report({ walkReportId }).go({ pages: 'all' });
  const report = data.walkReport[0];
  if (!report) return null;
  return { report, completed: data.completedMarker, notes: data.walkNote, images: data.markerImage };
};

/** Which report a client's start request made, and for whom. */
export const getReportStart = async (db: DataService, clientId: string) =>
  (await db.entities.walkReportStart.get({ clientId }).go()).data;

/**
 * Starts a report in one transaction: the client's start record (first, so a retried start finds it), the
 * report, the location's tallies (its running count of reports and the month's start times) and its status
 * item's entry; then the status item's entries too old to count are pruned.
 */
export const startReport = async (db: DataService, report: NewWalkReport): Promise<CreateOutcome> => {
  const { clientId, walkReportId, userId, locationId } = report;
  const result = await db.transaction
    .write(({ walkReportStart, walkReport, locationStatus, ...tallies }) => [
      walkReportStart.create({ clientId, walkReportId, userId }).commit(),
      walkReport.create(report).commit(),
      ...reportStartTallies(tallies, { locationId, startedAt: report.startedAt }),
      ...reportStartStatus({ locationStatus }, report),
    ])
    .go();
  const outcome = createOutcome(result);
  if (outcome === 'written') {
    const { data: status } = await db.entities.locationStatus.get(statusKeyOf(report)).go();
    if (status) await pruneStatus(db, status, new Date(report.startedAt));
  }
  return outcome;
};

/** A location's reports, newest first (gsi1), `count` of them at most. */
export const newestReportsOfLocation = async (db: DataService, locationId: number, count: number) =>
  (await db.entities.walkReport.query.byLocation({ locationId }).go({ order: 'desc', count, pages: 'all' }))
    .data;

/** A location's reports started from `from` to `to` (ISO instants, both included), oldest first (gsi1). */
export const reportsOfLocationStartedBetween = async (
  db: DataService,
  locationId: number,
  from: string,
  to: string,
) =>
  readPartition((cursor) =>
    db.entities.walkReport.query
      .byLocation({ locationId })
      .between({ startedAt: from }, { startedAt: to })
      .go({ cursor }),
  );

/** How many reports a location has had (its tally, kept by each start). */
export const walkReportCountOf = async (db: DataService, locationId: number) =>
  (await db.entities.locationTally.get({ locationId }).go()).data?.walkReportCount ?? 0;

/**
 * Closes the report, and records on its location's status item when and with how many of its markers reached:
 * false when it was closed already (the condition refused the write).
 */
export const finishReport = async (
  db: DataService,
  report: Pick<
    WalkReportItem,
    'walkReportId' | 'locationId' | 'organizationId' | 'managementCompanyId' | 'markerCount'
  >,
  finishedAt: string,
  reached: number,
) => {
  const { walkReportId } = report;
  const { canceled } = await db.transaction
    .write(({ walkReport, locationStatus }) => [
      walkReport
        .patch({ walkReportId })
        .set({ finishedAt })
        .where(({ finishedAt: finished }, { notExists }) => notExists(finished))
        .commit(),
      ...reportEndStatus({ locationStatus }, report, finishedAt, reached, report.markerCount),
    ])
    .go();
  return !canceled;
};

/** Adds a discarded write's client id to the report's set (again: no change); false when the report is gone. */
export const noteDiscardedWrite = (db: DataService, walkReportId: number, clientId: string) =>
  writeIf(
    db.entities.walkReport
      .patch({ walkReportId })
      .add({ discardedWriteIds: [clientId] })
      .go(),
  );

/**
 * Folds arrivals into the report's row totals: the markers reached (a set), the earliest arrival (kept when
 * earlier) and the latest (kept when later). Each update is idempotent, so folding an arrival again is safe.
 */
export const foldArrivals = async (
  db: DataService,
  walkReportId: number,
  arrivals: { markerIds: number[]; first: string; last: string },
) => {
  const key = { walkReportId };
  const { markerIds, first, last } = arrivals;
  await Promise.all([
    db.entities.walkReport.patch(key).add({ visitedMarkerIds: markerIds }).go(),
    writeIf(
      db.entities.walkReport
        .patch(key)
        .set({ firstArrivalAt: first })
        .where(
          ({ firstArrivalAt }, { notExists, gt }) =>
            `${notExists(firstArrivalAt)} OR ${gt(firstArrivalAt, first)}`,
        )
        .go(),
    ),
    writeIf(
      db.entities.walkReport
        .patch(key)
        .set({ lastArrivalAt: last })
        .where(
          ({ lastArrivalAt }, { notExists, lt }) =>
            `${notExists(lastArrivalAt)} OR ${lt(lastArrivalAt, last)}`,
        )
        .go(),
    ),
  ]);
};

/** The kinds of item recorded on a report, and how many of each it holds at most (shared/src/constants.ts). */
export const RECORDING_CAPS = {
  completedMarker: WALK_REPORT_COMPLETED_MARKERS_MAX,
  note: WALK_REPORT_NOTES_MAX,
  photo: WALK_REPORT_PHOTOS_MAX,
} as const;
export type RecordingKind = keyof typeof RECORDING_CAPS;

type Transaction = Parameters<Parameters<DataService['transaction']['write']>[0]>[0];
type TransactionItem = ReturnType<Parameters<DataService['transaction']['write']>[0]>[number];

/** Counts one more item of `kind` on the report, on condition that it is still open and below the cap. */
const countOnReport = (tx: Transaction, walkReportId: number, kind: RecordingKind) => {
  const patch = tx.walkReport.patch({ walkReportId });
  const max: number = RECORDING_CAPS[kind];
  const counted =
    kind === 'completedMarker'
      ? patch
          .add({ completedMarkerCount: 1 })
          .where(
            ({ finishedAt, completedMarkerCount: n }, { notExists, lt }) =>
              `${notExists(finishedAt)} AND (${notExists(n)} OR ${lt(n, max)})`,
          )
      : kind === 'note'
        ? patch
            .add({ noteCount: 1 })
            .where(
              ({ finishedAt, noteCount: n }, { notExists, lt }) =>
                `${notExists(finishedAt)} AND (${notExists(n)} OR ${lt(n, max)})`,
            )
        : patch
            .add({ photoCount: 1 })
            .where(
              ({ finishedAt, photoCount: n }, { notExists, lt }) =>
                `${notExists(finishedAt)} AND (${notExists(n)} OR ${lt(n, max)})`,
            );
  return counted.commit();
};

/**
 * Writes one recording item and counts it on its report in one transaction, so DynamoDB itself keeps the
 * count within the cap and the report open: parallel writes can never pass a cap. 'exists' when an item of
 * the same client id is there already; 'refused' when the report is full, finished or gone.
 */
const writeCounted = async (
  db: DataService,
  walkReportId: number,
  kind: RecordingKind,
  create: (tx: Transaction) => TransactionItem,
): Promise<CreateOutcome> =>
  createOutcome(await db.transaction.write((tx) => [create(tx), countOnReport(tx, walkReportId, kind)]).go());

export const recordCompletedMarker = (db: DataService, item: NewCompletedMarker) =>
  writeCounted(db, item.walkReportId, 'completedMarker', (tx) => tx.completedMarker.create(item).commit());

export const recordNote = (db: DataService, item: NewNote) =>
  writeCounted(db, item.walkReportId, 'note', (tx) => tx.walkNote.create(item).commit());

export const recordPhoto = (db: DataService, item: NewPhoto) =>
  writeCounted(db, item.walkReportId, 'photo', (tx) => tx.markerImage.create(item).commit());

export const getCompletedMarker = async (db: DataService, key: RecordingKey) =>
  (await db.entities.completedMarker.get(key).go()).data;

export const getNote = async (db: DataService, key: RecordingKey) =>
  (await db.entities.walkNote.get(key).go()).data;

export const getPhoto = async (db: DataService, key: RecordingKey) =>
  (await db.entities.markerImage.get(key).go()).data;

/**
 * A location's reports started from `from` to `to` (ISO instants, both included), oldest first (gsi1), one
 * page of at most `pageSize` at a time: an export walks any number of them holding one page.
 */
export const reportPagesStartedBetween = (
  db: DataService,
  locationId: number,
  range: { from: string; to: string },
  pageSize: number,
): AsyncGenerator<WalkReportItem[]> =>
  pagesOf((cursor) =>
    db.entities.walkReport.query
      .byLocation({ locationId })
      .between({ startedAt: range.from }, { startedAt: range.to })
      .go({ cursor, limit: pageSize }),
  );

/** The photos of one report, at most WALK_REPORT_PHOTOS_MAX (the walkPhoto worker finds a photo by its key). */
export const photosOfReport = async (db: DataService, walkReportId: number) =>
  (await db.entities.markerImage.query.primary({ walkReportId }).go({ pages: 'all' })).data;

/**
 * Stores what was read on a door photo, once per object (its ETag): false when that object was read already (a
 * repeated upload event) or the photo is gone (its report was deleted meanwhile).
 */
export const setUnitRead = (
  db: DataService,
  key: RecordingKey,
  read: { unit?: string; confidence?: number; readAt: string; etag: string },
) =>
  writeIf(
    db.entities.markerImage
      .patch(key)
      .set({ unitRead: read })
      // In parentheses: ElectroDB joins it to the patch's own condition (the item exists) with a bare AND.
      .where(
        ({ unitRead }, op) =>
          `(${op.notExists(unitRead)} OR ${op.notExists(unitRead.etag)} OR ${op.ne(unitRead.etag, read.etag)})`,
      )
      .go(),
  );
