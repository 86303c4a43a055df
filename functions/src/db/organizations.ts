import type { DataService } from './service.ts';
import type { CreateOrganizationItem, OrganizationItem } from './entities/organization.ts';
import { readPartition } from './bounded.ts';

/** Named access patterns of organizations (docs/data-model.md). */

type OrganizationFields = Partial<
  Omit<CreateOrganizationItem, 'organizationId' | 'managementCompanyId' | 'createdAt'>
>;

/** Organizations by name, as people read them (case aside). */
export const byName = (a: OrganizationItem, b: OrganizationItem) =>
  a.name.localeCompare(b.name, 'en', { sensitivity: 'base' });

export const getOrganization = async (db: DataService, organizationId: number) =>
  (await db.entities.organization.get({ organizationId }).go()).data;

/** A company's organizations, by name (gsi1). */
export const listOrganizationsOfCompany = (db: DataService, managementCompanyId: number) =>
  readPartition((cursor) => db.entities.organization.query.byCompany({ managementCompanyId }).go({ cursor }));

/** Organizations by id, one batch read, by name. */
export const getOrganizations = async (db: DataService, ids: readonly number[]) => {
  if (ids.length === 0) return [];
  const { data } = await db.entities.organization.get(ids.map((organizationId) => ({ organizationId }))).go();
  return data.sort(byName);
};

export const createOrganization = async (
  db: DataService,
  organizationId: number,
  draft: Omit<CreateOrganizationItem, 'organizationId'>,
) => (await db.entities.organization.create({ organizationId, ...draft }).go()).data;

/** Sets the fields given and removes the ones cleared; the organization stays in its company. */
export const updateOrganization = async (
  db: DataService,
  item: OrganizationItem,
  set: OrganizationFields,
  cleared: readonly (keyof OrganizationFields)[],
) => {
  const patch = db.entities.organization
    .patch({ organizationId: item.organizationId })
    .set(set)
    .composite({ managementCompanyId: item.managementCompanyId });
  return (await (cleared.length ? patch.remove([...cleared]) : patch).go({ response: 'all_new' })).data;
};

export const setOrganizationLogoKey = (db: DataService, organizationId: number, logoKey: string) =>
  db.entities.organization.patch({ organizationId }).set({ logoKey }).go();

export const deleteOrganization = (db: DataService, organizationId: number) =>
  db.entities.organization.delete({ organizationId }).go();
