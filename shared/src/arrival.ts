/**
 * When a walker has reached a marker (issue 15): the recorder decides it on the phone, the API measures the
 * same distance again for the walk report's flags. One rule for both.
 */

/** How close counts as at a marker, in metres, before the fix's own accuracy is allowed for. */
export const ARRIVAL_RADIUS_M = 25;
/**
 * The most of a fix's reported accuracy that is credited towards the radius: a fix of ±300 m says little
 * about where the walker is, and must not reach every marker of a site at once.
 */
export const ACCURACY_ALLOWANCE_MAX_M = 25;

export interface Point {
  lat: number;
  lng: number;
}

/** A position from the phone: where, how sure (the radius of confidence, in metres), and when. */
export interface Fix extends Point {
  accuracy: number;
  at: string;
}

const EARTH_RADIUS_M = 6_371_008.8;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** The great-circle distance between two points in metres (haversine; exact enough at a site's scale). */
export const distanceMeters = (a: Point, b: Point): number => {
  const dLat = radians(b.lat - a.lat);
  const dLng = radians(b.lng - a.lng);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
};

/**
 * Whether a fix `distance` metres from a marker, reported as accurate to ±`accuracy` metres, is at the
 * marker: within the radius plus as much of the accuracy as is credited.
 */
export const isWithinReach = (distance: number, accuracy: number, radius = ARRIVAL_RADIUS_M): boolean =>
  distance <= radius + Math.min(Math.max(accuracy, 0), ACCURACY_ALLOWANCE_MAX_M);

/** How an arrival was recorded: the phone's position put the walker at the marker, or the walker said so. */
export const ARRIVAL_METHODS = ['position', 'hand'] as const;
export type ArrivalMethod = (typeof ARRIVAL_METHODS)[number];

/**
 * How many unreached markers after the next expected one a fix may also reach (issue 28). A walker who skips
 * a marker (a locked gate, a blocked aisle) is still reached by position at the ones after it; never further,
 * so a loop's last marker, standing beside its first, is not reached at the start of the walk.
 */
export const ARRIVAL_LOOK_AHEAD = 2;

/** A marker as the arrival rule sees it: where it is and who it is. */
export interface ReachableMarker extends Point {
  id: number;
}

/** A marker a fix reached, with the distance measured. */
export interface MarkerReach<M extends ReachableMarker> {
  marker: M;
  distance: number;
}

/**
 * The marker a fix reaches, or null: the first in walk order, among the next expected marker and the next
 * `ARRIVAL_LOOK_AHEAD` unreached markers after it, that is within reach. `ordered` is the walk's markers in
 * walk order; `expectedId` the next expected marker (the walker's selection, when they chose one). Markers
 * before the expected one are never reached by position, so a skipped marker stays missed until the walker
 * selects it (or the walk comes round to it at the end). Where markers stand closer together than the radius,
 * the earlier one in walk order is reached first, and the later one by the next fix.
 */
export const markerReachedBy = <M extends ReachableMarker>(
  ordered: readonly M[],
  reachedIds: ReadonlySet<number>,
  expectedId: number | null,
  fix: Pick<Fix, 'lat' | 'lng' | 'accuracy'>,
): MarkerReach<M> | null => {
  const start = ordered.findIndex(({ id }) => id === expectedId);
  const expected = ordered[start];
  if (!expected || reachedIds.has(expected.id)) return null;
  const after = ordered.slice(start + 1).filter(({ id }) => !reachedIds.has(id));
  const candidates = [expected, ...after.slice(0, ARRIVAL_LOOK_AHEAD)];
  for (const marker of candidates) {
    const distance = distanceMeters(fix, marker);
    if (isWithinReach(distance, fix.accuracy)) return { marker, distance };
  }
  return null;
};
