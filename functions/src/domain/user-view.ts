import type { User } from '@sitewalk/shared/schemas/user';
import { roleNames, isRoleId } from '@sitewalk/shared/roles';
import type { DataService } from '../db/service.ts';
import type { UserItem } from '../db/entities/user.ts';
import type { UserLocationItem, UserOrganizationItem } from '../db/entities/membership.ts';

const namesOf = async <K extends string, T extends { name: string }>(
  ids: number[],
  load: (keys: Record<K, number>[]) => Promise<{ data: (T & Record<K, number>)[] }>,
  key: K,
): Promise<Map<number, string>> => {
  if (ids.length === 0) return new Map();
  const { data } = await load(ids.map((id) => ({ [key]: id }) as Record<K, number>));
  return new Map(data.map((item) => [item[key], item.name]));
};

/**
 * A user as the API answers it, with the names of their company, areas and locations (one batch read
 * each). The PIN (sealed in the table) and anything else not in the contract never leave this function's
 * callers: the handler factory parses answers with the contract's schema.
 */
export const toUserView = async (
  db: DataService,
  user: UserItem,
  memberships: { userLocation: UserLocationItem[]; userOrganization: UserOrganizationItem[] },
): Promise<User> => {
  const locationIds = memberships.userLocation.map((m) => m.locationId);
  const organizationIds = memberships.userOrganization.map((m) => m.organizationId);
  const [locations, organizations, company] = await Promise.all([
    namesOf(locationIds, (keys) => db.entities.location.get(keys).go(), 'locationId'),
    namesOf(organizationIds, (keys) => db.entities.organization.get(keys).go(), 'organizationId'),
    user.managementCompanyId === undefined
      ? Promise.resolve(null)
      : db.entities.managementCompany.get({ managementCompanyId: user.managementCompanyId }).go(),
  ]);
  if (!isRoleId(user.roleId)) throw new Error(`User ${user.userId} has an unknown role ${user.roleId}`);
  return {
    id: user.userId,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email ?? null,
    phone: user.phone ?? null,
    roleId: user.roleId,
    roleName: roleNames[user.roleId],
    needsPasswordReset: user.needsPasswordReset,
    companyEmail: user.companyEmail,
    createdAt: user.createdAt,
    defaultLocationId: user.defaultLocationId ?? null,
    managementCompanyId: user.managementCompanyId ?? null,
    managementCompany: company?.data ? { name: company.data.name } : null,
    userToLocation: locationIds.map((locationId) => ({
      locationId,
      location: { name: locations.get(locationId) ?? '' },
    })),
    userToOrganization: organizationIds.map((organizationId) => ({
      organizationId,
      organization: { name: organizations.get(organizationId) ?? '' },
    })),
    hasProfileImage: user.profileImageKey !== undefined,
    hasPin: user.pinCipher !== undefined,
  };
};

/** One Query of the user's `userAccess` collection, then the view; null when there is no such user. */
export const loadUserView = async (db: DataService, userId: number): Promise<User | null> => {
  const { data } = await db.collections.userAccess({ userId }).go({ pages: 'all' });
  const user = data.user[0];
  return user ? toUserView(db, user, data) : null;
};
