/**
 * The time as the product sees it: walk windows, alerts and overdue tasks are decided by `clock.now()`.
 * In AWS it is the system clock. The local host alone can move it forward (its test-only clock control, which
 * does not exist in AWS), so a browser journey can let a window pass without waiting for it.
 */
let offsetMs = 0;

export const clock = {
  now: (): Date => new Date(Date.now() + offsetMs),
};

/** How far ahead of the system clock the product's time runs. */
export const clockOffset = (): number => offsetMs;

/** Local host only: how far ahead of the system clock the product's time runs. */
export const setClockOffset = (ms: number): void => {
  if (!Number.isFinite(ms) || ms < 0) throw new Error('The clock only moves forward');
  offsetMs = ms;
};

/**
 * The system's time, which the local host's clock control never moves: sessions, reset tokens, throttles and MFA
 * are judged against the identity provider's token times and the authenticator app's clock, not the product's.
 */
export const systemClock = {
  now: (): Date => new Date(),
};
