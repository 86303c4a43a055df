import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { AuditObjectKind } from '@sitewalk/shared/schemas/audit';
import { api } from '../lib/api.ts';
import { queryKeyOf } from '../lib/query.ts';

/** What the Activity screen asks for: one company's log (0: the system log) and its filters. */
export interface ActivityFilters {
  companyId: number;
  objectKind?: AuditObjectKind | undefined;
  actorId?: number | undefined;
  locationId?: number | undefined;
  /** ISO instants, both ends included. */
  from?: string | undefined;
  to?: string | undefined;
}

export const ACTIVITY_PAGE_SIZE = 25;

const queryOf = ({ objectKind, actorId, locationId, from, to }: ActivityFilters, cursor: string | null) => ({
  limit: ACTIVITY_PAGE_SIZE,
  ...(objectKind ? { objectKind } : {}),
  ...(actorId ? { actorId } : {}),
  ...(locationId ? { locationId } : {}),
  ...(from ? { from } : {}),
  ...(to ? { to } : {}),
  ...(cursor ? { cursor } : {}),
});

/** A company's log, newest first, a page at a time: each page's `nextCursor` asks for the older ones. */
export const activityQueryOptions = (filters: ActivityFilters) =>
  infiniteQueryOptions({
    queryKey: queryKeyOf('activity.someByManagementCompany', {
      params: { id: filters.companyId },
      query: queryOf(filters, null),
    }),
    queryFn: ({ pageParam, signal }) =>
      api('activity.someByManagementCompany', {
        params: { id: filters.companyId },
        query: queryOf(filters, pageParam),
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // A change of filters keeps the entries shown until the new ones come.
    placeholderData: keepPreviousData,
  });

export const useActivity = (filters: ActivityFilters, enabled = true) =>
  useInfiniteQuery({ ...activityQueryOptions(filters), enabled });
