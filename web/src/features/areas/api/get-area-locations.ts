import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { queryKeyOf } from '../../../lib/query.ts';

export const getAreaLocations = (id: number, signal?: AbortSignal) =>
  api('location.allByOrganization', { params: { id }, signal });

/** An area's locations, by name. */
export const areaLocationsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: queryKeyOf('location.allByOrganization', { params: { id } }),
    queryFn: ({ signal }) => getAreaLocations(id, signal),
  });

export const useAreaLocations = (id: number) => useQuery(areaLocationsQueryOptions(id));
