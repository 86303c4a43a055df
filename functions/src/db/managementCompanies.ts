import type { DataService } from './service.ts';
import { getPlaces } from './places.ts';
import type { CreateManagementCompanyItem, ManagementCompanyItem } from './entities/managementCompany.ts';
import { readPartition } from './bounded.ts';
import { newCompanyTally } from './company-tallies.ts';
import { companyCreatedStatus, companyGoneStatus } from './location-status.ts';
import { clock } from '../ports/clock.ts';
import { writeAuditedOrFail, type AuditActor } from './audit.ts';
import { auditView, changedFields, imageChange } from './audit-fields.ts';

/** Named access patterns of management companies (docs/data-model.md). */

type ManagementCompanyFields = Partial<
  Omit<CreateManagementCompanyItem, 'managementCompanyId' | 'createdAt'>
>;

export const getManagementCompany = async (db: DataService, managementCompanyId: number) =>
  (await db.entities.managementCompany.get({ managementCompanyId }).go()).data;

/** Several companies by id, in one batch read, sorted by name. */
export const getManagementCompanies = async (db: DataService, ids: readonly number[]) =>
  (await getPlaces(db, { managementCompanyIds: ids })).managementCompanies.sort((a, b) =>
    a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }),
  );

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

const companyEntry = (item: ManagementCompanyItem | { managementCompanyId: number; name: string }) => ({
  managementCompanyId: item.managementCompanyId,
  objectKind: 'managementCompany' as const,
  objectId: item.managementCompanyId,
  objectName: item.name,
});

/** A new company, with the first entry of its audit log. */
export const createManagementCompany = async (
  db: DataService,
  managementCompanyId: number,
  draft: Omit<CreateManagementCompanyItem, 'managementCompanyId'>,
  actor: AuditActor,
) => {
  const item = { managementCompanyId, ...draft };
  await writeAuditedOrFail(
    db,
    {
      actor,
      record: {
        ...companyEntry(item),
        action: 'create',
        before: null,
        after: auditView.managementCompany(item),
      },
    },
    ({ managementCompany, companyTally, locationStatus }) => [
      managementCompany.create(item).commit(),
      newCompanyTally({ companyTally }, managementCompanyId, clock.now().toISOString()),
      ...companyCreatedStatus({ locationStatus }, managementCompanyId),
    ],
  );
  const created = await getManagementCompany(db, managementCompanyId);
  if (!created) throw new Error(`Management company ${managementCompanyId} was not found after its create`);
  return created;
};

/** Sets the fields given and removes the ones cleared; answers the company as it is now (null: gone). */
export const updateManagementCompany = async (
  db: DataService,
  item: ManagementCompanyItem,
  set: ManagementCompanyFields,
  cleared: readonly (keyof ManagementCompanyFields)[],
  actor: AuditActor,
) => {
  const { managementCompanyId } = item;
  const after = { ...item, ...set };
  for (const field of cleared) delete after[field];
  const fields = changedFields(auditView.managementCompany(item), auditView.managementCompany(after));
  await writeAuditedOrFail(
    db,
    { actor, record: { ...companyEntry({ ...item, ...set }), action: 'update', ...fields } },
    ({ managementCompany }) => {
      const patch = managementCompany.patch({ managementCompanyId }).set(set);
      return [(cleared.length ? patch.remove([...cleared]) : patch).commit()];
    },
  );
  return getManagementCompany(db, managementCompanyId);
};

/** A new logo's object key (its upload URL is handed out now), recorded in the log as a new logo. */
export const setManagementCompanyLogoKey = (
  db: DataService,
  item: ManagementCompanyItem,
  logoKey: string,
  actor: AuditActor,
) =>
  writeAuditedOrFail(
    db,
    { actor, record: { ...companyEntry(item), action: 'update', ...imageChange('logo', item.logoKey) } },
    ({ managementCompany }) => [
      managementCompany.patch({ managementCompanyId: item.managementCompanyId }).set({ logoKey }).commit(),
    ],
  );

/**
 * Deletes a company, the last entry of its audit log recording it. The log stays (its entries and head), so
 * the check command still verifies it and Super Users and Admins still read it.
 */
export const deleteManagementCompany = (db: DataService, item: ManagementCompanyItem, actor: AuditActor) =>
  writeAuditedOrFail(
    db,
    {
      actor,
      record: {
        ...companyEntry(item),
        action: 'delete',
        before: auditView.managementCompany(item),
        after: null,
      },
    },
    ({ managementCompany, companyTally, locationStatus }) => [
      managementCompany.delete({ managementCompanyId: item.managementCompanyId }).commit(),
      // It holds nothing (a company with locations, areas or users is not deleted).
      companyTally.delete({ managementCompanyId: item.managementCompanyId }).commit(),
      ...companyGoneStatus({ locationStatus }, item.managementCompanyId),
    ],
  );
