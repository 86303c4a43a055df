import { describe, expect, it } from 'vitest';
import { backoffMs, MAIL_ATTEMPTS_MAX, MAIL_BACKOFF_FIRST_MS, MAIL_BACKOFF_MAX_MS } from './mail-outbox.ts';

describe('the mail outbox backoff', () => {
  it('waits 30 s after the first failure and doubles after each, up to an hour', () => {
    expect([1, 2, 3, 4].map(backoffMs)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(backoffMs(8)).toBe(MAIL_BACKOFF_MAX_MS);
    expect(backoffMs(50)).toBe(MAIL_BACKOFF_MAX_MS);
  });

  it('treats a count below one as the first failure', () => {
    expect(backoffMs(0)).toBe(MAIL_BACKOFF_FIRST_MS);
    expect(backoffMs(-3)).toBe(MAIL_BACKOFF_FIRST_MS);
  });

  it('gives a mail some hours of SES failing before it is given up', () => {
    const waited = Array.from({ length: MAIL_ATTEMPTS_MAX - 1 }, (_, i) => backoffMs(i + 1)).reduce(
      (sum, ms) => sum + ms,
      0,
    );
    expect(waited).toBeGreaterThan(3 * 3_600_000);
    expect(waited).toBeLessThan(6 * 3_600_000);
  });
});
