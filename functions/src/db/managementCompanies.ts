import type { ManagementCompany } from '@sitewalk/shared/schemas/managementCompany';
import type { DataService } from './service.ts';
import type { ManagementCompanyItem } from './entities/managementCompany.ts';
import { readPartition } from './bounded.ts';

/** Named access patterns of management companies (docs/data-model.md). */

export const toManagementCompany = (item: ManagementCompanyItem): ManagementCompany => ({
  id: item.managementCompanyId,
  name: item.name,
  email: item.email,
  phone: item.phone ?? null,
  website: item.website ?? null,
  hasLogo: item.logoKey !== undefined,
  createdAt: item.createdAt,
});

export const getManagementCompany = async (db: DataService, managementCompanyId: number) =>
  (await db.entities.managementCompany.get({ managementCompanyId }).go()).data;

/** Several companies by id, in one batch read, sorted by name. */
export const getManagementCompanies = async (db: DataService, ids: readonly number[]) => {
  if (ids.length === 0) return [];
  const { data } = await db.entities.managementCompany
    .get(ids.map((managementCompanyId) => ({ managementCompanyId })))
    .go();
  return data.sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }));
};

/** Every company, by name (gsi1, one partition per stage). */
export const listAllManagementCompanies = (db: DataService) =>
  readPartition((cursor) => db.entities.managementCompany.query.all({}).go({ cursor }));

/** Whether a company still holds areas or users (a delete must not orphan them). */
export const managementCompanyHasChildren = async (db: DataService, managementCompanyId: number) => {
  const [areas, users] = await Promise.all([
    db.entities.organization.query.byCompany({ managementCompanyId }).go({ limit: 1 }),
    db.entities.user.query.byCompany({ managementCompanyId }).go({ limit: 1 }),
  ]);
  return areas.data.length > 0 || users.data.length > 0;
};
