import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../lib/api.ts';
import { queryKeyOf } from '../lib/query.ts';
import { useInvalidateGroup, type InvalidationGroup } from './invalidation.ts';

/** What a change of an incident (a note, resolving or reopening) makes stale: it, its lists, the dashboard. */
export const incidentChangeRoutes = [
  'incident.get',
  'incident.search',
  'incident.someByLocation',
  'incident.dashboard',
  'incident.portfolioPage',
] as const satisfies InvalidationGroup;

export const incidentQueryOptions = (id: number) =>
  queryOptions({
    queryKey: queryKeyOf('incident.get', { params: { id } }),
    queryFn: ({ signal }) => api('incident.get', { params: { id }, signal }),
  });

export const useIncident = (id: number) => useQuery(incidentQueryOptions(id));

export interface IncidentSearchInput {
  searchTerm: string;
  unresolvedOnly: boolean;
}

const searchInputOf = ({ searchTerm, unresolvedOnly }: IncidentSearchInput) => ({
  query: {
    searchTerm: searchTerm.trim() || undefined,
    unresolvedOnly: unresolvedOnly ? ('true' as const) : ('false' as const),
  },
});

/** The incidents of every location the user may see, newest first (`GET /api/incident?searchTerm`). */
export const incidentSearchQueryOptions = (input: IncidentSearchInput) =>
  queryOptions({
    queryKey: queryKeyOf('incident.search', searchInputOf(input)),
    queryFn: ({ signal }) => api('incident.search', { ...searchInputOf(input), signal }),
    placeholderData: keepPreviousData,
  });

export const useIncidentSearch = (input: IncidentSearchInput) => useQuery(incidentSearchQueryOptions(input));

export interface LocationIncidentsInput {
  locationId: number;
  unresolvedOnly: boolean;
  page: number;
  pageSize: number;
  searchTerm: string;
}

const locationInputOf = ({
  locationId,
  unresolvedOnly,
  page,
  pageSize,
  searchTerm,
}: LocationIncidentsInput) => ({
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
    queryKey: queryKeyOf('incident.someByLocation', locationInputOf(input)),
    queryFn: ({ signal }) => api('incident.someByLocation', { ...locationInputOf(input), signal }),
    placeholderData: keepPreviousData,
  });

export const useLocationIncidents = (input: LocationIncidentsInput) =>
  useQuery(locationIncidentsQueryOptions(input));

export interface ResolveIncidentInput {
  id: number;
  resolved: boolean;
}

/** Resolving sends the current time; reopening sends none. */
export const resolveIncident = ({ id, resolved }: ResolveIncidentInput) =>
  api('incident.resolve', {
    params: { id },
    body: { resolved, resolvedAt: resolved ? new Date().toISOString() : null },
  });

export const useResolveIncident = () => {
  const invalidate = useInvalidateGroup(incidentChangeRoutes);
  return useMutation({ mutationFn: resolveIncident, onSettled: invalidate });
};

export interface AddNoteInput {
  incidentId: number;
  note: string;
}

/** The author is the caller (the API takes it from the session). */
export const addNote = ({ incidentId, note }: AddNoteInput) =>
  api('incident.addNote', { body: { incidentId, note } });

export const useAddNote = () => {
  const invalidate = useInvalidateGroup(incidentChangeRoutes);
  return useMutation({ mutationFn: addNote, onSuccess: invalidate });
};
