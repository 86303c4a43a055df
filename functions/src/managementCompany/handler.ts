import { Role } from '@sitewalk/shared/roles';
import { canSee, type Actor } from '@sitewalk/shared/policy';
import type { ManagementCompany } from '@sitewalk/shared/schemas/managementCompany';
import { auditedDataFromEnv, storageFromEnv, withActors } from '../composition.ts';
import { presignOwnedUpload, presignedView } from '../domain/uploads.ts';
import { tenantPrefix } from '../ports/storage.ts';
import { createResourceHandler, type Implementations } from '../http/handler.ts';
import { managementCompanyRoutes } from '@sitewalk/shared/contract/managementCompany';
import { auditRoutes } from '@sitewalk/shared/contract/audit';
import { ConflictError, NotFoundError } from '../domain/errors.ts';
import { authorize } from '../domain/authorize.ts';
import { pageOf } from '../domain/paging.ts';
import { visibleUserScope } from '../domain/scope.ts';
import { NOT_YET_MADE, visibleLocation } from '../domain/placements.ts';
import { nextId } from '../db/counters.ts';
import {
  createManagementCompany,
  deleteManagementCompany,
  getManagementCompanies,
  getManagementCompany,
  listAllManagementCompanies,
  managementCompanyHasChildren,
  setManagementCompanyLogoKey,
  updateManagementCompany,
} from '../db/managementCompanies.ts';
import { toManagementCompany } from './views.ts';
import { stageMfaRoles } from '../domain/mfa.ts';
import { deletedMeanwhile } from '../http/error-mapper.ts';
import { listActivity } from '../domain/audit.ts';

const db = auditedDataFromEnv();
const storage = storageFromEnv();
stageMfaRoles(); // read at cold start: a missing or malformed setting stops the function at once
const notFound = 'Management company not found';

/** The company, if it exists and the actor may do `action` to it. */
const load = async (actor: Actor, action: 'read' | 'update' | 'delete' | 'uploadLogo', id: number) => {
  const item = await getManagementCompany(db, id);
  if (!item) throw new NotFoundError(notFound);
  authorize(actor, action, { kind: 'managementCompany', id }, notFound);
  return item;
};

/** The companies an actor may see: all of them for global roles, else their own. */
const visibleCompanies = async (actor: Actor): Promise<ManagementCompany[]> => {
  const items =
    actor.roleId >= Role.Admin
      ? await listAllManagementCompanies(db)
      : await getManagementCompanies(db, actor.managementCompanyIds);
  return items.map(toManagementCompany);
};

export const implementations: Implementations<'managementCompany'> = {
  'managementCompany.create': async ({ actor, body }) => {
    authorize(actor, 'create', { kind: 'managementCompany', id: NOT_YET_MADE }, notFound);
    const id = await nextId(db, 'managementCompany');
    return toManagementCompany(await createManagementCompany(db, id, body, actor));
  },

  'managementCompany.update': async ({ actor, body }) => {
    const { id, ...fields } = body;
    const item = await load(actor, 'update', id);
    // Only what was sent changes: a field left out keeps its value, null (or blank) clears phone or website.
    const cleared = (['phone', 'website'] as const).filter((field) => fields[field] === null);
    const set = Object.fromEntries(
      Object.entries(fields).filter(([, value]) => value !== undefined && value !== null),
    );
    if (Object.keys(set).length === 0 && cleared.length === 0) return toManagementCompany(item);
    const updated = await updateManagementCompany(db, item, set, cleared, actor);
    if (!updated) throw new NotFoundError(deletedMeanwhile);
    return toManagementCompany(updated);
  },

  'managementCompany.logoUpload': async ({ actor, params, query }) => {
    const item = await load(actor, 'uploadLogo', params.id);
    const ticket = await presignOwnedUpload(
      storage,
      { managementCompanyId: params.id, kind: 'company-logo', id: params.id },
      query,
    );
    await setManagementCompanyLogoKey(db, item, ticket.key, actor);
    return ticket;
  },

  'managementCompany.logo': async ({ actor, params }) =>
    presignedView(storage, (await load(actor, 'read', params.id)).logoKey),

  'managementCompany.get': async ({ actor, params }) =>
    toManagementCompany(await load(actor, 'read', params.id)),

  'managementCompany.getByLocation': async ({ actor, params }) => {
    const location = await visibleLocation(db, actor, params.locationId);
    const company = await getManagementCompany(db, location.managementCompanyId);
    if (!company) throw new NotFoundError(notFound);
    return toManagementCompany(company);
  },

  'managementCompany.allByUser': async ({ actor, params }) => {
    if (params.userId === actor.userId) return { companies: await visibleCompanies(actor) };
    const { user } = await visibleUserScope(db, actor, params.userId);
    const ids = user.managementCompanyId === undefined ? [] : [user.managementCompanyId];
    const companies = (await getManagementCompanies(db, ids)).filter((c) =>
      canSee(actor, { kind: 'managementCompany', id: c.managementCompanyId }),
    );
    return { companies: companies.map(toManagementCompany) };
  },

  'managementCompany.some': async ({ actor, query }) => {
    const page = pageOf(await visibleCompanies(actor), query, (c) => [c.name, c.email, c.phone, c.website]);
    return { managementCompanies: page.items, totalCount: page.totalCount };
  },

  'activity.someByManagementCompany': async ({ actor, params, query }) =>
    listActivity(db, actor, params.id, query),

  'managementCompany.delete': async ({ actor, params }) => {
    const item = await load(actor, 'delete', params.id);
    if (await managementCompanyHasChildren(db, params.id)) {
      throw new ConflictError('Delete the areas and users of this management company first');
    }
    await deleteManagementCompany(db, item, actor);
    await storage.deletePrefix(tenantPrefix(params.id)); // its logo and anything else left under the tenant
    return { success: true as const, id: params.id };
  },
};

export const handler = createResourceHandler(
  'managementCompany',
  { ...managementCompanyRoutes, ...auditRoutes },
  implementations,
  withActors(db),
);
