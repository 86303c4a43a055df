import { auditedDataFromEnv, storageFromEnv, withActors } from '../composition.ts';
import { createResourceHandler, type Implementations } from '../http/handler.ts';
import { organizationRoutes } from '@sitewalk/shared/contract/organization';
import { createOrganizations } from '../domain/organizations.ts';
import { toOrganization, toOrganizations } from '../views/organizations.ts';
import { toManagementCompanyName } from '../views/management-companies.ts';

const db = auditedDataFromEnv();
const organizations = createOrganizations({ db, storage: storageFromEnv() });

export const implementations: Implementations<'organization'> = {
  'organization.create': async ({ actor, body }) =>
    toOrganization(db, await organizations.create(actor, body)),

  'organization.update': async ({ actor, body }) =>
    toOrganization(db, await organizations.update(actor, body)),

  'organization.logoUpload': async ({ actor, params, query }) =>
    organizations.logoUpload(actor, params.id, query),

  'organization.logo': async ({ actor, params }) => organizations.logo(actor, params.id),

  'organization.get': async ({ actor, params }) =>
    toOrganization(db, await organizations.get(actor, params.id)),

  'organization.managementCompanyName': async ({ actor, params }) =>
    toManagementCompanyName(await organizations.managementCompany(actor, params.id)),

  'organization.allByUser': async ({ actor, params }) =>
    toOrganizations(db, await organizations.visibleOfUser(actor, params.userId)),

  'organization.allByManagementCompany': async ({ actor, params }) =>
    toOrganizations(db, await organizations.visibleOfCompany(actor, params.id)),

  'organization.someByUser': async ({ actor, params, query }) => {
    const page = await organizations.pageOfUser(actor, params.userId, query);
    return { organizations: await toOrganizations(db, page.items), totalCount: page.totalCount };
  },

  'organization.delete': async ({ actor, params }) => {
    await organizations.remove(actor, params.id);
    return { success: true as const, id: params.id };
  },
};

export const handler = createResourceHandler(
  'organization',
  organizationRoutes,
  implementations,
  withActors(db),
);
