import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryKey,
  type UseQueryResult,
} from '@tanstack/react-query';
import { MAX_USER_IDS_PER_CALL } from '@sitewalk/shared/constants';
import type { RouteName } from '@sitewalk/shared/contract/index';
import { api } from '../../lib/api.ts';
import { invalidateRoute, queryKeyOf } from '../../lib/query.ts';
import type { Container, UsersSource } from './membership.ts';

const sourceRoute = {
  user: 'user.allByUser',
  location: 'user.allByLocation',
  organization: 'user.allByOrganization',
} as const;

/** The users of a source: the signed-in user's scope, a location's or an area's (by last name). */
export const sourceUsersQueryOptions = (source: UsersSource, currentUserId: number) => {
  const route = sourceRoute[source.kind];
  const input = { params: { id: source.kind === 'user' ? currentUserId : source.id } };
  return queryOptions({
    queryKey: queryKeyOf(route, input) as QueryKey,
    queryFn: ({ signal }) => api(route, { ...input, signal }),
  });
};

/** The signed-in user's full user list: the Add Users dialog's candidates come from it. */
export const allByUserQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: queryKeyOf('user.allByUser', { params: { id: userId } }),
    queryFn: ({ signal }) => api('user.allByUser', { params: { id: userId }, signal }),
  });

/** The location or area itself, placed for the policy (the same cache entry as its detail page). */
const areaQueryOptions = (id: number) =>
  queryOptions({
    queryKey: queryKeyOf('organization.get', { params: { id } }),
    queryFn: ({ signal }) => api('organization.get', { params: { id }, signal }),
  });

const locationQueryOptions = (id: number) =>
  queryOptions({
    queryKey: queryKeyOf('location.get', { params: { id } }),
    queryFn: ({ signal }) => api('location.get', { params: { id }, signal }),
  });

export const useContainer = (source: UsersSource): UseQueryResult<Container> => {
  const id = source.kind === 'user' ? 0 : source.id;
  const area = useQuery({
    ...areaQueryOptions(id),
    enabled: source.kind === 'organization',
    select: (item): Container => ({
      kind: 'organization',
      id: item.id,
      managementCompanyId: item.managementCompanyId,
    }),
  });
  const location = useQuery({
    ...locationQueryOptions(id),
    enabled: source.kind === 'location',
    select: (item): Container => ({
      kind: 'location',
      id: item.id,
      locationId: item.id,
      organizationId: item.organizationId,
      managementCompanyId: item.managementCompanyId,
    }),
  });
  return source.kind === 'location' ? location : area;
};

/** What a membership change makes stale: the lists, the users' records and the area's totals. */
const membershipRoutes: RouteName[] = [
  'user.allByLocation',
  'user.allByOrganization',
  'user.someByLocation',
  'user.someByOrganization',
  'user.allByUser',
  'user.someByUser',
  'user.get',
  'organization.get',
  'location.get',
];

const useInvalidateMemberships = () => {
  const queryClient = useQueryClient();
  return () => Promise.all(membershipRoutes.map((name) => invalidateRoute(queryClient, name)));
};

const chunks = <T>(items: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/** Adds users to the container, in calls of at most MAX_USER_IDS_PER_CALL users. */
export const addMembers = async (container: Container, userIds: readonly number[]) => {
  for (const part of chunks(userIds, MAX_USER_IDS_PER_CALL)) {
    await (container.kind === 'organization'
      ? api('user.addToOrganization', { body: { userIds: part, organizationId: container.id } })
      : api('user.addToLocation', { body: { userIds: part, locationId: container.id } }));
  }
};

export const removeMember = (container: Container, userId: number) =>
  container.kind === 'organization'
    ? api('user.removeFromOrganization', { params: { userId, organizationId: container.id } })
    : api('user.removeFromLocation', { params: { userId, locationId: container.id } });

export const useAddMembers = () => {
  const invalidate = useInvalidateMemberships();
  return useMutation({
    mutationFn: ({ container, userIds }: { container: Container; userIds: readonly number[] }) =>
      addMembers(container, userIds),
    onSettled: invalidate,
  });
};

export const useRemoveMember = () => {
  const invalidate = useInvalidateMemberships();
  return useMutation({
    mutationFn: ({ container, userId }: { container: Container; userId: number }) =>
      removeMember(container, userId),
    onSettled: invalidate,
  });
};
