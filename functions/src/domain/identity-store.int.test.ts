import { beforeAll, describe, expect, it } from 'vitest';
import { isolatedEnvironment } from '../../../test/support/isolated.ts';
import { readEnv, tableEnv } from '../env.ts';
import { createDocumentClient } from '../db/client.ts';
import { createService, type DataService } from '../db/service.ts';
import {
  consumeResetToken,
  issueResetToken,
  releaseResetToken,
  RESET_TOKEN_TTL_SECONDS,
} from './reset-tokens.ts';
import { throttle, type ThrottleRule } from './throttle.ts';

let db: DataService;

beforeAll(async () => {
  await isolatedEnvironment();
  const env = readEnv(tableEnv);
  db = createService(createDocumentClient(env), env.TABLE_NAME);
});

describe('password-reset tokens', () => {
  it('stores only the hash of a 32-byte token and answers its user once', async () => {
    const { token, expiresAt } = await issueResetToken(db, 41);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(expiresAt.getTime() - Date.now()).toBeGreaterThan((RESET_TOKEN_TTL_SECONDS - 5) * 1000);
    const { data } = await db.entities.passwordReset.query.primary({ tokenHash: token }).go();
    expect(data).toEqual([]); // not findable by the token itself

    expect((await consumeResetToken(db, token))?.userId).toBe(41);
    expect(await consumeResetToken(db, token)).toBeNull(); // reused
  });

  it('answers the address the link was mailed to', async () => {
    const { token } = await issueResetToken(db, 48, new Date(), 'pat@example.com');
    expect(await consumeResetToken(db, token)).toEqual({ userId: 48, mailedTo: 'pat@example.com' });
  });

  it('refuses an expired token', async () => {
    const issuedLongAgo = new Date(Date.now() - (RESET_TOKEN_TTL_SECONDS + 60) * 1000);
    const { token } = await issueResetToken(db, 42, issuedLongAgo);
    expect(await consumeResetToken(db, token)).toBeNull();
  });

  it('refuses a token just past its hour but accepts it just before', async () => {
    const { token } = await issueResetToken(db, 43);
    const justAfter = new Date(Date.now() + (RESET_TOKEN_TTL_SECONDS + 2) * 1000);
    expect(await consumeResetToken(db, token, justAfter)).toBeNull();
    const justBefore = new Date(Date.now() + (RESET_TOKEN_TTL_SECONDS - 5) * 1000);
    expect((await consumeResetToken(db, token, justBefore))?.userId).toBe(43);
  });

  it.each(['', 'made-up', 'A'.repeat(43), `${'a'.repeat(42)}!`])(
    'refuses the made-up token %j',
    async (token) => {
      expect(await consumeResetToken(db, token)).toBeNull();
    },
  );

  it('invalidates the earlier tokens of a user when a new one is issued', async () => {
    const first = await issueResetToken(db, 45);
    const second = await issueResetToken(db, 45);
    const other = await issueResetToken(db, 46);
    expect(await consumeResetToken(db, first.token)).toBeNull();
    expect((await consumeResetToken(db, other.token))?.userId).toBe(46);
    expect((await consumeResetToken(db, second.token))?.userId).toBe(45);
  });

  it('makes a released token usable again', async () => {
    const { token } = await issueResetToken(db, 47);
    expect((await consumeResetToken(db, token))?.userId).toBe(47);
    await releaseResetToken(db, token);
    expect((await consumeResetToken(db, token))?.userId).toBe(47);
  });

  it('lets only one of two racing requests use a token', async () => {
    const { token } = await issueResetToken(db, 44);
    const results = await Promise.all([consumeResetToken(db, token), consumeResetToken(db, token)]);
    expect(results.filter((r) => r?.userId === 44)).toHaveLength(1);
  });
});

describe('throttle', () => {
  const rule: ThrottleRule = { action: 'login', limit: 3, windowSeconds: 600 };

  it('allows the limit, then asks to wait until the window ends, then allows again', async () => {
    let now = 1_800_000_000; // a window boundary (divisible by 600)
    const t = throttle(db, rule, () => now);
    for (let i = 0; i < 3; i += 1) expect(await t.take('a@example.com')).toBe(0);
    now += 100;
    expect(await t.take('a@example.com')).toBe(500);
    expect(await t.take('b@example.com')).toBe(0); // another subject is unaffected
    now += 500; // the next window
    expect(await t.take('a@example.com')).toBe(0);
  });

  it('checks and counts in one step: of many parallel attempts, only the limit go ahead', async () => {
    const now = 1_850_000_000;
    const t = throttle(db, rule, () => now);
    const waits = await Promise.all(Array.from({ length: 20 }, () => t.take('p@example.com')));
    expect(waits.filter((w) => w === 0)).toHaveLength(3);
  });

  it('starts afresh after clear, and an attempt given back may be taken again', async () => {
    const now = 1_900_000_200;
    const t = throttle(db, rule, () => now);
    for (let i = 0; i < 3; i += 1) await t.take('c@example.com');
    expect(await t.take('c@example.com')).toBeGreaterThan(0);
    await t.giveBack('c@example.com');
    expect(await t.take('c@example.com')).toBe(0);
    expect(await t.take('c@example.com')).toBeGreaterThan(0);
    await t.clear('c@example.com');
    expect(await t.take('c@example.com')).toBe(0);
    await t.giveBack('e@example.com'); // nothing taken: nothing given back, no error
    expect(
      (
        await db.entities.throttle
          .get({ action: 'login', subject: 'e@example.com', windowStart: 1_900_000_200 - 200 })
          .go()
      ).data,
    ).toBeNull();
  });

  it('sets the TTL attribute to the end of the window', async () => {
    const now = 2_000_000_100;
    await throttle(db, rule, () => now).take('d@example.com');
    const windowStart = Math.floor(now / 600) * 600;
    const { data } = await db.entities.throttle
      .get({ action: 'login', subject: 'd@example.com', windowStart })
      .go();
    expect(data?.expiresAt).toBe(windowStart + 600);
  });
});
