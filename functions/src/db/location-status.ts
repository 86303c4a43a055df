import type { WalkWindow } from '@sitewalk/shared/schemas/schedule';
import { defaultWindows, type ReportTimes, type ScheduleTimes } from '@sitewalk/shared/walk-windows';
import type { DataService } from './service.ts';
import { locationStatusEntity, type LocationStatusItem } from './entities/locationStatus.ts';
import type { LocationItem } from './entities/location.ts';
import type { WalkReportItem } from './entities/walkReport.ts';
import { UNRESOLVED, type IncidentItem } from './entities/incident.ts';
import { readByKeys, readRawPartition } from './bounded.ts';
import { writeIf } from './conditional.ts';

/**
 * Each location's status item (docs/data-model.md, "The portfolio"): what the owner's dashboard counts and sorts
 * every location by, one small item per location in its company's partition. The writes that change it add
 * the updates below to their own transactions; entries are set members, so writing one twice changes nothing.
 */

type Transaction = Parameters<Parameters<DataService['transaction']['write']>[0]>[0];
type StatusTx = Pick<Transaction, 'locationStatus'>;

/** Where a location's status item is: its company, area and id. */
export type StatusKey = Pick<LocationStatusItem, 'managementCompanyId' | 'organizationId' | 'locationId'>;

export const statusKeyOf = (at: StatusKey): StatusKey => ({
  managementCompanyId: at.managementCompanyId,
  organizationId: at.organizationId,
  locationId: at.locationId,
});

/** The company's mark: area 0, location 0, written once every location of the company has its item. */
const companyMarkKey = (managementCompanyId: number): StatusKey => ({
  managementCompanyId,
  organizationId: 0,
  locationId: 0,
});
export const isCompanyMark = (item: StatusKey) => item.locationId === 0;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** A report counts for today's windows only if it started today (local): a day and a bit keeps every one. */
export const REPORTS_KEPT_MS = 26 * HOUR;
/** Flagged reports are counted over the last week: a day more is kept. */
export const FLAGGED_KEPT_MS = 8 * DAY;

type CompactWindow = [string, string, number[], string, string, number, number[]];

const compact = (windows: readonly WalkWindow[]) =>
  JSON.stringify(
    windows.map((w): CompactWindow => [w.id, w.label, w.days, w.start, w.end, w.graceMinutes, w.walkIds]),
  );
const DEFAULT_ENCODED = compact(defaultWindows());

/**
 * A schedule's windows, compact (the item is read for every location of a company); undefined for the default
 * windows, which an item without any has.
 */
export const encodeWindows = (windows: readonly WalkWindow[]) => {
  const encoded = compact(windows);
  return encoded === DEFAULT_ENCODED ? undefined : encoded;
};

export const decodeWindows = (encoded: string): WalkWindow[] =>
  (JSON.parse(encoded) as CompactWindow[]).map(([id, label, days, start, end, graceMinutes, walkIds]) => ({
    id,
    label,
    days,
    start,
    end,
    graceMinutes,
    walkIds,
  }));

/**
 * An instant in an entry: whole seconds since the epoch, in base 36 (6 characters where milliseconds in decimal
 * take 13; a Query reads every location's entries). Starts round down and finishes up, so a finish is never
 * read as earlier than it was (a window's limits are whole seconds, so "by the end of the grace" holds exactly).
 */
export const encodeInstant = (ms: number, round: 'down' | 'up') =>
  (round === 'down' ? Math.floor(ms / 1000) : Math.ceil(ms / 1000)).toString(36);
export const decodeInstant = (encoded: string) => parseInt(encoded, 36) * 1000;

export const reportStartEntry = (report: Pick<WalkReportItem, 'walkReportId' | 'walkId' | 'startedAt'>) =>
  `${report.walkReportId}.${report.walkId}.${encodeInstant(Date.parse(report.startedAt), 'down')}`;
export const reportEndEntry = (walkReportId: number, finishedAt: string, reached: number, markers: number) =>
  `${walkReportId}.${encodeInstant(Date.parse(finishedAt), 'up')}.${reached}/${markers}`;
export const flaggedEntry = (report: Pick<WalkReportItem, 'walkReportId' | 'startedAt'>) =>
  `${encodeInstant(Date.parse(report.startedAt), 'down')}.${report.walkReportId}`;

/** When an entry's report started (start and flagged entries), epoch ms. */
const startOfEntry = (entry: string) => decodeInstant(entry.slice(entry.lastIndexOf('.') + 1));
const startOfFlagged = (entry: string) => decodeInstant(entry.slice(0, entry.indexOf('.')));

/**
 * The reports of a status item as the windows need them; only those started within `startedWithin` (epoch ms,
 * both included) when given: a window counts no report started outside it (`reportsFor`), and most of an item's
 * reports are of yesterday's windows.
 */
export const reportTimesOf = (
  item: Pick<LocationStatusItem, 'reportStarts' | 'reportEnds'>,
  startedWithin?: { from: number; to: number },
): ReportTimes[] => {
  const starts: { id: number; walkId: number; started: number }[] = [];
  for (const entry of item.reportStarts ?? []) {
    const [id, walkId, encoded] = entry.split('.') as [string, string, string];
    const started = decodeInstant(encoded);
    if (startedWithin && (started < startedWithin.from || started > startedWithin.to)) continue;
    starts.push({ id: Number(id), walkId: Number(walkId), started });
  }
  if (starts.length === 0) return [];
  const ends = new Map<number, { finishedAt: string; completion: number }>();
  for (const entry of item.reportEnds ?? []) {
    const [id, finished, share] = entry.split('.') as [string, string, string];
    const [reached, markers] = share.split('/').map(Number) as [number, number];
    ends.set(Number(id), {
      finishedAt: new Date(decodeInstant(finished)).toISOString(),
      completion: markers > 0 ? reached / markers : 1,
    });
  }
  return starts.map(({ id, walkId, started }) => {
    const end = ends.get(id);
    return {
      id,
      walkId,
      startedAt: new Date(started).toISOString(),
      finishedAt: end?.finishedAt ?? null,
      completion: end?.completion ?? null,
    };
  });
};

/** The start times (epoch ms) of the item's flagged reports. */
export const flaggedStartsOf = (item: Pick<LocationStatusItem, 'flagged'>) =>
  (item.flagged ?? []).map(startOfFlagged);

/** Unresolved incidents of the item, by priority. */
export const openIncidentCountsOf = (item: Pick<LocationStatusItem, OpenSet>) => ({
  1: item.open1?.length ?? 0,
  2: item.open2?.length ?? 0,
  3: item.open3?.length ?? 0,
});

export const scheduleTimesOf = (item: Pick<LocationStatusItem, 'timeZone' | 'windows'>): ScheduleTimes => ({
  timeZone: item.timeZone ?? 'UTC',
  windows: item.windows ? decodeWindows(item.windows) : defaultWindows(),
});

/** The schedule's times as item fields: the default windows are no entry. */
const timesOf = (schedule: ScheduleTimes) => {
  const windows = encodeWindows(schedule.windows);
  return windows === undefined ? { timeZone: schedule.timeZone } : { timeZone: schedule.timeZone, windows };
};

/** A report started: its entry. */
export const reportStartStatus = (
  tx: StatusTx,
  report: StatusKey & Pick<WalkReportItem, 'walkReportId' | 'walkId' | 'startedAt'>,
) => [
  tx.locationStatus
    .update(statusKeyOf(report))
    .add({ reportStarts: [reportStartEntry(report)] })
    .commit(),
];

/** A report finished: when, and the share of its markers reached. */
export const reportEndStatus = (
  tx: StatusTx,
  report: StatusKey & Pick<WalkReportItem, 'walkReportId'>,
  finishedAt: string,
  reached: number,
  markers: number,
) => [
  tx.locationStatus
    .update(statusKeyOf(report))
    .add({ reportEnds: [reportEndEntry(report.walkReportId, finishedAt, reached, markers)] })
    .commit(),
];

/** A report's flags changed: its entry is there while it has one (reports of the last 8 days only). */
export const reportFlaggedStatus = (
  tx: StatusTx,
  report: StatusKey & Pick<WalkReportItem, 'walkReportId' | 'startedAt'>,
  flaggedNow: boolean,
  now: Date,
) => {
  if (Date.parse(report.startedAt) < now.getTime() - FLAGGED_KEPT_MS) return [];
  const entry = { flagged: [flaggedEntry(report)] };
  const item = tx.locationStatus.update(statusKeyOf(report));
  return [(flaggedNow ? item.add(entry) : item.delete(entry)).commit()];
};

type StatusIncident = StatusKey & Pick<IncidentItem, 'incidentId' | 'priority' | 'status'>;
type OpenSet = 'open1' | 'open2' | 'open3';

const openSetOf = (incident?: StatusIncident): OpenSet | undefined => {
  if (incident?.status !== UNRESOLVED) return undefined;
  const { priority } = incident;
  if (priority !== 1 && priority !== 2 && priority !== 3)
    throw new Error(`No open set for priority ${priority}`);
  return `open${priority}`;
};

/**
 * An incident created (`before` undefined), changed or deleted (`after` undefined): its id is in the open set of
 * its priority while it is unresolved. None when that did not change.
 */
export const incidentStatus = (tx: StatusTx, before?: StatusIncident, after?: StatusIncident) => {
  const from = openSetOf(before);
  const to = openSetOf(after);
  const incident = after ?? before;
  if (!incident || from === to) return [];
  const ids = (set: OpenSet): Partial<Record<OpenSet, number[]>> => ({ [set]: [incident.incidentId] });
  const item = tx.locationStatus.update(statusKeyOf(incident));
  if (from && to) return [item.delete(ids(from)).add(ids(to)).commit()];
  if (from) return [item.delete(ids(from)).commit()];
  return to ? [item.add(ids(to)).commit()] : [];
};

/**
 * A lock check finished (issue 31): the location's last one, with none of its discrepancies closed yet. Once per
 * check: a retried finish leaves the resolutions counted since alone (false: it was recorded already).
 */
type FinishedLockCheck = { lockCheckId: number; finishedAt: string; discrepancyCount: number };

// Milliseconds, base 36: the card says when exactly (one attribute an item, not a set of entries).
const lastLockCheckEntry = (check: FinishedLockCheck) =>
  `${check.lockCheckId}.${Date.parse(check.finishedAt).toString(36)}.${check.discrepancyCount}`;
const lockClosedEntry = (closed: { lockCheckId: number; unit: string; kind: string }) =>
  `${closed.lockCheckId}.${closed.unit}.${closed.kind}`;

export const recordLastLockCheck = (db: DataService, at: StatusKey, check: FinishedLockCheck) =>
  writeIf(
    db.entities.locationStatus
      .update(statusKeyOf(at))
      .set({ lastLockCheck: lastLockCheckEntry(check) })
      .remove(['lockClosed'])
      .where(
        ({ lastLockCheck }, { notExists, begins }) =>
          `${notExists(lastLockCheck)} OR NOT ${begins(lastLockCheck, `${check.lockCheckId}.`)}`,
      )
      .go(),
  );

/**
 * One of a check's discrepancies resolved: counted against its check's open ones while that check is the last;
 * an entry of an older check is never counted. Written twice, it counts once.
 */
export const discrepancyClosedStatus = (
  tx: StatusTx,
  at: StatusKey,
  closed: { lockCheckId: number; unit: string; kind: string },
) => [
  tx.locationStatus
    .update(statusKeyOf(at))
    .add({ lockClosed: [lockClosedEntry(closed)] })
    .commit(),
];

/**
 * A rebuilt item's last lock check (`buildStatus`, after its location moved): the location's last finished one,
 * with its resolved discrepancies, written only where the item has none (a finish meanwhile wrote a newer one).
 */
export const restoreLastLockCheck = (
  db: DataService,
  at: StatusKey,
  check: FinishedLockCheck,
  resolved: readonly { unit: string; kind: string }[],
) => {
  const closed = resolved.map((d) => lockClosedEntry({ lockCheckId: check.lockCheckId, ...d }));
  const update = db.entities.locationStatus
    .update(statusKeyOf(at))
    .set({ lastLockCheck: lastLockCheckEntry(check) });
  return writeIf(
    (closed.length > 0 ? update.add({ lockClosed: closed }) : update)
      .where(({ lastLockCheck }, { notExists }) => notExists(lastLockCheck))
      .go(),
  );
};

/** The item's last lock check: its id, when it finished, and how many of its discrepancies are still open. */
export const lastLockCheckOf = (item: Pick<LocationStatusItem, 'lastLockCheck' | 'lockClosed'>) => {
  if (!item.lastLockCheck) return null;
  const [id = '', finished = '', discrepancies = ''] = item.lastLockCheck.split('.');
  const closed = (item.lockClosed ?? []).filter((entry) => entry.startsWith(`${id}.`)).length;
  return {
    id: Number(id),
    finishedAt: new Date(parseInt(finished, 36)).toISOString(),
    openDiscrepancies: Math.max(0, Number(discrepancies) - closed),
  };
};

/** A schedule set: the item's time zone and windows. */
export const scheduleStatus = (tx: StatusTx, schedule: StatusKey & ScheduleTimes) => [
  tx.locationStatus
    .update(statusKeyOf(schedule))
    .set(timesOf(schedule))
    // An item of the default windows has none.
    .remove(timesOf(schedule).windows === undefined ? ['windows'] : [])
    .commit(),
];

type LocationFields = Pick<LocationItem, 'name' | 'address' | 'city' | 'state' | 'zipcode'>;
const fieldsOf = (location: LocationFields): LocationFields => ({
  name: location.name,
  address: location.address,
  city: location.city,
  state: location.state,
  zipcode: location.zipcode,
});

/** A location created with its schedule's times: its item, whole. */
export const locationCreatedStatus = (
  tx: StatusTx,
  location: StatusKey & LocationFields,
  schedule: ScheduleTimes,
) => [
  tx.locationStatus
    .put({
      ...statusKeyOf(location),
      ...fieldsOf(location),
      ...timesOf(schedule),
      built: true,
    })
    .commit(),
];

/** A location's name or address changed. */
export const locationChangedStatus = (tx: StatusTx, location: StatusKey & LocationFields) => [
  tx.locationStatus.update(statusKeyOf(location)).set(fieldsOf(location)).commit(),
];

/** A location moved or deleted: its item at its old key goes (a moved one is built again at its new key). */
export const locationGoneStatus = (tx: StatusTx, location: StatusKey) => [
  tx.locationStatus.delete(statusKeyOf(location)).commit(),
];

/** Each stored field's attribute (the entity's short field names). */
const attributeOfField = new Map(
  Object.entries(locationStatusEntity.schema.attributes).map(([name, { field }]) => [field, name]),
);

/**
 * An item as the DocumentClient answers it (stored field names, sets as Sets) as ElectroDB would give it. A
 * company's Query reads them raw: ElectroDB's formatting (every attribute's getter run on every item) took more
 * of a 500-location summary's time than anything else. The partition holds status items only (keys of their own).
 */
const fromStored = (stored: Record<string, unknown>): LocationStatusItem => {
  const item: Record<string, unknown> = {};
  for (const field in stored) {
    const name = attributeOfField.get(field);
    const value = stored[field];
    if (name !== undefined) item[name] = value instanceof Set ? [...(value as Set<unknown>)] : value;
  }
  return item as LocationStatusItem;
};

/**
 * What a company's Query reads of each item: every attribute but the company (the partition's) and ElectroDB's
 * entity name and version (a raw read needs neither). DynamoDB Local's time for a 500-location Query is mostly
 * writing out what it answers, attribute by attribute.
 */
const READ_OF_COMPANY = (
  Object.keys(locationStatusEntity.schema.attributes) as (keyof LocationStatusItem)[]
).filter((name) => name !== 'managementCompanyId');

/** The status items of a company, or of one of its areas (one Query, every page). */
export const statusesOf = async (db: DataService, managementCompanyId: number, organizationId?: number) =>
  (
    await readRawPartition((cursor) =>
      db.entities.locationStatus.query
        .primary(
          organizationId === undefined ? { managementCompanyId } : { managementCompanyId, organizationId },
        )
        .go({ cursor, data: 'raw', attributes: READ_OF_COMPANY }),
    )
  ).map((stored) => ({ ...fromStored(stored), managementCompanyId }));

/** Status items by key, in one batch read; those not there are left out. */
export const getStatuses = (db: DataService, keys: readonly StatusKey[]) =>
  readByKeys(keys.map(statusKeyOf), (batch) => db.entities.locationStatus.get(batch).go({ concurrency: 4 }));

/**
 * A company created: it holds no location yet, and each one it will have gets its item at its create, so it is
 * marked at once (its first dashboard read builds nothing).
 */
export const companyCreatedStatus = (tx: StatusTx, managementCompanyId: number) => [
  tx.locationStatus.put(companyMarkItem(managementCompanyId)).commit(),
];

/** A company deleted (it holds no location any more): its mark goes with it. */
export const companyGoneStatus = (tx: StatusTx, managementCompanyId: number) => [
  tx.locationStatus.delete(companyMarkKey(managementCompanyId)).commit(),
];

export const getCompanyMark = async (db: DataService, managementCompanyId: number) =>
  (await db.entities.locationStatus.get(companyMarkKey(managementCompanyId)).go()).data;

export const markCompanyBuilt = (db: DataService, managementCompanyId: number) =>
  db.entities.locationStatus.put(companyMarkItem(managementCompanyId)).go();

type StatusSets = Pick<LocationStatusItem, 'reportStarts' | 'reportEnds' | 'flagged' | OpenSet>;

/**
 * The entries of a location's item from its reports of the last FLAGGED_KEPT_MS and its unresolved incidents
 * (a location from before the items, generated data); sets with no entry are left out (DynamoDB stores none).
 */
export const statusSetsOf = (
  reports: readonly Pick<
    WalkReportItem,
    'walkReportId' | 'walkId' | 'startedAt' | 'finishedAt' | 'visitedMarkerIds' | 'markerCount' | 'flags'
  >[],
  unresolved: readonly Pick<IncidentItem, 'incidentId' | 'priority'>[],
  now: Date,
): StatusSets => {
  const recent = reports.filter((r) => Date.parse(r.startedAt) >= now.getTime() - REPORTS_KEPT_MS);
  const openOf = (priority: number) =>
    unresolved.filter((i) => i.priority === priority).map((i) => i.incidentId);
  const sets = {
    reportStarts: recent.map(reportStartEntry),
    reportEnds: recent.flatMap((r) =>
      r.finishedAt
        ? [reportEndEntry(r.walkReportId, r.finishedAt, r.visitedMarkerIds?.length ?? 0, r.markerCount)]
        : [],
    ),
    flagged: reports
      .filter((r) => (r.flags?.length ?? 0) > 0 && Date.parse(r.startedAt) >= now.getTime() - FLAGGED_KEPT_MS)
      .map(flaggedEntry),
    open1: openOf(1),
    open2: openOf(2),
    open3: openOf(3),
  };
  return Object.fromEntries(Object.entries(sets).filter(([, entries]) => entries.length > 0));
};

/** A built item whole, for generated data written in batches (the bench, the demo). */
export const builtStatusItem = (
  location: StatusKey & LocationFields,
  schedule: ScheduleTimes,
  sets: StatusSets,
) => ({
  ...statusKeyOf(location),
  ...fieldsOf(location),
  ...timesOf(schedule),
  built: true,
  ...sets,
});

/** A company's mark, for generated data: every location of it has its item. */
export const companyMarkItem = (managementCompanyId: number) => ({
  ...companyMarkKey(managementCompanyId),
  built: true,
});

/** What a built item holds, from the location's own data (`buildStatus` in functions/src/domain/portfolio.ts). */
export const writeBuiltStatus = (
  db: DataService,
  location: StatusKey & LocationFields,
  schedule: ScheduleTimes,
  sets: StatusSets,
) => {
  const times = timesOf(schedule);
  const update = db.entities.locationStatus
    .update(statusKeyOf(location))
    .set({ ...fieldsOf(location), ...times, built: true })
    .remove(times.windows === undefined ? ['windows'] : []);
  // Entries are added, so one written by a report or incident meanwhile is kept.
  return (Object.keys(sets).length > 0 ? update.add(sets) : update).go();
};

export const deleteStatus = (db: DataService, key: StatusKey) =>
  db.entities.locationStatus.delete(statusKeyOf(key)).go();

/**
 * Removes entries too old to count (reports started over REPORTS_KEPT_MS, flags over FLAGGED_KEPT_MS before
 * `now`) from an item read: after a report start, so an item holds about a day of reports.
 */
export const pruneStatus = async (db: DataService, item: LocationStatusItem, now: Date) => {
  const oldReports = (item.reportStarts ?? []).filter(
    (e) => startOfEntry(e) < now.getTime() - REPORTS_KEPT_MS,
  );
  const oldIds = new Set(oldReports.map((e) => e.slice(0, e.indexOf('.'))));
  const oldEnds = (item.reportEnds ?? []).filter((e) => oldIds.has(e.slice(0, e.indexOf('.'))));
  const oldFlagged = (item.flagged ?? []).filter((e) => startOfFlagged(e) < now.getTime() - FLAGGED_KEPT_MS);
  const stale = Object.fromEntries(
    Object.entries({ reportStarts: oldReports, reportEnds: oldEnds, flagged: oldFlagged }).filter(
      ([, entries]) => entries.length > 0,
    ),
  );
  if (Object.keys(stale).length === 0) return;
  // A patch: an item removed meanwhile (its location moved or deleted) is not made again.
  await writeIf(db.entities.locationStatus.patch(statusKeyOf(item)).delete(stale).go());
};
