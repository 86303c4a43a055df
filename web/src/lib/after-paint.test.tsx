import { afterEach, describe, expect, it, vi } from 'vitest';
import { runAfterPaint } from './after-paint.ts';

const hidePage = () => window.dispatchEvent(new Event('pagehide'));

describe('work after the next frame', () => {
  afterEach(() => vi.useRealTimers());

  it('runs after the frame (or its wait), once', async () => {
    vi.useFakeTimers();
    const work = vi.fn();
    runAfterPaint(work);
    expect(work).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(200);
    expect(work).toHaveBeenCalledTimes(1);
    hidePage();
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('runs at once when the page is hidden before the frame (a reload, the app left), and not again', async () => {
    vi.useFakeTimers();
    const work = vi.fn();
    runAfterPaint(work);
    hidePage();
    expect(work).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(200);
    expect(work).toHaveBeenCalledTimes(1);
  });
});
