import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Location } from '@sitewalk/shared/schemas/location';
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

/** The location, shown at once when the previous page passed it in navigation state. */
export const useWalkLocation = (id: number, passed?: Location) =>
  useQuery({ ...locationQueryOptions(id), placeholderData: passed });
