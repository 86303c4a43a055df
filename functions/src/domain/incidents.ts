import type { Actor, PlacementOf } from '@sitewalk/shared/policy';
import { DASHBOARD_DEFAULT_DAYS } from '@sitewalk/shared/constants';
import type { DataService } from '../db/service.ts';
import type { IncidentItem } from '../db/entities/incident.ts';
import type { LocationItem } from '../db/entities/location.ts';
import { getIncident, getIncidents } from '../db/incidents.ts';
import { tallyHistory, talliesBetween } from '../db/tallies.ts';
import { authorize } from './authorize.ts';
import { BadRequestError, ConflictError, NotFoundError } from './errors.ts';
import { mapBounded } from './fan-out.ts';
import { placedAtLiveLocation } from './placements.ts';

/** The incident rules the handler runs: who may act on one, changes that race, and the dashboard. */

export const incidentNotFound = 'Incident not found';

export type IncidentAction = 'read' | 'update' | 'note' | 'resolve' | 'delete';

const placementOf = (item: IncidentItem): PlacementOf<'incident'> => ({
  kind: 'incident',
  id: item.incidentId,
  locationId: item.locationId,
  organizationId: item.organizationId,
  managementCompanyId: item.managementCompanyId,
});

/** An incident the actor may act on, placed where its location is now; else 404 (or 403). */
export const loadIncident = async (
  db: DataService,
  actor: Actor,
  action: IncidentAction,
  incidentId: number,
  consistent = false,
) => {
  const data = await getIncident(db, incidentId, consistent);
  if (!data) throw new NotFoundError(incidentNotFound);
  const item = await placedAtLiveLocation(db, data, incidentNotFound);
  authorize(actor, action, placementOf(item), incidentNotFound);
  return item;
};

/** How often a change is tried against a fresh read when the incident changed between read and write. */
const CHANGE_ATTEMPTS = 3;

/**
 * Writes a change to an incident as last read (`write` answers false when the incident changed meanwhile, say
 * a resolve racing a priority change, so its tally entry would go astray); reads it again and retries. Answers
 * the incident as the write left it.
 */
export const changeIncident = async (
  db: DataService,
  actor: Actor,
  action: IncidentAction,
  incidentId: number,
  write: (item: IncidentItem) => Promise<boolean>,
) => {
  for (let attempt = 0; attempt < CHANGE_ATTEMPTS; attempt++) {
    const item = await loadIncident(db, actor, action, incidentId, attempt > 0);
    if (await write(item)) return item;
  }
  throw new ConflictError('The incident kept changing, please try again');
};

/** The newest incidents of the range the dashboard lists, across its locations; its counts cover all of them. */
export const DASHBOARD_INCIDENTS_SHOWN = 10;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export interface DashboardFilters {
  from?: string | undefined;
  to?: string | undefined;
  typeId?: number | undefined;
  unresolvedOnly: boolean;
}

export interface DashboardCard {
  location: LocationItem;
  walkReportStats: { last72Hours: number; lastWeek: number };
  incidentCountsByType: { 1: number; 2: number; 3: number };
  incidents: IncidentItem[];
}

const newestFirst = (a: { createdAt: string; incidentId: number }, b: typeof a) =>
  b.createdAt.localeCompare(a.createdAt) || b.incidentId - a.incidentId;

/**
 * Each location's card, from the locations' month tallies (a few small items per location, read in batches),
 * and the newest `DASHBOARD_INCIDENTS_SHOWN` incidents of the range across them (one batch read), each on its
 * location's card: nothing read grows with a location's history. Reports count over the 72 hours and the week
 * before `to`; incidents (open ones only, if asked) over `from` to `to`, by priority; the list holds those of
 * the priority asked for, if any.
 */
export const dashboardCards = async (
  db: DataService,
  locations: LocationItem[],
  filters: DashboardFilters,
): Promise<DashboardCard[]> => {
  const to = filters.to ?? new Date().toISOString();
  const from = filters.from ?? new Date(Date.parse(to) - DASHBOARD_DEFAULT_DAYS * DAY).toISOString();
  if (from > to) throw new BadRequestError('from: must not be after to', { from: ['must not be after to'] });
  const end = Date.parse(to);
  const weekAgo = end - 7 * DAY;
  const threeDaysAgo = end - 72 * HOUR;
  await mapBounded(
    locations.filter((location) => location.talliedAt === undefined),
    ({ locationId }) => tallyHistory(db, locationId),
  );
  const tallies = await talliesBetween(
    db,
    locations.map((location) => location.locationId),
    new Date(Math.min(weekAgo, Date.parse(from))).toISOString(),
    to,
  );
  const counted = locations.map((location) => {
    const tally = tallies.get(location.locationId) ?? { reportStarts: [], incidents: [] };
    const week = tally.reportStarts.filter((at) => at >= weekAgo && at <= end);
    const incidents = tally.incidents.filter(
      (i) => i.createdAt >= from && i.createdAt <= to && (!filters.unresolvedOnly || i.status === 'open'),
    );
    const countOf = (typeId: 1 | 2 | 3) => incidents.filter((i) => i.typeId === typeId).length;
    return {
      location,
      walkReportStats: {
        last72Hours: week.filter((at) => at >= threeDaysAgo).length,
        lastWeek: week.length,
      },
      incidentCountsByType: { 1: countOf(1), 2: countOf(2), 3: countOf(3) },
      listed: incidents.filter((i) => filters.typeId === undefined || i.typeId === filters.typeId),
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
