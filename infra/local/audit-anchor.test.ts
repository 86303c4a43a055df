import { afterEach, describe, expect, it } from 'vitest';
import { startLocalAuditAnchor } from './audit-anchor.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let stop: (() => Promise<void>) | undefined;
afterEach(() => stop?.());

describe('the local audit anchoring', () => {
  it('runs at start and on its timer, never two runs at once, and not after it stops', async () => {
    let runs = 0;
    let inFlight = 0;
    let most = 0;
    ({ stop } = startLocalAuditAnchor({
      intervalMs: 20,
      anchor: async () => {
        runs += 1;
        inFlight += 1;
        most = Math.max(most, inFlight);
        await sleep(70);
        inFlight -= 1;
        return { anchored: 0, unchanged: 0, refused: [] };
      },
    }));
    expect(runs).toBe(1);
    await sleep(400);
    expect(runs).toBeGreaterThanOrEqual(3);
    expect(most).toBe(1);
    await stop();
    const stoppedAt = runs;
    await sleep(100);
    expect(runs).toBe(stoppedAt);
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
    await sleep(150);
    expect(lines[0]).toMatch(/logs 3, 8 disagree with their anchors/);
    expect(lines[1]).toMatch(/run failed: disk full/);
    expect(runs).toBeGreaterThanOrEqual(3);
  });
});
