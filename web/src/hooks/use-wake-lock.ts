import { useEffect, useState } from 'react';

/**
 * Keeps the screen on while `active` (Screen Wake Lock, where the browser has it). The browser lets go of
 * the lock when the page is hidden; it is taken again when the page shows. Released when `active` turns
 * false or the component goes. Returns whether the lock is held now.
 */
export const useWakeLock = (active: boolean): boolean => {
  const [held, setHeld] = useState(false);
  useEffect(() => {
    const wakeLock = typeof navigator !== 'undefined' ? navigator.wakeLock : undefined;
    if (!active || !wakeLock) return;
    let sentinel: WakeLockSentinel | null = null;
    let ended = false;
    const acquire = async () => {
      if (ended || document.visibilityState !== 'visible' || (sentinel && !sentinel.released)) return;
      try {
        const taken = await wakeLock.request('screen');
        if (ended) {
          await taken.release();
          return;
        }
        sentinel = taken;
        setHeld(true);
        taken.addEventListener('release', () => {
          if (sentinel === taken) setHeld(false);
        });
      } catch {
        // Refused (low battery, a policy, not visible after all): the walk goes on without it.
        setHeld(false);
      }
    };
    const onVisibility = () => void acquire();
    document.addEventListener('visibilitychange', onVisibility);
    void acquire();
    return () => {
      ended = true;
      document.removeEventListener('visibilitychange', onVisibility);
      void sentinel?.release().catch(() => undefined);
      sentinel = null;
      setHeld(false);
    };
  }, [active]);
  return held;
};
