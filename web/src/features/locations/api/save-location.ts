import { useMutation, useQueryClient } from '@tanstack/react-query';
import type * as z from 'zod';
import type { RouteName } from '@sitewalk/shared/contract/index';
import type { createLocationBody, updateLocationBody } from '@sitewalk/shared/schemas/location';
import { api } from '../../../lib/api.ts';
import { invalidateRoute, queryKeyOf } from '../../../lib/query.ts';

/** What a change of a location makes stale (the lists, the areas' totals, the dashboard). */
const listRoutes: RouteName[] = [
  'location.someByUser',
  'location.allByUser',
  'location.someByOrganization',
  'location.allByOrganization',
  'organization.someByUser',
  'organization.allByUser',
  'organization.get',
  'incident.dashboard',
];

const useInvalidateLists = () => {
  const queryClient = useQueryClient();
  return () => Promise.all(listRoutes.map((name) => invalidateRoute(queryClient, name)));
};

export const createLocation = (body: z.input<typeof createLocationBody>) => api('location.create', { body });

export const useCreateLocation = () => {
  const invalidate = useInvalidateLists();
  return useMutation({ mutationFn: createLocation, onSuccess: invalidate });
};

export const updateLocation = (body: z.input<typeof updateLocationBody>) => api('location.update', { body });

export const useUpdateLocation = () => {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateLists();
  return useMutation({
    mutationFn: updateLocation,
    onSuccess: (location) => {
      queryClient.setQueryData(queryKeyOf('location.get', { params: { id: location.id } }), location);
      return invalidate();
    },
  });
};

export const deleteLocation = (id: number) => api('location.delete', { params: { id } });

export const useDeleteLocation = () => {
  const invalidate = useInvalidateLists();
  // The lists only: the page still showing the deleted location would refetch it and answer 404.
  return useMutation({ mutationFn: deleteLocation, onSuccess: invalidate });
};
