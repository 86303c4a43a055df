import { MetricUnit } from '@aws-lambda-powertools/metrics';
import { anchorsFromEnv, dataFromEnv } from '../composition.ts';
import { createWorkerHandler, workerTools } from '../lambda.ts';
import { clock } from '../ports/clock.ts';
import { anchorAuditLogs, type AnchorSummary } from '../domain/audit-anchor.ts';

/**
 * The audit-anchor worker (domain/audit-anchor.ts): EventBridge Scheduler invokes it every
 * AUDIT_ANCHOR_INTERVAL_MINUTES in AWS; the local host calls `anchorAt` on its own timer.
 */
const db = dataFromEnv();
const anchors = anchorsFromEnv();
const tools = workerTools('auditAnchor');
const { logger, metrics } = tools;

export const anchorAt = async (now: Date): Promise<AnchorSummary> => {
  const summary = await anchorAuditLogs(db, anchors, now);
  metrics.addMetric('AuditLogsAnchored', MetricUnit.Count, summary.anchored);
  metrics.addMetric('AuditLogsRefused', MetricUnit.Count, summary.refused.length);
  metrics.publishStoredMetrics();
  if (summary.refused.length > 0) {
    logger.error('Audit logs disagree with their anchors: run audit:verify', { logs: summary.refused });
  }
  return summary;
};

/** A run that found logs disagreeing with their anchors fails, so the Lambda's error alarm goes off. */
export const handler = createWorkerHandler(tools, async (): Promise<void> => {
  const { refused } = await anchorAt(clock.now());
  if (refused.length > 0) {
    throw new Error(`Audit logs ${refused.join(', ')} disagree with their anchors: run audit:verify`);
  }
});
