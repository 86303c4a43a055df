import { describe, expect, it } from 'vitest';
import { FAN_OUT_CONCURRENCY, mapBounded } from './fan-out.ts';

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
