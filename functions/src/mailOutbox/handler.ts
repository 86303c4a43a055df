import type { DynamoDBBatchResponse, DynamoDBStreamEvent, ScheduledEvent } from 'aws-lambda';
import { MetricUnit } from '@aws-lambda-powertools/metrics';
import { dataFromEnv, mailerFromEnv } from '../composition.ts';
import { createWorkerHandler, eachStreamRecord, workerTools } from '../lambda.ts';
import { clock } from '../ports/clock.ts';
import { createMailOutbox, type DeliveryOutcome } from '../domain/mail-outbox.ts';
import { matchesMailStreamFilter } from './stream-filter.ts';

/**
 * The mail worker (domain/mail-outbox.ts): in AWS an event source mapping on the table's stream delivers each new
 * outbox item (`mailStreamFilter`) for its first attempt, and a schedule every minute sweeps the mails whose next
 * attempt is due; the local host's stream poller (infra/local/stream-worker.ts) calls this same handler.
 */

const db = dataFromEnv();
const outbox = createMailOutbox({ db, mailer: mailerFromEnv() });
const tools = workerTools('mailOutbox');
const { logger, metrics } = tools;

const isStreamEvent = (event: DynamoDBStreamEvent | ScheduledEvent): event is DynamoDBStreamEvent =>
  'Records' in event;

const count = (outcomes: readonly DeliveryOutcome[]) => {
  const sent = outcomes.filter((o) => o === 'sent').length;
  const failed = outcomes.filter((o) => o === 'failed').length;
  const dead = outcomes.filter((o) => o === 'dead').length;
  metrics.addMetric('MailsSent', MetricUnit.Count, sent);
  metrics.addMetric('MailsFailed', MetricUnit.Count, failed);
  metrics.addMetric('MailsDead', MetricUnit.Count, dead);
  metrics.publishStoredMetrics();
  // Counts only: an address or a body (a reset link) never reaches a log line.
  if (failed > 0 || dead > 0) logger.warn('Mail attempts failed', { sent, failed, dead });
  if (dead > 0) logger.error('Mails given up after their last attempt', { dead });
};

/** One sweep as of `now`: every mail due by then (the local host's tests call it with the clock moved on). */
export const deliverDueAt = async (now: Date): Promise<DeliveryOutcome[]> => {
  const outcomes = await outbox.deliverDue(now);
  count(outcomes);
  return outcomes;
};

/**
 * A failed SES call is recorded on the item and tried again by the sweep; only a failure to read or write the
 * table fails a record, reported as a partial batch failure (the mapping retries it, then dead-letters it;
 * the sweep still finds the item).
 */
export const handler = createWorkerHandler(
  tools,
  async (event: DynamoDBStreamEvent | ScheduledEvent): Promise<DynamoDBBatchResponse | undefined> => {
    if (!isStreamEvent(event)) {
      await deliverDueAt(clock.now());
      return undefined;
    }
    const outcomes: DeliveryOutcome[] = [];
    const answer = await eachStreamRecord(
      tools,
      event.Records.filter(matchesMailStreamFilter),
      async (record) => {
        const mailKey = record.dynamodb?.NewImage?.['mailKey']?.S;
        if (mailKey) outcomes.push(await outbox.deliver(mailKey, clock.now()));
      },
    );
    count(outcomes);
    return answer;
  },
);
