import { auditedDataFromEnv, storageFromEnv, withActors } from '../composition.ts';
import { createResourceHandler, type Implementations } from '../http/handler.ts';
import { managementCompanyRoutes } from '@sitewalk/shared/contract/managementCompany';
import { auditRoutes } from '@sitewalk/shared/contract/audit';
import { createManagementCompanies } from '../domain/management-companies.ts';
import { stageMfaRoles } from '../domain/mfa.ts';
import { listActivity } from '../domain/audit.ts';
import { toManagementCompany } from '../views/management-companies.ts';

const db = auditedDataFromEnv();
const companies = createManagementCompanies({ db, storage: storageFromEnv() });
stageMfaRoles(); // read at cold start: a missing or malformed setting stops the function at once

export const implementations: Implementations<'managementCompany'> = {
  'managementCompany.create': async ({ actor, body }) =>
    toManagementCompany(await companies.create(actor, body)),

  'managementCompany.update': async ({ actor, body }) =>
    toManagementCompany(await companies.update(actor, body)),

  'managementCompany.logoUpload': async ({ actor, params, query }) =>
    companies.logoUpload(actor, params.id, query),

  'managementCompany.logo': async ({ actor, params }) => companies.logo(actor, params.id),

  'managementCompany.get': async ({ actor, params }) =>
    toManagementCompany(await companies.get(actor, params.id)),

  'managementCompany.getByLocation': async ({ actor, params }) =>
    toManagementCompany(await companies.ofLocation(actor, params.locationId)),

  'managementCompany.allByUser': async ({ actor, params }) => ({
    companies: (await companies.ofUser(actor, params.userId)).map(toManagementCompany),
  }),

  'managementCompany.some': async ({ actor, query }) => {
    const page = await companies.page(actor, query);
    return { managementCompanies: page.items.map(toManagementCompany), totalCount: page.totalCount };
  },

  'activity.someByManagementCompany': async ({ actor, params, query }) =>
    listActivity(db, actor, params.id, query),

  'managementCompany.delete': async ({ actor, params }) => {
    await companies.remove(actor, params.id);
    return { success: true as const, id: params.id };
  },
};

export const handler = createResourceHandler(
  'managementCompany',
  { ...managementCompanyRoutes, ...auditRoutes },
  implementations,
  withActors(db),
);
