import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { usePosition, WATCH_OPTIONS } from './use-position.ts';

type Success = (position: GeolocationPosition) => void;
type Failure = (error: GeolocationPositionError) => void;
let success: Success | undefined;
let failure: Failure | undefined;
const geolocation = {
  watchPosition: vi.fn((onSuccess: Success, onFailure: Failure) => {
    success = onSuccess;
    failure = onFailure;
    return 7;
  }),
  clearWatch: vi.fn(),
};
const at = (latitude: number, longitude: number, accuracy: number) =>
  ({
    coords: { latitude, longitude, accuracy },
    timestamp: Date.UTC(2026, 10, 23, 8),
  }) as GeolocationPosition;
const error = (code: number) =>
  ({
    code,
    message: '',
    PERMISSION_DENIED: 1,
    POSITION_UNAVAILABLE: 2,
    TIMEOUT: 3,
  }) as GeolocationPositionError;

beforeEach(() => Object.defineProperty(navigator, 'geolocation', { value: geolocation, configurable: true }));
afterEach(() => {
  vi.clearAllMocks();
  Reflect.deleteProperty(navigator, 'geolocation');
});

describe('usePosition', () => {
  it('watches with high accuracy and reports each fix, to the state and to onFix', () => {
    const onFix = vi.fn();
    const { result, unmount } = renderHook(() => usePosition({ onFix }));
    expect(geolocation.watchPosition).toHaveBeenCalledWith(
      expect.any(Function),
      expect.any(Function),
      WATCH_OPTIONS,
    );
    expect(WATCH_OPTIONS.enableHighAccuracy).toBe(true);
    expect(result.current).toEqual({ fix: null, status: 'waiting' });
    act(() => success!(at(39.8, -89.6, 7)));
    const fix = { lat: 39.8, lng: -89.6, accuracy: 7, at: '2026-11-23T08:00:00.000Z' };
    expect(result.current).toEqual({ fix, status: 'tracking' });
    expect(onFix).toHaveBeenCalledWith(fix);
    unmount();
    expect(geolocation.clearWatch).toHaveBeenCalledWith(7);
  });

  it('keeps the last fix through errors that pass, and says denied when denied', () => {
    const { result } = renderHook(() => usePosition());
    act(() => success!(at(1, 2, 3)));
    act(() => failure!(error(3)));
    expect(result.current).toMatchObject({ fix: { lat: 1, lng: 2 }, status: 'waiting' });
    act(() => failure!(error(2)));
    expect(result.current.status).toBe('waiting');
    expect(geolocation.clearWatch).not.toHaveBeenCalled();
    act(() => success!(at(1, 2, 3)));
    expect(result.current.status).toBe('tracking');
    act(() => failure!(error(1)));
    expect(result.current).toMatchObject({ fix: { lat: 1 }, status: 'denied' });
  });

  it('does not watch when disabled, and says unsupported without geolocation', () => {
    renderHook(() => usePosition({ enabled: false }));
    expect(geolocation.watchPosition).not.toHaveBeenCalled();
    Reflect.deleteProperty(navigator, 'geolocation');
    const { result } = renderHook(() => usePosition());
    expect(result.current.status).toBe('unsupported');
  });
});
