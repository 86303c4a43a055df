import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../lib/api.ts';
import { queryKeyOf } from '../lib/query.ts';

/** The locations of a user's scope, by name (`location.allByUser`): pickers and filters of several features. */
export const userLocationsQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: queryKeyOf('location.allByUser', { params: { id: userId } }),
    queryFn: ({ signal }) => api('location.allByUser', { params: { id: userId }, signal }),
  });

export const useUserLocations = (userId: number, enabled = true) =>
  useQuery({ ...userLocationsQueryOptions(userId), enabled });
