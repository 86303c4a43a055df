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
import { GLOBAL_TENANT, presignOwnedUpload, presignedView } from '../domain/uploads.ts';
import { ownerPrefix } from '../ports/storage.ts';
import { createResourceHandler, type Implementation, type Implementations } from '../http/handler.ts';
import { BadRequestError, NotFoundError } from '../domain/errors.ts';
import { userRoutes } from '@sitewalk/shared/contract/user';
import { authorize } from '../domain/authorize.ts';
import { createAccounts } from '../domain/accounts.ts';
import { readEnv } from '../env.ts';
import { pageOf } from '../domain/paging.ts';
import { visibleUserScope } from '../domain/scope.ts';
import { addMembers, removeMember } from '../domain/memberships.ts';
import { saveTableOrder, tableOrderView, updateTableOrder } from '../domain/table-order.ts';
import {
  createUser,
  updateUser,
  visibleUsersOfLocation,
  visibleUsersOfOrganization,
  visibleUsersOfUser,
  revealPin,
} from '../domain/users.ts';
import { loadUserView, loadUserViews } from '../domain/user-view.ts';
import { setCompanyEmail, setProfileImageKey } from '../db/users.ts';
import type { UserItem } from '../db/entities/user.ts';
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
  return { users: await loadUserViews(db, page.items), totalCount: page.totalCount };
};

export const implementations: Implementations<'user'> = {
  'user.createAdmin': create(Role.Admin),
  'user.createOwner': create(Role.Owner),
  'user.createCompanyManager': create(Role.CompanyManager),
  'user.createAreaManager': create(Role.AreaManager),
  'user.createManager': create(Role.Manager),
  'user.createAssistantManager': create(Role.AssistantManager),
  'user.createEmployee': create(Role.Employee),

  'user.profilePictureUpload': async ({ actor, params, query }) => {
    const { user, placement } = await visibleUserScope(db, actor, params.userId);
    authorize(actor, 'uploadProfileImage', placement, notFound);
    const owner = {
      managementCompanyId: user.managementCompanyId ?? GLOBAL_TENANT,
      kind: 'profile-image' as const,
      id: user.userId,
    };
    const ticket = await presignOwnedUpload(storage, owner, query);
    await setProfileImageKey(db, user, ticket.key, actor);
    return ticket;
  },

  'user.profilePicture': async ({ actor, params }) =>
    presignedView(storage, (await visibleUserScope(db, actor, params.userId)).user.profileImageKey),

  'user.get': async ({ actor, params }) => {
    await visibleUserScope(db, actor, params.id);
    return view(params.id);
  },

  'user.delete': async ({ actor, params }) => {
    const { user, placement } = await visibleUserScope(db, actor, params.id);
    authorize(actor, 'delete', placement, notFound);
    await accounts.delete(params.id, actor);
    await storage.deletePrefix(
      ownerPrefix(user.managementCompanyId ?? GLOBAL_TENANT, 'profile-image', params.id),
    );
    return { success: true as const, id: params.id };
  },

  'user.allByUser': async ({ actor, params }) =>
    loadUserViews(db, await visibleUsersOfUser(db, actor, params.id)),
  'user.allByLocation': async ({ actor, params }) =>
    loadUserViews(db, await visibleUsersOfLocation(db, actor, params.id)),
  'user.allByOrganization': async ({ actor, params }) =>
    loadUserViews(db, await visibleUsersOfOrganization(db, actor, params.id)),
  'user.someByUser': async ({ actor, params, query }) =>
    paged(await visibleUsersOfUser(db, actor, params.id), query),
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
  'user.createTableOrder': async ({ actor, body }) => saveTableOrder(db, actor.userId, body),
  'user.updateTableOrder': async ({ actor, params, body }) =>
    updateTableOrder(db, actor.userId, params.orderId, body),

  'user.revealPin': async ({ actor, params }) => ({ pin: await revealPin({ db, pins }, actor, params.id) }),

  'user.companyEmail': async ({ actor, body }) => {
    const { user, placement } = await visibleUserScope(db, actor, body.userId);
    authorize(actor, 'setCompanyEmail', placement, notFound);
    if (user.roleId !== Role.CompanyManager) {
      throw new BadRequestError('company_email: only company managers have a company e-mail', {
        company_email: ['only company managers have a company e-mail'],
      });
    }
    if (!(await setCompanyEmail(db, user, body.company_email, actor))) throw new NotFoundError(notFound);
    return view(user.userId);
  },

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
