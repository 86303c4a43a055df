import { createHash, randomBytes } from 'node:crypto';
import type { DataService } from '../db/service.ts';
import type { OutboxMail } from '../db/mail-outbox.ts';
import {
  createResetToken,
  deleteResetTokensOfUser,
  releaseResetTokenUse,
  useResetToken,
} from '../db/auth.ts';
import { systemClock } from '../ports/clock.ts';

/**
 * A reset link works for one hour, by the system's time (`systemClock`): the clock control never expires one.
 */
export const RESET_TOKEN_TTL_SECONDS = 60 * 60;

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * 32 random bytes, URL-safe. Only its SHA-256 is stored, so a leaked table yields no working link.
 * The user's earlier tokens are deleted: only the newest mail's link works. `mailedTo` is the address it
 * goes to: the link works only while that is still the user's e-mail.
 */
export const issueResetToken = async (
  db: DataService,
  userId: number,
  now: Date = systemClock.now(),
  mailedTo?: string,
  /** The mail with the link, queued in the outbox in the same transaction as the token (keyed by its hash). */
  mailOf?: (token: string) => Omit<OutboxMail, 'mailKey'>,
): Promise<{ token: string; expiresAt: Date }> => {
  const token = randomBytes(32).toString('base64url');
  const tokenHash = hash(token);
  const expiresAt = Math.floor(now.getTime() / 1000) + RESET_TOKEN_TTL_SECONDS;
  await createResetToken(
    db,
    { tokenHash, userId, mailedTo, expiresAt },
    mailOf && { mail: { ...mailOf(token), mailKey: `reset:${tokenHash}` }, now },
  );
  await deleteResetTokensOfUser(db, userId, tokenHash);
  return { token, expiresAt: new Date(expiresAt * 1000) };
};

/**
 * Marks the token used and answers its user and the address it was mailed to, or null when it is unknown,
 * expired or already used. The condition makes it single use even when two requests race.
 */
export const consumeResetToken = async (
  db: DataService,
  token: string,
  now: Date = systemClock.now(),
): Promise<{ userId: number; mailedTo: string | undefined } | null> => {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  return useResetToken(db, hash(token), now.toISOString(), Math.floor(now.getTime() / 1000));
};

/** Makes a consumed token usable again, when the password it was used for was not accepted. */
export const releaseResetToken = async (db: DataService, token: string): Promise<void> => {
  await releaseResetTokenUse(db, hash(token));
};
