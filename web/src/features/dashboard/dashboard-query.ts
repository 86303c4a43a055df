import type { QueryClient } from '@tanstack/react-query';
import { dashboardViewQueryOptions, portfolioPagesQueryOptions } from '../../api/portfolio.ts';
import { dashboardPageInputOf } from './dashboard-address.ts';

/**
 * The dashboard's first screen asked for: the first page of locations with the summary, and the view kept
 * (cards or table), into the cache the page reads. Failures are left to the page, whose own queries show them.
 */
export const prefetchDashboard = (queryClient: QueryClient, params: URLSearchParams) =>
  Promise.all([
    queryClient.prefetchInfiniteQuery(portfolioPagesQueryOptions(dashboardPageInputOf(params))),
    queryClient.prefetchQuery(dashboardViewQueryOptions()),
  ]);
