import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useWakeLock } from './use-wake-lock.ts';

class Sentinel extends EventTarget {
  released = false;
  release = vi.fn(async () => {
    this.released = true;
    this.dispatchEvent(new Event('release'));
  });
}

const taken: Sentinel[] = [];
const request = vi.fn(async () => {
  const sentinel = new Sentinel();
  taken.push(sentinel);
  return sentinel;
});
let visibility: DocumentVisibilityState = 'visible';

beforeEach(() => {
  taken.length = 0;
  visibility = 'visible';
  Object.defineProperty(navigator, 'wakeLock', { value: { request }, configurable: true });
  Object.defineProperty(document, 'visibilityState', { get: () => visibility, configurable: true });
});
afterEach(() => {
  vi.clearAllMocks();
  Reflect.deleteProperty(navigator, 'wakeLock');
  Reflect.deleteProperty(document, 'visibilityState');
});

const setVisibility = (state: DocumentVisibilityState) =>
  act(() => {
    visibility = state;
    document.dispatchEvent(new Event('visibilitychange'));
  });

describe('useWakeLock', () => {
  it('holds the screen on while active, takes it again when the page shows, lets go at the end', async () => {
    const { result, rerender } = renderHook(({ active }) => useWakeLock(active), {
      initialProps: { active: true },
    });
    await waitFor(() => expect(result.current).toBe(true));
    expect(request).toHaveBeenCalledWith('screen');
    // Hidden: the browser lets go.
    await act(async () => {
      await taken[0]!.release();
    });
    await setVisibility('hidden');
    expect(result.current).toBe(false);
    expect(request).toHaveBeenCalledTimes(1);
    await setVisibility('visible');
    await waitFor(() => expect(result.current).toBe(true));
    expect(request).toHaveBeenCalledTimes(2);
    rerender({ active: false });
    await waitFor(() => expect(taken[1]!.released).toBe(true));
    expect(result.current).toBe(false);
  });

  it('does nothing while inactive or where the browser has no wake lock, and survives a refusal', async () => {
    const { result } = renderHook(() => useWakeLock(false));
    expect(request).not.toHaveBeenCalled();
    expect(result.current).toBe(false);
    request.mockRejectedValueOnce(new Error('Low battery'));
    const refused = renderHook(() => useWakeLock(true));
    await waitFor(() => expect(request).toHaveBeenCalledTimes(1));
    expect(refused.result.current).toBe(false);
    Reflect.deleteProperty(navigator, 'wakeLock');
    const none = renderHook(() => useWakeLock(true));
    expect(none.result.current).toBe(false);
  });
});
