import { canSee, type Actor, type PlacementOf } from '@sitewalk/shared/policy';
import type { DataService } from '../db/service.ts';
import type { LocationItem } from '../db/entities/location.ts';
import type { OrganizationItem } from '../db/entities/organization.ts';
import { getLocation } from '../db/locations.ts';
import { getOrganization } from '../db/organizations.ts';
import { NotFoundError } from './errors.ts';

/**
 * The id in the placement of an object not made yet, asked about before its id is drawn (a refused create
 * spends none): no stored object has it, as counters start at 1, so no actor's scope holds it.
 */
export const NOT_YET_MADE = 0;

/** Where stored objects sit, as the policy needs them. */
export const locationPlacement = (
  item: Pick<LocationItem, 'locationId' | 'organizationId' | 'managementCompanyId'>,
): PlacementOf<'location'> => ({
  kind: 'location',
  id: item.locationId,
  locationId: item.locationId,
  organizationId: item.organizationId,
  managementCompanyId: item.managementCompanyId,
});

export const organizationPlacement = (
  item: Pick<OrganizationItem, 'organizationId' | 'managementCompanyId'>,
): PlacementOf<'organization'> => ({
  kind: 'organization',
  id: item.organizationId,
  managementCompanyId: item.managementCompanyId,
});

/** The organization, when it exists and the actor may see it; else 404. */
export const visibleOrganization = async (db: DataService, actor: Actor, organizationId: number) => {
  const organization = await getOrganization(db, organizationId);
  if (!organization || !canSee(actor, organizationPlacement(organization))) {
    throw new NotFoundError('Area not found');
  }
  return organization;
};

/** The location, when it exists and the actor may see it; else 404. */
export const visibleLocation = async (db: DataService, actor: Actor, locationId: number) => {
  const location = await getLocation(db, locationId);
  if (!location || !canSee(actor, locationPlacement(location))) throw new NotFoundError('Location not found');
  return location;
};

/** The location part of a placement. */
export const atLocation = (
  item: Pick<LocationItem, 'locationId' | 'organizationId' | 'managementCompanyId'>,
) => ({
  locationId: item.locationId,
  organizationId: item.organizationId,
  managementCompanyId: item.managementCompanyId,
});

/**
 * A walk, walk report or incident as it sits now: its own copy of area and company is where its location was
 * when it was made, so scope is taken from the location as it is (one GetItem). A location moved to another
 * area takes its walks, reports and incidents with it; a deleted one leaves them unreachable (404) until its
 * cleanup has removed them.
 */
export const placedAtLiveLocation = async <T extends { locationId: number }>(
  db: DataService,
  item: T,
  notFoundMessage: string,
): Promise<T & ReturnType<typeof atLocation>> => {
  const location = await getLocation(db, item.locationId);
  if (!location) throw new NotFoundError(notFoundMessage);
  return { ...item, ...atLocation(location) };
};
