import { canSee, type Actor } from '@sitewalk/shared/policy';
import { EXPORT_URL_SECONDS } from '@sitewalk/shared/constants';
import { priorityName } from '@sitewalk/shared/constants';
import { messages } from '@sitewalk/shared/messages';
import {
  INCIDENT_CSV_COLUMNS,
  LOCK_CHECK_CSV_COLUMNS,
  WALK_REPORT_CSV_COLUMNS,
  rangeInstants,
  type ExportRange,
  type ExportFile,
} from '@sitewalk/shared/schemas/export';
import type { DataService } from '../db/service.ts';
import type { LocationItem } from '../db/entities/location.ts';
import type { WalkReportItem } from '../db/entities/walkReport.ts';
import type { IncidentItem } from '../db/entities/incident.ts';
import type { UserItem } from '../db/entities/user.ts';
import { getLocation, locationsInScope } from '../db/locations.ts';
import { reportPagesStartedBetween } from '../db/walk-reports.ts';
import { incidentPagesCreatedBetween } from '../db/incidents.ts';
import { getUsers } from '../db/users.ts';
import { exportKey, type ExportObject, type ExportStore } from '../ports/export-store.ts';
import type { Storage } from '../ports/storage.ts';
import { toReportSummary, toWalkReport } from '../views/walks.ts';
import { namesFor, toIncident } from '../views/incidents.ts';
import { csvChunks, csvTime, type CsvValue } from './csv.ts';
import { NotFoundError } from './errors.ts';
import { loadIncident } from './incidents.ts';
import { createWalkReports } from './walk-reports.ts';
import { createLockChecks } from './lock-checks.ts';
import { photosOfCheck } from '../db/lock-checks.ts';
import { DISCREPANCY_LABELS, LOCK_FINDING_LABELS, unitKey } from '@sitewalk/shared/lock-check';
import type { LockCheck } from '@sitewalk/shared/schemas/lockCheck';
import { locationPlacement, visibleLocation } from './placements.ts';
import { GLOBAL_TENANT } from './uploads.ts';

/**
 * Exports (issue 18): CSV of walk reports and of incidents over a range of days, and PDFs of one report or
 * incident. Each file is streamed into the export store as it is made: rows are read a page at a time
 * (`EXPORT_PAGE_SIZE` items, a cursor-paged Query of one location's key range), written and forgotten, so
 * no export holds more than one page however many rows it has. The caller gets a short-lived download link.
 */

/**
 * The PDF writers (pdfkit), loaded on the first PDF asked for: a bundler keeps a dynamic import's module
 * unevaluated until it is called, so the export function starts without pdfkit (test/bench/cold-start.bench.ts).
 */
export const loadPdfWriters = () => import('./pdf/writers.ts');

/** Items read per Query page of an export. */
export const EXPORT_PAGE_SIZE = 200;

export interface ExportFileOf {
  file: ExportObject;
  count: number;
}

/** A file name's part from free text: lower-case letters, digits and hyphens. */
export const slug = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40) || 'location';

/** One location of the actor's (404 outside their scope), or every location of their scope, by name. */
export const exportLocations = async (db: DataService, actor: Actor, locationId: number | undefined) =>
  locationId === undefined
    ? (await locationsInScope(db, actor)).filter((l) => canSee(actor, locationPlacement(l)))
    : [await visibleLocation(db, actor, locationId)];

/** Whose tenant prefix the file goes under: the location's, or for all locations the caller's own company. */
const ownerOf = (actor: Actor, locations: readonly LocationItem[], single: boolean) => ({
  managementCompanyId:
    single && locations[0]
      ? locations[0].managementCompanyId
      : (actor.managementCompanyIds[0] ?? GLOBAL_TENANT),
  userId: actor.userId,
});

export interface RowPage<Item> {
  location: LocationItem;
  items: Item[];
  /** The users the page's items name, by id (one batch read per page). */
  users: Map<number, UserItem>;
}

/** Pages of the locations' items in the range, location after location; each page's users read with it. */
async function* pagesOf<Item extends { locationId: number }>(
  db: DataService,
  locations: readonly LocationItem[],
  read: (locationId: number) => AsyncIterable<Item[]>,
  userIdsOf: (item: Item) => number[],
): AsyncGenerator<RowPage<Item>[]> {
  for (const location of locations) {
    for await (const items of read(location.locationId)) {
      const users = await getUsers(db, items.flatMap(userIdsOf));
      yield [{ location, items, users: new Map(users.map((u) => [u.userId, u])) }];
    }
  }
}

/**
 * A walk report's CSV row: the columns of the location's walk-report table (Completed, Name, Walk, Id, Total
 * Time) and what its rows carry, read off the report's API view so both say the same.
 */
const walkReportRow = ({ location, users }: RowPage<WalkReportItem>, item: WalkReportItem): CsvValue[] => {
  const row = toReportSummary(item, users.get(item.userId));
  return [
    row.id,
    location.name,
    row.walk?.name ?? messages.status.unknownWalk,
    row.user ? `${row.user.firstName} ${row.user.lastName}` : messages.status.unknownUser,
    csvTime(row.startedAt),
    csvTime(row.finishedAt),
    row.totalTime,
    row.totalMinutes,
    row.completedMarkerCount,
    row.walk?.markerCount ?? null,
    row.completed ? 'Completed' : messages.status.notCompleted,
    item.discardedWriteIds?.length ?? 0,
  ];
};

/** An incident's CSV row: the columns of the incidents table (Incident, Priority, Status, Id, Created) and what the detail adds. */
const incidentRow = ({ location }: RowPage<IncidentItem>, item: IncidentItem): CsvValue[] => [
  item.incidentId,
  location.name,
  priorityName(item.priority),
  item.status === 'resolved' ? 'Resolved' : 'Unresolved',
  csvTime(item.createdAt),
  csvTime(item.resolvedAt),
  item.texts.map((t) => t.text).join('; '),
  item.notes.length,
  item.photoKeys.length,
  item.walkReportId ?? null,
];

/** A lock check's CSV rows, in walk order: each unit checked, then each unit not found. */
const lockCheckRows = (check: LockCheck): CsvValue[][] => {
  const of = (unit: string) => check.discrepancies.filter((d) => unitKey(d.unit) === unitKey(unit));
  const follow = (unit: string) => {
    const found = of(unit);
    return [
      found.map((d) => DISCREPANCY_LABELS[d.kind]).join('; '),
      found.some((d) => d.resolvedAt === null) ? 'Yes' : found.length > 0 ? 'No' : '',
      found.flatMap((d) => (d.resolution ? [d.resolution] : [])).join('; '),
      found.flatMap((d) => (d.taskId === null ? [] : [d.taskId])).join('; '),
    ];
  };
  return [
    ...check.results.map((result) => [
      result.unit,
      LOCK_FINDING_LABELS[result.finding],
      csvTime(result.seenAt),
      result.photoMismatch ? 'Yes' : 'No',
      ...follow(result.unit),
    ]),
    ...check.discrepancies
      .filter((d) => d.kind === 'notFound')
      .map((d) => [d.unit, 'Not found', null, null, ...follow(d.unit)]),
  ];
};

export const createExports = ({
  db,
  store,
  storage,
  now,
}: {
  db: DataService;
  store: ExportStore;
  storage: Storage;
  now: () => Date;
}) => {
  const reports = createWalkReports({ db, storage });
  const lockChecks = createLockChecks({ db, storage });

  /** The location a report or incident sits at, as the PDF's heading shows it (gone meanwhile: 404). */
  const locationOf = async (locationId: number, notFound: string) => {
    const location = await getLocation(db, locationId);
    if (!location) throw new NotFoundError(notFound);
    return location;
  };

  const link = async ({ file, count }: ExportFileOf): Promise<ExportFile> => ({
    url: await store.presignDownload(file, EXPORT_URL_SECONDS),
    fileName: file.fileName,
    contentType: file.contentType,
    expiresIn: EXPORT_URL_SECONDS,
    count,
  });

  /** Streams a CSV of the pages' rows into the store. */
  const csv = async <Item>(
    actor: Actor,
    range: ExportRange,
    what: string,
    header: readonly string[],
    pages: (locations: LocationItem[]) => AsyncIterable<RowPage<Item>[]>,
    toValues: (row: RowPage<Item>, item: Item) => readonly CsvValue[],
  ): Promise<ExportFile> => {
    const locations = await exportLocations(db, actor, range.locationId);
    const single = range.locationId !== undefined;
    const place = single && locations[0] ? slug(locations[0].name) : 'all-locations';
    const fileName = `${what}_${place}_${range.from}_${range.to}.csv`;
    const file = {
      key: exportKey(ownerOf(actor, locations, single), fileName),
      fileName,
      contentType: 'text/csv; charset=utf-8',
    };
    const counted = { rows: 0 };
    async function* rows() {
      for await (const batch of pages(locations)) {
        for (const page of batch) yield page.items.map((item) => toValues(page, item));
      }
    }
    await store.put(
      file,
      csvChunks(header, rows(), (values) => values, counted),
    );
    return link({ file, count: counted.rows });
  };

  /**
   * Streams a PDF into the store while `write` draws it; answers the link. A drawing that fails destroys
   * the stream, which aborts the upload: no half file is kept.
   */
  const pdf = async (
    file: { owner: { managementCompanyId: number; userId: number }; fileName: string },
    document: NodeJS.ReadableStream & { destroy: (error?: Error) => void },
    write: () => Promise<number>,
  ): Promise<ExportFile> => {
    const object = {
      key: exportKey(file.owner, file.fileName),
      fileName: file.fileName,
      contentType: 'application/pdf',
    };
    const stored = store.put(object, document as never);
    let pages: number;
    try {
      pages = await write();
    } catch (error) {
      document.destroy(error as Error);
      await stored.catch(() => undefined);
      throw error;
    }
    await stored;
    return link({ file: object, count: pages });
  };

  return {
    link,
    now,

    walkReportsCsv: (actor: Actor, range: ExportRange) =>
      csv(
        actor,
        range,
        'walk-reports',
        WALK_REPORT_CSV_COLUMNS,
        (locations) =>
          pagesOf(
            db,
            locations,
            (locationId) => reportPagesStartedBetween(db, locationId, rangeInstants(range), EXPORT_PAGE_SIZE),
            (item) => [item.userId],
          ),
        walkReportRow,
      ),

    incidentsCsv: (actor: Actor, range: ExportRange) =>
      csv(
        actor,
        range,
        'incidents',
        INCIDENT_CSV_COLUMNS,
        (locations) =>
          pagesOf(
            db,
            locations,
            (locationId) =>
              incidentPagesCreatedBetween(db, locationId, rangeInstants(range), EXPORT_PAGE_SIZE),
            () => [],
          ),
        incidentRow,
      ),

    walkReportPdf: async (actor: Actor, walkReportId: number) => {
      const detail = await reports.read(actor, walkReportId);
      const report = toWalkReport(detail);
      const location = await locationOf(detail.report.locationId, 'Walk report not found');
      const keys = new Map(
        detail.images.map(({ image }) => [`${image.markerId}/${image.imageName}`, image.key]),
      );
      const { newWalkReportDocument, writeWalkReportPdf, timeZoneAt } = await loadPdfWriters();
      const doc = newWalkReportDocument({ report, location });
      return pdf(
        {
          owner: { managementCompanyId: location.managementCompanyId, userId: actor.userId },
          fileName: `walk-report-${report.id}_${slug(location.name)}.pdf`,
        },
        doc,
        () =>
          writeWalkReportPdf(doc, {
            report,
            location,
            timeZone: timeZoneAt(location.latitude, location.longitude),
            generatedAt: now().toISOString(),
            loadPhoto: async (photo) => {
              const key = keys.get(`${photo.markerId}/${photo.imageName}`);
              return key ? store.readPhoto(key) : null;
            },
          }),
      );
    },

    /** A lock check's units, a row each (checked, or not found), with their discrepancies and follow-up. */
    lockCheckCsv: async (actor: Actor, lockCheckId: number) => {
      const check = await lockChecks.get(actor, lockCheckId);
      const location = await locationOf(check.locationId, 'Lock check not found');
      const fileName = `lock-check-${check.id}_${slug(location.name)}.csv`;
      const file = {
        key: exportKey({ managementCompanyId: location.managementCompanyId, userId: actor.userId }, fileName),
        fileName,
        contentType: 'text/csv; charset=utf-8',
      };
      const counted = { rows: 0 };
      async function* rows() {
        yield lockCheckRows(check);
      }
      await store.put(
        file,
        csvChunks(LOCK_CHECK_CSV_COLUMNS, rows(), (values) => values, counted),
      );
      return link({ file, count: counted.rows });
    },

    lockCheckPdf: async (actor: Actor, lockCheckId: number) => {
      const check = await lockChecks.get(actor, lockCheckId);
      const location = await locationOf(check.locationId, 'Lock check not found');
      const keys = new Map(
        (await photosOfCheck(db, lockCheckId)).map((photo) => [photo.imageName, photo.key]),
      );
      const { newLockCheckDocument, writeLockCheckPdf, timeZoneAt } = await loadPdfWriters();
      const doc = newLockCheckDocument({ check, location });
      return pdf(
        {
          owner: { managementCompanyId: location.managementCompanyId, userId: actor.userId },
          fileName: `lock-check-${check.id}_${slug(location.name)}.pdf`,
        },
        doc,
        () =>
          writeLockCheckPdf(doc, {
            check,
            location,
            timeZone: timeZoneAt(location.latitude, location.longitude),
            generatedAt: now().toISOString(),
            loadPhoto: async (imageName) => {
              const key = keys.get(imageName);
              return key ? store.readPhoto(key) : null;
            },
          }),
      );
    },

    incidentPdf: async (actor: Actor, incidentId: number) => {
      const item = await loadIncident(db, actor, 'read', incidentId);
      const location = await locationOf(item.locationId, 'Incident not found');
      const incident = await toIncident(storage, item, await namesFor(db, [item], [location]));
      const { newIncidentDocument, writeIncidentPdf, timeZoneAt } = await loadPdfWriters();
      const doc = newIncidentDocument({ incident, location });
      return pdf(
        {
          owner: { managementCompanyId: location.managementCompanyId, userId: actor.userId },
          fileName: `incident-${incident.id}_${slug(location.name)}.pdf`,
        },
        doc,
        () =>
          writeIncidentPdf(doc, {
            incident,
            location,
            timeZone: timeZoneAt(location.latitude, location.longitude),
            generatedAt: now().toISOString(),
            loadImage: (key) => store.readPhoto(key),
          }),
      );
    },
  };
};
