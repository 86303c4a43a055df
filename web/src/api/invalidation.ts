import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { RouteName } from '@sitewalk/shared/contract/index';
import { invalidateRoute } from '../lib/query.ts';

/**
 * An invalidation group: the routes whose cached answers a change of one resource makes stale. Each
 * resource module names its group once and every mutation of that resource invalidates all of it, so a
 * create refreshes the same lists an update does.
 */
export type InvalidationGroup = readonly RouteName[];

export const invalidateGroup = (queryClient: QueryClient, group: InvalidationGroup) =>
  Promise.all(group.map((name) => invalidateRoute(queryClient, name)));

/** The group without some of its routes (a deleted object's own query would refetch and answer 404). */
export const without = (group: InvalidationGroup, ...left: RouteName[]): InvalidationGroup =>
  group.filter((name) => !left.includes(name));

/** A function that invalidates the group in the app's query client. */
export const useInvalidateGroup = (group: InvalidationGroup) => {
  const queryClient = useQueryClient();
  return () => invalidateGroup(queryClient, group);
};
