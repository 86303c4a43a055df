import type { Actor, PlacementOf } from '@sitewalk/shared/policy';
import { DASHBOARD_DEFAULT_DAYS } from '@sitewalk/shared/constants';
import type { DataService } from '../db/service.ts';
import type { IncidentItem } from '../db/entities/incident.ts';
import type { LocationItem } from '../db/entities/location.ts';
import { getIncident, incidentsCreatedBetween } from '../db/incidents.ts';
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

/** The newest incidents each dashboard card lists; its counts cover every incident of the range. */
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
 * Each location's card, from its day tallies (one Query of small items) and, when it lists any, one key range
 * of its newest incidents: nothing read grows with a location's history. Reports count over the 72 hours and
 * the week before `to`; incidents (open ones only, if asked) over `from` to `to`, by priority, and the card
 * lists the newest `DASHBOARD_INCIDENTS_SHOWN` of them (of one priority, if asked).
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
  const firstDay = new Date(Math.min(weekAgo, Date.parse(from))).toISOString();
  return mapBounded(locations, async (location) => {
    const { locationId } = location;
    if (location.talliedAt === undefined) await tallyHistory(db, locationId);
    const tallies = await talliesBetween(db, locationId, firstDay, to);
    const week = tallies.reportStarts.filter((at) => at >= weekAgo && at <= end);
    const inRange = tallies.incidents
      .filter((i) => i.createdAt >= from && i.createdAt <= to)
      .filter((i) => !filters.unresolvedOnly || i.status === 'open');
    const countOf = (typeId: 1 | 2 | 3) => inRange.filter((i) => i.typeId === typeId).length;
    const shown = inRange
      .filter((i) => filters.typeId === undefined || i.typeId === filters.typeId)
      .sort(newestFirst)
      .slice(0, DASHBOARD_INCIDENTS_SHOWN);
    const [newest] = shown;
    const oldest = shown.at(-1);
    const ids = new Set(shown.map((i) => i.incidentId));
    const incidents =
      newest && oldest
        ? (
            await incidentsCreatedBetween(db, locationId, {
              openOnly: filters.unresolvedOnly,
              from: oldest.createdAt,
              to: newest.createdAt,
            })
          ).filter((item) => ids.has(item.incidentId))
        : [];
    return {
      location,
      walkReportStats: {
        last72Hours: week.filter((at) => at >= threeDaysAgo).length,
        lastWeek: week.length,
      },
      incidentCountsByType: { 1: countOf(1), 2: countOf(2), 3: countOf(3) },
      incidents,
    };
  });
};
