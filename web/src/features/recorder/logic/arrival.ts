import { distanceMeters, isWithinReach, markerReachedBy, type Fix } from '@sitewalk/shared/arrival';
import type { Marker } from '@sitewalk/shared/schemas/walk';
import { nextExpectedMarker, reachedIds } from './markers.ts';
import type { Arrival } from '../store/types.ts';

/** A marker the fix puts the walker at, with the distance measured. */
export interface Reach {
  marker: Marker;
  distance: number;
}

/** What a fix may reach: the walk's markers in walk order, those reached, and the one the walker heads for. */
export interface ArrivalTarget {
  markers: readonly Marker[];
  reached: ReadonlySet<number>;
  heading: Marker;
}

/**
 * The marker the walker is heading for (the one they selected, while it is not reached, else the next
 * expected one), with what the shared rule needs to look ahead of it (shared/src/arrival.ts,
 * `markerReachedBy`): a fix reaches it or one of the next two unreached markers after it in walk order, never
 * any marker in reach (a loop's last marker stands beside its first). Order is still not enforced: selecting
 * a marker makes it the target. `markers` are in walk order.
 */
export const arrivalTarget = (
  markers: readonly Marker[],
  arrivals: readonly Arrival[],
  selectedId: number | null,
): ArrivalTarget | null => {
  const reached = reachedIds(arrivals);
  const selected = markers.find(({ id }) => id === selectedId);
  const heading = selected && !reached.has(selected.id) ? selected : nextExpectedMarker(markers, arrivals);
  return heading ? { markers, reached, heading } : null;
};

/** The marker the fix reaches from the target, and how far it is, by the shared rule (else null). */
export const reachOf = (target: ArrivalTarget | null, fix: Fix): Reach | null =>
  target ? markerReachedBy(target.markers, target.reached, target.heading.id, fix) : null;

/** Whether `fix` is within reach of `marker`. */
export const isAtMarker = (marker: Marker, fix: Fix) =>
  isWithinReach(distanceMeters(fix, marker), fix.accuracy);
