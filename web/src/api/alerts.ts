import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AlertPreferences } from '@sitewalk/shared/schemas/alert';
import { api } from '../lib/api.ts';
import { queryKeyOf } from '../lib/query.ts';
import { useInvalidateGroup, type InvalidationGroup } from './invalidation.ts';

/** What reading an alert makes stale: the list and the bell's count. */
export const alertChangeRoutes = ['alert.some', 'alert.unreadCount'] as const satisfies InvalidationGroup;

export interface AlertsInput {
  page: number;
  pageSize: number;
  kind?: string | undefined;
  locationId?: number | undefined;
  unreadOnly: boolean;
}

const pageInputOf = ({ page, pageSize, kind, locationId, unreadOnly }: AlertsInput) => ({
  query: {
    limit: pageSize,
    offset: (page - 1) * pageSize,
    ...(kind ? { kind: kind as never } : {}),
    ...(locationId ? { locationId } : {}),
    unreadOnly: unreadOnly ? ('true' as const) : ('false' as const),
  },
});

export const alertsPageQueryOptions = (input: AlertsInput) =>
  queryOptions({
    queryKey: queryKeyOf('alert.some', pageInputOf(input)),
    queryFn: ({ signal }) => api('alert.some', { ...pageInputOf(input), signal }),
    placeholderData: keepPreviousData,
  });

export const useAlertsPage = (input: AlertsInput) => useQuery(alertsPageQueryOptions(input));

/** The bell's count is asked for again this often, and whenever the window gets the focus back. */
export const UNREAD_REFRESH_MS = 60_000;

/** How many of the signed-in user's alerts are unread (the top bar's bell). */
export const useUnreadAlerts = () =>
  useQuery({
    queryKey: queryKeyOf('alert.unreadCount'),
    queryFn: ({ signal }) => api('alert.unreadCount', { signal }),
    refetchInterval: UNREAD_REFRESH_MS,
    refetchOnWindowFocus: true,
    retry: false,
  });

export const useMarkRead = () => {
  const invalidate = useInvalidateGroup(alertChangeRoutes);
  return useMutation({
    mutationFn: ({ id, read }: { id: number; read: boolean }) =>
      api('alert.markRead', { params: { id }, body: { read } }),
    onSettled: invalidate,
  });
};

export const useMarkAllRead = () => {
  const invalidate = useInvalidateGroup(alertChangeRoutes);
  return useMutation({ mutationFn: () => api('alert.markAllRead'), onSettled: invalidate });
};

/** The signed-in user's alert preferences (only one's own exist). */
export const useAlertPreferences = () =>
  useQuery({
    queryKey: queryKeyOf('alert.preferences'),
    queryFn: ({ signal }) => api('alert.preferences', { signal }),
  });

export const useSetAlertPreferences = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AlertPreferences) => api('alert.setPreferences', { body }),
    onSuccess: (saved) => queryClient.setQueryData(queryKeyOf('alert.preferences'), saved),
  });
};
