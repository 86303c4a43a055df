import type { DataService } from '../db/service.ts';
import type { LocationCleanupItem } from '../db/entities/locationCleanup.ts';
import type { Storage } from '../ports/storage.ts';
import { isConditionFailure } from '../db/conditional.ts';
import { tallyKeys } from '../db/tallies.ts';
import { deleteByKeys } from '../db/bounded.ts';
import { unindexPhotoHash } from '../db/flags.ts';

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
  /** Each report with its checkpoints, notes, photos and their files. */
  reports: number;
  incidents: number;
  walks: number;
  /** Month tallies (functions/src/db/tallies.ts). */
  months: number;
  tasks: number;
  /** Alerts with their key guards and pending mails; inbox entries. */
  alerts: number;
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
};

/** Parallel work within a step (reports, users), so no step floods the table. */
const PARALLEL = 8;

/** A cleanup whose item has not changed for this long has lost its chain of events and is started again. */
export const STALLED_AFTER_MS = 5 * 60_000;

export interface CleanupDeps {
  db: DataService;
  storage: Storage;
}

export type StepOutcome = 'continued' | 'done' | 'stale';

/** Like Promise.all, but every piece settles before it fails, so a failed step leaves nothing running. */
const settleAll = async (work: Promise<unknown>[]) => {
  const failed = (await Promise.allSettled(work)).find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
};

const inBatches = async <T>(items: readonly T[], work: (item: T) => Promise<unknown>) => {
  for (let start = 0; start < items.length; start += PARALLEL) {
    await settleAll(items.slice(start, start + PARALLEL).map(work));
  }
};

const removeMemberships = async ({ db }: CleanupDeps, job: LocationCleanupItem, limit: number) => {
  const { data } = await db.entities.userLocation.query
    .byLocation({ locationId: job.locationId })
    .go({ count: limit, pages: 'all' });
  await deleteByKeys(
    data.map(({ userId, locationId }) => ({ userId, locationId })),
    (keys) => db.entities.userLocation.delete(keys).go(),
  );
  return data.length;
};

const clearDefaults = async ({ db }: CleanupDeps, job: LocationCleanupItem, limit: number) => {
  const { data } = await db.entities.user.query
    .byDefaultLocation({ defaultLocationId: job.locationId })
    .go({ count: limit, pages: 'all', attributes: ['userId'] });
  await inBatches(data, ({ userId }) =>
    db.entities.user
      .patch({ userId })
      .remove(['defaultLocationId'])
      // Only if it is still this location (the user may have chosen another since the index was read).
      .where(({ defaultLocationId }, { eq }) => eq(defaultLocationId, job.locationId))
      .go()
      .catch((error: unknown) => {
        if (!isConditionFailure(error)) throw error;
      }),
  );
  return data.length;
};

/** A report's items go first and the report item last, so a step cut short finds the report again. */
const removeReport = async ({ db, storage }: CleanupDeps, walkReportId: number) => {
  const { data } = await db.collections.report({ walkReportId }).go({ pages: 'all' });
  await storage.deleteKeys(data.markerImage.map((image) => image.key));
  // The photos' hash index entries (issue 18) go with them; the report item, deleted last, names the company.
  const managementCompanyId = data.walkReport[0]?.managementCompanyId;
  if (managementCompanyId !== undefined) {
    await inBatches(data.markerImage, ({ clientId, hash }) =>
      hash ? unindexPhotoHash(db, { managementCompanyId, walkReportId, clientId, hash }) : Promise.resolve(),
    );
  }
  const children = { walkReportId };
  await settleAll([
    deleteByKeys(
      data.completedMarker.map(({ clientId }) => ({ ...children, clientId })),
      (keys) => db.entities.completedMarker.delete(keys).go(),
    ),
    deleteByKeys(
      data.walkNote.map(({ clientId }) => ({ ...children, clientId })),
      (keys) => db.entities.walkNote.delete(keys).go(),
    ),
    deleteByKeys(
      data.markerImage.map(({ clientId }) => ({ ...children, clientId })),
      (keys) => db.entities.markerImage.delete(keys).go(),
    ),
  ]);
  const [report] = data.walkReport;
  if (report) {
    await db.entities.walkReportStart.delete({ clientId: report.clientId }).go();
    await db.entities.walkReport.delete({ walkReportId }).go();
  }
};

const removeReports = async (deps: CleanupDeps, job: LocationCleanupItem, limit: number) => {
  const { data } = await deps.db.entities.walkReport.query
    .byLocation({ locationId: job.locationId })
    .go({ count: limit, pages: 'all', attributes: ['walkReportId'] });
  await inBatches(data, ({ walkReportId }) => removeReport(deps, walkReportId));
  return data.length;
};

const removeIncidents = async ({ db, storage }: CleanupDeps, job: LocationCleanupItem, limit: number) => {
  const { data } = await db.entities.incident.query
    .byLocation({ locationId: job.locationId })
    .go({ count: limit, pages: 'all', attributes: ['incidentId', 'imageKeys', 'clientId'] });
  // Files first: an incident cut short keeps the keys of its files.
  await storage.deleteKeys(data.flatMap((incident) => incident.imageKeys ?? []));
  // Then the guards of creates sent with a client id, while the incidents still name them.
  await deleteByKeys(
    data.flatMap(({ clientId }) => (clientId === undefined ? [] : [{ clientId }])),
    (keys) => db.entities.incidentCreate.delete(keys).go(),
  );
  await deleteByKeys(
    data.map(({ incidentId }) => ({ incidentId })),
    (keys) => db.entities.incident.delete(keys).go(),
  );
  return data.length;
};

const removeTasks = async ({ db }: CleanupDeps, job: LocationCleanupItem, limit: number) => {
  const { data } = await db.entities.task.query
    .byLocation({ locationId: job.locationId })
    .go({ count: limit, pages: 'all', attributes: ['taskId'] });
  await deleteByKeys(data, (keys) => db.entities.task.delete(keys).go());
  return data.length;
};

const removeInboxEntries = async ({ db }: CleanupDeps, job: LocationCleanupItem, limit: number) => {
  const { data } = await db.entities.alertInbox.query
    .byLocation({ locationId: job.locationId })
    .go({ count: limit, pages: 'all', attributes: ['userId', 'alertId'] });
  await deleteByKeys(data, (keys) => db.entities.alertInbox.delete(keys).go());
  return data.length;
};

const removeAlerts = async ({ db }: CleanupDeps, job: LocationCleanupItem, limit: number) => {
  const { data } = await db.entities.alert.query
    .byLocation({ locationId: job.locationId })
    .go({ count: limit, pages: 'all', attributes: ['alertId', 'key'] });
  // Its pending mails and its key guard first, while the alert still names them.
  for (const { alertId } of data) {
    const { data: mails } = await db.entities.alertMail.query.primary({ alertId }).go({ pages: 'all' });
    await deleteByKeys(
      mails.map(({ userId }) => ({ alertId, userId })),
      (keys) => db.entities.alertMail.delete(keys).go(),
    );
  }
  await deleteByKeys(
    data.map(({ key }) => ({ key })),
    (keys) => db.entities.alertKey.delete(keys).go(),
  );
  await deleteByKeys(
    data.map(({ alertId }) => ({ alertId })),
    (keys) => db.entities.alert.delete(keys).go(),
  );
  return data.length;
};

const removeWalks = async ({ db }: CleanupDeps, job: LocationCleanupItem, limit: number) => {
  // Active and deleted walks alike (the state is the first part of the sort key).
  const { data } = await db.entities.walk.query
    .byLocation({ locationId: job.locationId })
    .go({ count: limit, pages: 'all', attributes: ['walkId'] });
  await deleteByKeys(
    data.map(({ walkId }) => ({ walkId })),
    (keys) => db.entities.walk.delete(keys).go(),
  );
  return data.length;
};

const removeTallies = async ({ db }: CleanupDeps, job: LocationCleanupItem, limit: number) => {
  const keys = await tallyKeys(db, job.locationId, limit);
  await deleteByKeys(keys, (page) => db.entities.locationMonth.delete(page).go());
  return keys.length;
};

/** One page of the first kind of child that has any left; 0 when nothing is left. */
const removeSome = async (deps: CleanupDeps, job: LocationCleanupItem, limits: StepLimits) =>
  (await removeMemberships(deps, job, limits.memberships)) ||
  (await clearDefaults(deps, job, limits.defaults)) ||
  (await removeReports(deps, job, limits.reports)) ||
  (await removeIncidents(deps, job, limits.incidents)) ||
  (await removeTasks(deps, job, limits.tasks)) ||
  (await removeInboxEntries(deps, job, limits.alerts)) ||
  (await removeAlerts(deps, job, limits.alerts)) ||
  (await removeWalks(deps, job, limits.walks)) ||
  (await removeTallies(deps, job, limits.months));

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
  const { db } = deps;
  const { data: job } = await db.entities.locationCleanup.get({ locationId }).go({ consistent: true });
  if (job?.step !== at) return 'stale';
  const removed = await removeSome(deps, job, limits);
  try {
    if (removed > 0) {
      // The write that starts the next step.
      await db.entities.locationCleanup
        .patch({ locationId })
        .add({ step: 1 })
        .where(({ step }, { eq }) => eq(step, at))
        .go();
      return 'continued';
    }
    await db.entities.locationTally.delete({ locationId }).go();
    await db.entities.schedule.delete({ locationId }).go();
    await db.entities.locationCleanup
      .delete({ locationId })
      .where(({ step }, { eq }) => eq(step, at))
      .go();
    return 'done';
  } catch (error) {
    if (isConditionFailure(error)) return 'stale';
    throw error;
  }
};

/**
 * Starts again every cleanup that has not moved for `stalledAfterMs` (its event failed past its retries, or the
 * local host stopped half-way): advancing `step` is the event that runs its next step.
 */
export const resumeStalledCleanups = async (
  { db }: Pick<CleanupDeps, 'db'>,
  stalledAfterMs = STALLED_AFTER_MS,
  now = Date.now(),
) => {
  const { data } = await db.entities.locationCleanup.query.pending({}).go({ pages: 'all' });
  const stalled = data.filter((job) => Date.parse(job.updatedAt ?? job.requestedAt) <= now - stalledAfterMs);
  await inBatches(stalled, (job) =>
    db.entities.locationCleanup
      .patch({ locationId: job.locationId })
      .add({ step: 1 })
      .where(({ step }, { eq }) => eq(step, job.step))
      .go()
      .catch((error: unknown) => {
        if (!isConditionFailure(error)) throw error;
      }),
  );
  return stalled.map((job) => job.locationId);
};
