import { useMemo } from 'react';
import { locationTimeZone } from '@sitewalk/shared/time-zones';
import { useLocation, useLocationsOfUser } from '../api/locations.ts';
import { useCurrentUser } from '../lib/auth.tsx';

/**
 * One location's time zone, for a screen that shows its instants (`location.get`, shared with the pages that
 * load the location); undefined until it is known, when the times read in the viewer's zone.
 */
export const useLocationTimeZone = (locationId: number | null | undefined): string | undefined => {
  const location = useLocation(locationId ?? 0, null, locationId != null);
  return location.data ? locationTimeZone(location.data) : undefined;
};

/**
 * The time zones of the signed-in user's locations, for a list that spans several of them (incidents, tasks,
 * alerts): `zoneOf(locationId)`, undefined for a location not (yet) known, whose times then read in the
 * viewer's zone.
 */
export const useLocationTimeZones = (): ((locationId: number) => string | undefined) => {
  const user = useCurrentUser();
  const locations = useLocationsOfUser(user.id);
  const zones = useMemo(
    () => new Map((locations.data ?? []).map((l) => [l.id, locationTimeZone(l)])),
    [locations.data],
  );
  return (locationId) => zones.get(locationId);
};
