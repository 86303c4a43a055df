import { useEffect, useRef, useState } from 'react';
import type { Fix } from '@sitewalk/shared/arrival';

export type { Fix };

/**
 * `waiting`: no fix yet, or the latest attempt failed in a way that passes (timeout, unavailable: the last
 * fix is kept); `tracking`: the fix is current; `denied`: the person or the browser said no; `unsupported`:
 * the browser has no geolocation.
 */
export type PositionStatus = 'waiting' | 'tracking' | 'denied' | 'unsupported';

export interface PositionState {
  fix: Fix | null;
  status: PositionStatus;
}

/** High accuracy, no cached fix, and a timeout that reports a quiet spell without ending the watch. */
export const WATCH_OPTIONS: PositionOptions = { enableHighAccuracy: true, maximumAge: 0, timeout: 20_000 };

const fixOf = ({ coords, timestamp }: GeolocationPosition): Fix => ({
  lat: coords.latitude,
  lng: coords.longitude,
  accuracy: coords.accuracy,
  at: new Date(Number.isFinite(timestamp) && timestamp > 0 ? timestamp : Date.now()).toISOString(),
});

const hasGeolocation = () => typeof navigator !== 'undefined' && 'geolocation' in navigator;

export interface PositionOptionsOf {
  /** Watch only while true. */
  enabled?: boolean;
  /** Called with each new fix, as it comes (for what a fix sets off, such as an arrival). */
  onFix?: (fix: Fix) => void;
}

/**
 * The phone's live position while `enabled` (navigator.geolocation.watchPosition with high accuracy).
 * Errors that pass never end the watch and keep the last fix; only a denied permission stops it.
 */
export const usePosition = ({ enabled = true, onFix }: PositionOptionsOf = {}): PositionState => {
  const [state, setState] = useState<PositionState>(() => ({
    fix: null,
    status: hasGeolocation() ? 'waiting' : 'unsupported',
  }));
  const onFixRef = useRef(onFix);
  useEffect(() => {
    onFixRef.current = onFix;
  }, [onFix]);
  useEffect(() => {
    if (!enabled || !hasGeolocation()) return;
    const geolocation = navigator.geolocation;
    const watch = geolocation.watchPosition(
      (position) => {
        const fix = fixOf(position);
        setState({ fix, status: 'tracking' });
        onFixRef.current?.(fix);
      },
      (error) =>
        setState((previous) => ({
          fix: previous.fix,
          status: error.code === error.PERMISSION_DENIED ? 'denied' : 'waiting',
        })),
      WATCH_OPTIONS,
    );
    return () => geolocation.clearWatch(watch);
  }, [enabled]);
  return state;
};
