import { Role } from '@sitewalk/shared/roles';
import type { Actor } from '@sitewalk/shared/policy';
import type { DataService } from './service.ts';
import type { UserItem } from './entities/user.ts';
import { readPartition } from './bounded.ts';
import { membershipsOfLocation } from './locations.ts';
import { mapBounded } from '../domain/fan-out.ts';

/** Named access patterns of users (docs/data-model.md). */

const byLastName = (a: UserItem, b: UserItem) =>
  a.lastName.localeCompare(b.lastName, 'en', { sensitivity: 'base' }) ||
  a.firstName.localeCompare(b.firstName, 'en', { sensitivity: 'base' }) ||
  a.userId - b.userId;

/** Users by id, in one batch read, by last name. */
export const getUsers = async (db: DataService, ids: Iterable<number>): Promise<UserItem[]> => {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const { data } = await db.entities.user.get(unique.map((userId) => ({ userId }))).go();
  return data.sort(byLastName);
};

export const listAllUsers = (db: DataService) =>
  readPartition((cursor) => db.entities.user.query.all({}).go({ cursor }));

export const listUsersOfCompany = (db: DataService, managementCompanyId: number) =>
  readPartition((cursor) => db.entities.user.query.byCompany({ managementCompanyId }).go({ cursor }));

export const userIdsOfLocation = async (db: DataService, locationId: number) =>
  (await membershipsOfLocation(db, locationId)).map((m) => m.userId);

/** An area's own members and the members of its locations. */
export const userIdsOfArea = async (db: DataService, organizationId: number) => {
  const [direct, viaLocations] = await Promise.all([
    readPartition((cursor) =>
      db.entities.userOrganization.query.byOrganization({ organizationId }).go({ cursor }),
    ),
    readPartition((cursor) =>
      db.entities.userLocation.query.byOrganization({ organizationId }).go({ cursor }),
    ),
  ]);
  return [...direct, ...viaLocations].map((m) => m.userId);
};

/** The users in someone's scope (themselves included), by last name. */
export const usersInScope = async (db: DataService, scope: Actor): Promise<UserItem[]> => {
  if (scope.roleId >= Role.Admin) return (await listAllUsers(db)).sort(byLastName);
  if (scope.roleId >= Role.CompanyManager) {
    const perCompany = await mapBounded(scope.managementCompanyIds, (id) => listUsersOfCompany(db, id));
    const ids = new Set([scope.userId, ...perCompany.flat().map((u) => u.userId)]);
    return getUsers(db, ids);
  }
  const groups =
    scope.roleId === Role.AreaManager
      ? await mapBounded(scope.organizationIds, (id) => userIdsOfArea(db, id))
      : await mapBounded(scope.locationIds, (id) => userIdsOfLocation(db, id));
  return getUsers(db, [scope.userId, ...groups.flat()]);
};

/** A user's dashboard table order (at most TABLE_ORDER_MAX rows), by displayOrder then tableId. */
export const tableOrderOf = async (db: DataService, userId: number) =>
  (
    await readPartition((cursor) => db.entities.tablePreference.query.primary({ userId }).go({ cursor }))
  ).sort((a, b) => a.displayOrder - b.displayOrder || a.tableId - b.tableId);
