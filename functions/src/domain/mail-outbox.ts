/**
 * Every mail SiteWalk sends goes through one outbox (issue 28): the change that causes a mail writes it as an
 * outbox item in its own transaction (db/mail-outbox.ts), and the mail worker (functions/src/mailOutbox/handler.ts)
 * sends it here, at once when the table's stream delivers the item and again, with backoff, from a sweep while
 * SES fails. So a committed change never answers 5xx because of mail, and a retried request finds its mail
 * queued already (the item's key) rather than queuing a second.
 */
import type { DataService } from '../db/service.ts';
import type { MailOutboxItem } from '../db/entities/mail.ts';
import { claimMail, getOutboxMail, mailDead, mailFailed, mailSent, mailsDueBy } from '../db/mail-outbox.ts';
import type { Mailer } from '../ports/mailer.ts';
import { mapBounded } from './fan-out.ts';

/** Attempts before a mail is given up (dead): with the backoff below, about four hours of SES failing. */
export const MAIL_ATTEMPTS_MAX = 10;
/** The wait after the first failure; it doubles with each failure, up to MAIL_BACKOFF_MAX_MS. */
export const MAIL_BACKOFF_FIRST_MS = 30_000;
export const MAIL_BACKOFF_MAX_MS = 60 * 60_000;
/** How long an attempt holds its mail: a run that stops half-way lets it go to a later one then. */
export const MAIL_CLAIM_MS = 2 * 60_000;
/** How long a sent or dead item is kept (without its body), to answer a retried write and for support. */
export const MAIL_KEPT_SECONDS = 7 * 86_400;
/** Mails one sweep attempts at most; the rest are due still, for the next. */
export const MAILS_PER_SWEEP = 100;

/** The wait before the next attempt after `failures` failed ones. */
export const backoffMs = (failures: number) =>
  Math.min(MAIL_BACKOFF_MAX_MS, MAIL_BACKOFF_FIRST_MS * 2 ** Math.max(0, failures - 1));

export type DeliveryOutcome = 'sent' | 'failed' | 'dead' | 'skipped';

export interface MailOutboxDeps {
  db: DataService;
  mailer: Mailer;
}

const errorName = (error: unknown) => (error instanceof Error ? error.name : 'Error');

export const createMailOutbox = ({ db, mailer }: MailOutboxDeps) => {
  /** One attempt at a mail as read: claimed first, so two runs never send it at once. */
  const attempt = async (item: MailOutboxItem, now: Date): Promise<DeliveryOutcome> => {
    if (item.status !== 'pending' || item.nextAttemptAt > now.toISOString()) return 'skipped';
    const until = new Date(now.getTime() + MAIL_CLAIM_MS).toISOString();
    if (!(await claimMail(db, item, until))) return 'skipped';
    const epoch = Math.floor(now.getTime() / 1000);
    const { to, subject, html, text } = item;
    if (!to || subject === undefined || html === undefined || text === undefined) {
      await mailDead(db, item.mailKey, 'NoContent', epoch + MAIL_KEPT_SECONDS);
      return 'dead';
    }
    try {
      await mailer.send({ to, subject, html, text });
    } catch (error) {
      const failures = item.attempts + 1;
      if (failures >= MAIL_ATTEMPTS_MAX) {
        await mailDead(db, item.mailKey, errorName(error), epoch + MAIL_KEPT_SECONDS);
        return 'dead';
      }
      const next = new Date(now.getTime() + backoffMs(failures)).toISOString();
      await mailFailed(db, item.mailKey, next, errorName(error));
      return 'failed';
    }
    await mailSent(db, item.mailKey, now.toISOString(), epoch + MAIL_KEPT_SECONDS);
    return 'sent';
  };

  return {
    /** The stream's delivery of a new item: its first attempt, at once. */
    deliver: async (mailKey: string, now: Date): Promise<DeliveryOutcome> => {
      const item = await getOutboxMail(db, mailKey);
      return item ? attempt(item, now) : 'skipped';
    },
    /** The sweep: every mail whose next attempt is due by `now` (a few at a time). */
    deliverDue: async (now: Date): Promise<DeliveryOutcome[]> => {
      const due = await mailsDueBy(db, now.toISOString(), MAILS_PER_SWEEP);
      return mapBounded(due, (item) => attempt(item, now));
    },
  };
};
