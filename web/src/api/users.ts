import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQueries,
  useQuery,
  useQueryClient,
  type QueryKey,
  type UseQueryResult,
} from '@tanstack/react-query';
import type * as z from 'zod';
import { MAX_USER_IDS_PER_CALL, PICKER_MATCHES } from '@sitewalk/shared/constants';
import type { PlacementOf } from '@sitewalk/shared/policy';
import { Role, type RoleId } from '@sitewalk/shared/roles';
import type { CreateUserBody, updateUserBody, User } from '@sitewalk/shared/schemas/user';
import { api } from '../lib/api.ts';
import { loadedData, queryKeyOf } from '../lib/query.ts';
import { invalidateGroup, useInvalidateGroup, type InvalidationGroup } from './invalidation.ts';
import { locationQueryOptions } from './locations.ts';
import { organizationQueryOptions } from './organizations.ts';

/** Every list of users. */
const userListRoutes = [
  'user.allByUser',
  'user.someByUser',
  'user.allByLocation',
  'user.someByLocation',
  'user.allByOrganization',
  'user.someByOrganization',
] as const satisfies InvalidationGroup;

/**
 * What a new, changed or deleted user makes stale: every list of users, the user's profile, PIN and
 * picture, the areas' and locations' totals, and the signed-in user when it is them.
 */
export const userChangeRoutes = [
  ...userListRoutes,
  'user.get',
  'user.revealPin',
  'user.profilePicture',
  'organization.get',
  'organization.someByUser',
  'location.get',
  'auth.me',
] as const satisfies InvalidationGroup;

export const userQueryOptions = (id: number) =>
  queryOptions({
    queryKey: queryKeyOf('user.get', { params: { id } }),
    queryFn: ({ signal }) => api('user.get', { params: { id }, signal }),
  });

/** One user; `placeholder` (the signed-in user handed over by the top bar) shows until the answer comes. */
export const useUser = (id: number, placeholder?: User) =>
  useQuery({ ...userQueryOptions(id), placeholderData: placeholder });

/**
 * The users a screen names (an activity entry's), each by `user.get` and shared with the profile pages:
 * never the whole scope, which on a stage can be 5,000. Ones not (yet) read, or not in the scope, are left out.
 */
export const useUsersByIds = (ids: readonly number[]): User[] =>
  useQueries({ queries: [...new Set(ids)].map((id) => userQueryOptions(id)), combine: loadedData<User> });

/** Where a users table takes its users from: the signed-in user's scope, a location or an area. */
export type UsersSource =
  { kind: 'user' } | { kind: 'location'; id: number } | { kind: 'organization'; id: number };

const pageRoute = {
  user: 'user.someByUser',
  location: 'user.someByLocation',
  organization: 'user.someByOrganization',
} as const;

export interface UsersPageInput {
  page: number;
  pageSize: number;
  searchTerm: string;
}

/** A place the users asked for may be added to: only those the caller may add there and who are not there yet. */
export type AddableTo = { kind: 'location'; id: number } | { kind: 'organization'; id: number };

/** One page of a source's users as the API takes it (the caller's own scope: addable to a place, when given). */
const usersPageRequest = (
  source: UsersSource,
  currentUserId: number,
  { page, pageSize, searchTerm }: UsersPageInput,
  addableTo?: AddableTo,
) => {
  const route = pageRoute[source.kind];
  const input = {
    params: { id: source.kind === 'user' ? currentUserId : source.id },
    query: {
      limit: pageSize,
      offset: (page - 1) * pageSize,
      searchTerm: searchTerm.trim() || undefined,
      ...(addableTo?.kind === 'location' ? { addableToLocationId: addableTo.id } : {}),
      ...(addableTo?.kind === 'organization' ? { addableToOrganizationId: addableTo.id } : {}),
    },
  };
  return {
    queryKey: queryKeyOf(route, input) as QueryKey,
    queryFn: ({ signal }: { signal: AbortSignal }) => api(route, { ...input, signal }),
  };
};

/**
 * A page of a source's users, by last name, paged and searched by the API (`user.some…`): a Super User's list
 * of every company's users, and a location's or an area's members, are never loaded whole.
 */
export const usersPageQueryOptions = (source: UsersSource, currentUserId: number, input: UsersPageInput) =>
  queryOptions({ ...usersPageRequest(source, currentUserId, input), placeholderData: keepPreviousData });

/**
 * A user picker's options: the first PICKER_MATCHES users of a source whose name, e-mail or role holds
 * `term` (the server searches, so a scope of 5,000 is never loaded whole); with `addableTo`, of the caller's
 * scope only those the server says may be added there (the Add Users dialog).
 */
export const userMatchesQueryOptions = (
  source: UsersSource,
  currentUserId: number,
  term: string,
  addableTo?: AddableTo,
) =>
  queryOptions(
    usersPageRequest(
      source,
      currentUserId,
      { page: 1, pageSize: PICKER_MATCHES, searchTerm: term },
      addableTo,
    ),
  );

/** `GET /api/user/pin/{id}`: asked only when the eye toggle is pressed, never cached for long. */
export const revealPinQueryOptions = (id: number) =>
  queryOptions({
    queryKey: queryKeyOf('user.revealPin', { params: { id } }),
    queryFn: ({ signal }) => api('user.revealPin', { params: { id }, signal }),
    staleTime: 0,
    gcTime: 0,
  });

export const useRevealedPin = (id: number, enabled: boolean) =>
  useQuery({ ...revealPinQueryOptions(id), enabled });

export type CreatableRole = Exclude<RoleId, 50>;

/** One create call per role (`POST /api/user/{slug}`). */
const createRoutes = {
  [Role.Admin]: 'user.createAdmin',
  [Role.Owner]: 'user.createOwner',
  [Role.CompanyManager]: 'user.createCompanyManager',
  [Role.AreaManager]: 'user.createAreaManager',
  [Role.Manager]: 'user.createManager',
  [Role.AssistantManager]: 'user.createAssistantManager',
  [Role.Employee]: 'user.createEmployee',
} as const satisfies Record<CreatableRole, string>;

export interface CreateUserInput {
  roleId: CreatableRole;
  body: CreateUserBody;
}

export type UpdateUserBody = z.input<typeof updateUserBody>;

export const createUser = ({ roleId, body }: CreateUserInput) => api(createRoutes[roleId], { body });

export const updateUser = (body: UpdateUserBody) =>
  api('user.update', { params: { id: body.userInfo.id }, body });

export const setCompanyEmail = ({ userId, enabled }: { userId: number; enabled: boolean }) =>
  api('user.companyEmail', { body: { userId, company_email: enabled } });

export const deleteUser = (id: number) => api('user.delete', { params: { id } });

/** Refreshes everything that shows a user (after a change made outside these mutations, say a picture). */
export const invalidateUsers = (queryClient: ReturnType<typeof useQueryClient>) =>
  invalidateGroup(queryClient, userChangeRoutes);

export const useCreateUser = () => {
  const invalidate = useInvalidateGroup(userChangeRoutes);
  return useMutation({ mutationFn: createUser, onSuccess: invalidate });
};

export const useUpdateUser = () => {
  const invalidate = useInvalidateGroup(userChangeRoutes);
  return useMutation({ mutationFn: updateUser, onSuccess: invalidate });
};

export const useSetCompanyEmail = () => {
  const invalidate = useInvalidateGroup(userChangeRoutes);
  return useMutation({ mutationFn: setCompanyEmail, onSuccess: invalidate });
};

export const useDeleteUser = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    // The deleted user's own query is dropped, not refetched (it would answer 404).
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: userQueryOptions(id).queryKey });
      return invalidateGroup(queryClient, userChangeRoutes);
    },
  });
};

/** A location or an area whose members change, placed for the policy. */
export type MembershipContainer = PlacementOf<'location'> | PlacementOf<'organization'>;

const chunks = <T>(items: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/** Adds users to the container, in calls of at most MAX_USER_IDS_PER_CALL users. */
export const addMembers = async (container: MembershipContainer, userIds: readonly number[]) => {
  for (const part of chunks(userIds, MAX_USER_IDS_PER_CALL)) {
    await (container.kind === 'organization'
      ? api('user.addToOrganization', { body: { userIds: part, organizationId: container.id } })
      : api('user.addToLocation', { body: { userIds: part, locationId: container.id } }));
  }
};

export const removeMember = (container: MembershipContainer, userId: number) =>
  container.kind === 'organization'
    ? api('user.removeFromOrganization', { params: { userId, organizationId: container.id } })
    : api('user.removeFromLocation', { params: { userId, locationId: container.id } });

/** A membership change is a change of the users it moves: the same group refreshes. */
export const useAddMembers = () => {
  const invalidate = useInvalidateGroup(userChangeRoutes);
  return useMutation({
    mutationFn: ({ container, userIds }: { container: MembershipContainer; userIds: readonly number[] }) =>
      addMembers(container, userIds),
    onSettled: invalidate,
  });
};

export const useRemoveMember = () => {
  const invalidate = useInvalidateGroup(userChangeRoutes);
  return useMutation({
    mutationFn: ({ container, userId }: { container: MembershipContainer; userId: number }) =>
      removeMember(container, userId),
    onSettled: invalidate,
  });
};

/** The location or area whose members a users table lists, placed for the policy (its detail page's cache entry). */
export const useMembershipContainer = (source: UsersSource): UseQueryResult<MembershipContainer> => {
  const id = source.kind === 'user' ? 0 : source.id;
  const organization = useQuery({
    ...organizationQueryOptions(id),
    enabled: source.kind === 'organization',
    select: (item): MembershipContainer => ({
      kind: 'organization',
      id: item.id,
      managementCompanyId: item.managementCompanyId,
    }),
  });
  const location = useQuery({
    ...locationQueryOptions(id),
    enabled: source.kind === 'location',
    select: (item): MembershipContainer => ({
      kind: 'location',
      id: item.id,
      locationId: item.id,
      organizationId: item.organizationId,
      managementCompanyId: item.managementCompanyId,
    }),
  });
  return source.kind === 'location' ? location : organization;
};
