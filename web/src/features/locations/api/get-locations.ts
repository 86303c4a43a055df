import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { queryKeyOf } from '../../../lib/query.ts';

export interface LocationsPageInput {
  userId: number;
  page: number;
  pageSize: number;
  searchTerm: string;
}

const inputOf = ({ userId, page, pageSize, searchTerm }: LocationsPageInput) => ({
  params: { id: userId },
  query: {
    limit: pageSize,
    offset: (page - 1) * pageSize,
    searchTerm: searchTerm.trim() || undefined,
  },
});

/** A page of the locations of the signed-in user's scope, by name (`GET /location/some/by-user/{id}`). */
export const getLocations = (input: LocationsPageInput, signal?: AbortSignal) =>
  api('location.someByUser', { ...inputOf(input), signal });

export const locationsQueryOptions = (input: LocationsPageInput) =>
  queryOptions({
    queryKey: queryKeyOf('location.someByUser', inputOf(input)),
    queryFn: ({ signal }) => getLocations(input, signal),
    placeholderData: keepPreviousData,
  });

export const useLocations = (input: LocationsPageInput) => useQuery(locationsQueryOptions(input));
