import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Location } from '@sitewalk/shared/schemas/location';
import { api } from '../../../lib/api.ts';
import { queryKeyOf } from '../../../lib/query.ts';

export const getLocation = (id: number, signal?: AbortSignal) =>
  api('location.get', { params: { id }, signal });

export const locationQueryOptions = (id: number) =>
  queryOptions({
    queryKey: queryKeyOf('location.get', { params: { id } }),
    queryFn: ({ signal }) => getLocation(id, signal),
  });

/**
 * One location. `initial` is the location a screen was handed in navigation state (Add Location passes
 * the one it made): it shows at once, and the API's answer replaces it.
 */
export const useLocation = (id: number, initial?: Location | null) =>
  useQuery({
    ...locationQueryOptions(id),
    ...(initial && initial.id === id ? { initialData: initial, initialDataUpdatedAt: 0 } : {}),
  });
