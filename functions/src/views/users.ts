import type { User } from '@sitewalk/shared/schemas/user';
import { roleNames, isRoleId } from '@sitewalk/shared/roles';
import type { DataService } from '../db/service.ts';
import type { UserItem } from '../db/entities/user.ts';
import { getPlaces } from '../db/places.ts';
import { getUserAccess } from '../db/users.ts';
import { mapBounded } from '../domain/fan-out.ts';

/** A user's location and area ids, ascending. */
interface MembershipIds {
  locationIds: number[];
  organizationIds: number[];
}
interface UserWithMemberships {
  user: UserItem;
  memberships: MembershipIds;
}

const ascending = (ids: Iterable<number>) => [...ids].sort((a, b) => a - b);

/** The ids of the user's memberships as read (`getUserAccess`). */
const idsOfAccess = (access: Awaited<ReturnType<typeof getUserAccess>>): MembershipIds => ({
  locationIds: ascending(access.userLocation.map((m) => m.locationId)),
  organizationIds: ascending(access.userOrganization.map((m) => m.organizationId)),
});

/**
 * The names users' views show (their locations, with each one's area; areas and companies), in one batch read
 * for them all. A place deleted meanwhile is not found, and its membership is not shown.
 */
const namesFor = async (db: DataService, users: readonly UserWithMemberships[]) => {
  const { locations, organizations, managementCompanies } = await getPlaces(db, {
    locationIds: users.flatMap((u) => u.memberships.locationIds),
    organizationIds: users.flatMap((u) => u.memberships.organizationIds),
    managementCompanyIds: users.flatMap((u) =>
      u.user.managementCompanyId === undefined ? [] : [u.user.managementCompanyId],
    ),
  });
  return {
    locations: new Map(
      locations.map((l) => [l.locationId, { name: l.name, organizationId: l.organizationId }]),
    ),
    organizations: new Map(organizations.map((o) => [o.organizationId, o.name])),
    companies: new Map(managementCompanies.map((c) => [c.managementCompanyId, c.name])),
  };
};

/**
 * A user as the API answers it, with the names of their company, areas and locations. The PIN (sealed in the
 * table) and anything else not in the contract never leave this function's callers: the handler factory
 * parses answers with the contract's schema.
 */
const toUserView = (
  { user, memberships }: UserWithMemberships,
  names: Awaited<ReturnType<typeof namesFor>>,
): User => {
  if (!isRoleId(user.roleId)) throw new Error(`User ${user.userId} has an unknown role ${user.roleId}`);
  const companyName =
    user.managementCompanyId === undefined ? undefined : names.companies.get(user.managementCompanyId);
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
    managementCompany: companyName === undefined ? null : { name: companyName },
    userToLocation: memberships.locationIds.flatMap((locationId) => {
      const location = names.locations.get(locationId);
      return location ? [{ locationId, location }] : [];
    }),
    userToOrganization: memberships.organizationIds.flatMap((organizationId) => {
      const name = names.organizations.get(organizationId);
      return name === undefined ? [] : [{ organizationId, organization: { name } }];
    }),
    hasProfileImage: user.profileImageKey !== undefined,
    hasPin: user.pinCipher !== undefined,
  };
};

/** One Query of the user's `userAccess` collection, then the view; null when there is no such user. */
export const loadUserView = async (db: DataService, userId: number): Promise<User | null> => {
  const access = await getUserAccess(db, userId);
  const user = access.user[0];
  if (!user) return null;
  const withMemberships = { user, memberships: idsOfAccess(access) };
  return toUserView(withMemberships, await namesFor(db, [withMemberships]));
};

/**
 * Views of many users: their memberships from the ids each user item keeps (a user written before it kept
 * them: a Query of their memberships, a few at a time), then the names of all their places in one batch read.
 */
export const loadUserViews = async (db: DataService, users: UserItem[]): Promise<User[]> => {
  const withMemberships = await mapBounded(users, async (user) => ({
    user,
    memberships: user.membershipIdsKept
      ? {
          locationIds: ascending(user.locationIds ?? []),
          organizationIds: ascending(user.organizationIds ?? []),
        }
      : idsOfAccess(await getUserAccess(db, user.userId)),
  }));
  const names = await namesFor(db, withMemberships);
  return withMemberships.map((u) => toUserView(u, names));
};
