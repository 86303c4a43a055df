import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQueries,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type * as z from 'zod';
import { PICKER_MATCHES } from '@sitewalk/shared/constants';
import type { createLocationBody, Location, updateLocationBody } from '@sitewalk/shared/schemas/location';
import { api } from '../lib/api.ts';
import { loadedData, queryKeyOf } from '../lib/query.ts';
import { useInvalidateGroup, without, type InvalidationGroup } from './invalidation.ts';

/** What a change of a location makes stale: the lists, the areas' totals and the dashboard. */
export const locationChangeRoutes = [
  'location.get',
  'location.someByUser',
  'location.allByUser',
  'location.someByOrganization',
  'location.allByOrganization',
  'organization.someByUser',
  'organization.allByUser',
  'organization.get',
  'incident.dashboard',
  'incident.portfolioPage',
] as const satisfies InvalidationGroup;

export const locationQueryOptions = (id: number) =>
  queryOptions({
    queryKey: queryKeyOf('location.get', { params: { id } }),
    queryFn: ({ signal }) => api('location.get', { params: { id }, signal }),
  });

/**
 * One location. `passed` is the location a screen was handed in navigation state (Add Location passes the
 * one it made, the location page passes it to Setup Walks): it shows at once, and the API's answer replaces it.
 */
export const useLocation = (id: number, passed?: Location | null, enabled = true) =>
  useQuery({
    ...locationQueryOptions(id),
    ...(passed && passed.id === id ? { initialData: passed, initialDataUpdatedAt: 0 } : {}),
    enabled,
  });

/**
 * Every location of a user's scope, by name (`location.allByUser`): only the user forms still read it (and the
 * recorder's catalog, through the API itself); screens read the locations they show instead.
 */
export const locationsOfUserQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: queryKeyOf('location.allByUser', { params: { id: userId } }),
    queryFn: ({ signal }) => api('location.allByUser', { params: { id: userId }, signal }),
  });

/**
 * The locations a screen shows (its rows' or its objects'), each by `location.get` and shared with the pages
 * that load it: never the whole scope, which for an owner can be 500. Unknown ones are left out until they come.
 */
export const useLocationsByIds = (ids: readonly number[]): Location[] =>
  useQueries({
    queries: [...new Set(ids)].map((id) => locationQueryOptions(id)),
    combine: loadedData<Location>,
  });

export interface LocationsPageInput {
  userId: number;
  page: number;
  pageSize: number;
  searchTerm: string;
  /** Of this management company only (the server filters, and refuses a company the caller cannot see). */
  managementCompanyId?: number | undefined;
}

const pageInputOf = ({ userId, page, pageSize, searchTerm, managementCompanyId }: LocationsPageInput) => ({
  params: { id: userId },
  query: {
    limit: pageSize,
    offset: (page - 1) * pageSize,
    searchTerm: searchTerm.trim() || undefined,
    managementCompanyId,
  },
});

/** A page of the locations of the signed-in user's scope, by name (`GET /location/some/by-user/{id}`). */
export const locationsPageQueryOptions = (input: LocationsPageInput) =>
  queryOptions({
    queryKey: queryKeyOf('location.someByUser', pageInputOf(input)),
    queryFn: ({ signal }) => api('location.someByUser', { ...pageInputOf(input), signal }),
    placeholderData: keepPreviousData,
  });

export const useLocationsPage = (input: LocationsPageInput) => useQuery(locationsPageQueryOptions(input));

/**
 * A location picker's options: the first PICKER_MATCHES locations of a user's scope whose name or address
 * holds `term`, of one company when `managementCompanyId` is given (the server searches and filters, so a
 * scope of 500 is never loaded whole).
 */
export const locationMatchesQueryOptions = (userId: number, term: string, managementCompanyId?: number) =>
  locationsPageQueryOptions({
    userId,
    page: 1,
    pageSize: PICKER_MATCHES,
    searchTerm: term,
    managementCompanyId,
  });

/** An area's locations, by name. */
export const locationsOfOrganizationQueryOptions = (organizationId: number) =>
  queryOptions({
    queryKey: queryKeyOf('location.allByOrganization', { params: { id: organizationId } }),
    queryFn: ({ signal }) => api('location.allByOrganization', { params: { id: organizationId }, signal }),
  });

export const useLocationsOfOrganization = (organizationId: number) =>
  useQuery(locationsOfOrganizationQueryOptions(organizationId));

export const createLocation = (body: z.input<typeof createLocationBody>) => api('location.create', { body });
export const updateLocation = (body: z.input<typeof updateLocationBody>) => api('location.update', { body });
export const deleteLocation = (id: number) => api('location.delete', { params: { id } });

export const useCreateLocation = () => {
  const invalidate = useInvalidateGroup(locationChangeRoutes);
  return useMutation({ mutationFn: createLocation, onSuccess: invalidate });
};

export const useUpdateLocation = () => {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateGroup(locationChangeRoutes);
  return useMutation({
    mutationFn: updateLocation,
    onSuccess: (location) => {
      queryClient.setQueryData(locationQueryOptions(location.id).queryKey, location);
      return invalidate();
    },
  });
};

export const useDeleteLocation = () => {
  // Not the location itself: the page still showing it would refetch it and answer 404.
  const invalidate = useInvalidateGroup(without(locationChangeRoutes, 'location.get'));
  return useMutation({ mutationFn: deleteLocation, onSuccess: invalidate });
};

/** An address to a point (`GET /api/geo/geocode`): Amazon Location in AWS, a ZIP code's centre locally. */
export const geocode = (address: string) => api('geo.geocode', { query: { address } });

export const useGeocode = () => useMutation({ mutationFn: geocode });
