import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { queryKeyOf } from '../../../lib/query.ts';

/** Today's windows are asked for again this often, as windows open, close and get walked. */
export const TODAY_REFRESH_MS = 60_000;

/** Today's walk windows of every location of the user's scope, with their status now (`schedule.today`). */
export const useScheduleToday = () =>
  useQuery({
    queryKey: queryKeyOf('schedule.today'),
    queryFn: ({ signal }) => api('schedule.today', { signal }),
    refetchInterval: TODAY_REFRESH_MS,
    retry: false,
  });
