import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type * as z from 'zod';
import type { scheduleBody } from '@sitewalk/shared/schemas/schedule';
import { api } from '../../../lib/api.ts';
import { invalidateRoute, queryKeyOf } from '../../../lib/query.ts';

/** The location's walks that are not deleted, for 'Walks that count'. */
export const useLocationWalks = (locationId: number) =>
  useQuery({
    queryKey: queryKeyOf('walk.allByLocation', { params: { locationId } }),
    queryFn: ({ signal }) => api('walk.allByLocation', { params: { locationId }, signal }),
    select: (walks) => walks.filter((walk) => walk.deletedAt === null),
  });

export const useSchedule = (locationId: number) =>
  useQuery({
    queryKey: queryKeyOf('schedule.get', { params: { locationId } }),
    queryFn: ({ signal }) => api('schedule.get', { params: { locationId }, signal }),
  });

export const useSetSchedule = (locationId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof scheduleBody>) => api('schedule.set', { params: { locationId }, body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeyOf('schedule.get', { params: { locationId } }), saved);
      return invalidateRoute(queryClient, 'schedule.today');
    },
  });
};
