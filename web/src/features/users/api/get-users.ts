import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { queryKeyOf } from '../../../lib/query.ts';

/** Every user of a user's scope, by last name. */
export const getUsersByUser = (userId: number, signal?: AbortSignal) =>
  api('user.allByUser', { params: { id: userId }, signal });

export const usersByUserQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: queryKeyOf('user.allByUser', { params: { id: userId } }),
    queryFn: ({ signal }) => getUsersByUser(userId, signal),
  });

export const useUsersByUser = (userId: number) => useQuery(usersByUserQueryOptions(userId));
