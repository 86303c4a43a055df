/** Longest a wait for a frame lasts (a hidden page draws none). */
const PAINT_WAIT_MS = 100;

/**
 * What waits for a frame now: run at once when the page is hidden away (a reload, another app, the tab closed),
 * so a tap drawn but not yet recorded is recorded before the page goes (its IndexedDB write started while the
 * page still lives) rather than lost with it.
 */
const waiting = new Set<() => void>();
// Listened to from the start, so it runs before the listeners of what uses this (the lock check's own flush
// then writes what these taps record).
if (typeof addEventListener === 'function') {
  addEventListener('pagehide', () => {
    for (const run of [...waiting]) run();
  });
}
const untilHidden = (run: () => void) => {
  waiting.add(run);
  return () => waiting.delete(run);
};

/**
 * Resolves once the frame after this moment is painted (a task after its animation frame), or after
 * PAINT_WAIT_MS, or at once when the page is hidden: work that can follow a tap's feedback is started after
 * the feedback is on screen.
 */
export const afterPaint = () =>
  new Promise<void>((resolve) => {
    const done = () => {
      forget();
      resolve();
    };
    const forget = untilHidden(done);
    setTimeout(done, PAINT_WAIT_MS);
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(done, 0));
  });

/**
 * Runs `work` in a task after the one that ends the next painted frame, so what waits on that frame (the next
 * input, a frame's own observers) goes first: a tap's feedback is drawn before what the tap sets off. Once,
 * and at once if the page is hidden first.
 */
export const runAfterPaint = (work: () => void) => {
  let ran = false;
  const once = () => {
    if (ran) return;
    ran = true;
    forget();
    work();
  };
  const forget = untilHidden(once);
  void afterPaint().then(() => setTimeout(once, 0));
};
