import { describe, expect, it } from 'vitest';
import { putInBatches } from './batch-write.ts';

const items = Array.from({ length: 60 }, (_, i) => i);

describe('batch writes', () => {
  it('write every item in batches of 25, a batch left partly unprocessed again, counting each batch once', async () => {
    const batches: number[][] = [];
    let counted = 0;
    await putInBatches(
      items,
      async (batch) => {
        batches.push(batch);
        // The second batch is refused in part the first time.
        const refused = batch[0] === 25 && batches.filter((b) => b[0] === 25).length === 1;
        return { unprocessed: refused ? batch.slice(0, 3) : [] };
      },
      { add: (count = 1) => (counted += count), finish: () => undefined },
    );
    expect(batches.map((b) => b.length).sort()).toEqual([10, 25, 25, 25]);
    expect(new Set(batches.flat())).toEqual(new Set(items));
    expect(counted).toBe(60);
  });

  it('fail when a batch stays unprocessed', async () => {
    let calls = 0;
    const stuck = putInBatches(items.slice(0, 5), async (batch) => {
      calls++;
      return { unprocessed: batch };
    });
    await expect(stuck).rejects.toThrow('A batch of 5 items was not written');
    expect(calls).toBe(5);
  });

  it('write nothing for no items', async () => {
    let calls = 0;
    await putInBatches([], async () => {
      calls++;
      return { unprocessed: [] };
    });
    expect(calls).toBe(0);
  });
});
