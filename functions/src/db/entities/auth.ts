import { type EntityItem } from 'electrodb';
import { Entity } from './entity.ts';
import { service } from './service-name.ts';

/**
 * A password-reset token, stored only as the SHA-256 of the token e-mailed to the user. DynamoDB's TTL
 * removes it after `expiresAt` (epoch seconds); until then the service still checks the time itself,
 * because TTL deletion is lazy. `usedAt` makes it single use (set with a condition); `byUser` finds the
 * earlier tokens a new reset mail invalidates.
 */
export const passwordResetEntity = new Entity({
  model: { entity: 'passwordReset', version: '1', service },
  attributes: {
    tokenHash: { type: 'string', required: true },
    userId: { type: 'number', required: true },
    /** The address the link was mailed to: it works only while that is still the user's e-mail. */
    mailedTo: { type: 'string' },
    expiresAt: { type: 'number', required: true },
    usedAt: { type: 'string' },
    createdAt: { type: 'string', required: true, readOnly: true, default: () => new Date().toISOString() },
  },
  indexes: {
    primary: {
      pk: { field: 'pk', composite: ['tokenHash'] },
      sk: { field: 'sk', composite: [] },
    },
    byUser: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['userId'] },
      sk: { field: 'gsi1sk', composite: ['tokenHash'] },
    },
  },
});
export type PasswordResetItem = EntityItem<typeof passwordResetEntity>;

/**
 * A fixed window of attempts for one subject (a login for an e-mail from one source IP, for an e-mail
 * from anywhere, from one source IP, a check of a signed-in user's current password, a reset request for an e-mail). The item
 * expires with its window, so nobody is locked out for longer than one window.
 */
export const throttleEntity = new Entity({
  model: { entity: 'throttle', version: '1', service },
  attributes: {
    action: {
      type: ['login', 'loginAccount', 'loginSource', 'passwordCheck', 'passwordReset'] as const,
      required: true,
    },
    subject: { type: 'string', required: true },
    windowStart: { type: 'number', required: true },
    count: { type: 'number', required: true, default: 0 },
    expiresAt: { type: 'number', required: true },
  },
  indexes: {
    primary: {
      pk: { field: 'pk', composite: ['action', 'subject'] },
      sk: { field: 'sk', composite: ['windowStart'] },
    },
  },
});
export type ThrottleItem = EntityItem<typeof throttleEntity>;

/**
 * A signed-in session: the refresh token (stored as its SHA-256) and when it began. Refreshing needs
 * this item, and a session that began before the user's `tokensValidAfter` is over. A password change,
 * reset or delete removes them all through `byUser` (besides Cognito's global sign-out and the cut-off).
 */
export const sessionEntity = new Entity({
  model: { entity: 'session', version: '1', service },
  attributes: {
    tokenHash: { type: 'string', required: true },
    userId: { type: 'number', required: true },
    /** Epoch milliseconds. */
    startedAt: { type: 'number', required: true },
    expiresAt: { type: 'number', required: true },
    /**
     * The sign-in's `origin_jti`, which every access token of the session carries (refreshed ones too), and
     * how long those live: what a logout records in an endedSession item.
     */
    originJti: { type: 'string' },
    accessTokenSeconds: { type: 'number' },
  },
  indexes: {
    primary: {
      pk: { field: 'pk', composite: ['tokenHash'] },
      sk: { field: 'sk', composite: [] },
    },
    byUser: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['userId'] },
      sk: { field: 'gsi1sk', composite: ['tokenHash'] },
    },
  },
});
export type SessionItem = EntityItem<typeof sessionEntity>;

/**
 * A session ended by its logout: the access tokens it handed out (their `origin_jti`) are refused until they
 * would have expired anyway, when DynamoDB's TTL (`expiresAt`, epoch seconds) removes the item. It sits in
 * the user's `userAccess` collection, so the one Query that loads every request's actor reads it too.
 */
export const endedSessionEntity = new Entity({
  model: { entity: 'endedSession', version: '1', service },
  attributes: {
    userId: { type: 'number', required: true },
    originJti: { type: 'string', required: true },
    expiresAt: { type: 'number', required: true },
  },
  indexes: {
    primary: {
      collection: 'userAccess',
      pk: { field: 'pk', composite: ['userId'] },
      sk: { field: 'sk', composite: ['originJti'] },
    },
  },
});
export type EndedSessionItem = EntityItem<typeof endedSessionEntity>;

/**
 * A sign-in waiting for its two-step verification set-up (a user who must use it and has not set it up):
 * the Cognito tokens of the password sign-in, sealed with a key derived from the set-up session handed to
 * the browser, which is stored only as its SHA-256. A read of the table alone opens nothing. Single use;
 * DynamoDB's TTL removes it after `expiresAt` (epoch seconds), which the service also checks.
 */
export const mfaSetupEntity = new Entity({
  model: { entity: 'mfaSetup', version: '1', service },
  attributes: {
    tokenHash: { type: 'string', required: true },
    userId: { type: 'number', required: true },
    sealed: { type: 'string', required: true },
    expiresAt: { type: 'number', required: true },
  },
  indexes: {
    primary: {
      pk: { field: 'pk', composite: ['tokenHash'] },
      sk: { field: 'sk', composite: [] },
    },
  },
});
export type MfaSetupItem = EntityItem<typeof mfaSetupEntity>;
