import { messages } from '@sitewalk/shared/messages';
import { Role, roleNames, type RoleId } from '@sitewalk/shared/roles';
import type { User } from '@sitewalk/shared/schemas/user';
import {
  auditedDataFromEnv,
  identityFromEnv,
  pinsFromEnv,
  storageFromEnv,
  withActors,
} from '../composition.ts';
import { createResourceHandler, type Implementation, type Implementations } from '../http/handler.ts';
import { NotFoundError } from '../domain/errors.ts';
import { userRoutes } from '@sitewalk/shared/contract/user';
import { createAccounts } from '../domain/accounts.ts';
import { readEnv } from '../env.ts';
import { visibleUserScope } from '../domain/scope.ts';
import { addableUsers, addMembers, removeMember } from '../domain/memberships.ts';
import {
  dashboardViewOf,
  saveTableOrder,
  setDashboardView,
  tableOrderView,
  updateTableOrder,
} from '../domain/table-order.ts';
import {
  createUser,
  deleteUser,
  pageOfVisibleUsersOfUser,
  profilePicture,
  profilePictureUpload,
  setCompanyEmailContact,
  updateUser,
  visibleUsersOfLocation,
  visibleUsersOfOrganization,
  visibleUsersOfUser,
  revealPin,
} from '../domain/users.ts';
import { pageOfUsers } from '../domain/user-pages.ts';
import { loadUserView, loadUserViews } from '../views/users.ts';
import type { Routes } from '@sitewalk/shared/contract/index';

const db = auditedDataFromEnv();
const pins = pinsFromEnv();
const accounts = createAccounts(db, identityFromEnv(), pins);
const storage = storageFromEnv();
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

type CreateRoute = Routes[
  | 'user.createAdmin'
  | 'user.createOwner'
  | 'user.createCompanyManager'
  | 'user.createAreaManager'
  | 'user.createManager'
  | 'user.createAssistantManager'
  | 'user.createEmployee'];

const create =
  (roleId: Exclude<RoleId, 50>): Implementation<CreateRoute> =>
  async ({ actor, body }) => {
    const created = await createUser({ db, accounts }, actor, roleId, body);
    return result(await view(created.userId), `${roleNames[roleId]} created`);
  };

const viewsOf = async (page: ReturnType<typeof pageOfUsers>) => ({
  users: await loadUserViews(db, page.items),
  totalCount: page.totalCount,
});
const paged = (...[users, query]: Parameters<typeof pageOfUsers>) => viewsOf(pageOfUsers(users, query));

export const implementations: Implementations<'user'> = {
  'user.createAdmin': create(Role.Admin),
  'user.createOwner': create(Role.Owner),
  'user.createCompanyManager': create(Role.CompanyManager),
  'user.createAreaManager': create(Role.AreaManager),
  'user.createManager': create(Role.Manager),
  'user.createAssistantManager': create(Role.AssistantManager),
  'user.createEmployee': create(Role.Employee),

  'user.profilePictureUpload': async ({ actor, params, query }) =>
    profilePictureUpload({ db, storage }, actor, params.userId, query),

  'user.profilePicture': async ({ actor, params }) => profilePicture({ db, storage }, actor, params.userId),

  'user.get': async ({ actor, params }) => {
    await visibleUserScope(db, actor, params.id);
    return view(params.id);
  },

  'user.delete': async ({ actor, params }) => {
    await deleteUser({ db, accounts, storage }, actor, params.id);
    return { success: true as const, id: params.id };
  },

  'user.allByUser': async ({ actor, params }) =>
    loadUserViews(db, await visibleUsersOfUser(db, actor, params.id)),
  'user.allByLocation': async ({ actor, params }) =>
    loadUserViews(db, await visibleUsersOfLocation(db, actor, params.id)),
  'user.allByOrganization': async ({ actor, params }) =>
    loadUserViews(db, await visibleUsersOfOrganization(db, actor, params.id)),
  'user.someByUser': async ({ actor, params, query }) => {
    const { addableToLocationId: locationId, addableToOrganizationId: organizationId } = query;
    if (locationId === undefined && organizationId === undefined)
      return viewsOf(await pageOfVisibleUsersOfUser(db, actor, params.id, query));
    // Add Users: only those who may be added to the place, searched among the scope's users.
    const users = await visibleUsersOfUser(db, actor, params.id);
    const addable =
      locationId !== undefined
        ? await addableUsers(db, actor, 'location', locationId, users)
        : await addableUsers(db, actor, 'organization', organizationId ?? 0, users);
    return paged(addable, query);
  },
  'user.someByLocation': async ({ actor, params, query }) =>
    paged(await visibleUsersOfLocation(db, actor, params.id), query),
  'user.someByOrganization': async ({ actor, params, query }) =>
    paged(await visibleUsersOfOrganization(db, actor, params.id), query),

  'user.update': async ({ actor, params, body, logger }) => {
    const services = { db, accounts, pins, appUrl: APP_URL, logger };
    const { profileChanged } = await updateUser(services, actor, params.id, body);
    return result(await view(params.id), profileChanged ? 'User updated' : 'Password changed');
  },

  'user.tableOrder': async ({ actor }) => tableOrderView(db, actor.userId),
  'user.dashboardView': async ({ actor }) => ({ view: await dashboardViewOf(db, actor.userId) }),
  'user.setDashboardView': async ({ actor, body }) => ({
    view: await setDashboardView(db, actor.userId, body.view),
  }),
  'user.createTableOrder': async ({ actor, body }) => saveTableOrder(db, actor.userId, body),
  'user.updateTableOrder': async ({ actor, params, body }) =>
    updateTableOrder(db, actor.userId, params.orderId, body),

  'user.revealPin': async ({ actor, params }) => ({ pin: await revealPin({ db, pins }, actor, params.id) }),

  'user.companyEmail': async ({ actor, body }) =>
    view(await setCompanyEmailContact(db, actor, body.userId, body.company_email)),

  'user.addToLocation': async ({ actor, body }) => ({
    success: true as const,
    count: await addMembers(db, actor, 'location', body.locationId, body.userIds),
  }),
  'user.removeFromLocation': async ({ actor, params }) => ({
    success: true as const,
    count: await removeMember(db, actor, 'location', params.locationId, params.userId),
  }),
  'user.addToOrganization': async ({ actor, body }) => ({
    success: true as const,
    count: await addMembers(db, actor, 'organization', body.organizationId, body.userIds),
  }),
  'user.removeFromOrganization': async ({ actor, params }) => ({
    success: true as const,
    count: await removeMember(db, actor, 'organization', params.organizationId, params.userId),
  }),
};

export const handler = createResourceHandler('user', userRoutes, implementations, withActors(db));
