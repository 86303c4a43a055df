import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** The signed-in user's saved card order, by displayOrder. */
export const getTableOrder = (signal?: AbortSignal) => api('user.tableOrder', { signal });

export const tableOrderQueryOptions = () =>
  queryOptions({
    queryKey: ['user.tableOrder'] as const,
    queryFn: ({ signal }) => getTableOrder(signal),
    // The cards wait for it; after one more try they show in the API's order.
    retry: 1,
  });

export const useTableOrder = () => useQuery(tableOrderQueryOptions());
