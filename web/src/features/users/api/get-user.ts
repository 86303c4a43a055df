import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { queryKeyOf } from '../../../lib/query.ts';

export const getUser = (id: number, signal?: AbortSignal) => api('user.get', { params: { id }, signal });

export const userQueryOptions = (id: number) =>
  queryOptions({
    queryKey: queryKeyOf('user.get', { params: { id } }),
    queryFn: ({ signal }) => getUser(id, signal),
  });

export const useUser = (id: number) => useQuery(userQueryOptions(id));
