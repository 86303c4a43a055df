import { auditedDataFromEnv, withActors } from '../composition.ts';
import { createResourceHandler, type Implementations } from '../http/handler.ts';
import { locationRoutes } from '@sitewalk/shared/contract/location';
import { createLocations } from '../domain/locations.ts';
import { toLocation, toLocations } from '../views/locations.ts';
import { toOrganizationName } from '../views/organizations.ts';
import { toManagementCompanyName } from '../views/management-companies.ts';

const db = auditedDataFromEnv();
const locations = createLocations({ db });

export const implementations: Implementations<'location'> = {
  'location.create': async ({ actor, body }) => toLocation(db, await locations.create(actor, body)),

  'location.get': async ({ actor, params }) => toLocation(db, await locations.get(actor, params.id)),

  'location.organizationName': async ({ actor, params }) =>
    toOrganizationName(await locations.organization(actor, params.id)),

  'location.managementCompanyName': async ({ actor, params }) =>
    toManagementCompanyName(await locations.managementCompany(actor, params.id)),

  'location.allByUser': async ({ actor, params }) =>
    toLocations(db, await locations.visibleOfUser(actor, params.id)),

  'location.someByUser': async ({ actor, params, query }) => {
    const page = await locations.pageOfUser(actor, params.id, query);
    return { locations: await toLocations(db, page.items), totalCount: page.totalCount };
  },

  'location.allByOrganization': async ({ actor, params }) =>
    toLocations(db, await locations.visibleOfOrganization(actor, params.id)),

  'location.someByOrganization': async ({ actor, params, query }) => {
    const page = await locations.pageOfOrganization(actor, params.id, query);
    return { locations: await toLocations(db, page.items), totalCount: page.totalCount };
  },

  'location.update': async ({ actor, body }) => toLocation(db, await locations.update(actor, body)),

  'location.delete': async ({ actor, params }) => {
    await locations.remove(actor, params.id);
    return { success: true as const, id: params.id };
  },
};

export const handler = createResourceHandler('location', locationRoutes, implementations, withActors(db));
