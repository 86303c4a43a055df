import type { DataService } from '../db/service.ts';
import type { ThrottleItem } from '../db/entities/auth.ts';
import { clearAttempts, countAttempt, giveBackAttempt, takeAttempt } from '../db/auth.ts';
import { systemClock } from '../ports/clock.ts';

export interface ThrottleRule {
  action: ThrottleItem['action'];
  /** Attempts allowed in one window. */
  limit: number;
  windowSeconds: number;
}

const FIFTEEN_MINUTES = 15 * 60;

/**
 * Five failed logins per e-mail from one source IP in fifteen minutes: a guesser in one place is stopped
 * without locking the account's owner out from everywhere else.
 */
export const loginThrottle: ThrottleRule = { action: 'login', limit: 5, windowSeconds: FIFTEEN_MINUTES };
/**
 * Fifty failed logins per e-mail in fifteen minutes from everywhere together: a bound on guessing one
 * account from many addresses, far above what one place may try, so one place cannot lock anyone out.
 */
export const loginAccountThrottle: ThrottleRule = {
  action: 'loginAccount',
  limit: 50,
  windowSeconds: FIFTEEN_MINUTES,
};
/** Thirty failed logins from one source IP in fifteen minutes, whatever the e-mails. */
export const loginSourceThrottle: ThrottleRule = {
  action: 'loginSource',
  limit: 30,
  windowSeconds: FIFTEEN_MINUTES,
};
/** Five wrong current passwords per user in fifteen minutes (self-service password and e-mail changes). */
export const passwordCheckThrottle: ThrottleRule = {
  action: 'passwordCheck',
  limit: 5,
  windowSeconds: FIFTEEN_MINUTES,
};
/** Three reset e-mails per address an hour. */
export const passwordResetThrottle: ThrottleRule = {
  action: 'passwordReset',
  limit: 3,
  windowSeconds: 60 * 60,
};

/** The subject's window of the rule's action that `now` (epoch seconds) falls in, and when it ends. */
const windowOf = (rule: ThrottleRule, subject: string, now: number) => {
  const windowStart = Math.floor(now / rule.windowSeconds) * rule.windowSeconds;
  return {
    window: { action: rule.action, subject, windowStart },
    windowEnd: windowStart + rule.windowSeconds,
  };
};

/**
 * Fixed-window counters in the table, one item per subject and window, deleted by TTL when the window
 * ends. A blocked subject is free again at the next window: nobody is locked out for good. Windows follow
 * the system's time (`systemClock`, in epoch seconds by default), which the clock control does not move.
 */
export const throttle = (
  db: DataService,
  rule: ThrottleRule,
  clock: () => number = () => systemClock.now().getTime() / 1000,
) => ({
  /**
   * Check and count in one conditional write: answers 0 when this attempt may go ahead (and is counted),
   * or the seconds to wait when the window's attempts are used up. Parallel attempts cannot slip through.
   */
  async take(subject: string): Promise<number> {
    const now = clock();
    const { window, windowEnd } = windowOf(rule, subject, now);
    if (await takeAttempt(db, window, rule.limit, windowEnd)) return 0;
    return Math.max(1, Math.ceil(windowEnd - now));
  },

  /** Gives back an attempt taken in this window that turned out not to count (a successful login). */
  async giveBack(subject: string): Promise<void> {
    // False when the window turned meanwhile: there is nothing to give back.
    await giveBackAttempt(db, windowOf(rule, subject, clock()).window);
  },

  /** Counts one attempt; answers the seconds to wait when this attempt went over the limit. */
  async record(subject: string): Promise<number> {
    const now = clock();
    const { window, windowEnd } = windowOf(rule, subject, now);
    return (await countAttempt(db, window, windowEnd)) > rule.limit ? Math.ceil(windowEnd - now) : 0;
  },

  async clear(subject: string): Promise<void> {
    await clearAttempts(db, windowOf(rule, subject, clock()).window);
  },
});
