import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type * as z from 'zod';
import type { RosterMapping } from '@sitewalk/shared/roster';
import type { rosterImportBody } from '@sitewalk/shared/schemas/lockCheck';
import { api } from '../lib/api.ts';
import { ApiError } from '../lib/api-client.ts';
import { queryKeyOf } from '../lib/query.ts';
import { invalidateGroup, type InvalidationGroup } from './invalidation.ts';

/** What a new roster version makes stale: the location's current roster (the phone's lock check too) and its versions. */
export const rosterChangeRoutes = [
  'roster.get',
  'rosterVersion.someByLocation',
] as const satisfies InvalidationGroup;

export const rosterQueryOptions = (locationId: number) =>
  queryOptions({
    queryKey: queryKeyOf('roster.get', { params: { locationId } }),
    // A location without a roster answers 404: that is "no roster yet", not a failure.
    queryFn: async ({ signal }) => {
      try {
        return await api('roster.get', { params: { locationId }, signal });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });

/** The location's current roster with its units in walk order; null when it has none. */
export const useRoster = (locationId: number) => useQuery(rosterQueryOptions(locationId));

export const rosterVersionsQueryOptions = (locationId: number, page: { limit: number; offset: number }) =>
  queryOptions({
    queryKey: queryKeyOf('rosterVersion.someByLocation', { params: { locationId }, query: page }),
    queryFn: ({ signal }) =>
      api('rosterVersion.someByLocation', { params: { locationId }, query: page, signal }),
    placeholderData: keepPreviousData,
  });

/** A page of the location's roster versions, newest first, and how many there are. */
export const useRosterVersions = (locationId: number, page: { limit: number; offset: number }) =>
  useQuery(rosterVersionsQueryOptions(locationId, page));

export const rosterMappingQueryOptions = (managementCompanyId: number) =>
  queryOptions({
    queryKey: queryKeyOf('rosterMapping.get', { params: { managementCompanyId } }),
    queryFn: ({ signal }) => api('rosterMapping.get', { params: { managementCompanyId }, signal }),
  });

/** The company's remembered CSV column mapping (null until one is saved). */
export const useRosterMapping = (managementCompanyId: number) =>
  useQuery(rosterMappingQueryOptions(managementCompanyId));

/** Saves a new roster version; its answer says what changed since the previous one. */
export const useImportRoster = (locationId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof rosterImportBody>) =>
      api('roster.import', { params: { locationId }, body }),
    onSuccess: () => invalidateGroup(queryClient, rosterChangeRoutes),
  });
};

/** Remembers the company's column mapping for its next import. */
export const useSetRosterMapping = (managementCompanyId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mapping: RosterMapping) =>
      api('rosterMapping.set', { params: { managementCompanyId }, body: mapping }),
    onSuccess: (saved) =>
      queryClient.setQueryData(rosterMappingQueryOptions(managementCompanyId).queryKey, saved),
  });
};
