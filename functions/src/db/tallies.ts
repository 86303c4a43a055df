import { PORTFOLIO_PAGE_DEFAULT } from '@sitewalk/shared/constants';
import type { DataService } from './service.ts';
import type { LocationMonthItem, WalkReportItem } from './entities/walkReport.ts';
import { UNRESOLVED, type IncidentItem } from './entities/incident.ts';
import { writeIf } from './conditional.ts';
import { mapBounded, readByKeys, readPartition } from './bounded.ts';

/**
 * A location's tallies (docs/data-model.md, "The dashboard"): its running total of reports (`locationTally`)
 * and, per UTC month, the start of each report and an entry per incident by status and priority
 * (`locationMonth`). Every write that changes what they count adds the updates below to its own transaction.
 */

type Transaction = Parameters<Parameters<DataService['transaction']['write']>[0]>[0];

/** The fields of an incident its tally entry is made of. */
export type TalliedIncident = Pick<
  IncidentItem,
  'incidentId' | 'locationId' | 'createdAt' | 'priority' | 'status'
>;

type IncidentSet = `${IncidentItem['status']}${1 | 2 | 3}`;

const PRIORITIES = [1, 2, 3] as const;
const setOf = ({ status, priority }: Pick<TalliedIncident, 'status' | 'priority'>): IncidentSet => {
  if (priority !== 1 && priority !== 2 && priority !== 3)
    throw new Error(`No tally for priority ${priority}`);
  return `${status}${priority}`;
};
const entryOf = (incident: Pick<TalliedIncident, 'createdAt' | 'incidentId'>) =>
  `${incident.createdAt}#${incident.incidentId}`;

/** The UTC month of an ISO instant (`YYYY-MM`), when it starts, and the milliseconds since. */
const monthOf = (instant: string) => instant.slice(0, 7);
const monthStart = (month: string) => Date.parse(`${month}-01T00:00:00.000Z`);
const msIntoMonth = (instant: string) => Date.parse(instant) - monthStart(monthOf(instant));

/** A report started: its location's running total and the month's start times. */
export const reportStartTallies = (
  tx: Pick<Transaction, 'locationTally' | 'locationMonth'>,
  report: { locationId: number; startedAt: string },
) => [
  tx.locationTally.update({ locationId: report.locationId }).add({ walkReportCount: 1 }).commit(),
  tx.locationMonth
    .update({ locationId: report.locationId, month: monthOf(report.startedAt) })
    .add({ reportStarts: [msIntoMonth(report.startedAt)] })
    .commit(),
];

/**
 * Flags added to (or removed from) a report: each its entry in the month the report started, so the dashboard
 * counts the flags of a window's reports from the month items it reads anyway. Entries are set members: adding or
 * removing one again changes nothing.
 */
export const reportFlagTallies = (
  tx: Pick<Transaction, 'locationMonth'>,
  report: { locationId: number; startedAt: string; walkReportId: number },
  change: 'add' | 'delete',
  flags: readonly string[],
) => {
  if (flags.length === 0) return [];
  const entries = flags.map((flag) => `${msIntoMonth(report.startedAt)}#${report.walkReportId}#${flag}`);
  const month = tx.locationMonth.update({ locationId: report.locationId, month: monthOf(report.startedAt) });
  return [(change === 'add' ? month.add({ flags: entries }) : month.delete({ flags: entries })).commit()];
};

/**
 * An incident created (`before` undefined), changed or deleted (`after` undefined): its entry leaves the set it
 * was in and joins the one it belongs to now, in one update of its month (an incident never changes month). None
 * when nothing it is counted by changed.
 */
export const incidentTallies = (
  tx: Pick<Transaction, 'locationMonth'>,
  before?: TalliedIncident,
  after?: TalliedIncident,
) => {
  const incident = after ?? before;
  const from = before && setOf(before);
  const to = after && setOf(after);
  if (!incident || from === to) return [];
  const entry = (set: IncidentSet): Partial<Record<IncidentSet, string[]>> => ({
    [set]: [entryOf(incident)],
  });
  const month = tx.locationMonth.update({
    locationId: incident.locationId,
    month: monthOf(incident.createdAt),
  });
  if (from && to) return [month.delete(entry(from)).add(entry(to)).commit()];
  if (from) return [month.delete(entry(from)).commit()];
  return to ? [month.add(entry(to)).commit()] : [];
};

/** What the dashboard counts over a window: reports started, and incidents by status and priority. */
export interface Tallies {
  /** Each report's start, epoch milliseconds. */
  reportStarts: number[];
  /** The start of the report of each flag, epoch milliseconds (a report with three flags, three times). */
  flagReportStarts: number[];
  incidents: { createdAt: string; incidentId: number; priority: 1 | 2 | 3; status: IncidentItem['status'] }[];
}

const readMonth = (item: LocationMonthItem, into: Tallies) => {
  const start = monthStart(item.month);
  for (const ms of item.reportStarts ?? []) into.reportStarts.push(start + ms);
  for (const entry of item.flags ?? [])
    into.flagReportStarts.push(start + Number(entry.slice(0, entry.indexOf('#'))));
  for (const status of [UNRESOLVED, 'resolved'] as const) {
    for (const priority of PRIORITIES) {
      for (const entry of item[`${status}${priority}`] ?? []) {
        const at = entry.lastIndexOf('#');
        into.incidents.push({
          createdAt: entry.slice(0, at),
          incidentId: Number(entry.slice(at + 1)),
          priority,
          status,
        });
      }
    }
  }
};

/** How many keys one batch read takes (DynamoDB's BatchGetItem). */
const BATCH_KEYS = 100;

/** How many locations' months are read at once by Query (a user dashboard of more than a batch's keys). */
const MONTH_QUERIES_AT_ONCE = PORTFOLIO_PAGE_DEFAULT;

/** The UTC months from `first` to `last` (`YYYY-MM`), in order. */
const monthsFrom = (first: string, last: string) => {
  const months: string[] = [];
  for (let at = new Date(`${first}-01T00:00:00.000Z`); monthOf(at.toISOString()) <= last;) {
    months.push(monthOf(at.toISOString()));
    at.setUTCMonth(at.getUTCMonth() + 1);
  }
  return months;
};

/**
 * The tallies of locations over the UTC months from `from`'s to `to`'s, by location. A page of the owner's
 * dashboard (24 locations, two or three months) is one batch read of their keys: one request where a Query per
 * location is 24, and on the local host's DynamoDB requests queue. More keys than a batch takes (a user
 * dashboard of many locations, a range of many months) are read one Query of each location's months (a range
 * of its sort key), MONTH_QUERIES_AT_ONCE at a time: a Query's read units are per 4 KB of what it reads, where
 * reading by key costs half a unit a month.
 */
export const talliesBetween = async (
  db: DataService,
  locationIds: readonly number[],
  from: string,
  to: string,
): Promise<Map<number, Tallies>> => {
  const first = monthOf(from);
  const last = monthOf(to);
  const months = monthsFrom(first, last);
  const items =
    locationIds.length * months.length <= BATCH_KEYS
      ? await readByKeys(
          locationIds.flatMap((locationId) => months.map((month) => ({ locationId, month }))),
          (keys) => db.entities.locationMonth.get(keys).go(),
        )
      : (
          await mapBounded(
            locationIds,
            (locationId) =>
              readPartition((cursor) =>
                db.entities.locationMonth.query
                  .primary({ locationId })
                  .between({ month: first }, { month: last })
                  .go({ cursor }),
              ),
            MONTH_QUERIES_AT_ONCE,
          )
        ).flat();
  const tallies = new Map(
    locationIds.map((locationId): [number, Tallies] => [
      locationId,
      { reportStarts: [], flagReportStarts: [], incidents: [] },
    ]),
  );
  for (const item of items) {
    const into = tallies.get(item.locationId);
    if (into) readMonth(item, into);
  }
  return tallies;
};

type MonthItem = Pick<LocationMonthItem, 'locationId' | 'month' | 'reportStarts' | 'flags' | IncidentSet>;

/** The month tallies of a location's reports and incidents, written in one go (its history, generated data). */
export const tallyItems = (
  locationId: number,
  reports: readonly (Pick<WalkReportItem, 'startedAt'> &
    Partial<Pick<WalkReportItem, 'walkReportId' | 'flags'>>)[],
  incidents: readonly Omit<TalliedIncident, 'locationId'>[],
): MonthItem[] => {
  const months = new Map<string, MonthItem>();
  const monthFor = (instant: string) => {
    const month = monthOf(instant);
    const found = months.get(month) ?? { locationId, month };
    months.set(month, found);
    return found;
  };
  for (const { startedAt, walkReportId, flags } of reports) {
    const month = monthFor(startedAt);
    month.reportStarts = [...(month.reportStarts ?? []), msIntoMonth(startedAt)];
    // A report's flags, when it has them (generated data), each its entry (reportFlagTallies).
    if (walkReportId !== undefined && flags?.length) {
      const entries = flags.map((flag) => `${msIntoMonth(startedAt)}#${walkReportId}#${flag}`);
      month.flags = [...(month.flags ?? []), ...entries];
    }
  }
  for (const incident of incidents) {
    const set = setOf(incident);
    const month = monthFor(incident.createdAt);
    month[set] = [...(month[set] ?? []), entryOf(incident)];
  }
  return [...months.values()];
};

/**
 * Tallies a location's history, for data written before the tallies existed (the dashboard calls it once per
 * location, before its first read). Entries are set members, so a report or incident recorded meanwhile is
 * counted once whichever write lands first; the location is marked once every month is written.
 */
export const tallyHistory = async (db: DataService, locationId: number) => {
  const [{ data: reports }, { data: incidents }] = await Promise.all([
    db.entities.walkReport.query.byLocation({ locationId }).go({ pages: 'all', attributes: ['startedAt'] }),
    db.entities.incident.query
      .byLocation({ locationId })
      .go({ pages: 'all', attributes: ['incidentId', 'createdAt', 'priority', 'status'] }),
  ]);
  await mapBounded(tallyItems(locationId, reports, incidents), ({ locationId: _, month, ...sets }) =>
    db.entities.locationMonth.update({ locationId, month }).add(sets).go(),
  );
  // A location deleted meanwhile stays deleted (a patch writes only an item that is there).
  await writeIf(db.entities.location.patch({ locationId }).set({ talliedAt: new Date().toISOString() }).go());
};

/** A location's month tallies, up to `limit` keys (the location's cleanup removes them in pages). */
export const tallyKeys = async (db: DataService, locationId: number, limit: number) =>
  (
    await db.entities.locationMonth.query
      .primary({ locationId })
      .go({ count: limit, pages: 'all', attributes: ['locationId', 'month'] })
  ).data;
