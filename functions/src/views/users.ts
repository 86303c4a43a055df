import type { User } from '@sitewalk/shared/schemas/user';
import { roleNames, isRoleId } from '@sitewalk/shared/roles';
import type { DataService } from '../db/service.ts';
import type { UserItem } from '../db/entities/user.ts';
import type { UserLocationItem, UserOrganizationItem } from '../db/entities/membership.ts';
import { getLocations } from '../db/locations.ts';
import { getManagementCompany } from '../db/managementCompanies.ts';
import { getOrganizations } from '../db/organizations.ts';
import { getUserAccess } from '../db/users.ts';
import { mapBounded } from '../domain/fan-out.ts';

const namesById = <T extends { name: string }>(items: T[], id: (item: T) => number) =>
  new Map(items.map((item) => [id(item), item.name]));

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
    getLocations(db, locationIds).then((items) => namesById(items, (l) => l.locationId)),
    getOrganizations(db, organizationIds).then((items) => namesById(items, (o) => o.organizationId)),
    user.managementCompanyId === undefined ? null : getManagementCompany(db, user.managementCompanyId),
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
    managementCompany: company ? { name: company.name } : null,
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
  const access = await getUserAccess(db, userId);
  const user = access.user[0];
  return user ? toUserView(db, user, access) : null;
};

/** Views of many users: one collection query each, a few at a time (lists page first where they can). */
export const loadUserViews = (db: DataService, users: UserItem[]): Promise<User[]> =>
  mapBounded(users, async (user) => toUserView(db, user, await getUserAccess(db, user.userId)));
