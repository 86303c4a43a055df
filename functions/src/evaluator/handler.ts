import { MetricUnit } from '@aws-lambda-powertools/metrics';
import { readEnv } from '../env.ts';
import { dataFromEnv } from '../composition.ts';
import { createWorkerHandler, workerTools } from '../lambda.ts';
import { clock } from '../ports/clock.ts';
import { createAlerts } from '../domain/alerts.ts';
import { createEvaluator, type EvaluationSummary } from '../domain/evaluator.ts';
import { overdueTaskCounts, overdueTasksCheck } from '../domain/tasks.ts';
import { noLockCheckCheck } from '../domain/lock-check-cadence.ts';

export type { EvaluationSummary } from '../domain/evaluator.ts';

/**
 * The evaluator (domain/evaluator.ts): EventBridge Scheduler invokes it every EVALUATOR_INTERVAL_MINUTES in AWS;
 * the local host calls `evaluateAt` on its own timer, and its test-only clock control with the clock moved.
 */
const db = dataFromEnv();
const { APP_URL: appUrl } = readEnv(['APP_URL']);
const tools = workerTools('evaluator');
const { logger, metrics } = tools;
const alerts = createAlerts({ db, appUrl });
const evaluator = createEvaluator({
  db,
  alerts,
  appUrl,
  checks: [overdueTasksCheck({ db }), noLockCheckCheck({ db })],
  overdueTasks: overdueTaskCounts({ db }),
});

/** One evaluator run as of `now`: every check due by then, each alert once. */
export const evaluateAt = async (now: Date): Promise<EvaluationSummary> => {
  const summary = await evaluator.evaluateAt(now);
  metrics.addMetric('SchedulesChecked', MetricUnit.Count, summary.schedules);
  metrics.addMetric('AlertsRaised', MetricUnit.Count, summary.raised);
  metrics.addMetric('AlertMailsFailed', MetricUnit.Count, summary.mailsFailed);
  metrics.publishStoredMetrics();
  if (summary.raised > 0 || summary.mailsFailed > 0) logger.info('Evaluator run', { ...summary });
  return summary;
};

export const handler = createWorkerHandler(tools, async (): Promise<void> => {
  await evaluateAt(clock.now());
});
