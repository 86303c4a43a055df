import { describe, expect, it } from 'vitest';
import {
  FAN_OUT_CONCURRENCY,
  PartitionTooLargeError,
  deleteByKeys,
  mapBounded,
  pagesOf,
  readByKeys,
  readRawPartition,
} from './bounded.ts';

/** A batch get that leaves the given number of keys unprocessed on each of its first calls. */
const flakyGet = (leftOver: number[]) => {
  const calls: number[][] = [];
  const get = async (keys: number[]) => {
    calls.push(keys);
    const keep = Math.min(leftOver.shift() ?? 0, keys.length);
    return { data: keys.slice(keep).map((key) => `item ${key}`), unprocessed: keys.slice(0, keep) };
  };
  return { get, calls };
};

describe('readByKeys', () => {
  it('reads again what the batch left unprocessed, until every item is read', async () => {
    const { get, calls } = flakyGet([2, 1]);
    const items = await readByKeys([1, 2, 3], get);
    expect(items.sort()).toEqual(['item 1', 'item 2', 'item 3']);
    expect(calls).toEqual([[1, 2, 3], [1, 2], [1]]);
  });

  it('fails after its attempts rather than answer with items missing', async () => {
    const { get, calls } = flakyGet([1, 1, 1]);
    await expect(readByKeys([1, 2], get, 3)).rejects.toThrow('1 items were not read after 3 attempts');
    expect(calls).toHaveLength(3);
  });

  it('makes no call for no keys', async () => {
    const { get, calls } = flakyGet([]);
    expect(await readByKeys([], get)).toEqual([]);
    expect(calls).toHaveLength(0);
  });
});

describe('deleteByKeys', () => {
  it('deletes again what the batch left unprocessed, until every item is gone', async () => {
    const { get, calls } = flakyGet([1, 2]);
    await deleteByKeys([1, 2, 3], get);
    expect(calls).toEqual([[1, 2, 3], [1], [1]]);
  });

  it('fails after its attempts rather than leave items behind', async () => {
    const { get, calls } = flakyGet([2, 2]);
    await expect(deleteByKeys([1, 2, 3], get, 2)).rejects.toThrow(
      '2 items were not deleted after 2 attempts',
    );
    expect(calls).toHaveLength(2);
  });
});

/** A task whose completion the test controls, recording how many run at once. */
const recorder = () => {
  let running = 0;
  let peak = 0;
  const started: number[] = [];
  const release = new Map<number, () => void>();
  const task = async (item: number) => {
    running += 1;
    peak = Math.max(peak, running);
    started.push(item);
    await new Promise<void>((resolve) => release.set(item, resolve));
    running -= 1;
    return item * 10;
  };
  return { task, started, release, peak: () => peak, running: () => running };
};

/** Lets every settled promise's continuations run. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('mapBounded', () => {
  it('keeps at most the documented number of calls in flight, and answers in order', async () => {
    const r = recorder();
    const items = Array.from({ length: 50 }, (_, i) => i);
    const all = mapBounded(items, r.task);
    await settle();
    expect(r.running()).toBe(FAN_OUT_CONCURRENCY);
    // Finish them out of order, one at a time: a new call starts only as one ends.
    while (r.started.length < items.length || r.running() > 0) {
      const pending = [...r.release.keys()];
      const last = pending.at(-1);
      if (last === undefined) break;
      r.release.get(last)?.();
      r.release.delete(last);
      await settle();
      expect(r.running()).toBeLessThanOrEqual(FAN_OUT_CONCURRENCY);
    }
    expect(await all).toEqual(items.map((i) => i * 10));
    expect(r.peak()).toBe(FAN_OUT_CONCURRENCY);
    expect(FAN_OUT_CONCURRENCY).toBeLessThanOrEqual(10);
  });

  it('takes another bound, and never starts more calls than items', async () => {
    const r = recorder();
    const all = mapBounded([1, 2, 3], r.task, 2);
    await settle();
    expect(r.started).toEqual([1, 2]);
    for (const item of [1, 2, 3]) {
      await settle();
      r.release.get(item)?.();
    }
    expect(await all).toEqual([10, 20, 30]);
    expect(await mapBounded([], r.task)).toEqual([]);
  });

  it('rejects with the first failure and starts nothing after it', async () => {
    const started: number[] = [];
    const failing = mapBounded(
      [1, 2, 3, 4, 5],
      async (item) => {
        started.push(item);
        if (item === 2) throw new Error('boom');
        return item;
      },
      1,
    );
    await expect(failing).rejects.toThrow('boom');
    expect(started).toEqual([1, 2]);
  });

  it.each([0, -1, 1.5, Number.NaN])('refuses a concurrency of %s', async (concurrency) => {
    await expect(mapBounded([1], async (x) => x, concurrency)).rejects.toThrow(RangeError);
  });
});

describe('pagesOf', () => {
  it('yields each page as it is read, passes the cursor on, skips empty pages and stops without a cursor', async () => {
    const pages = [
      { data: [1, 2], cursor: 'a' },
      { data: [], cursor: 'b' }, // DynamoDB may answer an empty page with a cursor (a filter, a limit)
      { data: [3], cursor: null },
    ];
    const cursors: (string | null)[] = [];
    const read: number[][] = [];
    for await (const page of pagesOf(async (cursor) => {
      cursors.push(cursor);
      return pages[cursors.length - 1]!;
    })) {
      read.push(page);
    }
    expect(read).toEqual([[1, 2], [3]]);
    expect(cursors).toEqual([null, 'a', 'b']);
  });

  it('reads a page only when the one before has been taken', async () => {
    let calls = 0;
    const query = async (cursor: string | null) => {
      calls += 1;
      return { data: [calls], cursor: cursor === null ? 'next' : null };
    };
    const pages = pagesOf(query);
    await pages.next();
    expect(calls).toBe(1);
  });
});

describe('readRawPartition', () => {
  /** A raw read answering `pages` one after another: DynamoDB's Items, and its last key as ElectroDB's cursor. */
  const rawPages = (pages: number[][]) => {
    const cursors: unknown[] = [];
    const query = async (cursor: string | null) => {
      cursors.push(cursor);
      const at = cursor === null ? 0 : (cursor as unknown as { page: number }).page;
      const next = at + 1 < pages.length ? { page: at + 1 } : undefined;
      return { data: { Items: pages[at]?.map((n) => ({ n })) }, cursor: next };
    };
    return { query, cursors };
  };

  it('reads every page, passing back the last key each answered', async () => {
    const { query, cursors } = rawPages([[1, 2], [3], []]);
    expect(await readRawPartition(query)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    expect(cursors).toEqual([null, { page: 1 }, { page: 2 }]);
  });

  it('fails rather than read past its bound', async () => {
    const { query } = rawPages([
      [1, 2],
      [3, 4],
    ]);
    await expect(readRawPartition(query, 3)).rejects.toThrow(PartitionTooLargeError);
  });
});
