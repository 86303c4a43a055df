import { messages } from '@sitewalk/shared/messages';
import { Role, roleNames, type RoleId } from '@sitewalk/shared/roles';
import {
  canChangeRole,
  canCreateUser,
  canManageMembership,
  canSee,
  type Actor,
  type PlacementOf,
} from '@sitewalk/shared/policy';
import type { User } from '@sitewalk/shared/schemas/user';
import { MAX_MEMBERSHIPS, TABLE_ORDER_MAX, TRANSACTION_MAX_ITEMS } from '@sitewalk/shared/constants';
import {
  dataFromEnv,
  identityFromEnv,
  mailerFromEnv,
  pinsFromEnv,
  storageFromEnv,
  withActors,
} from '../composition.ts';
import { GLOBAL_TENANT, presignOwnedUpload, presignedView } from '../domain/uploads.ts';
import { ownerPrefix } from '../ports/storage.ts';
import { createResourceHandler, type Implementation, type Implementations } from '../http/handler.ts';
import { userRoutes } from '@sitewalk/shared/contract/user';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../domain/errors.ts';
import { authorize } from '../domain/authorize.ts';
import { createAccounts, EmailTakenError } from '../domain/accounts.ts';
import { emailChangedMail } from '../domain/mails.ts';
import { readEnv } from '../env.ts';
import { PasswordRefusedError } from '../ports/identity.ts';
import { pageOf } from '../domain/paging.ts';
import { loadUserScope, visibleUserScope } from '../domain/scope.ts';
import { areaPlacement, locationPlacement, visibleArea, visibleLocation } from '../domain/placements.ts';
import { mapBounded } from '../domain/fan-out.ts';
import { loadUserView, toUserView } from '../domain/user-view.ts';
import { getManagementCompany } from '../db/managementCompanies.ts';
import { nextId } from '../db/counters.ts';
import { getOrganization, getOrganizations } from '../db/organizations.ts';
import { getLocation } from '../db/locations.ts';
import { getUsers, tableOrderOf, userIdsOfArea, userIdsOfLocation, usersInScope } from '../db/users.ts';
import type { UserItem } from '../db/entities/user.ts';
import type { Routes } from '@sitewalk/shared/contract/index';

const db = dataFromEnv();
const pins = pinsFromEnv();
const accounts = createAccounts(db, identityFromEnv(), pins);
const storage = storageFromEnv();
const mailer = mailerFromEnv();
const { APP_URL } = readEnv(['APP_URL']);
const notFound = messages.fetch.userNotFound;

const result = (data: User, message: string) => ({
  success: true as const,
  data,
  error: null,
  message,
  validationErrors: null,
});

const view = async (userId: number) => {
  const user = await loadUserView(db, userId);
  if (!user) throw new NotFoundError(notFound);
  return user;
};

/** Views of many users: one collection query each, a few at a time (lists page first where they can). */
const views = (users: UserItem[]) =>
  mapBounded(users, async (user) => {
    const { data } = await db.collections.userAccess({ userId: user.userId }).go({ pages: 'all' });
    return toUserView(db, user, data);
  });

const placementOfLocation = locationPlacement;

/** A taken e-mail: the 409 names the user who has it only to a caller who may see that user. */
const emailTakenFor = async (actor: Actor, existingUserId: number) => {
  const scope = await loadUserScope(db, existingUserId);
  const visible = scope !== null && canSee(actor, scope.placement);
  return new ConflictError(messages.auth.emailTaken, visible ? { existingUserId } : null);
};

/** The locations and areas named in a request: they must exist, be visible and belong to the company. */
const resolvePlaces = async (
  actor: Actor,
  managementCompanyId: number | undefined,
  locationIds: readonly number[],
  organizationIds: readonly number[],
) => {
  if (locationIds.length + organizationIds.length > MAX_MEMBERSHIPS) {
    throw new BadRequestError(`A user can belong to at most ${MAX_MEMBERSHIPS} locations and areas`);
  }
  const [locations, areas] = await Promise.all([
    locationIds.length
      ? db.entities.location
          .get(locationIds.map((locationId) => ({ locationId })))
          .go()
          .then((r) => r.data)
      : [],
    getOrganizations(db, organizationIds),
  ]);
  const badLocations = locationIds.filter((id) => {
    const l = locations.find((x) => x.locationId === id);
    return !l || l.managementCompanyId !== managementCompanyId || !canSee(actor, placementOfLocation(l));
  });
  const badAreas = organizationIds.filter((id) => {
    const a = areas.find((x) => x.organizationId === id);
    return (
      !a ||
      a.managementCompanyId !== managementCompanyId ||
      !canSee(actor, { kind: 'organization', id, managementCompanyId: a.managementCompanyId })
    );
  });
  if (badLocations.length || badAreas.length) {
    const problem = 'Unknown, or not of the chosen management company';
    throw new BadRequestError(
      [badLocations.length && `locationIds: ${problem}`, badAreas.length && `organizationIds: ${problem}`]
        .filter(Boolean)
        .join('; '),
      {
        ...(badLocations.length ? { locationIds: [problem] } : {}),
        ...(badAreas.length ? { organizationIds: [problem] } : {}),
      },
    );
  }
  return {
    locations: locations.map((l) => ({
      locationId: l.locationId,
      organizationId: l.organizationId,
      managementCompanyId: l.managementCompanyId,
    })),
    organizations: areas.map((a) => ({
      organizationId: a.organizationId,
      managementCompanyId: a.managementCompanyId,
    })),
  };
};

/** Which memberships a role keeps: areas for area managers, locations below; none above. */
const membershipsFor = (
  roleId: RoleId,
  locationIds: readonly number[],
  organizationIds: readonly number[],
) => ({
  locationIds: roleId < Role.AreaManager ? locationIds : [],
  organizationIds: roleId === Role.AreaManager ? organizationIds : [],
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

/** Items of one transaction, counted whole; past DynamoDB's limit the request is refused as a 400. */
const assertFitsOneTransaction = (items: number, field: string, what: string) => {
  if (items > TRANSACTION_MAX_ITEMS) {
    const message = `too many changes at once (${what}); make them in smaller steps`;
    throw new BadRequestError(`${field}: ${message}`, { [field]: [message] });
  }
};

type CreateRoute = Routes[
  | 'user.createAdmin'
  | 'user.createOwner'
  | 'user.createCompanyManager'
  | 'user.createAreaManager'
  | 'user.createManager'
  | 'user.createAssistantManager'
  | 'user.createEmployee'];

const createUser =
  (roleId: Exclude<RoleId, 50>): Implementation<CreateRoute> =>
  async ({ actor, body }) => {
    const { userInfo } = body;
    const managementCompanyId = roleId === Role.Admin ? undefined : userInfo.managementCompanyId;
    if (managementCompanyId !== undefined) {
      const company = await getManagementCompany(db, managementCompanyId);
      if (!company || !canSee(actor, { kind: 'managementCompany', id: managementCompanyId })) {
        throw new NotFoundError('Management company not found');
      }
    }
    const wanted = membershipsFor(roleId, body.locationIds ?? [], body.organizationIds ?? []);
    const places = await resolvePlaces(
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
    const created = await accounts
      .create({
        ...userInfo,
        managementCompanyId,
        roleId,
        // Someone else chose this password: it must be replaced at first login.
        password: userInfo.password ? { value: userInfo.password, temporary: true } : undefined,
        ...places,
      })
      .catch(async (error: unknown) => {
        throw error instanceof EmailTakenError ? await emailTakenFor(actor, error.existingUserId) : error;
      });
    return result(await view(created.userId), `${roleNames[roleId]} created`);
  };

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

/** A user the actor may act on, with their placement. */
const loadTarget = async (actor: Actor, userId: number) => {
  const scope = await loadUserScope(db, userId);
  if (!scope || !canSee(actor, scope.placement)) throw new NotFoundError(notFound);
  return scope;
};

/** Only the users the actor may see, by last name. */
const visible = async (actor: Actor, users: UserItem[]) => {
  const scopes = await mapBounded(users, (u) => loadUserScope(db, u.userId));
  return users.filter((_, i) => {
    const scope = scopes[i];
    return scope !== null && scope !== undefined && canSee(actor, scope.placement);
  });
};

/** Each user may take one more membership (a user's delete removes all of them in one transaction). */
const assertRoomForOneMore = (targets: { placement: PlacementOf<'user'> }[]) => {
  if (
    targets.some(
      (t) => t.placement.locationIds.length + t.placement.organizationIds.length >= MAX_MEMBERSHIPS,
    )
  ) {
    const message = `a user can belong to at most ${MAX_MEMBERSHIPS} locations and areas`;
    throw new BadRequestError(`userIds: ${message}`, { userIds: [message] });
  }
};

const usersOfLocationFor = async (actor: Actor, locationId: number) => {
  await visibleLocation(db, actor, locationId);
  return visible(actor, await getUsers(db, await userIdsOfLocation(db, locationId)));
};

const usersOfAreaFor = async (actor: Actor, organizationId: number) => {
  await visibleArea(db, actor, organizationId);
  return visible(actor, await getUsers(db, await userIdsOfArea(db, organizationId)));
};

const usersOfUserFor = async (actor: Actor, userId: number) => {
  const { asActor } = await visibleUserScope(db, actor, userId);
  return visible(actor, await usersInScope(db, asActor));
};

const searchable = (u: UserItem) => [
  u.firstName,
  u.lastName,
  `${u.firstName} ${u.lastName}`,
  u.email,
  u.phone,
];

const paged = async (
  users: UserItem[],
  query: { limit: number; offset: number; searchTerm?: string | undefined },
) => {
  const page = pageOf(users, query, searchable);
  return { users: await views(page.items), totalCount: page.totalCount };
};

export const implementations: Implementations<'user'> = {
  'user.createAdmin': createUser(Role.Admin),
  'user.createOwner': createUser(Role.Owner),
  'user.createCompanyManager': createUser(Role.CompanyManager),
  'user.createAreaManager': createUser(Role.AreaManager),
  'user.createManager': createUser(Role.Manager),
  'user.createAssistantManager': createUser(Role.AssistantManager),
  'user.createEmployee': createUser(Role.Employee),

  'user.profileImageUpload': async ({ actor, params, query }) => {
    const { user, placement } = await loadTarget(actor, params.userId);
    authorize(actor, 'uploadProfileImage', placement, notFound);
    const owner = {
      managementCompanyId: user.managementCompanyId ?? GLOBAL_TENANT,
      kind: 'profile-image' as const,
      id: user.userId,
    };
    const ticket = await presignOwnedUpload(storage, owner, query);
    await db.entities.user.patch({ userId: user.userId }).set({ profileImageKey: ticket.key }).go();
    return ticket;
  },

  'user.profileImage': async ({ actor, params }) =>
    presignedView(storage, (await loadTarget(actor, params.userId)).user.profileImageKey),

  'user.get': async ({ actor, params }) => {
    await loadTarget(actor, params.id);
    return view(params.id);
  },

  'user.delete': async ({ actor, params }) => {
    const { user, placement } = await loadTarget(actor, params.id);
    authorize(actor, 'delete', placement, notFound);
    await accounts.delete(params.id);
    await storage.deletePrefix(
      ownerPrefix(user.managementCompanyId ?? GLOBAL_TENANT, 'profile-image', params.id),
    );
    return { success: true as const, id: params.id };
  },

  'user.allByUser': async ({ actor, params }) => views(await usersOfUserFor(actor, params.id)),
  'user.allByLocation': async ({ actor, params }) => views(await usersOfLocationFor(actor, params.id)),
  'user.allByOrganization': async ({ actor, params }) => views(await usersOfAreaFor(actor, params.id)),
  'user.someByUser': async ({ actor, params, query }) => paged(await usersOfUserFor(actor, params.id), query),
  'user.someByLocation': async ({ actor, params, query }) =>
    paged(await usersOfLocationFor(actor, params.id), query),
  'user.someByOrganization': async ({ actor, params, query }) =>
    paged(await usersOfAreaFor(actor, params.id), query),

  'user.update': async ({ actor, params, body, logger }) => {
    const { userInfo } = body;
    if (userInfo.id !== params.id) {
      throw new BadRequestError('userInfo.id: must match the id in the path', {
        'userInfo.id': ['must match the id in the path'],
      });
    }
    const target = await loadTarget(actor, params.id);
    const { user, placement, memberships } = target;
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
      await accounts.changePassword(user.userId, password, { temporary: !self }).catch((error: unknown) => {
        if (!(error instanceof PasswordRefusedError)) throw error;
        throw new BadRequestError(messages.password.rule, { 'userInfo.password': [messages.password.rule] });
      });
    };
    if (!changesProfile) {
      await changePassword();
      return result(await view(user.userId), 'Password changed');
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

    // Areas and locations: areas replace locations and the reverse; roles above area manager keep neither.
    const currentLocations = memberships.userLocation.map((m) => m.locationId);
    const currentAreas = memberships.userOrganization.map((m) => m.organizationId);
    const wanted = membershipsFor(
      roleId,
      body.locationIds ?? (body.organizationIds ? [] : currentLocations),
      body.organizationIds ?? (body.locationIds ? [] : currentAreas),
    );
    const added = await resolvePlaces(
      actor,
      managementCompanyId,
      wanted.locationIds.filter((id) => !currentLocations.includes(id)),
      wanted.organizationIds.filter((id) => !currentAreas.includes(id)),
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
      roleId < Role.AreaManager,
    ).map((m) => m.locationId);
    const removedAreas = removable(
      memberships.userOrganization,
      (m) => wanted.organizationIds.includes(m.organizationId),
      areaPlacement,
      roleId === Role.AreaManager,
    ).map((m) => m.organizationId);
    const locationsAfter = [
      ...currentLocations.filter((id) => !removedLocations.includes(id)),
      ...added.locations.map((l) => l.locationId),
    ];
    const areasAfter = currentAreas.length - removedAreas.length + added.organizations.length;
    if (locationsAfter.length + areasAfter > MAX_MEMBERSHIPS) {
      throw new BadRequestError(`A user can belong to at most ${MAX_MEMBERSHIPS} locations and areas`);
    }

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
      const { data: taken } = await db.entities.userEmail.get({ email }).go();
      if (taken) throw await emailTakenFor(actor, taken.userId);
    }
    const pinCipher = pin === undefined ? undefined : await pins.seal(pin, user.userId);
    const set = Object.fromEntries(
      Object.entries({ ...fields, pin: undefined, managementCompanyId, roleId, pinCipher }).filter(
        ([, v]) => v !== undefined,
      ),
    );
    const changes =
      1 +
      (emailChanged ? 2 : 0) +
      removedLocations.length +
      removedAreas.length +
      added.locations.length +
      added.organizations.length +
      (checksDefault ? 1 : 0);
    assertFitsOneTransaction(
      changes,
      body.organizationIds ? 'organizationIds' : 'locationIds',
      `${changes} items, at most ${TRANSACTION_MAX_ITEMS}`,
    );
    const outcome = await db.transaction
      .write(({ user: users, userEmail, userLocation, userOrganization }) => [
        (clearsDefault
          ? users.patch({ userId: user.userId }).set(set).remove(['defaultLocationId'])
          : users.patch({ userId: user.userId }).set(set)
        )
          .composite(unchangedKeyParts(user, set))
          .commit(),
        ...(checksDefault && sentDefault !== undefined
          ? [
              userLocation
                .check({ userId: user.userId, locationId: sentDefault })
                .where((a, op) => op.exists(a.locationId))
                .commit(),
            ]
          : []),
        ...(emailChanged && user.email ? [userEmail.delete({ email: user.email }).commit()] : []),
        ...(emailChanged ? [userEmail.create({ email, userId: user.userId }).commit()] : []),
        ...removedLocations.map((locationId) =>
          userLocation.delete({ userId: user.userId, locationId }).commit(),
        ),
        ...removedAreas.map((organizationId) =>
          userOrganization.delete({ userId: user.userId, organizationId }).commit(),
        ),
        ...added.locations.map((l) => userLocation.create({ userId: user.userId, ...l }).commit()),
        ...added.organizations.map((o) => userOrganization.create({ userId: user.userId, ...o }).commit()),
      ])
      .go();
    if (outcome.canceled) {
      // Deleted meanwhile is a 404, as for every other object; anything else changed is worth a retry.
      const { data: still } = await db.entities.user.get({ userId: user.userId }).go();
      if (!still) throw new NotFoundError(notFound);
      throw new ConflictError('The user changed meanwhile; please try again');
    }
    await changePassword(); // last, so a refused profile change leaves the password as it was
    if (emailChanged && user.email) {
      // The change stands whether or not the notice goes out: a mail failure is logged, not answered.
      await mailer
        .send({
          to: user.email,
          ...emailChangedMail({ firstName: user.firstName, newEmail: email, appUrl: APP_URL }),
        })
        .catch((error: unknown) => logger.error('E-mail-change notice not sent', error as Error));
    }
    return result(await view(user.userId), 'User updated');
  },

  'user.tableOrder': async ({ actor }) =>
    (await tableOrderOf(db, actor.userId)).map(({ tablePreferenceId, tableName, tableId, displayOrder }) => ({
      id: tablePreferenceId,
      tableName,
      tableId,
      displayOrder,
    })),

  'user.createTableOrder': async ({ actor, body }) => {
    // One row per table: saving a table again moves it in place and keeps its id.
    const key = { userId: actor.userId, tableId: body.tableId };
    const save = async () => {
      const { data } = await db.entities.tablePreference.get(key).go();
      if (!data) return null;
      await db.entities.tablePreference
        .patch(key)
        .set({ tableName: body.tableName, displayOrder: body.displayOrder })
        .go();
      return { id: data.tablePreferenceId, ...body };
    };
    const saved = await save();
    if (saved) return saved;
    if ((await tableOrderOf(db, actor.userId)).length >= TABLE_ORDER_MAX) {
      throw new BadRequestError(`tableId: at most ${TABLE_ORDER_MAX} tables keep an order`, {
        tableId: [`at most ${TABLE_ORDER_MAX} tables keep an order`],
      });
    }
    const tablePreferenceId = await nextId(db, 'tablePreference');
    try {
      await db.entities.tablePreference.create({ ...key, tablePreferenceId, ...body }).go();
      return { id: tablePreferenceId, ...body };
    } catch (error) {
      // Another save of the same table won the race: move that row instead.
      const again = await save();
      if (again) return again;
      throw error;
    }
  },

  'user.updateTableOrder': async ({ actor, params, body }) => {
    // Table order is always the caller's own: another user's preference is simply not found.
    const row = (await tableOrderOf(db, actor.userId)).find((p) => p.tablePreferenceId === params.orderId);
    if (!row) throw new NotFoundError('Table order not found');
    if (row.tableId !== body.tableId) {
      throw new BadRequestError('tableId: a table order stays with its table', {
        tableId: ['a table order stays with its table'],
      });
    }
    await db.entities.tablePreference
      .patch({ userId: actor.userId, tableId: row.tableId })
      .set({ tableName: body.tableName, displayOrder: body.displayOrder })
      .go();
    return { id: params.orderId, ...body };
  },

  'user.revealPin': async ({ actor, params }) => {
    const { user, placement } = await loadTarget(actor, params.id);
    authorize(actor, 'revealPin', placement, notFound);
    return { pin: user.pinCipher === undefined ? null : await pins.open(user.pinCipher, user.userId) };
  },

  'user.companyEmail': async ({ actor, body }) => {
    const { user, placement } = await loadTarget(actor, body.userId);
    authorize(actor, 'setCompanyEmail', placement, notFound);
    if (user.roleId !== Role.CompanyManager) {
      throw new BadRequestError('company_email: only company managers have a company e-mail', {
        company_email: ['only company managers have a company e-mail'],
      });
    }
    await db.entities.user.patch({ userId: user.userId }).set({ companyEmail: body.company_email }).go();
    return view(user.userId);
  },

  'user.addToLocation': async ({ actor, body }) => {
    const location = await getLocation(db, body.locationId);
    if (!location || !canSee(actor, placementOfLocation(location)))
      throw new NotFoundError('Location not found');
    const already = new Set(await userIdsOfLocation(db, body.locationId));
    const fresh = [...new Set(body.userIds)].filter((id) => !already.has(id));
    const targets = await mapBounded(fresh, (id) => loadTarget(actor, id));
    for (const target of targets) {
      if (!canManageMembership(actor, placementOfLocation(location), target.placement))
        throw new ForbiddenError();
      if (target.user.managementCompanyId !== location.managementCompanyId) {
        throw new BadRequestError('userIds: every user must be of the location’s management company', {
          userIds: ['every user must be of the location’s management company'],
        });
      }
    }
    assertRoomForOneMore(targets);
    if (targets.length) {
      // Two items per user and one for the location (MAX_USER_IDS_PER_CALL keeps it within one transaction):
      // each membership, a check that its user was not deleted meanwhile, and a check that the location is
      // still where it was read (a move or a delete meanwhile would leave memberships naming the old area).
      const outcome = await db.transaction
        .write(({ location: locations, user, userLocation }) => [
          locations
            .check({ locationId: location.locationId })
            .where((a, op) => op.eq(a.organizationId, location.organizationId))
            .commit(),
          ...targets.flatMap((t) => [
            userLocation
              .create({
                userId: t.user.userId,
                locationId: location.locationId,
                organizationId: location.organizationId,
                managementCompanyId: location.managementCompanyId,
              })
              .commit(),
            user
              .check({ userId: t.user.userId })
              .where((a, op) => op.exists(a.userId))
              .commit(),
          ]),
        ])
        .go();
      if (outcome.canceled) throw new ConflictError('The users changed meanwhile; please try again');
    }
    return { success: true as const, count: targets.length };
  },

  'user.removeFromLocation': async ({ actor, params }) => {
    const location = await getLocation(db, params.locationId);
    if (!location || !canSee(actor, placementOfLocation(location)))
      throw new NotFoundError('Location not found');
    const target = await loadTarget(actor, params.userId);
    if (!canManageMembership(actor, placementOfLocation(location), target.placement))
      throw new ForbiddenError();
    const member = target.placement.locationIds.includes(params.locationId);
    if (member) {
      // Their default location goes with the membership; the user row is checked either way, so a
      // default set to this location meanwhile cancels the removal rather than being left dangling.
      const isDefault = target.user.defaultLocationId === params.locationId;
      const outcome = await db.transaction
        .write(({ user, userLocation }) => [
          userLocation.delete({ userId: params.userId, locationId: params.locationId }).commit(),
          isDefault
            ? user
                .patch({ userId: params.userId })
                .remove(['defaultLocationId'])
                .where((a, op) => op.eq(a.defaultLocationId, params.locationId))
                .commit()
            : user
                .check({ userId: params.userId })
                .where(
                  (a, op) =>
                    `${op.notExists(a.defaultLocationId)} OR ${op.ne(a.defaultLocationId, params.locationId)}`,
                )
                .commit(),
        ])
        .go();
      if (outcome.canceled) throw new ConflictError('The user changed meanwhile; please try again');
    }
    return { success: true as const, count: member ? 1 : 0 };
  },

  'user.addToOrganization': async ({ actor, body }) => {
    const area = await getOrganization(db, body.organizationId);
    const placement = area && {
      kind: 'organization' as const,
      id: area.organizationId,
      managementCompanyId: area.managementCompanyId,
    };
    if (!area || !placement || !canSee(actor, placement)) throw new NotFoundError('Area not found');
    const targets = await mapBounded([...new Set(body.userIds)], (id) => loadTarget(actor, id));
    const fresh = targets.filter((t) => !t.placement.organizationIds.includes(area.organizationId));
    for (const target of fresh) {
      if (!canManageMembership(actor, placement, target.placement)) throw new ForbiddenError();
      if (
        target.user.roleId < Role.AreaManager ||
        target.user.managementCompanyId !== area.managementCompanyId
      ) {
        throw new BadRequestError(
          'userIds: only area managers and above of the area’s company join an area',
          {
            userIds: ['only area managers and above of the area’s company join an area'],
          },
        );
      }
    }
    assertRoomForOneMore(fresh);
    if (fresh.length) {
      // As for a location: each membership, a check of its user, and one that the area was not deleted.
      const outcome = await db.transaction
        .write(({ organization, user, userOrganization }) => [
          organization
            .check({ organizationId: area.organizationId })
            .where((a, op) => op.exists(a.organizationId))
            .commit(),
          ...fresh.flatMap((t) => [
            userOrganization
              .create({
                userId: t.user.userId,
                organizationId: area.organizationId,
                managementCompanyId: area.managementCompanyId,
              })
              .commit(),
            user
              .check({ userId: t.user.userId })
              .where((a, op) => op.exists(a.userId))
              .commit(),
          ]),
        ])
        .go();
      if (outcome.canceled) throw new ConflictError('The users changed meanwhile; please try again');
    }
    return { success: true as const, count: fresh.length };
  },

  'user.removeFromOrganization': async ({ actor, params }) => {
    const area = await getOrganization(db, params.organizationId);
    const placement = area && {
      kind: 'organization' as const,
      id: area.organizationId,
      managementCompanyId: area.managementCompanyId,
    };
    if (!area || !placement || !canSee(actor, placement)) throw new NotFoundError('Area not found');
    const target = await loadTarget(actor, params.userId);
    if (!canManageMembership(actor, placement, target.placement)) throw new ForbiddenError();
    const member = target.placement.organizationIds.includes(params.organizationId);
    if (member)
      await db.entities.userOrganization
        .delete({ userId: params.userId, organizationId: params.organizationId })
        .go();
    return { success: true as const, count: member ? 1 : 0 };
  },
};

export const handler = createResourceHandler('user', userRoutes, implementations, withActors(db));
