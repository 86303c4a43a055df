import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { queryKeyOf } from '../../../lib/query.ts';

export interface LocationIncidentsInput {
  locationId: number;
  unresolvedOnly: boolean;
  page: number;
  pageSize: number;
  searchTerm: string;
}

const inputOf = ({ locationId, unresolvedOnly, page, pageSize, searchTerm }: LocationIncidentsInput) => ({
  params: { id: locationId },
  query: {
    limit: pageSize,
    offset: (page - 1) * pageSize,
    searchTerm: searchTerm.trim() || undefined,
    unresolvedOnly: unresolvedOnly ? ('true' as const) : ('false' as const),
  },
});

/** A page of a location's incidents, newest first, with its counts (`GET /incident/some/by-location/{id}`). */
export const locationIncidentsQueryOptions = (input: LocationIncidentsInput) =>
  queryOptions({
    queryKey: queryKeyOf('incident.someByLocation', inputOf(input)),
    queryFn: ({ signal }) => api('incident.someByLocation', { ...inputOf(input), signal }),
    placeholderData: keepPreviousData,
  });

export const useLocationIncidents = (input: LocationIncidentsInput) =>
  useQuery(locationIncidentsQueryOptions(input));
