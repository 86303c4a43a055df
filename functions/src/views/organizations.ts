import type { Organization } from '@sitewalk/shared/schemas/organization';
import type { DataService } from '../db/service.ts';
import type { OrganizationItem } from '../db/entities/organization.ts';
import { getManagementCompanies } from '../db/managementCompanies.ts';
import { totalsOfOrganization } from '../db/organizations.ts';
import { mapBounded } from '../domain/fan-out.ts';

/**
 * Organizations as the API answers them: with their company's name and their totals (kept on the items as
 * read; one Query for an area whose totals are not kept yet).
 */
export const toOrganizations = async (
  db: DataService,
  items: OrganizationItem[],
): Promise<Organization[]> => {
  // The companies' names are read while the totals are counted: neither waits for the other.
  const [companies, counted] = await Promise.all([
    getManagementCompanies(db, [...new Set(items.map((i) => i.managementCompanyId))]),
    mapBounded(items, async (item) => ({ item, ...(await totalsOfOrganization(db, item)) })),
  ]);
  const companyNames = new Map(companies.map((c) => [c.managementCompanyId, c.name]));
  return counted.map(({ item, totalLocations, totalEmployees }) => ({
    id: item.organizationId,
    name: item.name,
    createdAt: item.createdAt,
    hasLogo: item.logoKey !== undefined,
    managementCompanyId: item.managementCompanyId,
    managementCompanyName: companyNames.get(item.managementCompanyId) ?? null,
    totalLocations,
    totalEmployees,
    address: item.address ?? null,
    city: item.city ?? null,
    state: item.state ?? null,
    zipcode: item.zipcode ?? null,
  }));
};

export const toOrganization = async (db: DataService, item: OrganizationItem): Promise<Organization> => {
  const [view] = await toOrganizations(db, [item]);
  if (!view) throw new Error('An organization view went missing');
  return view;
};

/** An organization's id and name, as the name routes answer it. */
export const toOrganizationName = (item: Pick<OrganizationItem, 'organizationId' | 'name'>) => ({
  id: item.organizationId,
  name: item.name,
});
