import { distanceMeters, isWithinReach, type Fix } from '@sitewalk/shared/arrival';
import type { Marker } from '@sitewalk/shared/schemas/walk';
import { nextExpectedMarker, reachedIds } from './markers.ts';
import type { Arrival } from '../store/types.ts';

/** A marker the fix puts the walker at, with the distance measured. */
export interface Reach {
  marker: Marker;
  distance: number;
}

/**
 * The marker the walker is heading for: the one they selected, while it is not reached, else the next
 * expected one. A fix reaches only this marker: on a loop whose last marker stands beside the first, or
 * where markers are closer together than the radius, "any marker in reach" would reach markers nobody walked
 * to. Order is still not enforced: selecting a marker makes it the target.
 */
export const arrivalTarget = (
  markers: readonly Marker[],
  arrivals: readonly Arrival[],
  selectedId: number | null,
): Marker | null => {
  const reached = reachedIds(arrivals);
  const selected = markers.find(({ id }) => id === selectedId);
  return selected && !reached.has(selected.id) ? selected : nextExpectedMarker(markers, arrivals);
};

/** The target and how far the fix is from it, when the fix is within its reach (else null). */
export const reachOf = (target: Marker | null, fix: Fix): Reach | null => {
  if (!target) return null;
  const distance = distanceMeters(fix, target);
  return isWithinReach(distance, fix.accuracy) ? { marker: target, distance } : null;
};

/** Whether `fix` is within reach of `marker`. */
export const isAtMarker = (marker: Marker, fix: Fix) =>
  isWithinReach(distanceMeters(fix, marker), fix.accuracy);
