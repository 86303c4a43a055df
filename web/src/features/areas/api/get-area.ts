import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { queryKeyOf } from '../../../lib/query.ts';

export const getArea = (id: number, signal?: AbortSignal) =>
  api('organization.get', { params: { id }, signal });

/** One area with its company's name and totals (the users table reads the same cache entry). */
export const areaQueryOptions = (id: number) =>
  queryOptions({
    queryKey: queryKeyOf('organization.get', { params: { id } }),
    queryFn: ({ signal }) => getArea(id, signal),
  });

export const useArea = (id: number) => useQuery(areaQueryOptions(id));
