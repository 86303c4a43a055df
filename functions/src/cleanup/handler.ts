import type { DynamoDBStreamEvent, ScheduledEvent } from 'aws-lambda';
import { Logger } from '@aws-lambda-powertools/logger';
import { dataFromEnv, storageFromEnv } from '../composition.ts';
import { resumeStalledCleanups, runCleanupStep } from '../domain/location-cleanup.ts';
import { matchesStreamFilter } from './stream-filter.ts';

/**
 * The stream consumer that removes what a deleted location leaves (see domain/location-cleanup.ts). In AWS an event
 * source mapping on the table's stream delivers the records `streamFilter` (stream-filter.ts) matches, and a
 * schedule calls it to resume stalled cleanups; the local host (infra/local/stream-worker.ts) polls DynamoDB
 * Local's stream and calls this same handler with the same filter.
 */

const db = dataFromEnv();
const storage = storageFromEnv();
const logger = new Logger({ serviceName: 'sitewalk-cleanup' });

const isStreamEvent = (event: DynamoDBStreamEvent | ScheduledEvent): event is DynamoDBStreamEvent =>
  'Records' in event;

/**
 * A failed step throws, so the whole batch is retried (steps are idempotent) and, past its retries, goes to the
 * on-failure destination; the cleanup item stays in the table, and the schedule starts it again.
 */
export const handler = async (event: DynamoDBStreamEvent | ScheduledEvent): Promise<void> => {
  if (!isStreamEvent(event)) {
    const resumed = await resumeStalledCleanups({ db });
    if (resumed.length > 0) logger.warn('Resumed stalled location cleanups', { locationIds: resumed });
    return;
  }
  for (const record of event.Records.filter(matchesStreamFilter)) {
    const image = record.dynamodb?.NewImage ?? {};
    const locationId = Number(image['locationId']?.N);
    const step = Number(image['step']?.N);
    const outcome = await runCleanupStep({ db, storage }, locationId, step);
    logger.debug('Location cleanup step', { locationId, step, outcome });
  }
};
