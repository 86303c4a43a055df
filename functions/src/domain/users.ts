import { clock } from '../ports/clock.ts';
import type * as z from 'zod';
import { messages } from '@sitewalk/shared/messages';
import { Role, roleFields, roleNames, type RoleId } from '@sitewalk/shared/roles';
import {
  canChangeRole,
  canCreateUser,
  canManageMembership,
  canSee,
  type Action,
  type Actor,
} from '@sitewalk/shared/policy';
import type { createUserBody, updateUserBody } from '@sitewalk/shared/schemas/user';
import { CHANGE_MAX_ITEMS, MAX_MEMBERSHIPS, type ImageContentType } from '@sitewalk/shared/constants';
import { assertMembershipsFit } from './memberships.ts';
import type { DataService } from '../db/service.ts';
import type { UserItem } from '../db/entities/user.ts';
import { getLocations } from '../db/locations.ts';
import { getManagementCompany } from '../db/managementCompanies.ts';
import { getOrganizations } from '../db/organizations.ts';
import {
  getUser,
  getUsers,
  itemsOfUserChange,
  recordPinReveal,
  setCompanyEmail,
  setProfileImageKey,
  userIdOfEmail,
  userIdsOfLocation,
  userIdsOfOrganization,
  pageOfStageUsers,
  usersInScope,
  writeUserChange,
} from '../db/users.ts';
import { deleteResetTokensOfUser } from '../db/auth.ts';
import type { PinCipher } from '../ports/pins.ts';
import { ownerPrefix, type Storage } from '../ports/storage.ts';
import { PasswordRefusedError } from '../ports/identity.ts';
import { EmailTakenError, type Accounts } from './accounts.ts';
import { authorize } from './authorize.ts';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from './errors.ts';
import { emailChangedMail } from './mails.ts';
import { GLOBAL_TENANT, presignOwnedUpload, presignedView } from './uploads.ts';
import {
  locationPlacement,
  organizationPlacement,
  visibleLocation,
  visibleOrganization,
} from './placements.ts';
import { listsWholeStage, loadUserScope, placementsSeenBy, scopeOfUser, visibleUserScope } from './scope.ts';
import type { PageRequest } from './paging.ts';
import { pageOfUsers } from './user-pages.ts';

/**
 * Users as the user API creates, changes and lists them: who may place whom where, which memberships a
 * role keeps, and the e-mail guard. Accounts (domain/accounts.ts) keep DynamoDB and Cognito in step below.
 */

export type CreateUserRequest = z.output<ReturnType<typeof createUserBody>>;
export type UpdateUserRequest = z.output<typeof updateUserBody>;

interface UserServices {
  db: DataService;
  accounts: Accounts;
  pins: PinCipher;
  appUrl: string;
  logger: { error: (message: string, error: Error) => void };
}

/** A taken e-mail: the 409 names the user who has it only to a caller who may see that user. */
const emailTakenFor = async (db: DataService, actor: Actor, existingUserId: number) => {
  const scope = await loadUserScope(db, existingUserId);
  const visible = scope !== null && canSee(actor, scope.placement);
  return new ConflictError(messages.auth.emailTaken, visible ? { existingUserId } : null);
};

/** The locations and organizations named in a request: they must exist, be visible and belong to the company. */
const resolvePlaces = async (
  db: DataService,
  actor: Actor,
  managementCompanyId: number | undefined,
  locationIds: readonly number[],
  organizationIds: readonly number[],
) => {
  if (locationIds.length + organizationIds.length > MAX_MEMBERSHIPS) {
    throw new BadRequestError(`A user can belong to at most ${MAX_MEMBERSHIPS} locations and areas`);
  }
  const [locations, organizations] = await Promise.all([
    getLocations(db, locationIds),
    getOrganizations(db, organizationIds),
  ]);
  const badLocations = locationIds.filter((id) => {
    const l = locations.find((x) => x.locationId === id);
    return !l || l.managementCompanyId !== managementCompanyId || !canSee(actor, locationPlacement(l));
  });
  const badOrganizations = organizationIds.filter((id) => {
    const o = organizations.find((x) => x.organizationId === id);
    return !o || o.managementCompanyId !== managementCompanyId || !canSee(actor, organizationPlacement(o));
  });
  if (badLocations.length || badOrganizations.length) {
    const problem = 'Unknown, or not of the chosen management company';
    const fields = [
      ...(badLocations.length ? ['locationIds'] : []),
      ...(badOrganizations.length ? ['organizationIds'] : []),
    ];
    throw new BadRequestError(
      fields.map((field) => `${field}: ${problem}`).join('; '),
      Object.fromEntries(fields.map((field) => [field, [problem]])),
    );
  }
  return {
    locations: locations.map(({ locationId, organizationId, managementCompanyId }) => ({
      locationId,
      organizationId,
      managementCompanyId,
    })),
    organizations: organizations.map(({ organizationId, managementCompanyId }) => ({
      organizationId,
      managementCompanyId,
    })),
  };
};

/** Which memberships a role keeps: organizations for area managers, locations below; none above. */
const membershipsFor = (
  roleId: RoleId,
  locationIds: readonly number[],
  organizationIds: readonly number[],
) => ({
  locationIds: roleFields(roleId).locations ? locationIds : [],
  organizationIds: roleFields(roleId).organizations ? organizationIds : [],
});

const notOwnLocation = 'must be one of the user’s locations';

/** A default location is one of the user's own locations (400 naming the field otherwise). */
const assertDefaultAmong = (defaultLocationId: number | undefined, locationIds: readonly number[]) => {
  if (defaultLocationId !== undefined && !locationIds.includes(defaultLocationId)) {
    throw new BadRequestError(`userInfo.defaultLocationId: ${notOwnLocation}`, {
      'userInfo.defaultLocationId': [notOwnLocation],
    });
  }
};

/**
 * Creates a user of a role with their memberships, if the actor may place them there (the company 404 when
 * not visible, 403 when the new user would land outside the actor's scope). Their id is drawn only then.
 */
export const createUser = async (
  { db, accounts }: Pick<UserServices, 'db' | 'accounts'>,
  actor: Actor,
  roleId: Exclude<RoleId, 50>,
  body: CreateUserRequest,
): Promise<UserItem> => {
  const { userInfo } = body;
  const managementCompanyId = roleFields(roleId).company ? userInfo.managementCompanyId : undefined;
  if (managementCompanyId !== undefined) {
    const company = await getManagementCompany(db, managementCompanyId);
    if (!company || !canSee(actor, { kind: 'managementCompany', id: managementCompanyId })) {
      throw new NotFoundError('Management company not found');
    }
  }
  const wanted = membershipsFor(roleId, body.locationIds ?? [], body.organizationIds ?? []);
  const places = await resolvePlaces(
    db,
    actor,
    managementCompanyId,
    wanted.locationIds,
    wanted.organizationIds,
  );
  const allowed = canCreateUser(actor, {
    roleId,
    managementCompanyId: managementCompanyId ?? null,
    organizationIds: places.organizations.map((o) => o.organizationId),
    locationIds: places.locations.map((l) => l.locationId),
    locationOrganizationIds: places.locations.map((l) => l.organizationId),
  });
  if (!allowed) throw new ForbiddenError(`You may not create a ${roleNames[roleId]} here`);
  assertDefaultAmong(
    userInfo.defaultLocationId,
    places.locations.map((l) => l.locationId),
  );
  return accounts
    .create({
      ...userInfo,
      managementCompanyId,
      roleId,
      // Someone else chose this password: it must be replaced at first login.
      password: userInfo.password ? { value: userInfo.password, temporary: true } : undefined,
      ...places,
      by: actor,
    })
    .catch(async (error: unknown) => {
      throw error instanceof EmailTakenError ? await emailTakenFor(db, actor, error.existingUserId) : error;
    });
};

/** Items of one transaction, counted whole; past DynamoDB's limit the request is refused as a 400. */
const assertFitsOneTransaction = (items: number, field: string) => {
  if (items > CHANGE_MAX_ITEMS) {
    const message = `too many changes at once (${items} items, at most ${CHANGE_MAX_ITEMS}); make them in smaller steps`;
    throw new BadRequestError(`${field}: ${message}`, { [field]: [message] });
  }
};

/**
 * Changes a user: their password, or their profile, role, company and memberships in one transaction (the
 * password last, so a refused profile change leaves it as it was). One's own password or e-mail needs the
 * current password. Answers whether more than the password changed.
 */
export const updateUser = async (
  services: UserServices,
  actor: Actor,
  userId: number,
  body: UpdateUserRequest,
): Promise<{ profileChanged: boolean }> => {
  const { db, accounts, pins } = services;
  const { userInfo } = body;
  if (userInfo.id !== userId) {
    throw new BadRequestError('userInfo.id: must match the id in the path', {
      'userInfo.id': ['must match the id in the path'],
    });
  }
  const { user, placement, memberships } = await visibleUserScope(db, actor, userId);
  const notFound = messages.fetch.userNotFound;
  const { password, currentPassword, roleId: newRoleId, id: _id, ...fields } = userInfo;
  const changesProfile =
    Object.values(fields).some((v) => v !== undefined) ||
    newRoleId !== undefined ||
    body.locationIds ||
    body.organizationIds;
  const email = fields.email;
  const emailChanged = email !== undefined && email !== user.email;

  if (password !== undefined) authorize(actor, 'changePassword', placement, notFound);
  if (changesProfile) authorize(actor, 'update', placement, notFound);
  // One's own password or e-mail: a stolen access token alone must not take the account over for good.
  const self = actor.userId === user.userId;
  if (self && (password !== undefined || emailChanged)) {
    if (!currentPassword) {
      throw new BadRequestError(messages.auth.currentPasswordRequired, {
        'userInfo.currentPassword': [messages.auth.currentPasswordRequired],
      });
    }
    await accounts.checkCurrentPassword(user.userId, currentPassword);
  }
  // Every session of the user ends, the caller's own too; a password set by someone else is temporary.
  const changePassword = async () => {
    if (password === undefined) return;
    await accounts
      .changePassword(user.userId, password, { temporary: !self, by: actor })
      .catch((error: unknown) => {
        if (!(error instanceof PasswordRefusedError)) throw error;
        throw new BadRequestError(messages.password.rule, { 'userInfo.password': [messages.password.rule] });
      });
  };
  if (!changesProfile) {
    await changePassword();
    return { profileChanged: false };
  }

  const roleId = (newRoleId ?? user.roleId) as RoleId;
  if (roleId !== user.roleId && !canChangeRole(actor, placement, roleId)) {
    throw new ForbiddenError('You may not give this user that role');
  }
  if (
    fields.managementCompanyId !== undefined &&
    fields.managementCompanyId !== user.managementCompanyId &&
    actor.roleId < Role.Admin
  ) {
    throw new ForbiddenError('Only admins move users between management companies');
  }
  const managementCompanyId = fields.managementCompanyId ?? user.managementCompanyId;

  // Organizations and locations: each replaces the other; roles above area manager keep neither.
  const currentLocations = memberships.userLocation.map((m) => m.locationId);
  const currentOrganizations = memberships.userOrganization.map((m) => m.organizationId);
  const wanted = membershipsFor(
    roleId,
    body.locationIds ?? (body.organizationIds ? [] : currentLocations),
    body.organizationIds ?? (body.locationIds ? [] : currentOrganizations),
  );
  const added = await resolvePlaces(
    db,
    actor,
    managementCompanyId,
    wanted.locationIds.filter((id) => !currentLocations.includes(id)),
    wanted.organizationIds.filter((id) => !currentOrganizations.includes(id)),
  );
  // Only memberships the caller could have added go (canManageMembership); the others stay, unless
  // the new role keeps no membership of that kind, which the caller may then not give.
  const removable = <M>(
    items: M[],
    keep: (m: M) => boolean,
    container: (m: M) => Parameters<typeof canManageMembership>[1],
    roleKeeps: boolean,
  ) =>
    items.filter((m) => {
      if (keep(m)) return false;
      if (canManageMembership(actor, container(m), placement)) return true;
      if (roleKeeps) return false;
      throw new ForbiddenError('The new role keeps none of these places, and some are not yours to remove');
    });
  const removedLocations = removable(
    memberships.userLocation,
    (m) => wanted.locationIds.includes(m.locationId),
    locationPlacement,
    roleFields(roleId).locations,
  );
  const removedLocationIds = removedLocations.map((m) => m.locationId);
  const removedOrganizationIds = removable(
    memberships.userOrganization,
    (m) => wanted.organizationIds.includes(m.organizationId),
    organizationPlacement,
    roleFields(roleId).organizations,
  ).map((m) => m.organizationId);
  const locationsAfter = [
    ...currentLocations.filter((id) => !removedLocationIds.includes(id)),
    ...added.locations.map((l) => l.locationId),
  ];
  const organizationsAfter = [
    ...currentOrganizations.filter((id) => !removedOrganizationIds.includes(id)),
    ...added.organizations.map((o) => o.organizationId),
  ];
  assertMembershipsFit(
    [
      ...memberships.userLocation.filter((m) => !removedLocationIds.includes(m.locationId)),
      ...added.locations,
    ],
    organizationsAfter,
  );

  // The default location is one of the user's locations: checked when sent, cleared when its
  // membership goes, and its membership checked in the transaction when it is not new.
  const { pin, defaultLocationId: sentDefault } = fields;
  assertDefaultAmong(sentDefault, locationsAfter);
  const clearsDefault =
    sentDefault === undefined &&
    user.defaultLocationId !== undefined &&
    !locationsAfter.includes(user.defaultLocationId);
  const checksDefault =
    sentDefault !== undefined &&
    sentDefault !== user.defaultLocationId &&
    currentLocations.includes(sentDefault);

  if (emailChanged) {
    const holder = await userIdOfEmail(db, email);
    if (holder !== null) throw await emailTakenFor(db, actor, holder);
  }
  const pinCipher = pin === undefined ? undefined : await pins.seal(pin, user.userId);
  const set = Object.fromEntries(
    Object.entries({ ...fields, pin: undefined, managementCompanyId, roleId, pinCipher }).filter(
      ([, v]) => v !== undefined,
    ),
  );
  const noticeAt = clock.now();
  const change = {
    user,
    set,
    clearsDefault,
    checkedDefault: checksDefault ? sentDefault : undefined,
    newEmail: emailChanged ? email : undefined,
    removedLocations,
    removedOrganizationIds,
    addedLocations: added.locations,
    addedOrganizations: added.organizations,
    locationIdsAfter: locationsAfter,
    organizationIdsAfter: organizationsAfter,
    // The old address learns of the change (a takeover), with the change or not at all.
    notice:
      emailChanged && user.email
        ? {
            mail: {
              mailKey: `emailChanged:${user.userId}:${noticeAt.toISOString()}`,
              purpose: 'emailChanged' as const,
              to: user.email,
              ...emailChangedMail({ firstName: user.firstName, newEmail: email, appUrl: services.appUrl }),
            },
            now: noticeAt,
          }
        : undefined,
  };
  assertFitsOneTransaction(
    itemsOfUserChange(change),
    body.organizationIds ? 'organizationIds' : 'locationIds',
  );
  if (!(await writeUserChange(db, change, actor))) {
    // Deleted meanwhile is a 404, as for every other object; anything else changed is worth a retry.
    if (!(await getUser(db, user.userId))) throw new NotFoundError(notFound);
    throw new ConflictError('The user changed meanwhile; please try again');
  }
  // A reset link mailed to the old address must not outlive it.
  if (emailChanged) await deleteResetTokensOfUser(db, user.userId);
  await changePassword();
  return { profileChanged: true };
};

/** A user the actor may `action`, with their placement and scope; else 404 (or 403). */
export const loadUser = async (db: DataService, actor: Actor, action: Action<'user'>, userId: number) => {
  const scope = await visibleUserScope(db, actor, userId);
  authorize(actor, action, scope.placement, messages.fetch.userNotFound);
  return scope;
};

/** The tenant a user's files live under: their company's, or the global one for the global roles. */
const tenantOf = (user: Pick<UserItem, 'managementCompanyId'>) => user.managementCompanyId ?? GLOBAL_TENANT;

/** An upload URL for a user's new profile picture, its key recorded on the user. */
export const profilePictureUpload = async (
  { db, storage }: { db: DataService; storage: Storage },
  actor: Actor,
  userId: number,
  file: { contentType: ImageContentType; contentLength: number },
) => {
  const { user } = await loadUser(db, actor, 'uploadProfileImage', userId);
  const owner = { managementCompanyId: tenantOf(user), kind: 'profile-image' as const, id: user.userId };
  const ticket = await presignOwnedUpload(storage, owner, file);
  await setProfileImageKey(db, user, ticket.key, actor);
  return ticket;
};

/** A view URL of the profile picture of a user the actor may see (none if there is none). */
export const profilePicture = async (
  { db, storage }: { db: DataService; storage: Storage },
  actor: Actor,
  userId: number,
) => presignedView(storage, (await visibleUserScope(db, actor, userId)).user.profileImageKey);

/** Deletes a user's account (sign-in, item, memberships) and their files. */
export const deleteUser = async (
  { db, accounts, storage }: { db: DataService; accounts: Accounts; storage: Storage },
  actor: Actor,
  userId: number,
) => {
  const { user } = await loadUser(db, actor, 'delete', userId);
  await accounts.delete(userId, actor);
  await storage.deletePrefix(ownerPrefix(tenantOf(user), 'profile-image', userId));
};

/** Makes a company manager their company's e-mail contact, or not; answers the user's id. */
export const setCompanyEmailContact = async (
  db: DataService,
  actor: Actor,
  userId: number,
  companyEmail: boolean,
) => {
  const { user } = await loadUser(db, actor, 'setCompanyEmail', userId);
  if (user.roleId !== Role.CompanyManager) {
    throw new BadRequestError('company_email: only company managers have a company e-mail', {
      company_email: ['only company managers have a company e-mail'],
    });
  }
  if (!(await setCompanyEmail(db, user, companyEmail, actor))) {
    throw new NotFoundError(messages.fetch.userNotFound);
  }
  return user.userId;
};

/** Only the users the actor may see, in their order. */
const visibleTo = async (db: DataService, actor: Actor, users: UserItem[]) => {
  const placements = await placementsSeenBy(db, actor, users);
  return users.filter((_, i) => {
    const placement = placements[i];
    return placement !== null && placement !== undefined && canSee(actor, placement);
  });
};

/** A visible location's users that the actor may see, by last name. */
export const visibleUsersOfLocation = async (db: DataService, actor: Actor, locationId: number) => {
  await visibleLocation(db, actor, locationId);
  return visibleTo(db, actor, await getUsers(db, await userIdsOfLocation(db, locationId)));
};

/** A visible organization's users (its own and its locations') that the actor may see, by last name. */
export const visibleUsersOfOrganization = async (db: DataService, actor: Actor, organizationId: number) => {
  await visibleOrganization(db, actor, organizationId);
  return visibleTo(db, actor, await getUsers(db, await userIdsOfOrganization(db, organizationId)));
};

/** The users in a visible user's scope that the actor may see, by last name. */
export const visibleUsersOfUser = async (db: DataService, actor: Actor, userId: number) =>
  visibleTo(db, actor, await usersInScope(db, await scopeOfUser(db, actor, userId)));

/** A page of them: for a global actor and scope, one Query of the stage's users and a count. */
export const pageOfVisibleUsersOfUser = async (
  db: DataService,
  actor: Actor,
  userId: number,
  query: PageRequest,
) => {
  const scope = await scopeOfUser(db, actor, userId);
  if (listsWholeStage(actor, scope)) return pageOfStageUsers(db, query);
  return pageOfUsers(await visibleTo(db, actor, await usersInScope(db, scope)), query);
};

/**
 * A user's PIN, opened for an actor who may reveal it (404 out of scope, 403 forbidden): null when they have
 * none. Answered only once the audit log says who was shown it (never the PIN itself).
 */
export const revealPin = async (
  { db, pins }: { db: DataService; pins: PinCipher },
  actor: Actor,
  userId: number,
): Promise<string | null> => {
  const { user } = await loadUser(db, actor, 'revealPin', userId);
  if (user.pinCipher === undefined) return null;
  const pin = await pins.open(user.pinCipher, user.userId);
  await recordPinReveal(db, user, actor);
  return pin;
};
