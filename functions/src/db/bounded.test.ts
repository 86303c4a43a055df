import { describe, expect, it } from 'vitest';
import { readByKeys } from './bounded.ts';

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
