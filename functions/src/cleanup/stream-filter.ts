import type { DynamoDBRecord } from 'aws-lambda';
import { LOCATION_CLEANUP } from '../db/entities/locationCleanup.ts';

/** The records that concern it: a cleanup item written (created, or advanced by a step). Lambda's filter syntax. */
export const streamFilter = {
  eventName: ['INSERT', 'MODIFY'],
  dynamodb: { NewImage: { __edb_e__: { S: [LOCATION_CLEANUP] } } },
} as const;

/** The same filter, for a poller that has no Lambda to apply it. */
export const matchesStreamFilter = (record: DynamoDBRecord): boolean =>
  streamFilter.eventName.some((name) => name === record.eventName) &&
  record.dynamodb?.NewImage?.['__edb_e__']?.S === LOCATION_CLEANUP;
