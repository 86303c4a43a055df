import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { TablePreference } from '@sitewalk/shared/schemas/user';
import { TABLE_NAME_MAX_LENGTH } from '@sitewalk/shared/constants';
import { api } from '../lib/api.ts';
import { queryKeyOf, shouldRetry } from '../lib/query.ts';
import { useInvalidateGroup, type InvalidationGroup } from './invalidation.ts';

/** What saving the card order makes stale: the order, and the dashboard's pages in it. */
export const tableOrderChangeRoutes = [
  'user.tableOrder',
  'incident.portfolioPage',
] as const satisfies InvalidationGroup;

/** The signed-in user's saved order of the dashboard's location cards, by displayOrder. */
export const tableOrderQueryOptions = () =>
  queryOptions({
    queryKey: queryKeyOf('user.tableOrder'),
    queryFn: ({ signal }) => api('user.tableOrder', { signal }),
    // The cards wait for it; after one more try they show in the API's order.
    retry: (failures, error) => failures < 1 && shouldRetry(failures, error),
  });

export const useTableOrder = (enabled = true) => useQuery({ ...tableOrderQueryOptions(), enabled });

export interface OrderedTable {
  tableId: number;
  tableName: string;
}

export interface SaveTableOrderInput {
  /** The cards in their new order. */
  tables: OrderedTable[];
  /** What is saved now: one row per tableId. */
  saved: TablePreference[];
}

const nameOf = (table: OrderedTable) =>
  table.tableName.trim().slice(0, TABLE_NAME_MAX_LENGTH) || `Location ${table.tableId}`;

/**
 * Saves the position of every card whose position changed: a card with a saved row is moved (PUT
 * update/table-order/{orderId}), a card without one gets its row (POST create/table-order).
 */
export const saveTableOrder = async ({ tables, saved }: SaveTableOrderInput) => {
  const byTable = new Map(saved.map((row) => [row.tableId, row]));
  await Promise.all(
    tables.map((table, displayOrder) => {
      const row = byTable.get(table.tableId);
      const body = { tableId: table.tableId, tableName: nameOf(table), displayOrder };
      if (row && row.displayOrder === displayOrder) return null;
      return row
        ? api('user.updateTableOrder', { params: { orderId: row.id }, body })
        : api('user.createTableOrder', { body });
    }),
  );
};

export const useSaveTableOrder = () => {
  const invalidate = useInvalidateGroup(tableOrderChangeRoutes);
  return useMutation({ mutationFn: saveTableOrder, onSettled: invalidate });
};
