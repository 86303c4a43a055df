import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { invalidateRoute, queryKeyOf } from '../../lib/query.ts';

export interface AlertsInput {
  page: number;
  pageSize: number;
  kind?: string | undefined;
  locationId?: number | undefined;
  unreadOnly: boolean;
}

const inputOf = ({ page, pageSize, kind, locationId, unreadOnly }: AlertsInput) => ({
  query: {
    limit: pageSize,
    offset: (page - 1) * pageSize,
    ...(kind ? { kind: kind as never } : {}),
    ...(locationId ? { locationId } : {}),
    unreadOnly: unreadOnly ? ('true' as const) : ('false' as const),
  },
});

export const alertsQueryOptions = (input: AlertsInput) =>
  queryOptions({
    queryKey: queryKeyOf('alert.some', inputOf(input)),
    queryFn: ({ signal }) => api('alert.some', { ...inputOf(input), signal }),
    placeholderData: keepPreviousData,
  });

export const useAlerts = (input: AlertsInput) => useQuery(alertsQueryOptions(input));

const invalidateAlerts = (queryClient: ReturnType<typeof useQueryClient>) =>
  Promise.all([
    invalidateRoute(queryClient, 'alert.some'),
    invalidateRoute(queryClient, 'alert.unreadCount'),
  ]);

export const useMarkRead = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, read }: { id: number; read: boolean }) =>
      api('alert.markRead', { params: { id }, body: { read } }),
    onSettled: () => invalidateAlerts(queryClient),
  });
};

export const useMarkAllRead = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api('alert.markAllRead'),
    onSettled: () => invalidateAlerts(queryClient),
  });
};
