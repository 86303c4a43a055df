import * as z from 'zod';
import { defineRoute } from './route.ts';
import { DASHBOARD_VIEW_PATH } from './dashboard-paths.ts';
import { refusedAs } from '../schemas/required.ts';
import { dashboardView } from '../schemas/portfolio.ts';
import { messages } from '../messages.ts';
import { Role, type RoleId } from '../roles.ts';
import { MAX_USER_IDS_PER_CALL, PROFILE_IMAGE_NAME_MAX_LENGTH, TABLE_ORDER_MAX } from '../constants.ts';
import {
  idParam,
  idParams,
  pagedQuery,
  profileImageUploadQuery,
  uploadTicket,
  viewUrl,
  deleted,
} from '../schemas/common.ts';
import {
  addUsersToLocationBody,
  addUsersToOrganizationBody,
  companyEmailBody,
  createUserBody,
  revealedPin,
  tablePreference,
  tablePreferenceBody,
  tablePreferences,
  updateUserBody,
  user,
  userResult,
  usersPage,
  usersPagedQuery,
} from '../schemas/user.ts';

const spec = 'access-and-administration' as const;
const resource = 'user' as const;

/** `POST /api/user/{slug}`: the creator's role must be strictly above the new user's. */
const createUserRoute = <
  const Slug extends string,
  const R extends Exclude<RoleId, 50>,
  const Least extends RoleId,
>(
  slug: Slug,
  role: R,
  least: Least,
) =>
  defineRoute({
    method: 'POST',
    path: `/api/user/${slug}`,
    resource,
    access: least,
    source: role === Role.Employee ? 'added' : spec,
    summary: `Create a user with role ${role}`,
    body: createUserBody(role),
    missingBody: messages.validation.noUserInfo,
    response: userResult(user),
    status: 201,
  });

const profileImageParams = z.object({
  userId: idParam,
  name: z.string().min(1).max(PROFILE_IMAGE_NAME_MAX_LENGTH),
});
const membershipResult = z.object({ success: z.literal(true), count: z.number().int().nonnegative() });

const list = <const P extends string, const Least extends RoleId>(path: P, summary: string, least: Least) =>
  defineRoute({
    method: 'GET',
    path: `/api/user/all/${path}/{id}`,
    resource,
    access: least,
    source: spec,
    summary,
    params: idParams,
    response: z.array(user),
  });

const page = <
  const P extends string,
  const Least extends RoleId,
  const Q extends z.ZodObject = typeof pagedQuery,
>(
  path: P,
  summary: string,
  least: Least,
  query?: Q,
) =>
  defineRoute({
    method: 'GET',
    path: `/api/user/some/${path}/{id}`,
    resource,
    access: least,
    source: spec,
    summary,
    params: idParams,
    query: (query ?? pagedQuery) as Q,
    response: usersPage,
  });

export const userRoutes = {
  'user.createAdmin': createUserRoute('admin', Role.Admin, Role.SuperUser),
  'user.createOwner': createUserRoute('owner', Role.Owner, Role.Admin),
  'user.createCompanyManager': createUserRoute('company-manager', Role.CompanyManager, Role.Owner),
  'user.createAreaManager': createUserRoute('area-manager', Role.AreaManager, Role.CompanyManager),
  'user.createManager': createUserRoute('manager', Role.Manager, Role.AreaManager),
  'user.createAssistantManager': createUserRoute('assistant-manager', Role.AssistantManager, Role.Manager),
  'user.createEmployee': createUserRoute('employee', Role.Employee, Role.AssistantManager),
  'user.profilePictureUpload': defineRoute({
    method: 'GET',
    path: '/api/user/update/profile-image/{userId}/{name}',
    resource,
    access: Role.Employee,
    source: spec,
    summary: "A presigned PUT for a user's profile image (jpeg or png)",
    params: profileImageParams,
    query: profileImageUploadQuery,
    response: uploadTicket,
  }),
  'user.profilePicture': defineRoute({
    method: 'GET',
    path: '/api/user/profile-image/{userId}/{name}',
    resource,
    access: Role.Employee,
    source: spec,
    summary: "A short-lived URL to view a user's profile image",
    params: profileImageParams,
    response: viewUrl,
  }),
  'user.get': defineRoute({
    method: 'GET',
    path: '/api/user/{id}',
    resource,
    access: Role.Employee,
    source: spec,
    summary: 'One user',
    params: z.object({ id: refusedAs(idParam, messages.validation.invalidUserId) }),
    response: user,
  }),
  'user.delete': defineRoute({
    method: 'DELETE',
    path: '/api/user/{id}',
    resource,
    access: Role.AssistantManager,
    source: spec,
    summary: 'Delete a user for good, with their sign-in',
    params: idParams,
    response: deleted,
  }),
  'user.allByUser': list('by-user', "The users of a user's scope, by last name", Role.Employee),
  'user.allByLocation': list('by-location', "A location's users, by last name", Role.Employee),
  'user.allByOrganization': list('by-organization', "An area's users, by last name", Role.AreaManager),
  'user.someByUser': page(
    'by-user',
    "A page of the users of a user's scope; addableToLocationId or addableToOrganizationId (one at most): only those the caller may add there who are not there yet",
    Role.Employee,
    usersPagedQuery,
  ),
  'user.someByLocation': page('by-location', "A page of a location's users", Role.Employee),
  'user.someByOrganization': page('by-organization', "A page of an area's users", Role.AreaManager),
  'user.tableOrder': defineRoute({
    method: 'GET',
    path: '/api/user/table-order',
    resource,
    access: Role.Employee,
    source: 'added',
    summary: "The signed-in user's saved dashboard table order, by displayOrder (the dashboard restores it)",
    response: tablePreferences,
  }),
  'user.createTableOrder': defineRoute({
    method: 'POST',
    path: '/api/user/create/table-order',
    resource,
    access: Role.Employee,
    source: spec,
    summary: `Save the position of one of the signed-in user's dashboard tables: one row per tableId, a second save of a table moves it (at most ${TABLE_ORDER_MAX} tables)`,
    body: tablePreferenceBody,
    response: tablePreference,
    status: 201,
  }),
  'user.updateTableOrder': defineRoute({
    method: 'PUT',
    path: '/api/user/update/table-order/{orderId}',
    resource,
    access: Role.Employee,
    source: spec,
    summary: 'Move one of the signed-in user’s dashboard tables (its tableId stays)',
    params: z.object({ orderId: idParam }),
    body: tablePreferenceBody,
    response: tablePreference,
  }),
  'user.dashboardView': defineRoute({
    method: 'GET',
    path: DASHBOARD_VIEW_PATH,
    resource,
    access: Role.Employee,
    source: 'added',
    summary: "How the signed-in user's dashboard shows its locations: cards (the default) or a compact table",
    response: dashboardView,
  }),
  'user.setDashboardView': defineRoute({
    method: 'PUT',
    path: DASHBOARD_VIEW_PATH,
    resource,
    access: Role.Employee,
    source: 'added',
    summary: "Keep how the signed-in user's dashboard shows its locations",
    body: dashboardView,
    response: dashboardView,
  }),
  'user.revealPin': defineRoute({
    method: 'GET',
    path: '/api/user/pin/{id}',
    resource,
    access: Role.Employee,
    source: 'added',
    summary:
      "A user's PIN, for the profile's reveal toggle: the user themselves and those above them; each reveal is recorded in the audit log",
    params: idParams,
    response: revealedPin,
  }),
  'user.update': defineRoute({
    method: 'PUT',
    path: '/api/user/update/user/{id}',
    resource,
    access: Role.Employee,
    source: spec,
    summary:
      "Update a user's details, role, areas or locations, or change their password (ends their sessions; temporary when set by someone above them). One's own password or e-mail needs currentPassword; only the memberships the caller may manage are removed",
    params: idParams,
    body: updateUserBody,
    missingBody: messages.validation.noUserInfo,
    response: userResult(user),
  }),
  'user.companyEmail': defineRoute({
    method: 'PUT',
    path: '/api/user/update/company-email',
    resource,
    access: Role.CompanyManager,
    source: spec,
    summary: "Turn a company manager's company e-mail on or off",
    body: companyEmailBody,
    response: user,
  }),
  'user.addToLocation': defineRoute({
    method: 'POST',
    path: '/api/user/add-to-location',
    resource,
    access: Role.Manager,
    source: spec,
    summary: `Add users to a location (already present users are left as they are; at most ${MAX_USER_IDS_PER_CALL} users)`,
    body: addUsersToLocationBody,
    response: membershipResult,
  }),
  'user.removeFromLocation': defineRoute({
    method: 'DELETE',
    path: '/api/user/remove-from-location/{userId}/{locationId}',
    resource,
    access: Role.Manager,
    source: spec,
    summary: 'Remove a user from a location (their default location too, when it was this one)',
    params: z.object({ userId: idParam, locationId: idParam }),
    response: membershipResult,
  }),
  'user.addToOrganization': defineRoute({
    method: 'POST',
    path: '/api/user/add-to-organization',
    resource,
    access: Role.CompanyManager,
    source: spec,
    summary: `Add users to an area (at most ${MAX_USER_IDS_PER_CALL} users)`,
    body: addUsersToOrganizationBody,
    response: membershipResult,
  }),
  'user.removeFromOrganization': defineRoute({
    method: 'DELETE',
    path: '/api/user/remove-from-organization/{userId}/{organizationId}',
    resource,
    access: Role.CompanyManager,
    source: spec,
    summary: 'Remove a user from an area',
    params: z.object({ userId: idParam, organizationId: idParam }),
    response: membershipResult,
  }),
};
