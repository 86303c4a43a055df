import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { AttentionFilter } from '@sitewalk/shared/portfolio';
import type { DashboardView } from '@sitewalk/shared/schemas/portfolio';
import { api } from '../lib/api.ts';
import { queryKeyOf } from '../lib/query.ts';
import { TODAY_REFRESH_MS } from './schedules.ts';

/** Which of the caller's locations the summary counts: one area's, or all of them. */
export interface PortfolioScope {
  organizationId?: number | undefined;
}

/** The owner's dashboard at a glance (`incident.portfolioSummary`); today's figures change as windows close. */
export const portfolioSummaryQueryOptions = ({ organizationId }: PortfolioScope) =>
  queryOptions({
    queryKey: queryKeyOf('incident.portfolioSummary', { query: { organizationId } }),
    queryFn: ({ signal }) => api('incident.portfolioSummary', { query: { organizationId }, signal }),
    refetchInterval: TODAY_REFRESH_MS,
    placeholderData: keepPreviousData,
  });

export const usePortfolioSummary = (scope: PortfolioScope) => useQuery(portfolioSummaryQueryOptions(scope));

/** The dashboard's filters ; unset ones are left to the API's defaults (the last 30 days, every priority). */
export interface DashboardFilters {
  /** ISO instants. */
  from?: string;
  to?: string;
  priority?: 1 | 2 | 3;
  locationId?: number;
  unresolvedOnly?: boolean;
}

export type PortfolioOrder = 'attention' | 'mine';

export interface PortfolioPageInput extends PortfolioScope {
  filters: DashboardFilters;
  show?: AttentionFilter | undefined;
  searchTerm?: string | undefined;
  order: PortfolioOrder;
}

const queryOf = ({ filters, organizationId, show, searchTerm, order }: PortfolioPageInput) => ({
  from: filters.from,
  to: filters.to,
  typeId: filters.priority,
  locationId: filters.locationId,
  unresolvedOnly: filters.unresolvedOnly ? ('true' as const) : undefined,
  organizationId,
  show,
  searchTerm: searchTerm?.trim() || undefined,
  order,
});

/**
 * The caller's locations with their cards and today's windows, a page at a time (`incident.portfolioPage`):
 * each page's `nextCursor` asks for the next. Never all of them at once.
 */
export const portfolioPagesQueryOptions = (input: PortfolioPageInput) =>
  infiniteQueryOptions({
    queryKey: queryKeyOf('incident.portfolioPage', { query: queryOf(input) }),
    queryFn: ({ pageParam, signal }) =>
      api('incident.portfolioPage', {
        query: { ...queryOf(input), ...(pageParam ? { cursor: pageParam } : {}) },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // Today's windows turn due soon and missed as the day goes: the pages shown are read again, as the summary.
    refetchInterval: TODAY_REFRESH_MS,
    // A change of filters keeps the locations shown until the new ones come.
    placeholderData: keepPreviousData,
  });

export const usePortfolioPages = (input: PortfolioPageInput) =>
  useInfiniteQuery(portfolioPagesQueryOptions(input));

/** Cards or table: how the signed-in user's dashboard shows its locations. */
export const dashboardViewQueryOptions = () =>
  queryOptions({
    queryKey: queryKeyOf('user.dashboardView'),
    queryFn: ({ signal }) => api('user.dashboardView', { signal }),
  });

export const useDashboardView = () => useQuery(dashboardViewQueryOptions());

/** Keeps the view chosen; the screen switches at once and goes back if the save fails. */
export const useSetDashboardView = () => {
  const queryClient = useQueryClient();
  const key = dashboardViewQueryOptions().queryKey;
  return useMutation({
    mutationFn: (body: DashboardView) => api('user.setDashboardView', { body }),
    onMutate: (body) => {
      const before = queryClient.getQueryData<DashboardView>(key);
      queryClient.setQueryData(key, body);
      return { before };
    },
    onError: (_error, _body, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSuccess: (saved) => queryClient.setQueryData(key, saved),
  });
};
