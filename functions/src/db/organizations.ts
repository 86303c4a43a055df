import type { Organization } from '@sitewalk/shared/schemas/organization';
import type { DataService } from './service.ts';
import type { OrganizationItem } from './entities/organization.ts';
import { readPartition } from './bounded.ts';
import { getManagementCompany } from './managementCompanies.ts';
import { mapBounded } from '../domain/fan-out.ts';

/** Named access patterns of areas (docs/data-model.md). */

export const getOrganization = async (db: DataService, organizationId: number) =>
  (await db.entities.organization.get({ organizationId }).go()).data;

/** A company's areas, by name (gsi1). */
export const listOrganizationsOfCompany = (db: DataService, managementCompanyId: number) =>
  readPartition((cursor) => db.entities.organization.query.byCompany({ managementCompanyId }).go({ cursor }));

/** Areas by id, one batch read, by name. */
export const getOrganizations = async (db: DataService, ids: readonly number[]) => {
  if (ids.length === 0) return [];
  const { data } = await db.entities.organization.get(ids.map((organizationId) => ({ organizationId }))).go();
  return data.sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }));
};

/** An area's locations (gsi2 of location). */
export const listLocationsOfOrganization = (db: DataService, organizationId: number) =>
  readPartition((cursor) => db.entities.location.query.byOrganization({ organizationId }).go({ cursor }));

/** The distinct users of an area: its own members and the members of its locations (two queries). */
export const usersOfOrganization = async (db: DataService, organizationId: number): Promise<Set<number>> => {
  const [direct, viaLocations] = await Promise.all([
    readPartition((cursor) =>
      db.entities.userOrganization.query.byOrganization({ organizationId }).go({ cursor }),
    ),
    readPartition((cursor) =>
      db.entities.userLocation.query.byOrganization({ organizationId }).go({ cursor }),
    ),
  ]);
  return new Set([...direct, ...viaLocations].map((m) => m.userId));
};

/** Areas as the API answers them: with their company's name and their totals (a fixed number of reads per area). */
export const toOrganizations = async (
  db: DataService,
  items: OrganizationItem[],
): Promise<Organization[]> => {
  const companyIds = [...new Set(items.map((i) => i.managementCompanyId))];
  const companies = new Map(
    await mapBounded(
      companyIds,
      async (id) => [id, (await getManagementCompany(db, id))?.name ?? null] as const,
    ),
  );
  return mapBounded(items, async (item) => {
    const [locations, users] = await Promise.all([
      listLocationsOfOrganization(db, item.organizationId),
      usersOfOrganization(db, item.organizationId),
    ]);
    return {
      id: item.organizationId,
      name: item.name,
      createdAt: item.createdAt,
      hasLogo: item.logoKey !== undefined,
      managementCompanyId: item.managementCompanyId,
      managementCompanyName: companies.get(item.managementCompanyId) ?? null,
      totalLocations: locations.length,
      totalEmployees: users.size,
      address: item.address ?? null,
      city: item.city ?? null,
      state: item.state ?? null,
      zipcode: item.zipcode ?? null,
    };
  });
};
