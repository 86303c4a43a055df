import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type * as z from 'zod';
import type { scheduleBody } from '@sitewalk/shared/schemas/schedule';
import { api } from '../lib/api.ts';
import { queryKeyOf } from '../lib/query.ts';
import { invalidateGroup, type InvalidationGroup } from './invalidation.ts';

/** What a change of a schedule makes stale besides the schedule itself: today's windows, the dashboard's. */
export const scheduleChangeRoutes = [
  'schedule.get',
  'schedule.today',
  'incident.portfolioPage',
] as const satisfies InvalidationGroup;

/** Today's windows are asked for again this often, as windows open, close and get walked. */
export const TODAY_REFRESH_MS = 60_000;

export const scheduleQueryOptions = (locationId: number) =>
  queryOptions({
    queryKey: queryKeyOf('schedule.get', { params: { locationId } }),
    queryFn: ({ signal }) => api('schedule.get', { params: { locationId }, signal }),
  });

export const useSchedule = (locationId: number) => useQuery(scheduleQueryOptions(locationId));

/** Today's walk windows of every location of the user's scope, with their status now (`schedule.today`). */
export const scheduleTodayQueryOptions = () =>
  queryOptions({
    queryKey: queryKeyOf('schedule.today'),
    queryFn: ({ signal }) => api('schedule.today', { signal }),
    refetchInterval: TODAY_REFRESH_MS,
    retry: false,
  });

export const useScheduleToday = () => useQuery(scheduleTodayQueryOptions());

export const useSetSchedule = (locationId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof scheduleBody>) => api('schedule.set', { params: { locationId }, body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(scheduleQueryOptions(locationId).queryKey, saved);
      return invalidateGroup(queryClient, scheduleChangeRoutes);
    },
  });
};
