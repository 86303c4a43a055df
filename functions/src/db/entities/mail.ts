import { type EntityItem } from 'electrodb';
import { Entity } from './entity.ts';
import { service } from './service-name.ts';

/** The outbox item's entity name: the stream filter of the mail worker matches it. */
export const MAIL_OUTBOX = 'mailOutbox';

/** Why a mail is sent; the metrics and logs name it, never the mail's address or body. */
export const MAIL_PURPOSES = ['resetPassword', 'taskAssigned', 'emailChanged', 'alert', 'summary'] as const;
export type MailPurpose = (typeof MAIL_PURPOSES)[number];

/**
 * One mail to send (issue 28): written in the same transaction as the change that causes it, sent by the mail
 * worker (functions/src/mailOutbox/handler.ts) with retries. `mailKey` says which change it is for, so writing
 * it twice (a client's retry, an overlapping run) makes one mail. Once sent or given up, its address and body
 * are removed (a reset mail holds a live link) and the item expires. Access patterns:
 * - by key: primary
 * - the mails due for an attempt, earliest first: gsi3 (one partition; NEVER_DUE once sent or given up)
 */
export const mailOutboxEntity = new Entity({
  model: { entity: MAIL_OUTBOX, version: '1', service },
  attributes: {
    mailKey: { type: 'string', required: true },
    purpose: { type: MAIL_PURPOSES, required: true },
    to: { type: 'string' },
    subject: { type: 'string' },
    html: { type: 'string' },
    text: { type: 'string' },
    status: { type: ['pending', 'sent', 'dead'] as const, required: true, default: 'pending' },
    /** Attempts made so far (a failed one moves `nextAttemptAt` on with backoff). */
    attempts: { type: 'number', required: true, default: 0 },
    nextAttemptAt: { type: 'string', required: true },
    createdAt: { type: 'string', required: true },
    sentAt: { type: 'string' },
    /** The last failure's error name (never its message, which may quote the address). */
    lastError: { type: 'string' },
    expiresAt: { type: 'number' },
  },
  indexes: {
    primary: {
      pk: { field: 'pk', composite: ['mailKey'] },
      sk: { field: 'sk', composite: [] },
    },
    byNextAttempt: {
      index: 'gsi3',
      pk: { field: 'gsi3pk', composite: [] },
      sk: { field: 'gsi3sk', composite: ['nextAttemptAt', 'mailKey'] },
    },
  },
});
export type MailOutboxItem = EntityItem<typeof mailOutboxEntity>;
