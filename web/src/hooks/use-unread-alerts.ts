import { useQuery } from '@tanstack/react-query';
import { api } from '../lib/api.ts';
import { queryKeyOf } from '../lib/query.ts';

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
