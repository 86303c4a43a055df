import type { Location } from '@sitewalk/shared/schemas/location';
import type { DataService } from '../db/service.ts';
import type { LocationItem } from '../db/entities/location.ts';
import { getPlaces } from '../db/places.ts';

/** Locations as the API answers them, with the names of their organizations and companies (one batch read). */
export const toLocations = async (db: DataService, items: LocationItem[]): Promise<Location[]> => {
  const { organizations, managementCompanies } = await getPlaces(db, {
    organizationIds: items.map((i) => i.organizationId),
    managementCompanyIds: items.map((i) => i.managementCompanyId),
  });
  const organizationNames = new Map(organizations.map((o) => [o.organizationId, o.name]));
  const companyNames = new Map(managementCompanies.map((c) => [c.managementCompanyId, c.name]));
  return items.map((item) => ({
    id: item.locationId,
    name: item.name,
    address: item.address,
    city: item.city,
    state: item.state,
    zipcode: item.zipcode,
    latitude: item.latitude,
    longitude: item.longitude,
    zoomLevel: item.zoomLevel,
    organizationId: item.organizationId,
    organizationName: organizationNames.get(item.organizationId) ?? null,
    managementCompanyId: item.managementCompanyId,
    managementCompanyName: companyNames.get(item.managementCompanyId) ?? null,
    createdAt: item.createdAt,
  }));
};

export const toLocation = async (db: DataService, item: LocationItem): Promise<Location> => {
  const [view] = await toLocations(db, [item]);
  if (!view) throw new Error('A location view went missing');
  return view;
};
