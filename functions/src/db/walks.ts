import type { DataService } from './service.ts';
import type { WalkItem } from './entities/walk.ts';
import { readPartition } from './bounded.ts';

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

export const createWalk = async (db: DataService, walk: NewWalk) =>
  (await db.entities.walk.create(walk).go()).data;

export const updateWalk = async (db: DataService, walkId: number, changes: WalkChanges) =>
  (await db.entities.walk.patch({ walkId }).set(changes).go({ response: 'all_new' })).data;

/** Moves the walk to the `deleted` state: its reports keep it, the location's list no longer reads it. */
export const markWalkDeleted = async (db: DataService, walkId: number, deletedAt: string) => {
  await db.entities.walk.patch({ walkId }).set({ deletedAt }).go();
};
