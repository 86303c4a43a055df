import type { DataService } from './service.ts';
import { deleteByKeys } from './bounded.ts';
import { writeIf } from './conditional.ts';
import { unindexPhotoHash } from './flags.ts';
import { tallyKeys } from './tallies.ts';

/**
 * Named access patterns of a deleted location's cleanup (docs/data-model.md, "Deletes"): its job item, and each
 * kind of child it removes a page at a time. Each page query reads at most `limit` items by the location's index.
 */

/** Parallel writes within a page (reports, users), so no step floods the table. */
const PARALLEL = 8;

/** Like Promise.all, but every piece settles before it fails, so a failed step leaves nothing running. */
const settleAll = async (work: Promise<unknown>[]) => {
  const failed = (await Promise.allSettled(work)).find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
};

/** Runs `work` over the items, `PARALLEL` at a time, each batch settling before the next starts. */
export const inBatches = async <T>(items: readonly T[], work: (item: T) => Promise<unknown>) => {
  for (let start = 0; start < items.length; start += PARALLEL) {
    await settleAll(items.slice(start, start + PARALLEL).map(work));
  }
};

const page = { pages: 'all' } as const;

/** The cleanup job of a location, read consistently (a step must see the write that started it). */
export const getLocationCleanup = async (db: DataService, locationId: number) =>
  (await db.entities.locationCleanup.get({ locationId }).go({ consistent: true })).data;

/** Every cleanup not finished yet. */
export const pendingLocationCleanups = async (db: DataService) =>
  (await db.entities.locationCleanup.query.pending({}).go(page)).data;

/** Advances a job's `step` if it is still `at` (the write that starts the next step); false when it was not. */
export const advanceLocationCleanup = (db: DataService, locationId: number, at: number) =>
  writeIf(
    db.entities.locationCleanup
      .patch({ locationId })
      .add({ step: 1 })
      .where(({ step }, { eq }) => eq(step, at))
      .go(),
  );

/** The last step: the location's tally and schedule, then the job, if its `step` is still `at`. */
export const finishLocationCleanup = async (db: DataService, locationId: number, at: number) => {
  await db.entities.locationTally.delete({ locationId }).go();
  await db.entities.schedule.delete({ locationId }).go();
  return writeIf(
    db.entities.locationCleanup
      .delete({ locationId })
      .where(({ step }, { eq }) => eq(step, at))
      .go(),
  );
};

/** Deletes up to `limit` of the location's memberships; answers how many. */
export const deleteMembershipsOfLocation = async (db: DataService, locationId: number, limit: number) => {
  const { data } = await db.entities.userLocation.query
    .byLocation({ locationId })
    .go({ count: limit, ...page });
  await deleteByKeys(
    data.map(({ userId }) => ({ userId, locationId })),
    (keys) => db.entities.userLocation.delete(keys).go(),
  );
  return data.length;
};

/** Removes the location as the default of up to `limit` users; answers how many were found. */
export const clearDefaultLocation = async (db: DataService, locationId: number, limit: number) => {
  const { data } = await db.entities.user.query
    .byDefaultLocation({ defaultLocationId: locationId })
    .go({ count: limit, ...page, attributes: ['userId'] });
  await inBatches(data, ({ userId }) =>
    // Only if it is still this location (the user may have chosen another since the index was read).
    writeIf(
      db.entities.user
        .patch({ userId })
        .remove(['defaultLocationId'])
        .where(({ defaultLocationId }, { eq }) => eq(defaultLocationId, locationId))
        .go(),
    ),
  );
  return data.length;
};

/** Up to `limit` of the location's walk report ids. */
export const reportIdsOfLocation = async (db: DataService, locationId: number, limit: number) =>
  (
    await db.entities.walkReport.query
      .byLocation({ locationId })
      .go({ count: limit, ...page, attributes: ['walkReportId'] })
  ).data.map(({ walkReportId }) => walkReportId);

/** Everything a walk report holds (one collection query). */
export const reportContents = async (db: DataService, walkReportId: number) =>
  (await db.collections.report({ walkReportId }).go(page)).data;

type ReportContents = Awaited<ReturnType<typeof reportContents>>;

/**
 * Deletes a report's items, the report item last, so a step cut short finds the report again. The photos' hash
 * index entries go with them; the report item names their company.
 */
export const deleteReportItems = async (db: DataService, walkReportId: number, data: ReportContents) => {
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

/** Up to `limit` of the location's incidents, with their files' keys and create guards. */
export const incidentsOfDeletedLocation = async (db: DataService, locationId: number, limit: number) =>
  (
    await db.entities.incident.query
      .byLocation({ locationId })
      .go({ count: limit, ...page, attributes: ['incidentId', 'photoKeys', 'clientId'] })
  ).data;

/** Deletes incidents: the guards of creates sent with a client id first, while the incidents still name them. */
export const deleteIncidentItems = async (
  db: DataService,
  incidents: Awaited<ReturnType<typeof incidentsOfDeletedLocation>>,
) => {
  await deleteByKeys(
    incidents.flatMap(({ clientId }) => (clientId === undefined ? [] : [{ clientId }])),
    (keys) => db.entities.incidentCreate.delete(keys).go(),
  );
  await deleteByKeys(
    incidents.map(({ incidentId }) => ({ incidentId })),
    (keys) => db.entities.incident.delete(keys).go(),
  );
};

/** Deletes up to `limit` of the location's tasks; answers how many. */
export const deleteTasksOfLocation = async (db: DataService, locationId: number, limit: number) => {
  const { data } = await db.entities.task.query
    .byLocation({ locationId })
    .go({ count: limit, ...page, attributes: ['taskId'] });
  await deleteByKeys(data, (keys) => db.entities.task.delete(keys).go());
  return data.length;
};

/** Deletes up to `limit` of the inbox entries of the location's alerts; answers how many. */
export const deleteInboxEntriesOfLocation = async (db: DataService, locationId: number, limit: number) => {
  const { data } = await db.entities.alertInbox.query
    .byLocation({ locationId })
    .go({ count: limit, ...page, attributes: ['userId', 'alertId'] });
  await deleteByKeys(data, (keys) => db.entities.alertInbox.delete(keys).go());
  return data.length;
};

/** Deletes up to `limit` of the location's alerts, their pending mails and key guards first; answers how many. */
export const deleteAlertsOfLocation = async (db: DataService, locationId: number, limit: number) => {
  const { data } = await db.entities.alert.query
    .byLocation({ locationId })
    .go({ count: limit, ...page, attributes: ['alertId', 'key'] });
  for (const { alertId } of data) {
    const { data: mails } = await db.entities.alertMail.query.primary({ alertId }).go(page);
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

/** Deletes up to `limit` of the location's walks, active and deleted alike; answers how many. */
export const deleteWalksOfLocation = async (db: DataService, locationId: number, limit: number) => {
  // The state is the first part of the sort key, so the location's index holds both.
  const { data } = await db.entities.walk.query
    .byLocation({ locationId })
    .go({ count: limit, ...page, attributes: ['walkId'] });
  await deleteByKeys(
    data.map(({ walkId }) => ({ walkId })),
    (keys) => db.entities.walk.delete(keys).go(),
  );
  return data.length;
};

/** Deletes up to `limit` of the location's month tallies; answers how many. */
export const deleteTalliesOfLocation = async (db: DataService, locationId: number, limit: number) => {
  const keys = await tallyKeys(db, locationId, limit);
  await deleteByKeys(keys, (batch) => db.entities.locationMonth.delete(batch).go());
  return keys.length;
};
