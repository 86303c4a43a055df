import type { CreateEntityItem } from 'electrodb';
import type { DataService } from './service.ts';
import { discrepancyClosedStatus, type StatusKey } from './location-status.ts';
import type {
  LockCheckItem,
  LockDiscrepancyItem,
  LockPhotoItem,
  LockResultItem,
  lockCheckEntity,
  UnitFindingItem,
} from './entities/lockCheck.ts';
import { createOutcome, writeIf, type CreateOutcome } from './conditional.ts';
import { deleteByKeys, pageOfQuery, readPartition } from './bounded.ts';
import { writeAudited, type AuditActor, type AuditRecord } from './audit.ts';

/** Named access patterns of lock checks (docs/data-model.md, 'Lock checks'). */

type NewLockCheck = CreateEntityItem<typeof lockCheckEntity>;

export const getLockCheck = async (db: DataService, lockCheckId: number) =>
  (await db.entities.lockCheck.get({ lockCheckId }).go()).data;

/** Which check a client's start request made, and for whom. */
export const getLockCheckStart = async (db: DataService, clientId: string) =>
  (await db.entities.lockCheckStart.get({ clientId }).go()).data;

/** Starts a check in one transaction with the client's start record (first, so a retried start finds it). */
export const startLockCheck = async (db: DataService, check: NewLockCheck): Promise<CreateOutcome> => {
  const { clientId, lockCheckId, userId } = check;
  const result = await db.transaction
    .write(({ lockCheckStart, lockCheck }) => [
      lockCheckStart.create({ clientId, lockCheckId, userId }).commit(),
      lockCheck.create(check).commit(),
    ])
    .go();
  return createOutcome(result);
};

export interface StoredLockCheck {
  check: LockCheckItem;
  results: LockResultItem[];
  photos: LockPhotoItem[];
  discrepancies: LockDiscrepancyItem[];
}

/** A check with everything recorded on it (one Query of the `lockCheck` collection), or null. */
export const readLockCheck = async (
  db: DataService,
  lockCheckId: number,
): Promise<StoredLockCheck | null> => {
  const { data } = await db.collections.lockCheck({ lockCheckId }).go({ pages: 'all' });
  const check = data.lockCheck[0];
  if (!check) return null;
  return { check, results: data.lockResult, photos: data.lockPhoto, discrepancies: data.lockDiscrepancy };
};

/**
 * What recording a tap did: 'written' (the unit's result and its history), 'older' (its history only: a newer
 * tap of the unit is the result), 'repeated' (this tap was recorded before) or 'finished' (nothing: the check
 * is closed).
 */
export type TapOutcome = 'written' | 'older' | 'repeated' | 'finished';

/**
 * Records a tap in one transaction, on the condition that the check is still open: its history item (once,
 * keyed by its time and client id) and the unit's result, replaced only by a newer tap (a later `seenAt`, or the
 * same with a greater client id, so two taps of one instant settle the same way whatever their order). An
 * older tap sent late is then written to the history alone.
 */
export const recordTap = async (
  db: DataService,
  result: LockResultItem,
  finding: UnitFindingItem,
): Promise<TapOutcome> => {
  const write = (withResult: boolean) =>
    db.transaction
      .write(({ lockCheck, unitFinding, lockResult }) => [
        lockCheck
          .check({ lockCheckId: result.lockCheckId })
          .where((a, op) => op.notExists(a.finishedAt))
          .commit(),
        unitFinding.create(finding).commit(),
        ...(withResult
          ? [
              lockResult
                .put(result)
                .where(
                  (a, op) =>
                    `${op.notExists(a.seenAt)} OR ${op.lt(a.seenAt, result.seenAt)} OR (${op.eq(a.seenAt, result.seenAt)} AND ${op.lt(a.clientId, result.clientId)})`,
                )
                .commit(),
            ]
          : []),
      ])
      .go();
  for (const withResult of [true, false]) {
    const { canceled, data } = await write(withResult);
    if (!canceled) return withResult ? 'written' : 'older';
    const [open, fresh, newer] = data.map((item) => !item.rejected);
    if (!open) return 'finished';
    if (!fresh) return 'repeated';
    if (newer !== false) throw new Error('A lock check tap was refused for no condition of its own');
  }
  throw new Error('unreachable');
};

/** Whether this tap (a unit's, at a time, under a client id) was recorded before. */
export const getUnitFinding = async (
  db: DataService,
  key: Pick<UnitFindingItem, 'locationId' | 'unitKey' | 'seenAt' | 'clientId'>,
) => (await db.entities.unitFinding.get(key).go()).data;

export const getLockResult = async (db: DataService, lockCheckId: number, unitKey: string) =>
  (await db.entities.lockResult.get({ lockCheckId, unitKey }).go()).data;

/** Closes the check, with its audit entry: false when it was closed already. */
export const closeLockCheck = async (
  db: DataService,
  actor: AuditActor,
  check: Pick<
    LockCheckItem,
    'lockCheckId' | 'managementCompanyId' | 'locationId' | 'organizationId' | 'unitCount'
  >,
  finishedAt: string,
  scope: string,
) => {
  const { lockCheckId } = check;
  const record: AuditRecord = {
    managementCompanyId: check.managementCompanyId,
    action: 'finish',
    objectKind: 'lockCheck',
    objectId: lockCheckId,
    objectName: `Lock check ${lockCheckId}`,
    locationId: check.locationId,
    organizationId: check.organizationId,
    before: null,
    after: { finishedAt, scope, unitCount: check.unitCount },
  };
  const outcome = await writeAudited(db, { actor, record }, ({ lockCheck }) => [
    lockCheck
      .patch({ lockCheckId })
      .set({ finishedAt })
      .where((a, op) => op.notExists(a.finishedAt))
      .commit(),
  ]);
  return !outcome.canceled;
};

/**
 * Resolves a discrepancy with a note, counted on its check, with its audit entry: false when it was resolved
 * already.
 */
export const resolveDiscrepancy = async (
  db: DataService,
  actor: AuditActor & { firstName: string; lastName: string },
  check: Pick<LockCheckItem, 'lockCheckId' | 'managementCompanyId' | 'locationId' | 'organizationId'>,
  item: Pick<LockDiscrepancyItem, 'unitKey' | 'kind' | 'unit'>,
  resolution: { resolvedAt: string; resolution: string },
  /** Where the location's status item is now (the dashboard counts the last check's open discrepancies). */
  status: StatusKey,
) => {
  const { lockCheckId } = check;
  const record: AuditRecord = {
    managementCompanyId: check.managementCompanyId,
    action: 'resolve',
    objectKind: 'lockCheck',
    objectId: lockCheckId,
    objectName: `Lock check ${lockCheckId}: unit ${item.unit}`,
    locationId: check.locationId,
    organizationId: check.organizationId,
    before: null,
    after: { unit: item.unit, kind: item.kind, resolution: resolution.resolution },
  };
  const outcome = await writeAudited(
    db,
    { actor, record },
    ({ lockDiscrepancy, lockCheck, locationStatus }) => [
      lockDiscrepancy
        .patch({ lockCheckId, unitKey: item.unitKey, kind: item.kind })
        .set({
          ...resolution,
          resolvedBy: actor.userId,
          resolvedByFirstName: actor.firstName,
          resolvedByLastName: actor.lastName,
        })
        .where((a, op) => op.notExists(a.resolvedAt))
        .commit(),
      lockCheck.patch({ lockCheckId }).add({ resolvedCount: 1 }).commit(),
      ...discrepancyClosedStatus({ locationStatus }, status, {
        lockCheckId,
        unit: item.unitKey,
        kind: item.kind,
      }),
    ],
  );
  return !outcome.canceled;
};

/** Items a DynamoDB transaction writes at most. */
const TRANSACTION_ITEMS = 100;

/**
 * Writes a finished check's discrepancies that are not written yet, each created only where absent, so one
 * resolved meanwhile is never overwritten; a batch refused because a racing finish wrote one of its items first
 * is left to the caller's next read (it answers false).
 */
export const createDiscrepancies = async (db: DataService, items: readonly LockDiscrepancyItem[]) => {
  let allWritten = true;
  for (let at = 0; at < items.length; at += TRANSACTION_ITEMS) {
    const batch = items.slice(at, at + TRANSACTION_ITEMS);
    const { canceled } = await db.transaction
      .write(({ lockDiscrepancy }) => batch.map((item) => lockDiscrepancy.create(item).commit()))
      .go();
    if (canceled) allWritten = false;
  }
  return allWritten;
};

/** The counts a finished check's list row shows, written once its discrepancies are. */
export const setLockCheckCounts = async (
  db: DataService,
  lockCheckId: number,
  counts: { checkedCount: number; discrepancyCount: number },
) => {
  await db.entities.lockCheck.patch({ lockCheckId }).set(counts).go();
};

/** A page of a location's checks, newest first, and how many there are. */
export const lockChecksPage = (
  db: DataService,
  locationId: number,
  { offset, limit }: { offset: number; limit: number },
) =>
  pageOfQuery<LockCheckItem>(
    (options) =>
      db.entities.lockCheck.query.byLocation({ locationId }).go({ ...options, order: 'desc' } as never),
    { offset, limit, filtered: false },
  );

/**
 * The location's last finished check (finished last; its discrepancies written), with its resolved discrepancies,
 * or null: what its status item says of lock checks (`buildStatus`). Every header of the location is read (one
 * Query of gsi1; a check started earlier may have finished later).
 */
export const lastFinishedLockCheck = async (db: DataService, locationId: number) => {
  const checks = await readPartition((cursor: string | null) =>
    db.entities.lockCheck.query.byLocation({ locationId }).go({ cursor, order: 'desc' }),
  );
  let last: (LockCheckItem & { finishedAt: string; discrepancyCount: number }) | null = null;
  for (const check of checks) {
    const { finishedAt, discrepancyCount } = check;
    if (finishedAt === undefined || discrepancyCount === undefined) continue;
    if (
      !last ||
      finishedAt > last.finishedAt ||
      (finishedAt === last.finishedAt && check.lockCheckId > last.lockCheckId)
    )
      last = { ...check, finishedAt, discrepancyCount };
  }
  if (!last) return null;
  const { data } = await db.entities.lockDiscrepancy.query
    .primary({ lockCheckId: last.lockCheckId })
    .go({ pages: 'all' });
  const resolved = data.filter((d) => d.resolvedAt !== undefined);
  return { check: last, resolved: resolved.map((d) => ({ unit: d.unitKey, kind: d.kind })) };
};

/** A page of a unit's history at a location, newest first, and how many there are. */
export const unitFindingsPage = (
  db: DataService,
  locationId: number,
  unitKey: string,
  { offset, limit }: { offset: number; limit: number },
) =>
  pageOfQuery<UnitFindingItem>(
    (options) =>
      db.entities.unitFinding.query
        .primary({ locationId, unitKey })
        .go({ ...options, order: 'desc' } as never),
    { offset, limit, filtered: false },
  );

/**
 * A deleted location's cleanup step for lock checks: up to `limit` checks, each with its items (their photos'
 * files first, the header last, so a step cut short finds the check again), then up to `limit` × 100 of its
 * units' history items. Answers how many items it removed.
 */
export const deleteLockChecksOfLocation = async (
  db: DataService,
  deleteFiles: (keys: string[]) => Promise<void>,
  locationId: number,
  limit: number,
) => {
  const checks = (await db.entities.lockCheck.query.byLocation({ locationId }).go({ count: limit })).data;
  for (const { lockCheckId } of checks) {
    const stored = await readLockCheck(db, lockCheckId);
    if (!stored) continue;
    await deleteFiles(stored.photos.map((photo) => photo.key));
    await Promise.all([
      deleteByKeys(
        stored.results.map(({ unitKey }) => ({ lockCheckId, unitKey })),
        (keys) => db.entities.lockResult.delete(keys).go(),
      ),
      deleteByKeys(
        stored.photos.map(({ unitKey, clientId }) => ({ lockCheckId, unitKey, clientId })),
        (keys) => db.entities.lockPhoto.delete(keys).go(),
      ),
      deleteByKeys(
        stored.discrepancies.map(({ unitKey, kind }) => ({ lockCheckId, unitKey, kind })),
        (keys) => db.entities.lockDiscrepancy.delete(keys).go(),
      ),
    ]);
    await db.entities.lockCheck.delete({ lockCheckId }).go();
  }
  if (checks.length > 0) return checks.length;
  const findings = (await db.entities.unitFinding.query.byLocation({ locationId }).go({ count: limit * 100 }))
    .data;
  await deleteByKeys(
    findings.map(({ unitKey, seenAt, clientId }) => ({ locationId, unitKey, seenAt, clientId })),
    (keys) => db.entities.unitFinding.delete(keys).go(),
  );
  return findings.length;
};

/** The photos of one unit of a check. */
export const photosOfUnit = async (db: DataService, lockCheckId: number, unitKey: string) =>
  (await db.entities.lockPhoto.query.primary({ lockCheckId, unitKey }).go({ pages: 'all' })).data;

/** Every photo of a check (the photo items of its partition only). */
export const photosOfCheck = async (db: DataService, lockCheckId: number) =>
  (await db.entities.lockPhoto.query.primary({ lockCheckId }).go({ pages: 'all' })).data;

/** Records a photo where its client id has none yet: false when a racing copy of the request recorded one first. */
export const createLockPhoto = (db: DataService, item: LockPhotoItem) =>
  writeIf(db.entities.lockPhoto.create(item).go());

/**
 * Stores the unit read on a photo ('' when none could be), tied to the object's ETag so a repeated upload event
 * leaves it alone; false when the photo is gone or was read for this object already.
 */
export const setLockPhotoRead = (
  db: DataService,
  photo: Pick<LockPhotoItem, 'lockCheckId' | 'unitKey' | 'clientId'>,
  read: { picturedUnit: string; readEtag: string },
) =>
  writeIf(
    db.entities.lockPhoto
      .patch({ lockCheckId: photo.lockCheckId, unitKey: photo.unitKey, clientId: photo.clientId })
      .set(read)
      .where((a, op) => `${op.notExists(a.readEtag)} OR ${op.ne(a.readEtag, read.readEtag)}`)
      .go(),
  );

export const getDiscrepancy = async (
  db: DataService,
  key: Pick<LockDiscrepancyItem, 'lockCheckId' | 'unitKey' | 'kind'>,
) => (await db.entities.lockDiscrepancy.get(key).go()).data;
