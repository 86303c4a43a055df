import type { Actor } from '@sitewalk/shared/policy';
import { DASHBOARD_DEFAULT_DAYS } from '@sitewalk/shared/constants';
import type { DataService } from '../db/service.ts';
import { UNRESOLVED, type IncidentItem } from '../db/entities/incident.ts';
import type { LocationItem } from '../db/entities/location.ts';
import { getIncidents } from '../db/incidents.ts';
import { tallyHistory, talliesBetween } from '../db/tallies.ts';
import { clock } from '../ports/clock.ts';
import { BadRequestError } from './errors.ts';
import { mapBounded } from './fan-out.ts';
import { dashboardLocations } from './locations.ts';

/** The dashboard: each location's walk-report and incident counts, and the newest incidents across them. */

/** The newest incidents of the range the dashboard lists, across its locations; its counts cover all of them. */
export const DASHBOARD_INCIDENTS_SHOWN = 10;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export interface DashboardFilters {
  from?: string | undefined;
  to?: string | undefined;
  priority?: number | undefined;
  unresolvedOnly: boolean;
}

/**
 * What a card needs of its location: which one, and whether its month tallies hold its whole history (a location
 * item's `talliedAt`; `tallied` for a location whose status item was built, which tallied it: buildStatus).
 */
type CardLocation = Pick<LocationItem, 'locationId' | 'talliedAt'> | { locationId: number; tallied: true };
const isTallied = (location: CardLocation) => 'tallied' in location || location.talliedAt !== undefined;

export interface DashboardCard<L extends CardLocation = LocationItem> {
  location: L;
  walkReportStats: { last72Hours: number; lastWeek: number; flagsLastWeek: number };
  incidentCountsByPriority: { 1: number; 2: number; 3: number };
  incidents: IncidentItem[];
}

/** The order of a location's incidents (gsi1): newest first, the higher id first within one instant. */
const newestFirst = (a: { createdAt: string; incidentId: number }, b: typeof a) =>
  b.createdAt.localeCompare(a.createdAt) || b.incidentId - a.incidentId;

/**
 * Each location's card, from the locations' month tallies (a few small items per location, read in batches),
 * and the newest `DASHBOARD_INCIDENTS_SHOWN` incidents of the range across them (one batch read), each on its
 * location's card: nothing read grows with a location's history. Reports count over the 72 hours and the week
 * before `to` (default: `now`, the product's time); incidents (unresolved ones only, if asked) over `from` to
 * `to`, by priority; the list holds those of the priority asked for, if any.
 */
export const dashboardCards = async <L extends CardLocation>(
  db: DataService,
  locations: L[],
  filters: DashboardFilters,
  now: Date = clock.now(),
): Promise<DashboardCard<L>[]> => {
  const to = filters.to ?? now.toISOString();
  const from = filters.from ?? new Date(Date.parse(to) - DASHBOARD_DEFAULT_DAYS * DAY).toISOString();
  if (from > to) throw new BadRequestError('from: must not be after to', { from: ['must not be after to'] });
  const end = Date.parse(to);
  const weekAgo = end - 7 * DAY;
  const threeDaysAgo = end - 72 * HOUR;
  await mapBounded(
    locations.filter((location) => !isTallied(location)),
    ({ locationId }) => tallyHistory(db, locationId),
  );
  const tallies = await talliesBetween(
    db,
    locations.map((location) => location.locationId),
    new Date(Math.min(weekAgo, Date.parse(from))).toISOString(),
    to,
  );
  const counted = locations.map((location) => {
    const tally = tallies.get(location.locationId) ?? {
      reportStarts: [],
      flagReportStarts: [],
      incidents: [],
    };
    const week = tally.reportStarts.filter((at) => at >= weekAgo && at <= end);
    const weekFlags = tally.flagReportStarts.filter((at) => at >= weekAgo && at <= end);
    const incidents = tally.incidents.filter(
      (i) => i.createdAt >= from && i.createdAt <= to && (!filters.unresolvedOnly || i.status === UNRESOLVED),
    );
    const countOf = (priority: 1 | 2 | 3) => incidents.filter((i) => i.priority === priority).length;
    return {
      location,
      walkReportStats: {
        last72Hours: week.filter((at) => at >= threeDaysAgo).length,
        lastWeek: week.length,
        flagsLastWeek: weekFlags.length,
      },
      incidentCountsByPriority: { 1: countOf(1), 2: countOf(2), 3: countOf(3) },
      listed: incidents.filter((i) => filters.priority === undefined || i.priority === filters.priority),
    };
  });
  const shown = counted
    .flatMap((card) => card.listed)
    .sort(newestFirst)
    .slice(0, DASHBOARD_INCIDENTS_SHOWN);
  const items = (
    await getIncidents(
      db,
      shown.map((i) => i.incidentId),
    )
  ).sort(newestFirst);
  return counted.map(({ listed: _, ...card }) => ({
    ...card,
    incidents: items.filter((item) => item.locationId === card.location.locationId),
  }));
};

/**
 * The dashboard of user `userId` as `actor` sees it: the user's locations (one of them, if `locationId` is
 * given) as far as the actor may see them, and their cards. One's own scope is the actor's, read already;
 * another user's is read and checked (404 when the actor may not see them).
 */
export const dashboardOf = async (
  db: DataService,
  actor: Actor,
  userId: number,
  filters: DashboardFilters & { locationId?: number | undefined },
) => {
  const locations = await dashboardLocations(db, actor, userId, filters.locationId);
  return { locations, cards: await dashboardCards(db, locations, filters) };
};
