/** Longest a wait for a frame lasts (a hidden page draws none). */
const PAINT_WAIT_MS = 100;

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
 * input, a frame's own observers) goes first: a tap's feedback is drawn before what the tap sets off.
 */
export const runAfterPaint = (work: () => void) => {
  void afterPaint().then(() => setTimeout(work, 0));
};
