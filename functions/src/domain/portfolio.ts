import { Role } from '@sitewalk/shared/roles';
import { canSee, type Actor } from '@sitewalk/shared/policy';
import {
  compareAttention,
  matchesAttention,
  todayStateOf,
  type AttentionFilter,
  type TodayState,
} from '@sitewalk/shared/portfolio';
import type { PortfolioSummary } from '@sitewalk/shared/schemas/portfolio';
import { localDate } from '@sitewalk/shared/time';
import {
  occurrencesOn,
  statusAt,
  type Occurrence,
  type ScheduleTimes,
  type StatusNow,
} from '@sitewalk/shared/walk-windows';
import type { DataService } from '../db/service.ts';
import type { LocationStatusItem } from '../db/entities/locationStatus.ts';
import { compareNames, getLocation, getLocations, listLocationsOfCompany } from '../db/locations.ts';
import { listAllManagementCompanies } from '../db/managementCompanies.ts';
import { getOrganizations } from '../db/organizations.ts';
import { getSchedule } from '../db/schedules.ts';
import { reportsOfLocationStartedBetween } from '../db/walk-reports.ts';
import { incidentsOfLocation } from '../db/incidents.ts';
import { lastFinishedLockCheck } from '../db/lock-checks.ts';
import { tallyHistory } from '../db/tallies.ts';
import { tableOrderOf } from '../db/users.ts';
import {
  FLAGGED_KEPT_MS,
  deleteStatus,
  flaggedStartsOf,
  getCompanyMark,
  getStatuses,
  isCompanyMark,
  markCompanyBuilt,
  openIncidentCountsOf,
  reportTimesOf,
  restoreLastLockCheck,
  scheduleTimesOf,
  statusKeyOf,
  statusSetsOf,
  statusesOf,
  writeBuiltStatus,
  type StatusKey,
} from '../db/location-status.ts';
import { clock } from '../ports/clock.ts';
import { dashboardCards, type DashboardFilters } from './dashboard.ts';
import { BadRequestError } from './errors.ts';
import { mapBounded } from './fan-out.ts';
import { searchable } from './locations.ts';
import { searchOf } from './paging.ts';
import { organizationsInScope } from './scope.ts';
import { locationPlacement, visibleOrganization } from './placements.ts';
import { defaultSchedule } from './schedules.ts';

/**
 * The owner's dashboard at portfolio scale (issue 30): every location of the caller's scope counted and sorted
 * from its status item (docs/data-model.md, "The portfolio"), one Query per company (or area) however many
 * locations it has; the dashboard cards are read for one page of locations only.
 */

const DAY = 24 * 3_600_000;

/** A status item that holds everything (`built`), built from the location's own data when it was not. */
type BuiltStatus = LocationStatusItem & { built: true };
const isBuilt = (item: LocationStatusItem): item is BuiltStatus => item.built === true;

/**
 * Builds a location's status item from its data, for locations from before the items (or an item a racing write
 * made partly, after its location moved or went): its schedule, its reports of the last 8 days, its open
 * incidents, its last finished lock check. An item `found` at a key that is no longer the location's is deleted instead. The location's month
 * tallies are built first if they were not, so its card needs no check of its own.
 */
export const buildStatus = async (
  db: DataService,
  locationId: number,
  found: StatusKey | undefined,
  now: Date,
): Promise<BuiltStatus | null> => {
  const location = await getLocation(db, locationId);
  const key = location && statusKeyOf(location);
  if (
    found &&
    (!key ||
      key.organizationId !== found.organizationId ||
      key.managementCompanyId !== found.managementCompanyId)
  ) {
    await deleteStatus(db, found);
    return null;
  }
  if (!location || !key) return null;
  if (location.talliedAt === undefined) await tallyHistory(db, locationId);
  const [schedule, reports, open, lastCheck] = await Promise.all([
    getSchedule(db, locationId),
    reportsOfLocationStartedBetween(
      db,
      locationId,
      new Date(now.getTime() - FLAGGED_KEPT_MS).toISOString(),
      now.toISOString(),
    ),
    incidentsOfLocation(db, locationId, true),
    lastFinishedLockCheck(db, locationId),
  ]);
  const times = schedule ?? defaultSchedule(location, now);
  // A moved location's item is built again at its new key: its last lock check comes with it (before `built`).
  if (lastCheck) await restoreLastLockCheck(db, key, lastCheck.check, lastCheck.resolved);
  await writeBuiltStatus(db, location, times, statusSetsOf(reports, open, now));
  const built = await db.entities.locationStatus.get(key).go();
  return built.data && isBuilt(built.data) ? built.data : null;
};

/** Builds the items of those not built (or missing: `keys` without an item) in parallel, bounded. */
const completed = async (
  db: DataService,
  items: readonly LocationStatusItem[],
  now: Date,
): Promise<BuiltStatus[]> => {
  const built = items.filter(isBuilt);
  const rebuilt = await mapBounded(
    items.filter((item) => !isBuilt(item)),
    (item) => buildStatus(db, item.locationId, item, now),
  );
  return [...built, ...rebuilt.filter((item): item is BuiltStatus => item !== null)];
};

/**
 * A company's status items (or one area's): one Query. Once per company, the first read builds the item of every
 * location that has none (data from before the items) and writes the company's mark; a location created since
 * has its item from its create.
 */
const statusesOfCompany = async (
  db: DataService,
  managementCompanyId: number,
  organizationId: number | undefined,
  now: Date,
): Promise<BuiltStatus[]> => {
  const [items, areaMark] = await Promise.all([
    statusesOf(db, managementCompanyId, organizationId),
    organizationId === undefined ? undefined : getCompanyMark(db, managementCompanyId),
  ]);
  const marked = organizationId === undefined ? items.some(isCompanyMark) : Boolean(areaMark);
  if (!marked) {
    const all = organizationId === undefined ? items : await statusesOf(db, managementCompanyId);
    const have = new Set(all.filter(isBuilt).map((item) => item.locationId));
    const locations = await listLocationsOfCompany(db, managementCompanyId);
    await mapBounded(
      locations.filter((l) => !have.has(l.locationId)),
      (l) => buildStatus(db, l.locationId, undefined, now),
    );
    await markCompanyBuilt(db, managementCompanyId);
    return statusesOfCompany(db, managementCompanyId, organizationId, now);
  }
  return completed(
    db,
    items.filter((item) => !isCompanyMark(item)),
    now,
  );
};

/** The status items of locations by id (a scope of a few locations): their keys from the locations. */
const statusesOfLocations = async (db: DataService, locationIds: readonly number[], now: Date) => {
  const locations = await getLocations(db, locationIds);
  const items = await getStatuses(db, locations.map(statusKeyOf));
  const found = new Set(items.map((item) => item.locationId));
  const missing = locations.filter((l) => !found.has(l.locationId)).map((l) => ({ ...statusKeyOf(l) }));
  return completed(db, [...items, ...missing], now);
};

/**
 * The status items of the locations the actor may see today (as `locationsInScope`), or of one area of them
 * (404 when the actor may not see it).
 */
export const statusesInScope = async (
  db: DataService,
  actor: Actor,
  organizationId: number | undefined,
  now: Date,
): Promise<BuiltStatus[]> => {
  let items: BuiltStatus[];
  if (organizationId !== undefined) {
    const area = await visibleOrganization(db, actor, organizationId);
    items = await statusesOfCompany(db, area.managementCompanyId, organizationId, now);
  } else if (actor.roleId >= Role.Admin) {
    const companies = await listAllManagementCompanies(db);
    items = (
      await mapBounded(companies, (c) => statusesOfCompany(db, c.managementCompanyId, undefined, now))
    ).flat();
  } else if (actor.roleId >= Role.CompanyManager) {
    items = (
      await mapBounded(actor.managementCompanyIds, (id) => statusesOfCompany(db, id, undefined, now))
    ).flat();
  } else if (actor.roleId === Role.AreaManager) {
    const areas = await getOrganizations(db, actor.organizationIds);
    items = (
      await mapBounded(areas, (a) => statusesOfCompany(db, a.managementCompanyId, a.organizationId, now))
    ).flat();
  } else {
    items = await statusesOfLocations(db, actor.locationIds, now);
  }
  return items.filter((item) => canSee(actor, locationPlacement(item)));
};

/** How a location stands now, from its status item. */
export interface LocationFacts {
  item: BuiltStatus;
  state: TodayState;
  timeZone: string;
  occurrences: { occurrence: Occurrence; status: StatusNow }[];
  openIncidents: { 1: number; 2: number; 3: number };
  flaggedReportsLastWeek: number;
}

/** Today's windows of one time zone and schedule: when they span, and their statuses with no report in them. */
interface WindowsToday {
  occurrences: Occurrence[];
  span: { from: number; to: number };
  unwalked: LocationFacts['occurrences'];
}

const windowsToday = (schedule: ScheduleTimes, now: Date): WindowsToday => {
  const occurrences = occurrencesOn(schedule, localDate(now, schedule.timeZone));
  return {
    occurrences,
    span: {
      from: Math.min(...occurrences.map((o) => o.opensAt.getTime())),
      to: Math.max(...occurrences.map((o) => o.closesAt.getTime())),
    },
    unwalked: occurrences.map((occurrence) => ({ occurrence, status: statusAt(occurrence, [], now) })),
  };
};

/**
 * Each item's facts at `now`. Locations of one time zone and windows share their occurrences today (most share
 * the default windows), computed once per call, as are their statuses for a location with no report started
 * within them.
 */
export const factsOf = (items: readonly BuiltStatus[], now: Date): LocationFacts[] => {
  const today = new Map<string, WindowsToday>();
  const weekAgo = now.getTime() - 7 * DAY;
  return items.map((item) => {
    const shared = `${item.timeZone ?? ''}|${item.windows ?? ''}`;
    let windows = today.get(shared);
    if (!windows) {
      windows = windowsToday(scheduleTimesOf(item), now);
      today.set(shared, windows);
    }
    const reports = reportTimesOf(item, windows.span);
    const statuses =
      reports.length === 0
        ? windows.unwalked
        : windows.occurrences.map((occurrence) => ({
            occurrence,
            status: statusAt(occurrence, reports, now),
          }));
    return {
      item,
      state: todayStateOf(statuses.map((s) => s.status.status)),
      timeZone: item.timeZone ?? 'UTC',
      occurrences: statuses,
      openIncidents: openIncidentCountsOf(item),
      flaggedReportsLastWeek: flaggedStartsOf(item).filter((at) => at >= weekAgo && at <= now.getTime())
        .length,
    };
  });
};

export interface PortfolioScope {
  organizationId?: number | undefined;
  /** One location of the scope (the dashboard's location filter); none when the caller may not see it. */
  locationId?: number | undefined;
  show?: AttentionFilter | undefined;
  searchTerm?: string | undefined;
}

/** The facts of the locations of `facts` that the query asks for (a new array, to sort). */
const narrowed = (facts: readonly LocationFacts[], scope: PortfolioScope): LocationFacts[] => {
  const { locationId, searchTerm, show } = scope;
  const found = searchOf(
    locationId === undefined ? facts : facts.filter((f) => f.item.locationId === locationId),
    searchTerm,
    (f) => searchable(f.item),
  );
  return found.filter((f) => show === undefined || matchesAttention(show, f));
};

/** The figures of the summary, over `facts`. */
const summaryOf = (facts: readonly LocationFacts[], now: Date): PortfolioSummary => {
  const today = { walked: 0, dueSoon: 0, missed: 0, pending: 0, noWindows: 0 };
  const openIncidents = { 1: 0, 2: 0, 3: 0 };
  let flaggedReportsLastWeek = 0;
  for (const f of facts) {
    today[f.state] += 1;
    for (const priority of [1, 2, 3] as const) openIncidents[priority] += f.openIncidents[priority];
    flaggedReportsLastWeek += f.flaggedReportsLastWeek;
  }
  return {
    locationCount: facts.length,
    today,
    openIncidents,
    flaggedReportsLastWeek,
    asOf: now.toISOString(),
  };
};

/** The summary of the caller's locations (or those the query names). */
export const portfolioSummary = async (
  db: DataService,
  actor: Actor,
  scope: PortfolioScope,
  now: Date = clock.now(),
): Promise<PortfolioSummary> =>
  summaryOf(narrowed(factsOf(await statusesInScope(db, actor, scope.organizationId, now), now), scope), now);

/** The cursor of the page after `offset` locations: opaque to clients, checked when it comes back. */
const CURSOR_PREFIX = 'p1.';
export const encodeCursor = (offset: number) =>
  Buffer.from(`${CURSOR_PREFIX}${offset}`).toString('base64url');
const decodeCursor = (cursor: string | undefined) => {
  if (cursor === undefined) return 0;
  const text = Buffer.from(cursor, 'base64url').toString();
  const offset = Number(text.slice(CURSOR_PREFIX.length));
  if (!text.startsWith(CURSOR_PREFIX) || !Number.isSafeInteger(offset) || offset < 0) {
    throw new BadRequestError('cursor: not a cursor this list gave', {
      cursor: ['not a cursor this list gave'],
    });
  }
  return offset;
};

export interface PortfolioPageQuery extends PortfolioScope, DashboardFilters {
  cursor?: string | undefined;
  limit: number;
  order: 'attention' | 'mine';
}

/**
 * A page of the caller's locations (or those the query names): in `attention` order, by area name, then
 * `compareAttention`, then name; in `mine`, the caller's saved table order (user.tableOrder, by location), then
 * name. Each with its area and its dashboard card, read for the page's locations only. The cursor is the offset
 * of the next page: a location whose state changes between two pages may move across them.
 */
export const portfolioPage = async (
  db: DataService,
  actor: Actor,
  query: PortfolioPageQuery,
  now: Date = clock.now(),
) => {
  const offset = decodeCursor(query.cursor);
  // The areas of the scope are read beside its locations (a location-scoped caller's, after them).
  const [items, inScope, saved] = await Promise.all([
    statusesInScope(db, actor, query.organizationId, now),
    organizationsInScope(db, actor),
    query.order === 'mine' ? tableOrderOf(db, actor.userId) : [],
  ]);
  const ofScope = factsOf(items, now);
  const facts = narrowed(ofScope, query);
  const byName = (a: LocationFacts, b: LocationFacts) =>
    compareNames(a.item.name ?? '', b.item.name ?? '') || a.item.locationId - b.item.locationId;
  const areaNames = new Map(inScope.map((a) => [a.organizationId, a.name]));
  const unnamed = [...new Set(facts.map((f) => f.item.organizationId))].filter((id) => !areaNames.has(id));
  for (const area of await getOrganizations(db, unnamed)) areaNames.set(area.organizationId, area.name);
  const areaName = (f: LocationFacts) => areaNames.get(f.item.organizationId) ?? '';
  if (query.order === 'mine') {
    const position = new Map(saved.map((row) => [row.tableId, row.displayOrder]));
    const at = (f: LocationFacts) => position.get(f.item.locationId) ?? Number.POSITIVE_INFINITY;
    facts.sort((a, b) => (at(a) === at(b) ? 0 : at(a) < at(b) ? -1 : 1) || byName(a, b));
  } else {
    facts.sort((a, b) => compareNames(areaName(a), areaName(b)) || compareAttention(a, b) || byName(a, b));
  }
  const shown = facts.slice(offset, offset + query.limit);
  // The status item's build tallied the location's history (buildStatus): the cards need not check.
  const cards = await dashboardCards(
    db,
    shown.map((f) => ({ ...f, locationId: f.item.locationId, tallied: true })),
    query,
    now,
  );
  return {
    rows: cards.map(({ location: { item, ...facts }, ...card }) => ({
      facts: { item, ...facts },
      area: { id: item.organizationId, name: areaNames.get(item.organizationId) ?? '' },
      card,
    })),
    nextCursor: offset + query.limit < facts.length ? encodeCursor(offset + query.limit) : null,
    totalCount: facts.length,
    // The first page carries the summary of the area asked for (or the whole scope), from the items it read.
    ...(offset === 0 ? { summary: summaryOf(ofScope, now) } : {}),
  };
};
