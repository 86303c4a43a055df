import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnchorSummary } from '@sitewalk/functions/domain/audit-anchor';
import { startLocalAuditAnchor } from './audit-anchor.ts';

/** Vitest's fake timer, and runs that end when the test says so: nothing waits for real time. */

const quiet: AnchorSummary = { anchored: 0, unchanged: 0, refused: [] };

let stop: (() => Promise<void>) | undefined;
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(async () => {
  const stopping = stop?.();
  stop = undefined;
  vi.useRealTimers();
  await stopping;
});

describe('the local audit anchoring', () => {
  it('runs at start and on its timer, never two runs at once, and not after it stops', async () => {
    const ends: (() => void)[] = [];
    let runs = 0;
    let inFlight = 0;
    let most = 0;
    const finish = async () => {
      ends.shift()?.();
      await vi.advanceTimersByTimeAsync(0);
    };
    ({ stop } = startLocalAuditAnchor({
      intervalMs: 20,
      anchor: () => {
        runs += 1;
        inFlight += 1;
        most = Math.max(most, inFlight);
        return new Promise<AnchorSummary>((resolve) => {
          ends.push(() => {
            inFlight -= 1;
            resolve(quiet);
          });
        });
      },
    }));
    expect(runs).toBe(1);
    // Due twice while the first run is still going: skipped.
    await vi.advanceTimersByTimeAsync(40);
    expect(runs).toBe(1);
    await finish();
    await vi.advanceTimersByTimeAsync(20);
    expect(runs).toBe(2);
    await finish();
    await vi.advanceTimersByTimeAsync(20);
    expect(runs).toBe(3);
    expect(most).toBe(1);
    const stopped = stop();
    stop = undefined;
    await finish();
    await stopped;
    await vi.advanceTimersByTimeAsync(200);
    expect(runs).toBe(3);
  });

  it('says which logs disagree with their anchors, and logs a failed run and goes on', async () => {
    const lines: string[] = [];
    let runs = 0;
    ({ stop } = startLocalAuditAnchor({
      intervalMs: 20,
      log: (line) => lines.push(line),
      anchor: async () => {
        runs += 1;
        if (runs === 1) return { anchored: 1, unchanged: 0, refused: [3, 8] };
        if (runs === 2) throw new Error('disk full');
        return { anchored: 0, unchanged: 1, refused: [] };
      },
    }));
    await vi.advanceTimersByTimeAsync(0);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/logs 3, 8 disagree with their anchors/);
    await vi.advanceTimersByTimeAsync(20);
    expect(lines[1]).toMatch(/run failed: disk full/);
    await vi.advanceTimersByTimeAsync(20);
    expect(runs).toBe(3);
    expect(lines).toHaveLength(2);
  });
});
