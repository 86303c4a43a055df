import { useMemo } from 'react';
import { locationTimeZone } from '@sitewalk/shared/time-zones';
import { useLocation, useLocationsByIds } from '../api/locations.ts';

/**
 * One location's time zone, for a screen that shows its instants (`location.get`, shared with the pages that
 * load the location); undefined until it is known, when the times read in the viewer's zone.
 */
export const useLocationTimeZone = (locationId: number | null | undefined): string | undefined => {
  const location = useLocation(locationId ?? 0, null, locationId != null);
  return location.data ? locationTimeZone(location.data) : undefined;
};

/**
 * The time zones of the locations a list shows (incidents, tasks, alerts span several): `zoneOf(locationId)`,
 * undefined for a location not (yet) known, whose times then read in the viewer's zone. Only the rows'
 * locations are read, never the whole scope.
 */
export const useLocationTimeZones = (
  locationIds: readonly number[],
): ((locationId: number) => string | undefined) => {
  const locations = useLocationsByIds(locationIds);
  const zones = useMemo(() => new Map(locations.map((l) => [l.id, locationTimeZone(l)])), [locations]);
  return (locationId) => zones.get(locationId);
};
