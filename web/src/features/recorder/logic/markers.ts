import type { Marker, Walk } from '@sitewalk/shared/schemas/walk';
import type { Arrival } from '../store/types.ts';

/** A marker's state on the recorder's list: reached, the next one expected, or not (yet) reached. */
export type MarkerProgress = 'reached' | 'next' | 'not-reached';

/** The walk's markers in the order they are walked (their `order`, then their label). */
export const orderedMarkers = (walk: Pick<Walk, 'markers'>): Marker[] =>
  [...walk.markers].sort((a, b) => a.order - b.order || a.label - b.label);

/** The ids of the markers reached so far (each counts once, however many arrivals it has). */
export const reachedIds = (arrivals: readonly Arrival[]): Set<number> =>
  new Set(arrivals.map(({ markerId }) => markerId));

/**
 * The marker the walker is expected at next: the first unreached marker after the marker of the latest
 * arrival, in walk order, or else the first unreached one (a skipped marker comes round again at the end).
 * Null when every marker is reached. Order is expected, not enforced: any marker may be reached.
 */
export const nextExpectedMarker = (
  markers: readonly Marker[],
  arrivals: readonly Arrival[],
): Marker | null => {
  const reached = reachedIds(arrivals);
  const latest = arrivals.at(-1);
  const from = latest ? markers.findIndex(({ id }) => id === latest.markerId) + 1 : 0;
  return (
    markers.slice(from).find(({ id }) => !reached.has(id)) ??
    markers.find(({ id }) => !reached.has(id)) ??
    null
  );
};

/** Each marker's state, by id. */
export const markerProgress = (
  markers: readonly Marker[],
  arrivals: readonly Arrival[],
): Map<number, MarkerProgress> => {
  const reached = reachedIds(arrivals);
  const next = nextExpectedMarker(markers, arrivals);
  return new Map(
    markers.map((marker) => [
      marker.id,
      reached.has(marker.id) ? 'reached' : marker.id === next?.id ? 'next' : 'not-reached',
    ]),
  );
};

/** 'Marker 3': how the recorder names a marker. */
export const markerName = (marker: Pick<Marker, 'label'>) => `Marker ${marker.label}`;
