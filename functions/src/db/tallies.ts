import type { DataService } from './service.ts';
import type { LocationDayItem, WalkReportItem } from './entities/walkReport.ts';
import type { IncidentItem } from './entities/incident.ts';
import { mapBounded } from '../domain/fan-out.ts';
import { writeIf } from './conditional.ts';

/**
 * A location's tallies (docs/data-model.md, "The dashboard"): its running total of reports (`locationTally`)
 * and, per UTC day, the start of each report and an entry per incident by status and priority
 * (`locationDay`). Every write that changes what they count adds the updates below to its own transaction.
 */

type Transaction = Parameters<Parameters<DataService['transaction']['write']>[0]>[0];

/** The fields of an incident its tally entry is made of. */
export type TalliedIncident = Pick<
  IncidentItem,
  'incidentId' | 'locationId' | 'createdAt' | 'typeId' | 'status'
>;

type IncidentSet = `${IncidentItem['status']}${1 | 2 | 3}`;

const PRIORITIES = [1, 2, 3] as const;
const setOf = ({ status, typeId }: Pick<TalliedIncident, 'status' | 'typeId'>): IncidentSet => {
  if (typeId !== 1 && typeId !== 2 && typeId !== 3) throw new Error(`No tally for priority ${typeId}`);
  return `${status}${typeId}`;
};
const entryOf = (incident: Pick<TalliedIncident, 'createdAt' | 'incidentId'>) =>
  `${incident.createdAt}#${incident.incidentId}`;

/** The UTC day of an ISO instant, and the milliseconds since its start. */
export const dayOf = (instant: string) => instant.slice(0, 10);
const msIntoDay = (instant: string) => Date.parse(instant) - Date.parse(dayOf(instant));

/** A report started: its location's running total and the day's start times. */
export const reportStartTallies = (
  tx: Pick<Transaction, 'locationTally' | 'locationDay'>,
  report: { locationId: number; startedAt: string },
) => [
  tx.locationTally.update({ locationId: report.locationId }).add({ walkReportCount: 1 }).commit(),
  tx.locationDay
    .update({ locationId: report.locationId, day: dayOf(report.startedAt) })
    .add({ reportStarts: [msIntoDay(report.startedAt)] })
    .commit(),
];

/**
 * An incident created (`before` undefined), changed or deleted (`after` undefined): its entry leaves the set it
 * was in and joins the one it belongs to now, in one update of its day (an incident never changes day). None
 * when nothing it is counted by changed.
 */
export const incidentTallies = (
  tx: Pick<Transaction, 'locationDay'>,
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
  const day = tx.locationDay.update({ locationId: incident.locationId, day: dayOf(incident.createdAt) });
  if (from && to) return [day.delete(entry(from)).add(entry(to)).commit()];
  if (from) return [day.delete(entry(from)).commit()];
  return to ? [day.add(entry(to)).commit()] : [];
};

/** What the dashboard counts over a window: reports started, and incidents by status and priority. */
export interface DayTallies {
  /** Each report's start, epoch milliseconds. */
  reportStarts: number[];
  incidents: { createdAt: string; incidentId: number; typeId: 1 | 2 | 3; status: IncidentItem['status'] }[];
}

const readDay = (item: LocationDayItem, into: DayTallies) => {
  const start = Date.parse(item.day);
  for (const ms of item.reportStarts ?? []) into.reportStarts.push(start + ms);
  for (const status of ['open', 'resolved'] as const) {
    for (const typeId of PRIORITIES) {
      for (const entry of item[`${status}${typeId}`] ?? []) {
        const at = entry.lastIndexOf('#');
        into.incidents.push({
          createdAt: entry.slice(0, at),
          incidentId: Number(entry.slice(at + 1)),
          typeId,
          status,
        });
      }
    }
  }
};

/** A location's tallies of the UTC days from `from`'s to `to`'s, both included (one Query of small items). */
export const talliesBetween = async (
  db: DataService,
  locationId: number,
  from: string,
  to: string,
): Promise<DayTallies> => {
  const { data } = await db.entities.locationDay.query
    .primary({ locationId })
    .between({ day: dayOf(from) }, { day: dayOf(to) })
    .go({ pages: 'all' });
  const tallies: DayTallies = { reportStarts: [], incidents: [] };
  for (const item of data) readDay(item, tallies);
  return tallies;
};

type DayItem = Pick<LocationDayItem, 'locationId' | 'day' | 'reportStarts' | IncidentSet>;

/** The day tallies of a location's reports and incidents, written in one go (its history, generated data). */
export const dayTallyItems = (
  locationId: number,
  reports: readonly Pick<WalkReportItem, 'startedAt'>[],
  incidents: readonly Omit<TalliedIncident, 'locationId'>[],
): DayItem[] => {
  const days = new Map<string, DayItem>();
  const dayFor = (instant: string) => {
    const day = dayOf(instant);
    const found = days.get(day) ?? { locationId, day };
    days.set(day, found);
    return found;
  };
  for (const { startedAt } of reports) {
    const day = dayFor(startedAt);
    day.reportStarts = [...(day.reportStarts ?? []), msIntoDay(startedAt)];
  }
  for (const incident of incidents) {
    const set = setOf(incident);
    const day = dayFor(incident.createdAt);
    day[set] = [...(day[set] ?? []), entryOf(incident)];
  }
  return [...days.values()];
};

/**
 * Tallies a location's history, for data written before the tallies existed (the dashboard calls it once per
 * location, before its first read). Entries are set members, so a report or incident recorded meanwhile is
 * counted once whichever write lands first; the location is marked once every day is written.
 */
export const tallyHistory = async (db: DataService, locationId: number) => {
  const [{ data: reports }, { data: incidents }] = await Promise.all([
    db.entities.walkReport.query.byLocation({ locationId }).go({ pages: 'all', attributes: ['startedAt'] }),
    db.entities.incident.query
      .byLocation({ locationId })
      .go({ pages: 'all', attributes: ['incidentId', 'createdAt', 'typeId', 'status'] }),
  ]);
  await mapBounded(dayTallyItems(locationId, reports, incidents), ({ locationId: _, day, ...sets }) =>
    db.entities.locationDay.update({ locationId, day }).add(sets).go(),
  );
  // A location deleted meanwhile stays deleted (a patch writes only an item that is there).
  await writeIf(db.entities.location.patch({ locationId }).set({ talliedAt: new Date().toISOString() }).go());
};

/** Every day tally of a location, up to `limit` keys (the location's cleanup removes them in pages). */
export const dayTallyKeys = async (db: DataService, locationId: number, limit: number) =>
  (
    await db.entities.locationDay.query
      .primary({ locationId })
      .go({ count: limit, pages: 'all', attributes: ['locationId', 'day'] })
  ).data;
