import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startLocalEvaluator, type LocalEvaluator } from './evaluator.ts';

/**
 * The timer is Vitest's fake one and each run ends when the test says so: nothing here waits for real time,
 * so a busy machine cannot change what the tests see.
 */

const summary = { schedules: 0, raised: 0, summaries: 0, mailsSent: 0, mailsFailed: 0 };

/** A run the test ends: `finish()` settles the run started last. */
const controlledRuns = () => {
  const ends: (() => void)[] = [];
  let started = 0;
  let inFlight = 0;
  let most = 0;
  return {
    evaluate: () => {
      started += 1;
      inFlight += 1;
      most = Math.max(most, inFlight);
      const me = started;
      return new Promise<typeof summary>((resolve) => {
        ends.push(() => {
          inFlight -= 1;
          resolve({ ...summary, raised: me });
        });
      });
    },
    finish: async () => {
      ends.shift()?.();
      await vi.advanceTimersByTimeAsync(0);
    },
    get started() {
      return started;
    },
    get most() {
      return most;
    },
  };
};

let evaluator: LocalEvaluator | undefined;
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(async () => {
  const stopping = evaluator?.stop();
  evaluator = undefined;
  vi.useRealTimers();
  await stopping;
});

describe('the local evaluator', () => {
  it('runs on its timer, never two runs at once, and not after it stops', async () => {
    const runs = controlledRuns();
    evaluator = startLocalEvaluator({ intervalMs: 20, evaluate: runs.evaluate });
    expect(runs.started).toBe(0);
    await vi.advanceTimersByTimeAsync(20);
    expect(runs.started).toBe(1);
    // Due again twice while the first run is still going: skipped.
    await vi.advanceTimersByTimeAsync(40);
    expect(runs.started).toBe(1);
    await runs.finish();
    await vi.advanceTimersByTimeAsync(20);
    expect(runs.started).toBe(2);
    await runs.finish();
    await vi.advanceTimersByTimeAsync(20);
    expect(runs.started).toBe(3);
    expect(runs.most).toBe(1);
    const stopped = evaluator.stop();
    await runs.finish();
    await stopped;
    await vi.advanceTimersByTimeAsync(200);
    expect(runs.started).toBe(3);
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
    await vi.advanceTimersByTimeAsync(20);
    expect(lines).toEqual(['[evaluator] run failed: table gone']);
    await vi.advanceTimersByTimeAsync(20);
    expect(runs).toBe(2);
    expect(lines).toHaveLength(1);
  });

  it('runs now on demand, after the run under way', async () => {
    const runs = controlledRuns();
    evaluator = startLocalEvaluator({ intervalMs: 10, evaluate: runs.evaluate });
    await vi.advanceTimersByTimeAsync(10); // the timer's run is under way
    expect(runs.started).toBe(1);
    const demanded = evaluator.runNow();
    await vi.advanceTimersByTimeAsync(0);
    expect(runs.started).toBe(1); // it waits for the run under way
    await runs.finish();
    expect(runs.started).toBe(2);
    await runs.finish();
    expect((await demanded).raised).toBe(2);
  });
});
