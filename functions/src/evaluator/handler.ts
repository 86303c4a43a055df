import { clock } from '../ports/clock.ts';

/** What one evaluator run did. */
export interface EvaluationSummary {
  /** Schedules whose checks were due. */
  schedules: number;
  /** Alerts recorded (each once). */
  raised: number;
}

/** One evaluator run as of `now`: every check due by then, each alert once (issue 17; filled in by the alerts lane). */
export const evaluateAt = async (_now: Date): Promise<EvaluationSummary> => ({ schedules: 0, raised: 0 });

/** EventBridge Scheduler's target in AWS; the local host calls `evaluateAt` on its own timer. */
export const handler = async (): Promise<void> => {
  await evaluateAt(clock.now());
};
