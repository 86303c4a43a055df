import type { DataService } from '../db/service.ts';
import type { LocationCleanupItem } from '../db/entities/locationCleanup.ts';
import {
  advanceLocationCleanup,
  clearDefaultLocation,
  deleteAlertsOfLocation,
  deleteIncidentItems,
  deleteInboxEntriesOfLocation,
  deleteMembershipsOfLocation,
  deleteReportItems,
  deleteTalliesOfLocation,
  deleteTasksOfLocation,
  deleteWalksOfLocation,
  finishLocationCleanup,
  getLocationCleanup,
  inBatches,
  incidentsOfDeletedLocation,
  pendingLocationCleanups,
  reportContents,
  reportIdsOfLocation,
} from '../db/location-cleanup.ts';
import { deleteRostersOfLocation } from '../db/rosters.ts';
import { deleteLockChecksOfLocation } from '../db/lock-checks.ts';
import { systemClock } from '../ports/clock.ts';
import type { Storage } from '../ports/storage.ts';

/**
 * What a deleted location leaves to be removed, in bounded steps (docs/data-model.md, "Deletes"). The delete
 * request removes the location and its memberships and writes a `locationCleanup` item in the same
 * transaction; each step then removes one page of what is left and advances the item's `step`, and that
 * write, seen on the table's stream, starts the next step. State lives only in the table: a step reads what
 * is left rather than a cursor, so a step that fails half-way is simply run again.
 */

/** How much one step removes at most (one page of one kind of child). */
export interface StepLimits {
  memberships: number;
  defaults: number;
  /** Each report with its completed markers, notes, photos and their files. */
  reports: number;
  incidents: number;
  walks: number;
  /** Month tallies (functions/src/db/tallies.ts). */
  months: number;
  tasks: number;
  /** Alerts with their key guards and pending mails; inbox entries. */
  alerts: number;
  /** Unit roster versions, each with its chunks (functions/src/db/rosters.ts). */
  rosters: number;
  /** Lock checks, each with its results, photos (and their files) and discrepancies; then 100× as many unit history items. */
  lockChecks: number;
}

export const STEP_LIMITS: StepLimits = {
  memberships: 100,
  defaults: 100,
  reports: 20,
  incidents: 50,
  walks: 100,
  months: 100,
  tasks: 100,
  alerts: 50,
  rosters: 5,
  lockChecks: 5,
};

/** A cleanup whose item has not changed for this long has lost its chain of events and is started again. */
export const STALLED_AFTER_MS = 5 * 60_000;

export interface CleanupDeps {
  db: DataService;
  storage: Storage;
}

export type StepOutcome = 'continued' | 'done' | 'stale';

/** A report's files first: a report cut short keeps the keys of its photos. */
const removeReport = async ({ db, storage }: CleanupDeps, walkReportId: number) => {
  const data = await reportContents(db, walkReportId);
  await storage.deleteKeys(data.markerImage.map((photo) => photo.key));
  await deleteReportItems(db, walkReportId, data);
};

const removeReports = async (deps: CleanupDeps, job: LocationCleanupItem, limit: number) => {
  const ids = await reportIdsOfLocation(deps.db, job.locationId, limit);
  await inBatches(ids, (walkReportId) => removeReport(deps, walkReportId));
  return ids.length;
};

/** Files first: an incident cut short keeps the keys of its files. */
const removeIncidents = async ({ db, storage }: CleanupDeps, job: LocationCleanupItem, limit: number) => {
  const incidents = await incidentsOfDeletedLocation(db, job.locationId, limit);
  await storage.deleteKeys(incidents.flatMap((incident) => incident.photoKeys ?? []));
  await deleteIncidentItems(db, incidents);
  return incidents.length;
};

/** One page of the first kind of child that has any left; 0 when nothing is left. */
const removeSome = async (deps: CleanupDeps, job: LocationCleanupItem, limits: StepLimits) => {
  const { db } = deps;
  const { locationId } = job;
  return (
    (await deleteMembershipsOfLocation(db, locationId, limits.memberships)) ||
    (await clearDefaultLocation(db, locationId, limits.defaults)) ||
    (await removeReports(deps, job, limits.reports)) ||
    (await removeIncidents(deps, job, limits.incidents)) ||
    (await deleteTasksOfLocation(db, locationId, limits.tasks)) ||
    (await deleteInboxEntriesOfLocation(db, locationId, limits.alerts)) ||
    (await deleteAlertsOfLocation(db, locationId, limits.alerts)) ||
    (await deleteWalksOfLocation(db, locationId, limits.walks)) ||
    (await deleteTalliesOfLocation(db, locationId, limits.months)) ||
    (await deleteRostersOfLocation(db, locationId, limits.rosters)) ||
    (await deleteLockChecksOfLocation(
      db,
      (keys) => deps.storage.deleteKeys(keys),
      locationId,
      limits.lockChecks,
    ))
  );
};

/**
 * One step of a location's cleanup, started for the job's `step` value `at` (from the stream record). A record
 * seen twice, or one overtaken by a resumed chain, finds another value and does nothing, so one chain runs.
 */
export const runCleanupStep = async (
  deps: CleanupDeps,
  locationId: number,
  at: number,
  limits: StepLimits = STEP_LIMITS,
): Promise<StepOutcome> => {
  const job = await getLocationCleanup(deps.db, locationId);
  if (job?.step !== at) return 'stale';
  const removed = await removeSome(deps, job, limits);
  if (removed > 0) return (await advanceLocationCleanup(deps.db, locationId, at)) ? 'continued' : 'stale';
  return (await finishLocationCleanup(deps.db, locationId, at)) ? 'done' : 'stale';
};

/**
 * Starts again every cleanup that has not moved for `stalledAfterMs` (its event failed past its retries, or the
 * local host stopped half-way): advancing `step` is the event that runs its next step.
 */
export const resumeStalledCleanups = async (
  { db }: Pick<CleanupDeps, 'db'>,
  stalledAfterMs = STALLED_AFTER_MS,
  // The items' update times are the system's (ElectroDB writes them), so the system's clock judges them.
  now = systemClock.now().getTime(),
) => {
  const stalled = (await pendingLocationCleanups(db)).filter(
    (job) => Date.parse(job.updatedAt ?? job.requestedAt) <= now - stalledAfterMs,
  );
  // A chain that moved meanwhile is not stalled: its advance is refused, and that is fine.
  await inBatches(stalled, (job) => advanceLocationCleanup(db, job.locationId, job.step));
  return stalled.map((job) => job.locationId);
};
