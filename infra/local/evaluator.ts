import { EVALUATOR_INTERVAL_MINUTES } from '@sitewalk/shared/constants';
import type { EvaluationSummary } from '@sitewalk/functions/evaluator/handler';

/**
 * The evaluator on the local host: in AWS, EventBridge Scheduler invokes its Lambda every
 * EVALUATOR_INTERVAL_MINUTES; here a timer calls the same `evaluateAt` with the product's clock. Never two runs
 * at once: a run still going when the next is due is skipped, and `runNow` (the clock control) waits for it.
 * A failed run is logged; the next one tries again.
 */
export interface LocalEvaluator {
  /** One run now, after any run under way. */
  runNow: () => Promise<EvaluationSummary>;
  stop: () => Promise<void>;
}

export interface LocalEvaluatorOptions {
  intervalMs?: number;
  /** The run itself; by default the evaluator Lambda's `evaluateAt` at `clock.now()`. */
  evaluate?: () => Promise<EvaluationSummary>;
  log?: (line: string) => void;
}

const lambdaEvaluate = async (): Promise<EvaluationSummary> => {
  // Imported at the first run: the module reads the environment the host set.
  const [{ evaluateAt }, { clock }] = await Promise.all([
    import('@sitewalk/functions/evaluator/handler'),
    import('@sitewalk/functions/ports/clock'),
  ]);
  return evaluateAt(clock.now());
};

export const startLocalEvaluator = (options: LocalEvaluatorOptions = {}): LocalEvaluator => {
  const evaluate = options.evaluate ?? lambdaEvaluate;
  const log = options.log ?? ((line: string) => console.error(line));
  let running: Promise<EvaluationSummary> | null = null;

  const run = () => {
    const started = evaluate().finally(() => {
      if (running === started) running = null;
    });
    running = started;
    return started;
  };

  const timer = setInterval(
    () => {
      if (running) return;
      run().catch((error: unknown) =>
        log(`[evaluator] run failed: ${error instanceof Error ? error.message : String(error)}`),
      );
    },
    options.intervalMs ?? EVALUATOR_INTERVAL_MINUTES * 60_000,
  );
  timer.unref();

  return {
    runNow: async () => {
      await running?.catch(() => undefined);
      return run();
    },
    stop: async () => {
      clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
};
