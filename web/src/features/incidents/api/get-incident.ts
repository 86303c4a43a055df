import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { queryKeyOf } from '../../../lib/query.ts';

export const getIncident = (id: number, signal?: AbortSignal) =>
  api('incident.get', { params: { id }, signal });

export const incidentQueryOptions = (id: number) =>
  queryOptions({
    queryKey: queryKeyOf('incident.get', { params: { id } }),
    queryFn: ({ signal }) => getIncident(id, signal),
  });

export const useIncident = (id: number) => useQuery(incidentQueryOptions(id));
