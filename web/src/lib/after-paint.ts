/** Longest a wait for a frame lasts (a hidden page draws none). */
const PAINT_WAIT_MS = 100;

/**
 * The work `runAfterPaint` holds: run at once when the page is hidden away (a reload, another app, the tab
 * closed), so a tap drawn but not yet recorded is recorded before the page goes rather than lost with it.
 */
const waiting = new Set<() => void>();
// Listened to from the start, so it runs before the listeners of what uses this (the lock check's own flush
// then writes what these taps record).
if (typeof addEventListener === 'function') {
  addEventListener('pagehide', () => {
    for (const run of [...waiting]) run();
  });
}

/**
 * Resolves once the frame after this moment is painted (a task after its animation frame), or after
 * PAINT_WAIT_MS: work that can follow a tap's feedback is started after the feedback is on screen.
 */
export const afterPaint = () =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, PAINT_WAIT_MS);
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(resolve, 0));
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
    waiting.delete(once);
    work();
  };
  waiting.add(once);
  void afterPaint().then(() => setTimeout(once, 0));
};
