import { TABLE_ORDER_MAX } from '@sitewalk/shared/constants';
import type { TablePreference } from '@sitewalk/shared/schemas/user';
import type { DataService } from '../db/service.ts';
import { nextId } from '../db/counters.ts';
import { createTableOrder, moveTableOrder, tableOrderOf } from '../db/users.ts';

/** How a user's dashboard shows its locations (cards, the default, or a table), kept per user as the table order. */
export { dashboardViewOf, setDashboardView } from '../db/users.ts';
import { BadRequestError, NotFoundError } from './errors.ts';

type TableOrder = Omit<TablePreference, 'id'>;

/** A user's table order as the API answers it. */
export const tableOrderView = async (db: DataService, userId: number): Promise<TablePreference[]> =>
  (await tableOrderOf(db, userId)).map(({ tablePreferenceId, tableName, tableId, displayOrder }) => ({
    id: tablePreferenceId,
    tableName,
    tableId,
    displayOrder,
  }));

/** Saves where a table sits: one row per table, so saving a table again moves it in place and keeps its id. */
export const saveTableOrder = async (
  db: DataService,
  userId: number,
  order: TableOrder,
): Promise<TablePreference> => {
  const moved = await moveTableOrder(db, userId, order);
  if (moved !== null) return { id: moved, ...order };
  if ((await tableOrderOf(db, userId)).length >= TABLE_ORDER_MAX) {
    throw new BadRequestError(`tableId: at most ${TABLE_ORDER_MAX} tables keep an order`, {
      tableId: [`at most ${TABLE_ORDER_MAX} tables keep an order`],
    });
  }
  const id = await nextId(db, 'tablePreference');
  try {
    await createTableOrder(db, userId, id, order);
    return { id, ...order };
  } catch (error) {
    // Another save of the same table won the race: move that row instead.
    const again = await moveTableOrder(db, userId, order);
    if (again !== null) return { id: again, ...order };
    throw error;
  }
};

/** Moves one of the user's own table orders; another user's is simply not found. */
export const updateTableOrder = async (
  db: DataService,
  userId: number,
  orderId: number,
  order: TableOrder,
): Promise<TablePreference> => {
  const row = (await tableOrderOf(db, userId)).find((p) => p.tablePreferenceId === orderId);
  if (!row) throw new NotFoundError('Table order not found');
  if (row.tableId !== order.tableId) {
    throw new BadRequestError('tableId: a table order stays with its table', {
      tableId: ['a table order stays with its table'],
    });
  }
  if ((await moveTableOrder(db, userId, order)) === null) throw new NotFoundError('Table order not found');
  return { id: orderId, ...order };
};
