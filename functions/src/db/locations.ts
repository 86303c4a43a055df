import type { Location } from '@sitewalk/shared/schemas/location';
import { Role } from '@sitewalk/shared/roles';
import type { Actor } from '@sitewalk/shared/policy';
import type { DataService } from './service.ts';
import type { LocationItem } from './entities/location.ts';
import { readPartition } from './bounded.ts';
import { listAllManagementCompanies } from './managementCompanies.ts';
import { mapBounded } from '../domain/fan-out.ts';

/** Named access patterns of locations (docs/data-model.md). */

export const getLocation = async (db: DataService, locationId: number) =>
  (await db.entities.location.get({ locationId }).go()).data;

export const listLocationsOfCompany = (db: DataService, managementCompanyId: number) =>
  readPartition((cursor) => db.entities.location.query.byCompany({ managementCompanyId }).go({ cursor }));

export const listLocationsOfArea = (db: DataService, organizationId: number) =>
  readPartition((cursor) => db.entities.location.query.byOrganization({ organizationId }).go({ cursor }));

const byName = (a: LocationItem, b: LocationItem) =>
  a.name.localeCompare(b.name, 'en', { sensitivity: 'base' });

/** The locations in someone's scope, by name. */
export const locationsInScope = async (db: DataService, scope: Actor): Promise<LocationItem[]> => {
  let items: LocationItem[];
  if (scope.roleId >= Role.Admin) {
    const companies = await listAllManagementCompanies(db);
    items = (await mapBounded(companies, (c) => listLocationsOfCompany(db, c.managementCompanyId))).flat();
  } else if (scope.roleId >= Role.CompanyManager) {
    items = (await mapBounded(scope.managementCompanyIds, (id) => listLocationsOfCompany(db, id))).flat();
  } else if (scope.roleId === Role.AreaManager) {
    items = (await mapBounded(scope.organizationIds, (id) => listLocationsOfArea(db, id))).flat();
  } else if (scope.locationIds.length > 0) {
    items = (await db.entities.location.get(scope.locationIds.map((locationId) => ({ locationId }))).go())
      .data;
  } else {
    items = [];
  }
  return items.sort(byName);
};

/** Locations as the API answers them, with the names of their areas and companies (one batch read each). */
export const toLocations = async (db: DataService, items: LocationItem[]): Promise<Location[]> => {
  const areaIds = [...new Set(items.map((i) => i.organizationId))];
  const companyIds = [...new Set(items.map((i) => i.managementCompanyId))];
  const [areas, companies] = await Promise.all([
    areaIds.length
      ? db.entities.organization.get(areaIds.map((organizationId) => ({ organizationId }))).go()
      : { data: [] },
    companyIds.length
      ? db.entities.managementCompany
          .get(companyIds.map((managementCompanyId) => ({ managementCompanyId })))
          .go()
      : { data: [] },
  ]);
  const areaNames = new Map(areas.data.map((a) => [a.organizationId, a.name]));
  const companyNames = new Map(companies.data.map((c) => [c.managementCompanyId, c.name]));
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
    organizationName: areaNames.get(item.organizationId) ?? null,
    managementCompanyId: item.managementCompanyId,
    managementCompanyName: companyNames.get(item.managementCompanyId) ?? null,
    createdAt: item.createdAt,
  }));
};

/** A location's memberships (gsi1 of userLocation). */
export const membershipsOfLocation = (db: DataService, locationId: number) =>
  readPartition((cursor) => db.entities.userLocation.query.byLocation({ locationId }).go({ cursor }));
