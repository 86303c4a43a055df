import type { User } from '@sitewalk/shared/schemas/user';
import { roleNames, isRoleId } from '@sitewalk/shared/roles';
import type { DataService } from '../db/service.ts';
import type { UserItem } from '../db/entities/user.ts';
import type { UserLocationItem, UserOrganizationItem } from '../db/entities/membership.ts';
import { getLocations } from '../db/locations.ts';
import { getManagementCompanies } from '../db/managementCompanies.ts';
import { getOrganizations } from '../db/organizations.ts';
import { getUserAccess } from '../db/users.ts';
import { mapBounded } from '../domain/fan-out.ts';

const namesById = <T extends { name: string }>(items: T[], id: (item: T) => number) =>
  new Map(items.map((item) => [id(item), item.name]));

type Memberships = { userLocation: UserLocationItem[]; userOrganization: UserOrganizationItem[] };
interface UserWithMemberships {
  user: UserItem;
  memberships: Memberships;
}

const uniqueIds = <T>(items: readonly T[], of: (item: T) => (number | undefined)[]) => [
  ...new Set(items.flatMap(of).filter((id) => id !== undefined)),
];

/** The users' companies, one batch read: they need only the user items, not their memberships. */
const companiesOf = (db: DataService, users: readonly UserItem[]) =>
  getManagementCompanies(
    db,
    uniqueIds(users, (user) => [user.managementCompanyId]),
  );

/**
 * The names users' views show (their locations, with each one's area; areas and companies): one batch read
 * of each for them all (the companies' read, `companiesOf`, when it was not started already).
 */
const namesFor = async (
  db: DataService,
  users: readonly UserWithMemberships[],
  companiesRead?: Awaited<ReturnType<typeof companiesOf>>,
) => {
  const [locations, organizations, companies] = await Promise.all([
    getLocations(
      db,
      uniqueIds(users, (u) => u.memberships.userLocation.map((m) => m.locationId)),
    ),
    getOrganizations(
      db,
      uniqueIds(users, (u) => u.memberships.userOrganization.map((m) => m.organizationId)),
    ),
    companiesRead ??
      companiesOf(
        db,
        users.map((u) => u.user),
      ),
  ]);
  return {
    locations: new Map(
      locations.map((l) => [l.locationId, { name: l.name, organizationId: l.organizationId }]),
    ),
    organizations: namesById(organizations, (o) => o.organizationId),
    companies: namesById(companies, (c) => c.managementCompanyId),
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
    userToLocation: memberships.userLocation.map(({ locationId }) => ({
      locationId,
      location: {
        name: names.locations.get(locationId)?.name ?? '',
        organizationId: names.locations.get(locationId)?.organizationId ?? null,
      },
    })),
    userToOrganization: memberships.userOrganization.map(({ organizationId }) => ({
      organizationId,
      organization: { name: names.organizations.get(organizationId) ?? '' },
    })),
    hasProfileImage: user.profileImageKey !== undefined,
    hasPin: user.pinCipher !== undefined,
  };
};

/** One Query of the user's `userAccess` collection, then the view; null when there is no such user. */
export const loadUserView = async (db: DataService, userId: number): Promise<User | null> => {
  const access = await getUserAccess(db, userId);
  const user = access.user[0];
  if (!user) return null;
  const withMemberships = { user, memberships: access };
  return toUserView(withMemberships, await namesFor(db, [withMemberships]));
};

/**
 * Views of many users: one collection query each (their memberships), a few at a time, beside their
 * companies' names, then the names of all their locations and areas in one batch read each (lists page first
 * where they can).
 */
export const loadUserViews = async (db: DataService, users: UserItem[]): Promise<User[]> => {
  const [withMemberships, companies] = await Promise.all([
    mapBounded(users, async (user) => ({
      user,
      memberships: await getUserAccess(db, user.userId),
    })),
    companiesOf(db, users),
  ]);
  const names = await namesFor(db, withMemberships, companies);
  return withMemberships.map((u) => toUserView(u, names));
};
