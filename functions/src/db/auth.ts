import type { CreateEntityItem } from 'electrodb';
import type { DataService } from './service.ts';
import { queueMailItem, type OutboxMail } from './mail-outbox.ts';
import type {
  EndedSessionItem,
  ThrottleItem,
  mfaSetupEntity,
  passwordResetEntity,
  sessionEntity,
} from './entities/auth.ts';
import { isConditionFailure, writeIf } from './conditional.ts';

/** Named access patterns of signing in: sessions, reset tokens and throttle windows (docs/data-model.md). */

export const createSession = (db: DataService, session: CreateEntityItem<typeof sessionEntity>) =>
  db.entities.session.create(session).go();

export const getSession = async (db: DataService, tokenHash: string) =>
  (await db.entities.session.get({ tokenHash }).go()).data;

export const deleteSession = (db: DataService, tokenHash: string) =>
  db.entities.session.delete({ tokenHash }).go();

/** Refuses the access tokens of one logged-out session until `expiresAt` (epoch seconds; the item's TTL). */
export const recordEndedSession = (db: DataService, ended: EndedSessionItem) =>
  db.entities.endedSession.put(ended).go();

/** Deletes every session of a user (found through `byUser`). */
export const deleteSessionsOfUser = async (db: DataService, userId: number) => {
  const { data } = await db.entities.session.query.byUser({ userId }).go({ pages: 'all' });
  if (data.length) await db.entities.session.delete(data.map(({ tokenHash }) => ({ tokenHash }))).go();
};

/** Stores a reset token; with its mail, in one transaction with the mail in the outbox. */
export const createResetToken = async (
  db: DataService,
  token: CreateEntityItem<typeof passwordResetEntity>,
  mail?: { mail: OutboxMail; now: Date },
) => {
  if (!mail) {
    await db.entities.passwordReset.create(token).go();
    return;
  }
  const { canceled } = await db.transaction
    .write(({ passwordReset, mailOutbox }) => [
      passwordReset.create(token).commit(),
      queueMailItem({ mailOutbox }, mail.mail, mail.now),
    ])
    .go();
  // A token is 32 random bytes and the mail's key is its hash: neither exists already.
  if (canceled) throw new Error('The reset token and its mail were not written');
};

/** Deletes the user's reset tokens but the one whose hash is `keep` (all of them without it). */
export const deleteResetTokensOfUser = async (db: DataService, userId: number, keep?: string) => {
  const { data } = await db.entities.passwordReset.query.byUser({ userId }).go({ pages: 'all' });
  const stale = data.filter((item) => item.tokenHash !== keep);
  if (stale.length) {
    await db.entities.passwordReset.delete(stale.map((item) => ({ tokenHash: item.tokenHash }))).go();
  }
};

/**
 * Marks a reset token used at `usedAt` and answers its user and the address it was mailed to; null when it
 * is unknown, expired by `epoch` (seconds) or used already. The write's condition makes it single use even
 * when two requests race.
 */
export const useResetToken = async (db: DataService, tokenHash: string, usedAt: string, epoch: number) => {
  try {
    const { data } = await db.entities.passwordReset
      .patch({ tokenHash })
      .set({ usedAt })
      .where(
        ({ usedAt: used, expiresAt }, { notExists, gt }) => `${notExists(used)} AND ${gt(expiresAt, epoch)}`,
      )
      .go({ response: 'all_new' });
    return data.userId === undefined ? null : { userId: data.userId, mailedTo: data.mailedTo };
  } catch (error) {
    if (isConditionFailure(error)) return null;
    throw error;
  }
};

/** Makes a used reset token usable again. */
export const releaseResetTokenUse = (db: DataService, tokenHash: string) =>
  db.entities.passwordReset.patch({ tokenHash }).remove(['usedAt']).go();

/** One subject's throttle window of one action. */
export type ThrottleWindow = Pick<ThrottleItem, 'action' | 'subject' | 'windowStart'>;

/**
 * Counts an attempt in its window only while the window holds fewer than `limit`: false when it is full
 * (check and count in one conditional write, so parallel attempts cannot slip through).
 */
export const takeAttempt = (db: DataService, window: ThrottleWindow, limit: number, expiresAt: number) =>
  writeIf(
    db.entities.throttle
      .update(window)
      .add({ count: 1 })
      .set({ expiresAt })
      .where(({ count }, { notExists, lt }) => `${notExists(count)} OR ${lt(count, limit)}`)
      .go(),
  );

/** Takes one attempt back out of its window: false when it holds none (the window turned meanwhile). */
export const giveBackAttempt = (db: DataService, window: ThrottleWindow) =>
  writeIf(
    db.entities.throttle
      .patch(window)
      .subtract({ count: 1 })
      .where(({ count }, { gt }) => gt(count, 0))
      .go(),
  );

/** Counts an attempt in its window, whatever it holds: answers the window's count with it. */
export const countAttempt = async (db: DataService, window: ThrottleWindow, expiresAt: number) =>
  (await db.entities.throttle.update(window).add({ count: 1 }).set({ expiresAt }).go({ response: 'all_new' }))
    .data.count ?? 0;

export const clearAttempts = (db: DataService, window: ThrottleWindow) =>
  db.entities.throttle.delete(window).go();

export const createMfaSetup = (db: DataService, setup: CreateEntityItem<typeof mfaSetupEntity>) =>
  db.entities.mfaSetup.create(setup).go();

export const getMfaSetup = async (db: DataService, tokenHash: string) =>
  (await db.entities.mfaSetup.get({ tokenHash }).go({ consistent: true })).data;

export const deleteMfaSetup = (db: DataService, tokenHash: string) =>
  db.entities.mfaSetup.delete({ tokenHash }).go();
