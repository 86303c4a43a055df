import { useEffect } from 'react';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import { PORTFOLIO_PAGE_MAX } from '@sitewalk/shared/constants';
import type { DashboardView, PortfolioPage } from '@sitewalk/shared/schemas/portfolio';
import { api } from '../lib/api.ts';
import { queryKeyOf } from '../lib/query.ts';
import { TODAY_REFRESH_MS } from './schedules.ts';
import { portfolioQueryOf, type PortfolioPageInput } from './portfolio-query.ts';

export type {
  DashboardFilters,
  PortfolioOrder,
  PortfolioPageInput,
  PortfolioScope,
} from './portfolio-query.ts';

/**
 * How long an answer counts as fresh: the router asks for the dashboard's first screen before the page mounts
 * (features/dashboard/dashboard-query.ts), and the page then takes that answer instead of asking again.
 */
const PORTFOLIO_FRESH_MS = 10_000;

/** Where a page starts (null: the first), and how many it holds when not the API's default. */
export interface PortfolioPageParam {
  cursor: string | null;
  limit?: number;
}

/**
 * The caller's locations with their cards and today's windows, a page at a time (`incident.portfolioPage`):
 * each page's `nextCursor` asks for the next. Never all of them at once. The first page carries the summary of
 * the area chosen (or of them all), so the first screen is one request.
 */
export const portfolioPagesQueryOptions = (input: PortfolioPageInput) =>
  infiniteQueryOptions({
    queryKey: queryKeyOf('incident.portfolioPage', { query: portfolioQueryOf(input) }),
    queryFn: ({ pageParam, signal }) =>
      api('incident.portfolioPage', {
        query: {
          ...portfolioQueryOf(input),
          ...(pageParam.cursor ? { cursor: pageParam.cursor } : {}),
          ...(pageParam.limit ? { limit: pageParam.limit } : {}),
        },
        signal,
      }),
    initialPageParam: { cursor: null } as PortfolioPageParam,
    getNextPageParam: (last): PortfolioPageParam | null =>
      last.nextCursor ? { cursor: last.nextCursor } : null,
    staleTime: PORTFOLIO_FRESH_MS,
    // A change of filters keeps the locations shown until the new ones come.
    placeholderData: keepPreviousData,
  });

/**
 * The pages loaded, with the leading ones that fit in one read (PORTFOLIO_PAGE_MAX locations) made one page
 * of as many: the same locations in the same order, to be read again with one request (the scope's status
 * items queried once) instead of one per page. A refetch of an infinite query reads its first page with its
 * own param, then as many pages after it as there were.
 */
export const mergedForRefresh = (
  data: InfiniteData<PortfolioPage, PortfolioPageParam>,
): InfiniteData<PortfolioPage, PortfolioPageParam> => {
  let merged = 0;
  let shown = 0;
  for (const page of data.pages) {
    if (shown + page.locations.length > PORTFOLIO_PAGE_MAX) break;
    shown += page.locations.length;
    merged += 1;
  }
  const head = data.pages.slice(0, merged);
  const last = head.at(-1);
  if (merged < 2 || !last) return data;
  return {
    pages: [
      {
        locations: head.flatMap((page) => page.locations),
        nextCursor: last.nextCursor,
        totalCount: last.totalCount,
        summary: head[0]?.summary,
      },
      ...data.pages.slice(merged),
    ],
    pageParams: [{ cursor: null, limit: shown }, ...data.pageParams.slice(merged)],
  };
};

/**
 * The dashboard's pages, read again each TODAY_REFRESH_MS while the tab is in view (today's windows turn due
 * soon and missed as the day goes): the locations that several "Load more" brought, in one request rather
 * than one per page (`mergedForRefresh`); nothing is shown from before the read but what was shown already.
 */
export const usePortfolioPages = (input: PortfolioPageInput) => {
  const options = portfolioPagesQueryOptions(input);
  const queryClient = useQueryClient();
  const { queryKey } = options;
  // The key's text: the same key made anew each render must not restart the timer.
  const keyText = JSON.stringify(queryKey);
  useEffect(() => {
    const key = JSON.parse(keyText) as typeof queryKey;
    const timer = setInterval(() => {
      // As TanStack's refetchInterval: not in a hidden tab; nor over a fetch under way (a "Load more").
      if (
        document.visibilityState === 'hidden' ||
        queryClient.isFetching({ queryKey: key, exact: true }) > 0
      ) {
        return;
      }
      queryClient.setQueryData<InfiniteData<PortfolioPage, PortfolioPageParam>>(
        key,
        (data) => data && mergedForRefresh(data),
      );
      void queryClient.refetchQueries({ queryKey: key, exact: true }, { cancelRefetch: false });
    }, TODAY_REFRESH_MS);
    return () => clearInterval(timer);
  }, [queryClient, keyText]);
  return useInfiniteQuery(options);
};

/** Cards or table: how the signed-in user's dashboard shows its locations. */
export const dashboardViewQueryOptions = () =>
  queryOptions({
    queryKey: queryKeyOf('user.dashboardView'),
    queryFn: ({ signal }) => api('user.dashboardView', { signal }),
    staleTime: PORTFOLIO_FRESH_MS,
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
