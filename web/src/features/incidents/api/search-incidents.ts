import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { queryKeyOf } from '../../../lib/query.ts';

export interface IncidentSearchInput {
  searchTerm: string;
  unresolvedOnly: boolean;
}

const inputOf = ({ searchTerm, unresolvedOnly }: IncidentSearchInput) => ({
  query: {
    searchTerm: searchTerm.trim() || undefined,
    unresolvedOnly: unresolvedOnly ? ('true' as const) : ('false' as const),
  },
});

/** The incidents of every location the user may see, newest first (`GET /api/incident?searchTerm`). */
export const incidentSearchQueryOptions = (input: IncidentSearchInput) =>
  queryOptions({
    queryKey: queryKeyOf('incident.search', inputOf(input)),
    queryFn: ({ signal }) => api('incident.search', { ...inputOf(input), signal }),
    placeholderData: keepPreviousData,
  });

export const useIncidentSearch = (input: IncidentSearchInput) => useQuery(incidentSearchQueryOptions(input));
