import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { ApiError } from '../../../lib/api-client.ts';

export const getIncident = (id: number, signal?: AbortSignal) =>
  api('incident.get', { params: { id }, signal });

export const incidentQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['incident.get', { params: { id } }] as const,
    queryFn: ({ signal }) => getIncident(id, signal),
    // A missing incident stays missing: show 'Incident Not Found' at once.
    retry: (failures, error) => !(error instanceof ApiError && error.status === 404) && failures < 3,
  });

export const useIncident = (id: number) => useQuery(incidentQueryOptions(id));
