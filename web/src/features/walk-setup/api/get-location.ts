import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { queryKeyOf } from '../../../lib/query.ts';

export const getLocation = (id: number, signal?: AbortSignal) =>
  api('location.get', { params: { id }, signal });

/** The location whose walks are set up: its centre and zoom start the map. */
export const locationQueryOptions = (id: number) =>
  queryOptions({
    queryKey: queryKeyOf('location.get', { params: { id } }),
    queryFn: ({ signal }) => getLocation(id, signal),
  });

export const useLocation = (id: number) => useQuery(locationQueryOptions(id));
