import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { useDebouncedValue } from './use-debounced-value.ts';

describe('useDebouncedValue', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('answers a value only once it has stayed the same for the delay', () => {
    const { result, rerender } = renderHook(({ value }) => useDebouncedValue(value, 250), {
      initialProps: { value: '' },
    });
    rerender({ value: 'h' });
    act(() => vi.advanceTimersByTime(200));
    rerender({ value: 'ha' });
    act(() => vi.advanceTimersByTime(200));
    // Each key restarted the wait: 400 ms after the first key, still the first value.
    expect(result.current).toBe('');
    act(() => vi.advanceTimersByTime(50));
    expect(result.current).toBe('ha');
  });
});
