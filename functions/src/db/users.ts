import { Role } from '@sitewalk/shared/roles';
import type { Actor } from '@sitewalk/shared/policy';
import type { DataService } from './service.ts';
import { queueMailItem, type OutboxMail } from './mail-outbox.ts';
import type { CreateUserItem, UserItem } from './entities/user.ts';
import { NO_COMPANY, stageTotal, tallyMoved } from './company-tallies.ts';
import { mapBounded, pageOfSearchedQuery, readByKeys, readPartition, type PageAsked } from './bounded.ts';
import { membershipsOfLocation } from './locations.ts';
import {
  AuditedChangeRefused,
  claimAuditEntries,
  SYSTEM_LOG,
  writeAudited,
  writeAuditedOrFail,
  type AuditActor,
  type AuditRecord,
} from './audit.ts';
import { auditView, changedFields, imageChange } from './audit-fields.ts';
import { unchangedSince } from './conditional.ts';
import { areaMembersChanged, areasTouched, membershipsByArea } from './area-members.ts';

type Transaction = Parameters<Parameters<DataService['transaction']['write']>[0]>[0];

/** Named access patterns of users (docs/data-model.md). */

export interface LocationMembership {
  locationId: number;
  organizationId: number;
  managementCompanyId: number;
}
export interface OrganizationMembership {
  organizationId: number;
  managementCompanyId: number;
}

/** Users by last name, then first name, then id. */
export const byLastName = (a: UserItem, b: UserItem) =>
  a.lastName.localeCompare(b.lastName, 'en', { sensitivity: 'base' }) ||
  a.firstName.localeCompare(b.firstName, 'en', { sensitivity: 'base' }) ||
  a.userId - b.userId;

/** The user with all their memberships and ended sessions, in one Query of the `userAccess` collection. */
export const getUserAccess = async (db: DataService, userId: number) =>
  (await db.collections.userAccess({ userId }).go({ pages: 'all' })).data;

export const getUser = async (db: DataService, userId: number) =>
  (await db.entities.user.get({ userId }).go()).data;

/** Users by id, in one batch read, by last name. */
export const getUsers = async (db: DataService, ids: Iterable<number>): Promise<UserItem[]> => {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const users = await readByKeys(
    unique.map((userId) => ({ userId })),
    (keys) => db.entities.user.get(keys).go(),
  );
  return users.sort(byLastName);
};

/** Whose e-mail this is (e-mails are stored lower-cased), or null. */
export const userIdOfEmail = async (db: DataService, email: string) =>
  (await db.entities.userEmail.get({ email }).go()).data?.userId ?? null;

export const listAllUsers = (db: DataService) =>
  readPartition((cursor) => db.entities.user.query.all({}).go({ cursor }));

/**
 * A page of every user of the stage (a global scope's list), by last name (gsi2), searched over full name,
 * e-mail, phone and role: one Query beside the stage's total (db/company-tallies.ts), or with a search the
 * count of its matches; not the whole partition.
 */
export const pageOfStageUsers = (db: DataService, asked: PageAsked) =>
  pageOfSearchedQuery<UserItem>(
    asked,
    (needle) => (options) => {
      const query = db.entities.user.query.all({});
      const searched = needle
        ? query.where(({ searchText }, { contains }) => contains(searchText, needle))
        : query;
      return searched.go(options as never);
    },
    () => stageTotal(db, 'users'),
  );

export const listUsersOfCompany = (db: DataService, managementCompanyId: number) =>
  readPartition((cursor) => db.entities.user.query.byCompany({ managementCompanyId }).go({ cursor }));

export const userIdsOfLocation = async (db: DataService, locationId: number) =>
  (await membershipsOfLocation(db, locationId)).map((m) => m.userId);

/** The members of an area itself (its Area Managers), not of its locations. */
export const ownMemberIdsOfOrganization = async (db: DataService, organizationId: number) =>
  (
    await readPartition((cursor) =>
      db.entities.userOrganization.query.byOrganization({ organizationId }).go({ cursor }),
    )
  ).map((m) => m.userId);

/** The distinct users of an organization: its own members and the members of its locations (two queries). */
export const userIdsOfOrganization = async (db: DataService, organizationId: number) => {
  const [direct, viaLocations] = await Promise.all([
    readPartition((cursor) =>
      db.entities.userOrganization.query.byOrganization({ organizationId }).go({ cursor }),
    ),
    readPartition((cursor) =>
      db.entities.userLocation.query.byOrganization({ organizationId }).go({ cursor }),
    ),
  ]);
  return [...new Set([...direct, ...viaLocations].map((m) => m.userId))];
};

/** The users in someone's scope (themselves included), by last name. */
export const usersInScope = async (db: DataService, scope: Actor): Promise<UserItem[]> => {
  if (scope.roleId >= Role.Admin) return (await listAllUsers(db)).sort(byLastName);
  if (scope.roleId >= Role.CompanyManager) {
    // The company index holds whole users (its projection is ALL): they are not read again by key.
    const listed = (await mapBounded(scope.managementCompanyIds, (id) => listUsersOfCompany(db, id))).flat();
    const self = listed.some((u) => u.userId === scope.userId) ? [] : await getUsers(db, [scope.userId]);
    return [...new Map([...listed, ...self].map((u) => [u.userId, u])).values()].sort(byLastName);
  }
  const groups =
    scope.roleId === Role.AreaManager
      ? await mapBounded(scope.organizationIds, (id) => userIdsOfOrganization(db, id))
      : await mapBounded(scope.locationIds, (id) => userIdsOfLocation(db, id));
  return getUsers(db, [scope.userId, ...groups.flat()]);
};

const userEntry = (user: Pick<UserItem, 'userId' | 'firstName' | 'lastName' | 'managementCompanyId'>) => ({
  // A Super User or Admin belongs to no company: their changes go to the system log.
  managementCompanyId: user.managementCompanyId ?? SYSTEM_LOG,
  objectKind: 'user' as const,
  objectId: user.userId,
  objectName: `${user.firstName} ${user.lastName}`,
});

/** A new profile image's object key (its upload URL is handed out now), recorded in the log as a new image. */
export const setProfileImageKey = (
  db: DataService,
  user: UserItem,
  profileImageKey: string,
  actor: AuditActor,
) =>
  writeAuditedOrFail(
    db,
    {
      actor,
      record: { ...userEntry(user), action: 'update', ...imageChange('profileImage', user.profileImageKey) },
    },
    ({ user: users }) => [users.patch({ userId: user.userId }).set({ profileImageKey }).commit()],
  );

const idsOf = <K extends string>(items: readonly Record<K, number>[], key: K) =>
  items.map((item) => item[key]).sort((a, b) => a - b);

/**
 * A user's membership ids as the user item keeps them (`locationIds`, `organizationIds`): the sets, and the
 * empty ones to remove (DynamoDB stores no empty set).
 */
const keptMembershipIds = (locationIds: readonly number[], organizationIds: readonly number[]) => ({
  set: {
    membershipIdsKept: true,
    ...(locationIds.length ? { locationIds: [...locationIds] } : {}),
    ...(organizationIds.length ? { organizationIds: [...organizationIds] } : {}),
  },
  removed: [
    ...(locationIds.length ? [] : ['locationIds' as const]),
    ...(organizationIds.length ? [] : ['organizationIds' as const]),
  ],
});

/** The user's membership ids from their memberships as read (`getUserAccess`), in the item's form. */
export const membershipIdsOf = (access: {
  userLocation: readonly { locationId: number }[];
  userOrganization: readonly { organizationId: number }[];
}) =>
  keptMembershipIds(
    idsOf(access.userLocation, 'locationId'),
    idsOf(access.userOrganization, 'organizationId'),
  );

/** Sets whether a company manager is the company's e-mail contact; false when the user went meanwhile. */
export const setCompanyEmail = async (
  db: DataService,
  user: UserItem,
  companyEmail: boolean,
  actor: AuditActor,
) => {
  const fields = changedFields(auditView.user(user), auditView.user({ ...user, companyEmail }));
  const outcome = await writeAudited(
    db,
    { actor, record: { ...userEntry(user), action: 'update', ...fields } },
    ({ user: users }) => [users.patch({ userId: user.userId }).set({ companyEmail }).commit()],
  );
  return !outcome.canceled;
};

/**
 * Records that `actor` was shown the user's PIN: an entry of the user's log with nothing changed (no before,
 * no after, never the PIN), written before the PIN is answered.
 */
export const recordPinReveal = (db: DataService, user: UserItem, actor: AuditActor) =>
  writeAuditedOrFail(
    db,
    { actor, record: { ...userEntry(user), action: 'revealPin', before: null, after: null } },
    () => [],
  );

export const setNeedsPasswordReset = (db: DataService, userId: number, needsPasswordReset: boolean) =>
  db.entities.user.patch({ userId }).set({ needsPasswordReset }).go();

/**
 * Refuses the user's access tokens signed in before `cutOff` (epoch milliseconds); with `needsPasswordReset`,
 * sets that in the same write. With `passwordChangedBy` (a new password ends every session), that write also
 * records the change in the audit log: `passwordChanged`, never the password.
 */
export const setTokenCutOff = async (
  db: DataService,
  userId: number,
  cutOff: number,
  needsPasswordReset?: boolean,
  passwordChangedBy?: AuditActor,
) => {
  const set = {
    tokensValidAfter: cutOff,
    ...(needsPasswordReset === undefined ? {} : { needsPasswordReset }),
  };
  if (!passwordChangedBy) {
    await db.entities.user.patch({ userId }).set(set).go();
    return;
  }
  const user = await getUser(db, userId);
  if (!user) throw new AuditedChangeRefused();
  await writeAuditedOrFail(
    db,
    {
      actor: passwordChangedBy,
      record: { ...userEntry(user), action: 'update', before: {}, after: { passwordChanged: true } },
    },
    ({ user: users }) => [users.patch({ userId }).set(set).commit()],
  );
};

/** Records that `actor` turned off the user's two-step verification, in the audit log with the change. */
export const recordMfaReset = (db: DataService, user: UserItem, actor: AuditActor, at: Date) =>
  writeAuditedOrFail(
    db,
    { actor, record: { ...userEntry(user), action: 'update', before: {}, after: { mfaReset: true } } },
    ({ user: users }) => [
      users.patch({ userId: user.userId }).set({ mfaResetAt: at.toISOString() }).commit(),
    ],
  );

/** One change of a user: their fields, e-mail guard and memberships, written together or not at all. */
export interface UserChange {
  user: UserItem;
  set: Record<string, unknown>;
  clearsDefault: boolean;
  /** A default location whose membership the transaction checks still holds. */
  checkedDefault: number | undefined;
  newEmail: string | undefined;
  /** Memberships that go, with the area each was in as read. */
  removedLocations: readonly Pick<LocationMembership, 'locationId' | 'organizationId'>[];
  removedOrganizationIds: readonly number[];
  addedLocations: readonly LocationMembership[];
  addedOrganizations: readonly OrganizationMembership[];
  /** The user's location and area ids after the change (the user item keeps them: `keptMembershipIds`). */
  locationIdsAfter: readonly number[];
  organizationIdsAfter: readonly number[];
  /** The notice of a changed e-mail to the old address, queued in the outbox in the same transaction. */
  notice?: { mail: OutboxMail; now: Date } | undefined;
}

/**
 * The index key parts a patch does not set, so ElectroDB can rebuild the keys; it also checks they still
 * hold their current values, so they must not include what is being changed.
 */
const unchangedKeyParts = (user: UserItem, set: Record<string, unknown>) =>
  Object.fromEntries(
    (['firstName', 'lastName', 'managementCompanyId'] as const)
      .filter((key) => !(key in set) && user[key] !== undefined)
      .map((key) => [key, user[key]]),
  );

/**
 * The fields the search text is made of that the user has: a change writes every one with its own, since
 * the search text's setter sees only the attributes of its write.
 */
export const searchFields = (user: UserItem) =>
  Object.fromEntries(
    (['firstName', 'lastName', 'email', 'phone', 'roleId'] as const)
      .filter((key) => user[key] !== undefined)
      .map((key) => [key, user[key]]),
  );

/** The company a change moves the user to, if it moves them (an Admin's move): their tallies move too. */
const companyMovedTo = ({ user, set }: Pick<UserChange, 'user' | 'set'>) => {
  const to = (set as Partial<UserItem>).managementCompanyId;
  return to !== undefined && to !== user.managementCompanyId ? to : undefined;
};

/** How a change of a user's memberships moves their areas' kept totals (db/area-members.ts). */
const areaChangesOf = (change: UserChange) => [
  ...membershipsByArea('left', change.user.userId, change.removedLocations, change.removedOrganizationIds),
  ...membershipsByArea(
    'joined',
    change.user.userId,
    change.addedLocations,
    idsOf(change.addedOrganizations, 'organizationId'),
  ),
];

/** A location membership's delete, only from the area as read (a move meanwhile took it elsewhere). */
const membershipLeft = (
  userLocation: Transaction['userLocation'],
  userId: number,
  { locationId, organizationId }: Pick<LocationMembership, 'locationId' | 'organizationId'>,
) =>
  userLocation
    .delete({ userId, locationId })
    .where((a, op) => op.eq(a.organizationId, organizationId))
    .commit();

/** At most the items `writeUserChange` writes (DynamoDB takes TRANSACTION_MAX_ITEMS in one). */
export const itemsOfUserChange = (change: UserChange) =>
  1 +
  (companyMovedTo(change) === undefined ? 0 : 2) +
  (change.notice === undefined ? 0 : 1) +
  (change.newEmail === undefined ? 0 : 2) +
  (change.checkedDefault === undefined ? 0 : 1) +
  change.removedLocations.length +
  change.removedOrganizationIds.length +
  change.addedLocations.length +
  change.addedOrganizations.length +
  areasTouched(areaChangesOf(change));

/** False when the transaction was cancelled (the user changed or went meanwhile). */
export const writeUserChange = async (db: DataService, change: UserChange, actor: AuditActor) => {
  const { user, checkedDefault, newEmail } = change;
  const set = { ...searchFields(user), ...change.set };
  const { userId } = user;
  const after: Record<string, unknown> = { ...user, ...set };
  if (change.clearsDefault) delete after.defaultLocationId;
  const fields = changedFields(auditView.user(user), auditView.user(after));
  const memberships = {
    ...(change.addedLocations.length ? { addedLocationIds: idsOf(change.addedLocations, 'locationId') } : {}),
    ...(change.removedLocations.length
      ? { removedLocationIds: idsOf(change.removedLocations, 'locationId') }
      : {}),
    ...(change.addedOrganizations.length
      ? { addedOrganizationIds: idsOf(change.addedOrganizations, 'organizationId') }
      : {}),
    ...(change.removedOrganizationIds.length
      ? { removedOrganizationIds: [...change.removedOrganizationIds].sort() }
      : {}),
  };
  const record: AuditRecord = {
    ...userEntry({ ...user, ...(set as Partial<UserItem>) }),
    action: 'update',
    before: fields.before,
    // A new PIN is recorded as changed, never its value (nor its sealed form).
    after: { ...fields.after, ...(set.pinCipher !== undefined ? { pinChanged: true } : {}), ...memberships },
  };
  const movedTo = companyMovedTo(change);
  const movedFrom = user.managementCompanyId ?? NO_COMPANY;
  // New memberships write the user's id sets whole, over the user as read: a join meanwhile (which adds to
  // them) cancels this change rather than being dropped from them.
  const membershipsChange =
    change.removedLocations.length +
      change.removedOrganizationIds.length +
      change.addedLocations.length +
      change.addedOrganizations.length >
    0;
  const kept = membershipsChange
    ? keptMembershipIds(change.locationIdsAfter, change.organizationIdsAfter)
    : { set: {}, removed: [] };
  const removed = [...(change.clearsDefault ? ['defaultLocationId' as const] : []), ...kept.removed];
  const outcome = await writeAudited(
    db,
    { actor, record },
    ({ user: users, userEmail, userLocation, userOrganization, mailOutbox, companyTally }) => [
      ((patch) =>
        movedTo === undefined
          ? patch
          : // A move between companies moves their tallies: only from the company as read, so two racing
            // moves cannot both take the user from it.
            patch.where((attributes, op) =>
              user.managementCompanyId === undefined
                ? op.notExists(attributes.managementCompanyId)
                : op.eq(attributes.managementCompanyId, user.managementCompanyId),
            ))(
        ((patch) => (membershipsChange ? patch.where(unchangedSince(user.updatedAt)) : patch))(
          (removed.length
            ? users
                .patch({ userId })
                .set({ ...set, ...kept.set })
                .remove(removed)
            : users.patch({ userId }).set({ ...set, ...kept.set })
          ).composite(unchangedKeyParts(user, set)),
        ),
      ).commit(),
      ...(movedTo === undefined
        ? []
        : [
            tallyMoved({ companyTally }, movedFrom, 'users', -1),
            tallyMoved({ companyTally }, movedTo, 'users', 1),
          ]),
      ...(checkedDefault === undefined
        ? []
        : [
            userLocation
              .check({ userId, locationId: checkedDefault })
              .where((a, op) => op.exists(a.locationId))
              .commit(),
          ]),
      ...(newEmail !== undefined && user.email ? [userEmail.delete({ email: user.email }).commit()] : []),
      ...(newEmail === undefined ? [] : [userEmail.create({ email: newEmail, userId }).commit()]),
      ...change.removedLocations.map((m) => membershipLeft(userLocation, userId, m)),
      ...change.removedOrganizationIds.map((organizationId) =>
        userOrganization.delete({ userId, organizationId }).commit(),
      ),
      ...change.addedLocations.map((l) => userLocation.create({ userId, ...l }).commit()),
      ...change.addedOrganizations.map((o) => userOrganization.create({ userId, ...o }).commit()),
      ...areaMembersChanged(db, areaChangesOf(change)),
      ...(change.notice ? [queueMailItem({ mailOutbox }, change.notice.mail, change.notice.now)] : []),
    ],
  );
  return !outcome.canceled;
};

/** A user's dashboard table order (at most TABLE_ORDER_MAX rows), by displayOrder then tableId. */
export const tableOrderOf = async (db: DataService, userId: number) =>
  (
    await readPartition((cursor) => db.entities.tablePreference.query.primary({ userId }).go({ cursor }))
  ).sort((a, b) => a.displayOrder - b.displayOrder || a.tableId - b.tableId);

interface TableOrder {
  tableId: number;
  tableName: string;
  displayOrder: number;
}

/** Moves a table's saved order in place: its id, or null when the table has none yet. */
export const moveTableOrder = async (db: DataService, userId: number, order: TableOrder) => {
  const key = { userId, tableId: order.tableId };
  const { data } = await db.entities.tablePreference.get(key).go();
  if (!data) return null;
  await db.entities.tablePreference
    .patch(key)
    .set({ tableName: order.tableName, displayOrder: order.displayOrder })
    .go();
  return data.tablePreferenceId;
};

/** Saves a table's first order; refused (thrown) when another save of the same table came first. */
export const createTableOrder = (
  db: DataService,
  userId: number,
  tablePreferenceId: number,
  order: TableOrder,
) => db.entities.tablePreference.create({ userId, tablePreferenceId, ...order }).go();

/** Deletes a user's table order, in batches, and their dashboard view. */
export const deleteTableOrder = async (db: DataService, userId: number) => {
  const order = await tableOrderOf(db, userId);
  if (order.length)
    await db.entities.tablePreference.delete(order.map((p) => ({ userId, tableId: p.tableId }))).go();
  await db.entities.dashboardView.delete({ userId }).go();
};

/** How a user's dashboard shows its locations: cards until they choose. */
export const dashboardViewOf = async (db: DataService, userId: number) =>
  (await db.entities.dashboardView.get({ userId }).go()).data?.view ?? 'cards';

export const setDashboardView = async (db: DataService, userId: number, view: 'cards' | 'table') => {
  await db.entities.dashboardView.put({ userId, view }).go();
  return view;
};

type NewUser = CreateUserItem & { userId: number };

/** The audit record of a new user with these memberships. */
const userCreated = (
  item: NewUser,
  locations: readonly LocationMembership[],
  organizations: readonly OrganizationMembership[],
): AuditRecord => ({
  ...userEntry(item),
  action: 'create',
  before: null,
  after: {
    ...auditView.user(item),
    locationIds: idsOf(locations, 'locationId'),
    organizationIds: idsOf(organizations, 'organizationId'),
  },
});

/** A new user with their e-mail guard and memberships, in one transaction; false when it was cancelled. */
export const createUserWithMemberships = async (
  db: DataService,
  item: NewUser,
  locations: readonly LocationMembership[],
  organizations: readonly OrganizationMembership[],
  actor: AuditActor,
) => {
  const { userId, email } = item;
  const outcome = await writeAudited(
    db,
    { actor, record: userCreated(item, locations, organizations) },
    ({ user, userEmail, userLocation, userOrganization, companyTally }) => [
      user
        .create({
          ...item,
          ...keptMembershipIds(idsOf(locations, 'locationId'), idsOf(organizations, 'organizationId')).set,
        })
        .commit(),
      tallyMoved({ companyTally }, item.managementCompanyId ?? NO_COMPANY, 'users', 1),
      ...(email ? [userEmail.create({ email, userId }).commit()] : []),
      ...locations.map((l) => userLocation.create({ userId, ...l }).commit()),
      ...organizations.map((o) => userOrganization.create({ userId, ...o }).commit()),
      ...areaMembersChanged(
        db,
        membershipsByArea('joined', userId, locations, idsOf(organizations, 'organizationId')),
      ),
    ],
  );
  return !outcome.canceled;
};

/**
 * The items createUserWithMemberships writes for each of many new users of one company, and their audit
 * entries (claimAuditEntries: the log's head is moved over them here), for a bulk load that writes them itself
 * in batches (the demo generator). None of its conditions is checked: the users must be new and their
 * e-mails free.
 */
export const newUsersInBulk = async (
  db: DataService,
  managementCompanyId: number,
  users: readonly {
    item: NewUser;
    locations: readonly LocationMembership[];
    organizations: readonly OrganizationMembership[];
  }[],
  actor: AuditActor,
) => ({
  users: users.map(({ item, locations, organizations }) => ({
    ...item,
    ...keptMembershipIds(idsOf(locations, 'locationId'), idsOf(organizations, 'organizationId')).set,
  })),
  userEmails: users.flatMap(({ item: { email, userId } }) => (email ? [{ email, userId }] : [])),
  userLocations: users.flatMap(({ item, locations }) =>
    locations.map((l) => ({ userId: item.userId, ...l })),
  ),
  userOrganizations: users.flatMap(({ item, organizations }) =>
    organizations.map((o) => ({ userId: item.userId, ...o })),
  ),
  auditEntries: await claimAuditEntries(
    db,
    managementCompanyId,
    actor,
    users.map(({ item, locations, organizations }) => userCreated(item, locations, organizations)),
  ),
});

/** A user with their e-mail guard and memberships, in one transaction; false when it was cancelled. */
export const deleteUserWithMemberships = async (
  db: DataService,
  access: Awaited<ReturnType<typeof getUserAccess>>,
  actor: AuditActor,
) => {
  const [found] = access.user;
  if (!found) return false;
  const { userId, email } = found;
  const record: AuditRecord = {
    ...userEntry(found),
    action: 'delete',
    before: {
      ...auditView.user(found),
      locationIds: idsOf(access.userLocation, 'locationId'),
      organizationIds: idsOf(access.userOrganization, 'organizationId'),
    },
    after: null,
  };
  const outcome = await writeAudited(
    db,
    { actor, record },
    ({ user, userEmail, userLocation, userOrganization, companyTally }) => [
      // Only while it exists, so two deletes that race move the company's tally once.
      user
        .delete({ userId })
        .where((attributes, { exists }) => exists(attributes.userId))
        .commit(),
      tallyMoved({ companyTally }, found.managementCompanyId ?? NO_COMPANY, 'users', -1),
      ...(email ? [userEmail.delete({ email }).commit()] : []),
      ...access.userLocation.map((m) => membershipLeft(userLocation, userId, m)),
      ...access.userOrganization.map((m) =>
        userOrganization.delete({ userId, organizationId: m.organizationId }).commit(),
      ),
      ...areaMembersChanged(
        db,
        membershipsByArea(
          'left',
          userId,
          access.userLocation,
          idsOf(access.userOrganization, 'organizationId'),
        ),
      ),
    ],
  );
  return !outcome.canceled;
};
