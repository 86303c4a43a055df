import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { queryKeyOf } from '../../../lib/query.ts';

export const getWalks = (locationId: number, signal?: AbortSignal) =>
  api('walk.allByLocation', { params: { locationId }, signal });

/** A location's walks for 'Select a walk...'; walks with deletedAt set are hidden. */
export const walksQueryOptions = (locationId: number) =>
  queryOptions({
    queryKey: queryKeyOf('walk.allByLocation', { params: { locationId } }),
    queryFn: ({ signal }) => getWalks(locationId, signal),
    select: (walks) => walks.filter((walk) => walk.deletedAt === null),
  });

export const useWalks = (locationId: number) => useQuery(walksQueryOptions(locationId));
