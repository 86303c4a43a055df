import { searchNeedle } from './entities/search-text.ts';

/**
 * Reads every page of one partition, up to a bound. Lists page in memory after one scoped read
 * (docs/data-model.md), so the bound caps what one request may read; past it the request fails loudly
 * instead of growing without limit.
 */
export const PARTITION_READ_BOUND = 5_000;

export class PartitionTooLargeError extends Error {
  override name = 'PartitionTooLargeError';
}

/** A page of a query from a cursor (ElectroDB's, a string; or a raw query's, DynamoDB's last key). */
type PageQuery<T, C = string> = (cursor: C | null) => Promise<{ data: T[]; cursor: C | null }>;

/** Every page of a query, one at a time, with no bound: for a job that holds one page at once (an export). */
export async function* pagesOf<T>(query: PageQuery<T>): AsyncGenerator<T[]> {
  let cursor: string | null = null;
  do {
    const page = await query(cursor);
    if (page.data.length > 0) yield page.data;
    cursor = page.cursor;
  } while (cursor);
}

export const readPartition = async <T, C = string>(
  query: PageQuery<T, C>,
  bound = PARTITION_READ_BOUND,
): Promise<T[]> => {
  const items: T[] = [];
  let cursor: C | null = null;
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

/**
 * Every page of a raw read (ElectroDB's `data: 'raw'`, the items as DynamoDB answers them, no formatting: for
 * reads of many small items), up to the bound. The cursor is DynamoDB's last key, an object, passed back as it
 * came (ElectroDB's types say a string).
 */
export const readRawPartition = <T = Record<string, unknown>>(
  query: (cursor: string | null) => Promise<{ data: unknown; cursor: unknown }>,
  bound = PARTITION_READ_BOUND,
): Promise<T[]> =>
  readPartition(async (cursor: string | null) => {
    const page = await query(cursor);
    return {
      data: (page.data as { Items?: T[] }).Items ?? [],
      cursor: (page.cursor ?? null) as string | null,
    };
  }, bound);

type Batch<K, T> = (keys: K[]) => Promise<{ data: T[]; unprocessed: K[] }>;

/** Calls `batch` again with the keys it left unprocessed (under load DynamoDB may), a few times, then fails. */
const untilProcessed = async <K, T>(
  keys: readonly K[],
  batch: Batch<K, T>,
  attempts: number,
  done: string,
): Promise<T[]> => {
  const items: T[] = [];
  let left = [...keys];
  for (let attempt = 1; left.length > 0; attempt++) {
    if (attempt > attempts)
      throw new Error(`${left.length} items were not ${done} after ${attempts} attempts`);
    const { data, unprocessed } = await batch(left);
    items.push(...data);
    left = unprocessed;
  }
  return items;
};

/**
 * Reads items by key with a batch get; the keys DynamoDB leaves unprocessed are read again, a few times, then
 * it fails rather than answer with items missing. Items not found are left out.
 */
export const readByKeys = <K, T>(keys: readonly K[], get: Batch<K, T>, attempts = 5): Promise<T[]> =>
  untilProcessed(keys, get, attempts, 'read');

/** Deletes items by key with a batch write, as `readByKeys` reads: it fails rather than leave items behind. */
export const deleteByKeys = async <K>(
  keys: readonly K[],
  remove: (keys: K[]) => Promise<{ unprocessed: K[] }>,
  attempts = 5,
): Promise<void> => {
  const batch = async (left: K[]) => ({ data: [], unprocessed: (await remove(left)).unprocessed });
  await untilProcessed(keys, batch, attempts, 'deleted');
};

/**
 * How many reads one request keeps in flight per fan-out. The Lambda's (and the local host's) DynamoDB
 * client shares its sockets between requests; a request that queued one read per item of a long list held
 * every other request behind it. Nested fan-outs multiply (two levels: at most 8 × 8 in flight).
 */
export const FAN_OUT_CONCURRENCY = 8;

/**
 * Like `Promise.all(items.map(fn))`, answering in the items' order, but with at most `concurrency` calls
 * of `fn` running at once. The first failure rejects; calls already running finish, no new one starts.
 */
export const mapBounded = async <T, R>(
  items: readonly T[],
  fn: (item: T, index: number) => Promise<R>,
  concurrency = FAN_OUT_CONCURRENCY,
): Promise<R[]> => {
  if (!Number.isInteger(concurrency) || concurrency < 1) {
    throw new RangeError(`concurrency must be a positive integer, not ${concurrency}`);
  }
  const results = new Array<R>(items.length);
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < items.length) {
      const index = next++;
      try {
        results[index] = await fn(items[index] as T, index);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return results;
};

/** What a Query ElectroDB builds is run with here: how many items to gather, DynamoDB's Limit, a raw answer. */
export interface IndexQueryOptions {
  count?: number;
  limit?: number;
  cursor?: unknown;
  data?: 'raw';
  params?: Record<string, unknown>;
}
/** An ElectroDB query (its key condition and any filter), run with the options given. */
export type IndexQuery = (options: IndexQueryOptions) => Promise<{ data: unknown; cursor?: unknown }>;

/** Items a filtered page Query has DynamoDB look at per request (a Limit counts items read, not matched). */
export const FILTERED_READ_STEP = 200;

/** How many items a Query matches (its filter applied), counted by DynamoDB: Select COUNT answers no items. */
export const countMatching = async (query: IndexQuery): Promise<number> => {
  let total = 0;
  let cursor: unknown = null;
  do {
    const answer = await query({ data: 'raw', cursor, params: { Select: 'COUNT' } });
    const page = answer.data as { Count?: number; LastEvaluatedKey?: unknown };
    total += page.Count ?? 0;
    cursor = page.LastEvaluatedKey ?? null;
  } while (cursor);
  return total;
};

/** A page asked of a list: `limit` items from `offset`, those matching `searchTerm` if one is given. */
export interface PageAsked {
  offset: number;
  limit: number;
  searchTerm?: string | undefined;
}

/**
 * A page of a Query whose items carry a `searchText` (entities/search-text.ts): `queryOf` builds it with a
 * `contains` filter on the term as compared (trimmed, lower-cased), or without one when there is no term.
 */
export const pageOfSearchedQuery = <T>(
  { offset, limit, searchTerm }: PageAsked,
  queryOf: (needle: string | undefined) => IndexQuery,
  storedTotal?: StoredTotal,
) => {
  const needle = searchNeedle(searchTerm);
  return pageOfQuery<T>(queryOf(needle), {
    offset,
    limit,
    filtered: needle !== undefined,
    // A stored total counts the whole list, not a search's matches.
    ...(needle === undefined && storedTotal ? { storedTotal } : {}),
  });
};

/** How many items an unfiltered Query holds, kept by the writes (db/company-tallies.ts); null: not known. */
export type StoredTotal = () => Promise<number | null>;

/** The most items one Query request of a page asks for. */
const QUERY_READ_MAX = 1_000;

/**
 * Items `offset` to `offset + limit` of a Query in its index's order, and how many it matches: the page read
 * until it holds that many items (one request without a filter; with one, FILTERED_READ_STEP items looked at
 * a request) beside the stored total, or DynamoDB's count when none is given or known. An early page costs a
 * Query (and the stored total's read), not the partition.
 */

export const pageOfQuery = async <T>(
  query: IndexQuery,
  {
    offset,
    limit,
    filtered,
    storedTotal,
  }: { offset: number; limit: number; filtered: boolean; storedTotal?: StoredTotal | undefined },
): Promise<{ items: T[]; totalCount: number }> => {
  const wanted = offset + limit;
  const [page, totalCount] = await Promise.all([
    // Read in requests of at most QUERY_READ_MAX items: DynamoDB refuses a Limit past a 32-bit integer, and an
    // offset past the end (however far) reads what there is and answers an empty page.
    query({ count: wanted, limit: filtered ? FILTERED_READ_STEP : Math.min(wanted, QUERY_READ_MAX) }),
    (async () => (await storedTotal?.()) ?? countMatching(query))(),
  ]);
  return { items: (page.data as T[]).slice(offset), totalCount };
};
