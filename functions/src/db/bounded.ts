/**
 * Reads every page of one partition, up to a bound. Lists page in memory after one scoped read (DESIGN
 * section 6), so the bound caps what one request may read; past it the request fails loudly instead of
 * growing without limit.
 */
export const PARTITION_READ_BOUND = 5_000;

export class PartitionTooLargeError extends Error {
  override name = 'PartitionTooLargeError';
}

type PageQuery<T> = (cursor: string | null) => Promise<{ data: T[]; cursor: string | null }>;

export const readPartition = async <T>(query: PageQuery<T>, bound = PARTITION_READ_BOUND): Promise<T[]> => {
  const items: T[] = [];
  let cursor: string | null = null;
  do {
    const page = await query(cursor);
    items.push(...page.data);
    if (items.length > bound) {
      throw new PartitionTooLargeError(`A list read more than ${bound} items from one partition`);
    }
    cursor = page.cursor;
  } while (cursor);
  return items;
};
