import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { queryKeyOf, shouldRetry } from '../../../lib/query.ts';

/** The signed-in user's saved card order, by displayOrder. */
export const getTableOrder = (signal?: AbortSignal) => api('user.tableOrder', { signal });

export const tableOrderQueryOptions = () =>
  queryOptions({
    queryKey: queryKeyOf('user.tableOrder'),
    queryFn: ({ signal }) => getTableOrder(signal),
    // The cards wait for it; after one more try they show in the API's order.
    retry: (failures, error) => failures < 1 && shouldRetry(failures, error),
  });

export const useTableOrder = () => useQuery(tableOrderQueryOptions());
