import type { DataService } from './service.ts';
import { getPlaces } from './places.ts';
import type { CreateOrganizationItem, OrganizationItem } from './entities/organization.ts';
import { pageOfQuery, readPartition, type PageAsked } from './bounded.ts';
import { stageTotal, tallyMoved } from './company-tallies.ts';
import { writeAuditedOrFail, type AuditActor } from './audit.ts';
import { auditView, changedFields, imageChange } from './audit-fields.ts';
import { countedTotals, keptTotals, withAreaMembersKept } from './area-members.ts';

/** Named access patterns of organizations (docs/data-model.md). */

type OrganizationFields = Partial<
  Omit<CreateOrganizationItem, 'organizationId' | 'managementCompanyId' | 'createdAt'>
>;

/** Organizations by name, as people read them (case aside). */
export const byName = (a: OrganizationItem, b: OrganizationItem) =>
  a.name.localeCompare(b.name, 'en', { sensitivity: 'base' });

/** Areas are read with their attributes beyond ElectroDB's fields: their kept totals (db/area-members.ts). */
const withTotals = { data: 'includeKeys' } as const;

export const getOrganization = async (db: DataService, organizationId: number) =>
  (await db.entities.organization.get({ organizationId }).go(withTotals)).data;

/** A company's organizations, by name (gsi1). */
export const listOrganizationsOfCompany = (db: DataService, managementCompanyId: number) =>
  readPartition((cursor) =>
    db.entities.organization.query.byCompany({ managementCompanyId }).go({ cursor, ...withTotals }),
  );

/** Every area of the stage, by name (gsi3: one partition, a few per company). */
export const listOrganizationsOfStage = (db: DataService) =>
  readPartition((cursor) => db.entities.organization.query.all({}).go({ cursor, ...withTotals }));

/** Areas `offset` to `offset + limit` of the stage, by name, and how many it holds (the stage's total). */
export const pageOfStageOrganizations = (db: DataService, { offset, limit }: PageAsked) =>
  pageOfQuery<OrganizationItem>(
    // The count asks for `data: 'raw'` itself.
    (options) => db.entities.organization.query.all({}).go({ ...withTotals, ...options } as never),
    {
      offset,
      limit,
      filtered: false,
      storedTotal: () => stageTotal(db, 'areas'),
    },
  );

/**
 * An area's totals (its locations, and its employees: the users of its locations and of itself, once): kept
 * on its item (db/area-members.ts) when it was read with its raw attributes, else counted with one Query.
 */
export const totalsOfOrganization = async (db: DataService, item: OrganizationItem) =>
  keptTotals(item) ?? (await countedTotals(db, item.organizationId));

/** Organizations by id, one batch read, by name. */
export const getOrganizations = async (db: DataService, ids: readonly number[]) =>
  (await getPlaces(db, { organizationIds: ids })).organizations.sort(byName);

const organizationEntry = (
  item: Pick<OrganizationItem, 'organizationId' | 'managementCompanyId' | 'name'>,
) => ({
  managementCompanyId: item.managementCompanyId,
  objectKind: 'organization' as const,
  objectId: item.organizationId,
  objectName: item.name,
  organizationId: item.organizationId,
});

/** A new area, recorded in its company's audit log. */
export const createOrganization = async (
  db: DataService,
  organizationId: number,
  draft: Omit<CreateOrganizationItem, 'organizationId'>,
  actor: AuditActor,
) => {
  const item = { organizationId, ...draft };
  await writeAuditedOrFail(
    db,
    {
      actor,
      record: {
        ...organizationEntry(item),
        action: 'create',
        before: null,
        after: auditView.organization(item),
      },
    },
    ({ organization, companyTally }) => [
      withAreaMembersKept(organization.create(item).commit()),
      tallyMoved({ companyTally }, item.managementCompanyId, 'areas', 1),
    ],
  );
  const created = await getOrganization(db, organizationId);
  if (!created) throw new Error(`Area ${organizationId} was not found after its create`);
  return created;
};

/** Sets the fields given and removes the ones cleared; the organization stays in its company. Null: gone. */
export const updateOrganization = async (
  db: DataService,
  item: OrganizationItem,
  set: OrganizationFields,
  cleared: readonly (keyof OrganizationFields)[],
  actor: AuditActor,
) => {
  const after = { ...item, ...set };
  for (const field of cleared) delete after[field];
  const fields = changedFields(auditView.organization(item), auditView.organization(after));
  await writeAuditedOrFail(
    db,
    { actor, record: { ...organizationEntry({ ...item, ...set }), action: 'update', ...fields } },
    ({ organization }) => {
      const patch = organization
        .patch({ organizationId: item.organizationId })
        .set(set)
        .composite({ managementCompanyId: item.managementCompanyId });
      return [(cleared.length ? patch.remove([...cleared]) : patch).commit()];
    },
  );
  return getOrganization(db, item.organizationId);
};

/** A new logo's object key (its upload URL is handed out now), recorded in the log as a new logo. */
export const setOrganizationLogoKey = (
  db: DataService,
  item: OrganizationItem,
  logoKey: string,
  actor: AuditActor,
) =>
  writeAuditedOrFail(
    db,
    { actor, record: { ...organizationEntry(item), action: 'update', ...imageChange('logo', item.logoKey) } },
    ({ organization }) => [
      organization
        .patch({ organizationId: item.organizationId })
        .set({ logoKey })
        .composite({ managementCompanyId: item.managementCompanyId })
        .commit(),
    ],
  );

export const deleteOrganization = (db: DataService, item: OrganizationItem, actor: AuditActor) =>
  writeAuditedOrFail(
    db,
    {
      actor,
      record: {
        ...organizationEntry(item),
        action: 'delete',
        before: auditView.organization(item),
        after: null,
      },
    },
    ({ organization, companyTally }) => [
      // Only while it exists, so two deletes that race move the company's tally once.
      organization
        .delete({ organizationId: item.organizationId })
        .where((attributes, { exists }) => exists(attributes.organizationId))
        .commit(),
      tallyMoved({ companyTally }, item.managementCompanyId, 'areas', -1),
    ],
  );
