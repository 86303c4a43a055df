import type { DataService } from '../db/service.ts';
import type { ThrottleItem } from '../db/entities/auth.ts';

export interface ThrottleRule {
  action: ThrottleItem['action'];
  /** Attempts allowed in one window. */
  limit: number;
  windowSeconds: number;
}

/** Five failed logins per e-mail in fifteen minutes; then wait for the window to pass. */
export const loginThrottle: ThrottleRule = { action: 'login', limit: 5, windowSeconds: 15 * 60 };
/** Three reset e-mails per address an hour. */
export const passwordResetThrottle: ThrottleRule = {
  action: 'passwordReset',
  limit: 3,
  windowSeconds: 60 * 60,
};

const windowOf = (rule: ThrottleRule, now: number) => {
  const windowStart = Math.floor(now / rule.windowSeconds) * rule.windowSeconds;
  return { windowStart, windowEnd: windowStart + rule.windowSeconds };
};

/**
 * Fixed-window counters in the table, one item per subject and window, deleted by TTL when the window
 * ends. A blocked subject is free again at the next window: nobody is locked out for good.
 */
export const throttle = (
  db: DataService,
  rule: ThrottleRule,
  clock: () => number = () => Date.now() / 1000,
) => ({
  /** Seconds to wait, or 0 when another attempt is allowed now. */
  async retryAfter(subject: string): Promise<number> {
    const now = clock();
    const { windowStart, windowEnd } = windowOf(rule, now);
    const { data } = await db.entities.throttle.get({ action: rule.action, subject, windowStart }).go();
    return (data?.count ?? 0) >= rule.limit ? Math.ceil(windowEnd - now) : 0;
  },

  /** Counts one attempt; answers the seconds to wait when this attempt went over the limit. */
  async record(subject: string): Promise<number> {
    const now = clock();
    const { windowStart, windowEnd } = windowOf(rule, now);
    const { data } = await db.entities.throttle
      .update({ action: rule.action, subject, windowStart })
      .add({ count: 1 })
      .set({ expiresAt: windowEnd })
      .go({ response: 'all_new' });
    return (data.count ?? 0) > rule.limit ? Math.ceil(windowEnd - now) : 0;
  },

  async clear(subject: string): Promise<void> {
    const { windowStart } = windowOf(rule, clock());
    await db.entities.throttle.delete({ action: rule.action, subject, windowStart }).go();
  },
});
