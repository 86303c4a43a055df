import type { DataService } from './service.ts';
import type { CreateManagementCompanyItem } from './entities/managementCompany.ts';
import { readPartition } from './bounded.ts';

/** Named access patterns of management companies (docs/data-model.md). */

type ManagementCompanyFields = Partial<
  Omit<CreateManagementCompanyItem, 'managementCompanyId' | 'createdAt'>
>;

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

/** Whether a company still holds organizations or users (a delete must not orphan them). */
export const managementCompanyHasChildren = async (db: DataService, managementCompanyId: number) => {
  const [organizations, users] = await Promise.all([
    db.entities.organization.query.byCompany({ managementCompanyId }).go({ limit: 1 }),
    db.entities.user.query.byCompany({ managementCompanyId }).go({ limit: 1 }),
  ]);
  return organizations.data.length > 0 || users.data.length > 0;
};

export const createManagementCompany = async (
  db: DataService,
  managementCompanyId: number,
  draft: Omit<CreateManagementCompanyItem, 'managementCompanyId'>,
) => (await db.entities.managementCompany.create({ managementCompanyId, ...draft }).go()).data;

/** Sets the fields given and removes the ones cleared. */
export const updateManagementCompany = async (
  db: DataService,
  managementCompanyId: number,
  set: ManagementCompanyFields,
  cleared: readonly (keyof ManagementCompanyFields)[],
) => {
  const patch = db.entities.managementCompany.patch({ managementCompanyId }).set(set);
  return (await (cleared.length ? patch.remove([...cleared]) : patch).go({ response: 'all_new' })).data;
};

export const setManagementCompanyLogoKey = (db: DataService, managementCompanyId: number, logoKey: string) =>
  db.entities.managementCompany.patch({ managementCompanyId }).set({ logoKey }).go();

export const deleteManagementCompany = (db: DataService, managementCompanyId: number) =>
  db.entities.managementCompany.delete({ managementCompanyId }).go();
