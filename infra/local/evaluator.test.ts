import { afterEach, describe, expect, it } from 'vitest';
import { startLocalEvaluator, type LocalEvaluator } from './evaluator.ts';

const summary = { schedules: 0, raised: 0, summaries: 0, mailsSent: 0, mailsFailed: 0 };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let evaluator: LocalEvaluator | undefined;
afterEach(() => evaluator?.stop());

describe('the local evaluator', () => {
  it('runs on its timer, never two runs at once, and not after it stops', async () => {
    let runs = 0;
    let inFlight = 0;
    let most = 0;
    evaluator = startLocalEvaluator({
      intervalMs: 20,
      evaluate: async () => {
        runs += 1;
        inFlight += 1;
        most = Math.max(most, inFlight);
        await sleep(70);
        inFlight -= 1;
        return summary;
      },
    });
    await sleep(400);
    expect(runs).toBeGreaterThanOrEqual(3);
    expect(most).toBe(1);
    await evaluator.stop();
    const stoppedAt = runs;
    await sleep(100);
    expect(runs).toBe(stoppedAt);
  });

  it('logs a failed run and goes on', async () => {
    const lines: string[] = [];
    let runs = 0;
    evaluator = startLocalEvaluator({
      intervalMs: 20,
      log: (line) => lines.push(line),
      evaluate: async () => {
        runs += 1;
        if (runs === 1) throw new Error('table gone');
        return summary;
      },
    });
    await sleep(150);
    expect(lines[0]).toBe('[evaluator] run failed: table gone');
    expect(runs).toBeGreaterThan(1);
  });

  it('runs now on demand, after the run under way', async () => {
    const order: string[] = [];
    let n = 0;
    evaluator = startLocalEvaluator({
      intervalMs: 10,
      evaluate: async () => {
        const me = ++n;
        order.push(`start ${me}`);
        await sleep(50);
        order.push(`end ${me}`);
        return { ...summary, raised: me };
      },
    });
    await sleep(20); // the timer's run is under way
    const result = await evaluator.runNow();
    expect(order.slice(0, 4)).toEqual(['start 1', 'end 1', 'start 2', 'end 2']);
    expect(result.raised).toBe(2);
  });
});
