import type { DynamoDBBatchResponse, DynamoDBStreamEvent, ScheduledEvent } from 'aws-lambda';
import { dataFromEnv, storageFromEnv } from '../composition.ts';
import { createWorkerHandler, eachStreamRecord, workerTools } from '../lambda.ts';
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
const tools = workerTools('cleanup');
const { logger } = tools;

const isStreamEvent = (event: DynamoDBStreamEvent | ScheduledEvent): event is DynamoDBStreamEvent =>
  'Records' in event;

/**
 * A failed step fails its record alone, reported as a partial batch failure: the mapping retries from that record
 * (steps are idempotent) and, past its retries, sends it to the on-failure destination; the cleanup item stays in
 * the table, and the schedule starts it again.
 */
export const handler = createWorkerHandler(
  tools,
  async (event: DynamoDBStreamEvent | ScheduledEvent): Promise<DynamoDBBatchResponse | undefined> => {
    if (!isStreamEvent(event)) {
      const resumed = await resumeStalledCleanups({ db });
      if (resumed.length > 0) logger.warn('Resumed stalled location cleanups', { locationIds: resumed });
      return undefined;
    }
    return eachStreamRecord(tools, event.Records.filter(matchesStreamFilter), async (record) => {
      const image = record.dynamodb?.NewImage ?? {};
      const locationId = Number(image['locationId']?.N);
      const step = Number(image['step']?.N);
      const outcome = await runCleanupStep({ db, storage }, locationId, step);
      logger.debug('Location cleanup step', { locationId, step, outcome });
    });
  },
);
