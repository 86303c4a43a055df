import type { DynamoDBRecord } from 'aws-lambda';
import { MAIL_OUTBOX } from '../db/entities/mail.ts';

/** The records that concern the mail worker: an outbox item created. Lambda's filter syntax. */
export const mailStreamFilter = {
  eventName: ['INSERT'],
  dynamodb: { NewImage: { __edb_e__: { S: [MAIL_OUTBOX] } } },
} as const;

/** The same filter, for a poller that has no Lambda to apply it. */
export const matchesMailStreamFilter = (record: DynamoDBRecord): boolean =>
  mailStreamFilter.eventName.some((name) => name === record.eventName) &&
  record.dynamodb?.NewImage?.['__edb_e__']?.S === MAIL_OUTBOX;
