import type { PlacementOf } from '@sitewalk/shared/policy';
import { location as locationSchema, type Location } from '@sitewalk/shared/schemas/location';

/** A location as the shared policy places it. */
export const locationPlacement = (
  location: Pick<Location, 'id' | 'organizationId' | 'managementCompanyId'>,
): PlacementOf<'location'> => ({
  kind: 'location',
  id: location.id,
  locationId: location.id,
  organizationId: location.organizationId,
  managementCompanyId: location.managementCompanyId,
});

/** 'Springfield, IL 62701' */
export const cityLine = (location: Pick<Location, 'city' | 'state' | 'zipcode'>) =>
  `${location.city}, ${location.state} ${location.zipcode}`;

/** The location handed over in navigation state (Add Location passes the one it made), if it is one. */
export const locationFromState = (state: unknown): Location | null => {
  if (typeof state !== 'object' || state === null || !('location' in state)) return null;
  const parsed = locationSchema.safeParse(state.location);
  return parsed.success ? parsed.data : null;
};
