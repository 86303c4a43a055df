import type { DataService } from './service.ts';
import type { MailOutboxItem, MailPurpose } from './entities/mail.ts';
import { NEVER_DUE } from './entities/schedule.ts';
import { writeIf } from './conditional.ts';

/** Named access patterns of the mail outbox (docs/data-model.md). */

/** A mail to queue: what it is for, its idempotent key, and its content. */
export interface OutboxMail {
  mailKey: string;
  purpose: MailPurpose;
  to: string;
  subject: string;
  html: string;
  text: string;
}

/** The new outbox item of a mail, due at once. */
export const outboxItem = (mail: OutboxMail, now: Date) => ({
  ...mail,
  status: 'pending' as const,
  attempts: 0,
  nextAttemptAt: now.toISOString(),
  createdAt: now.toISOString(),
});

type WriteEntities = Parameters<Parameters<DataService['transaction']['write']>[0]>[0];

/** The outbox item as one write of a transaction: it commits or fails with the change that causes it. */
export const queueMailItem = (
  { mailOutbox }: Pick<WriteEntities, 'mailOutbox'>,
  mail: OutboxMail,
  now: Date,
) => mailOutbox.create(outboxItem(mail, now)).commit();

/** Queues a mail on its own (a worker's mail, whose change is written already): false when it is queued already. */
export const queueMail = (db: DataService, mail: OutboxMail, now: Date) =>
  writeIf(db.entities.mailOutbox.create(outboxItem(mail, now)).go());

export const getOutboxMail = async (db: DataService, mailKey: string) =>
  (await db.entities.mailOutbox.get({ mailKey }).go({ consistent: true })).data;

/** The mails whose next attempt is due by `now`, earliest first, at most `count` (gsi3). */
export const mailsDueBy = async (db: DataService, now: string, count: number) =>
  (
    await db.entities.mailOutbox.query
      .byNextAttempt({})
      .between({ nextAttemptAt: '' }, { nextAttemptAt: now })
      .go({ count, pages: 'all' })
  ).data;

/**
 * Takes a pending mail for one attempt, until `until`: counts the attempt and moves its next attempt there, if
 * it is still as `item` was read. False when another run took it (or it was sent) meanwhile.
 */
export const claimMail = (db: DataService, item: MailOutboxItem, until: string) =>
  writeIf(
    db.entities.mailOutbox
      .patch({ mailKey: item.mailKey })
      .set({ nextAttemptAt: until })
      .add({ attempts: 1 })
      .where((a, { eq }) => `${eq(a.status, 'pending')} AND ${eq(a.nextAttemptAt, item.nextAttemptAt)}`)
      .go(),
  );

/** Sent: its address and body go (a reset mail holds a live link); the item expires at `expiresAt`. */
export const mailSent = (db: DataService, mailKey: string, sentAt: string, expiresAt: number) =>
  db.entities.mailOutbox
    .patch({ mailKey })
    .set({ status: 'sent', sentAt, nextAttemptAt: NEVER_DUE, expiresAt })
    .remove(['to', 'subject', 'html', 'text', 'lastError'])
    .go();

/** A failed attempt: the next one at `nextAttemptAt`. */
export const mailFailed = (db: DataService, mailKey: string, nextAttemptAt: string, lastError: string) =>
  db.entities.mailOutbox.patch({ mailKey }).set({ nextAttemptAt, lastError }).go();

/** Given up after the last attempt (the dead-letter state): kept, without its body, until `expiresAt`. */
export const mailDead = (db: DataService, mailKey: string, lastError: string, expiresAt: number) =>
  db.entities.mailOutbox
    .patch({ mailKey })
    .set({ status: 'dead', nextAttemptAt: NEVER_DUE, lastError, expiresAt })
    .remove(['to', 'subject', 'html', 'text'])
    .go();
