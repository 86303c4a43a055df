import type { DataService } from './service.ts';
import type { WalkItem } from './entities/walk.ts';
import { readPartition } from './bounded.ts';
import {
  AuditedChangeRefused,
  writeAuditedOrFail,
  type Audit,
  type AuditActor,
  type ChangeItems,
} from './audit.ts';
import { auditView, changedFields } from './audit-fields.ts';

/** Named access patterns of walks (docs/data-model.md). */

type NewWalk = Pick<
  WalkItem,
  'walkId' | 'locationId' | 'organizationId' | 'managementCompanyId' | 'name' | 'description' | 'markers'
>;
type WalkChanges = Pick<WalkItem, 'name' | 'description' | 'markers'>;

export const getWalk = async (db: DataService, walkId: number) =>
  (await db.entities.walk.get({ walkId }).go()).data;

/** A location's walks that are not deleted (gsi1, the `active` range). */
export const listActiveWalksOfLocation = (db: DataService, locationId: number) =>
  readPartition((cursor) =>
    db.entities.walk.query.byLocation({ locationId, state: 'active' }).go({ cursor }),
  );

const walkEntry = (walk: NewWalk) => ({
  managementCompanyId: walk.managementCompanyId,
  objectKind: 'walk' as const,
  objectId: walk.walkId,
  objectName: walk.name,
  locationId: walk.locationId,
  organizationId: walk.organizationId,
});

/** Writes the walk with its audit entry, then reads it back as written (AuditedChangeRefused when it went since). */
const writeAndReread = async (db: DataService, walkId: number, audit: Audit, changes: ChangeItems) => {
  await writeAuditedOrFail(db, audit, changes);
  const walk = await getWalk(db, walkId);
  if (!walk) throw new AuditedChangeRefused();
  return walk;
};

/** A new walk, recorded in its company's audit log. */
export const createWalk = (db: DataService, walk: NewWalk, actor: AuditActor) =>
  writeAndReread(
    db,
    walk.walkId,
    { actor, record: { ...walkEntry(walk), action: 'create', before: null, after: auditView.walk(walk) } },
    ({ walk: walks }) => [walks.create(walk).commit()],
  );

export const updateWalk = async (
  db: DataService,
  walk: WalkItem,
  changes: WalkChanges,
  actor: AuditActor,
) => {
  const fields = changedFields(auditView.walk(walk), auditView.walk({ ...walk, ...changes }));
  return writeAndReread(
    db,
    walk.walkId,
    { actor, record: { ...walkEntry({ ...walk, ...changes }), action: 'update', ...fields } },
    ({ walk: walks }) => [walks.patch({ walkId: walk.walkId }).set(changes).commit()],
  );
};

/** Moves the walk to the `deleted` state: its reports keep it, the location's list no longer reads it. */
export const markWalkDeleted = async (
  db: DataService,
  walk: WalkItem,
  deletedAt: string,
  actor: AuditActor,
) => {
  await writeAuditedOrFail(
    db,
    { actor, record: { ...walkEntry(walk), action: 'delete', before: auditView.walk(walk), after: null } },
    ({ walk: walks }) => [walks.patch({ walkId: walk.walkId }).set({ deletedAt }).commit()],
  );
};
