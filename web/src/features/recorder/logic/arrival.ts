import { distanceMeters, isWithinReach } from '@sitewalk/shared/arrival';
import type { Marker } from '@sitewalk/shared/schemas/walk';
import { reachedIds } from './markers.ts';
import type { Fix } from '../../../hooks/use-position.ts';
import type { Arrival } from '../store/types.ts';

/** A marker the fix puts the walker at, with the distance measured. */
export interface Reach {
  marker: Marker;
  distance: number;
}

/**
 * The unreached markers `fix` is within reach of (shared/src/arrival.ts: the radius plus the credited
 * accuracy), nearest first. Any unreached marker counts, not only the next one: order is expected, not
 * enforced.
 */
export const markersInReach = (
  markers: readonly Marker[],
  arrivals: readonly Arrival[],
  fix: Fix,
): Reach[] => {
  const reached = reachedIds(arrivals);
  return markers
    .filter(({ id }) => !reached.has(id))
    .map((marker) => ({ marker, distance: distanceMeters(fix, marker) }))
    .filter(({ distance }) => isWithinReach(distance, fix.accuracy))
    .sort((a, b) => a.distance - b.distance);
};

/** Whether `fix` is within reach of `marker`. */
export const isAtMarker = (marker: Marker, fix: Fix) =>
  isWithinReach(distanceMeters(fix, marker), fix.accuracy);
