import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { queryKeyOf } from '../../../lib/query.ts';

/** The dashboard's filters; unset ones are left to the API's defaults (the last 30 days, every type). */
export interface DashboardFilters {
  /** ISO instants. */
  from?: string;
  to?: string;
  typeId?: 1 | 2 | 3;
  locationId?: number;
  unresolvedOnly?: boolean;
}

export interface DashboardInput {
  userId: number;
  filters: DashboardFilters;
}

const inputOf = ({ userId, filters }: DashboardInput) => ({
  params: { userId },
  query: {
    from: filters.from,
    to: filters.to,
    typeId: filters.typeId,
    locationId: filters.locationId,
    unresolvedOnly: filters.unresolvedOnly ? ('true' as const) : undefined,
  },
});

export const getDashboard = (input: DashboardInput, signal?: AbortSignal) =>
  api('incident.dashboard', { ...inputOf(input), signal });

export const dashboardQueryOptions = (input: DashboardInput) =>
  queryOptions({
    queryKey: queryKeyOf('incident.dashboard', inputOf(input)),
    queryFn: ({ signal }) => getDashboard(input, signal),
  });

export const useDashboard = (input: DashboardInput) => useQuery(dashboardQueryOptions(input));
