import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type * as z from 'zod';
import type { createWalkBody, updateWalkBody } from '@sitewalk/shared/schemas/walk';
import { api } from '../lib/api.ts';
import { queryKeyOf } from '../lib/query.ts';
import { useInvalidateGroup, type InvalidationGroup } from './invalidation.ts';

/** What a change of a walk makes stale. */
export const walkChangeRoutes = ['walk.get', 'walk.allByLocation'] as const satisfies InvalidationGroup;

/** A location's walks that are not deleted (`walk.allByLocation`, deleted ones hidden). */
export const walksOfLocationQueryOptions = (locationId: number) =>
  queryOptions({
    queryKey: queryKeyOf('walk.allByLocation', { params: { locationId } }),
    queryFn: ({ signal }) => api('walk.allByLocation', { params: { locationId }, signal }),
    select: (walks) => walks.filter((walk) => walk.deletedAt === null),
  });

export const useWalksOfLocation = (locationId: number) => useQuery(walksOfLocationQueryOptions(locationId));

export type CreateWalkInput = z.input<typeof createWalkBody>;
export type UpdateWalkInput = z.input<typeof updateWalkBody>;

export const createWalk = (body: CreateWalkInput) => api('walk.create', { body });
/** An edit keeps the markers' ids, so the walk's reports still point at them. */
export const updateWalk = (body: UpdateWalkInput) => api('walk.update', { body });
export const deleteWalk = (id: number) => api('walk.delete', { params: { id } });

/** Saves without touching the walk list: Setup Walks reloads it (`useInvalidateWalks`) 2 s after 'Saved!'. */
export const useCreateWalk = () => useMutation({ mutationFn: createWalk });
export const useUpdateWalk = () => useMutation({ mutationFn: updateWalk });

export const useInvalidateWalks = () => useInvalidateGroup(walkChangeRoutes);

export const useDeleteWalk = () => {
  const invalidate = useInvalidateWalks();
  return useMutation({ mutationFn: deleteWalk, onSuccess: invalidate });
};
