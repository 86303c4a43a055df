import { messages } from '@sitewalk/shared/messages';
import { canSee, decide, type Actor } from '@sitewalk/shared/policy';
import { auditedDataFromEnv, storageFromEnv, withActors } from '../composition.ts';
import { presignOwnedUpload, presignedView } from '../domain/uploads.ts';
import { ownerPrefix } from '../ports/storage.ts';
import { createResourceHandler, type Implementations } from '../http/handler.ts';
import { organizationRoutes } from '@sitewalk/shared/contract/organization';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../domain/errors.ts';
import { authorize } from '../domain/authorize.ts';
import { pageOf } from '../domain/paging.ts';
import { NOT_YET_MADE, organizationPlacement } from '../domain/placements.ts';
import { organizationsInScope, visibleUserScope } from '../domain/scope.ts';
import { nextId } from '../db/counters.ts';
import { getManagementCompany } from '../db/managementCompanies.ts';
import { listLocationsOfOrganization } from '../db/locations.ts';
import { userIdsOfOrganization } from '../db/users.ts';
import {
  createOrganization,
  deleteOrganization,
  getOrganization,
  listOrganizationsOfCompany,
  setOrganizationLogoKey,
  updateOrganization,
} from '../db/organizations.ts';
import { toOrganization, toOrganizations } from './views.ts';
import { deletedMeanwhile } from '../http/error-mapper.ts';

const db = auditedDataFromEnv();
const storage = storageFromEnv();
const notFound = 'Area not found';

const load = async (actor: Actor, action: 'read' | 'update' | 'delete' | 'uploadLogo', id: number) => {
  const item = await getOrganization(db, id);
  if (!item) throw new NotFoundError(notFound);
  authorize(actor, action, organizationPlacement(item), notFound);
  return item;
};

const visibleOrganizationsOfUser = async (actor: Actor, userId: number) => {
  const { asActor } = await visibleUserScope(db, actor, userId);
  return (await organizationsInScope(db, asActor)).filter((o) => canSee(actor, organizationPlacement(o)));
};

const optional = ['address', 'city', 'state', 'zipcode'] as const;

export const implementations: Implementations<'organization'> = {
  'organization.create': async ({ actor, body }) => {
    const { managementCompanyId } = body;
    const company = await getManagementCompany(db, managementCompanyId);
    if (!company || !canSee(actor, { kind: 'managementCompany', id: managementCompanyId })) {
      throw new NotFoundError('Management company not found');
    }
    const placement = organizationPlacement({ organizationId: NOT_YET_MADE, managementCompanyId });
    if (decide(actor, 'create', placement) !== 'allow') throw new ForbiddenError(messages.permission.addArea);
    return toOrganization(db, await createOrganization(db, await nextId(db, 'organization'), body, actor));
  },

  'organization.update': async ({ actor, body }) => {
    const item = await load(actor, 'update', body.id);
    if (body.managementCompanyId !== undefined && body.managementCompanyId !== item.managementCompanyId) {
      throw new BadRequestError('An area cannot move to another management company', {
        managementCompanyId: ['An area cannot move to another management company'],
      });
    }
    // Only what was sent changes: a field left out keeps its value, null (or blank) clears it.
    const cleared = optional.filter((field) => body[field] === null);
    const values = Object.fromEntries(
      optional.flatMap((field) => (typeof body[field] === 'string' ? [[field, body[field]]] : [])),
    );
    const set = { ...(body.name === undefined ? {} : { name: body.name }), ...values };
    if (Object.keys(set).length === 0 && cleared.length === 0) return toOrganization(db, item);
    const updated = await updateOrganization(db, item, set, cleared, actor);
    if (!updated) throw new NotFoundError(deletedMeanwhile);
    return toOrganization(db, updated);
  },

  'organization.logoUpload': async ({ actor, params, query }) => {
    const item = await load(actor, 'uploadLogo', params.id);
    const owner = {
      managementCompanyId: item.managementCompanyId,
      kind: 'area-logo' as const,
      id: params.id,
    };
    const ticket = await presignOwnedUpload(storage, owner, query);
    await setOrganizationLogoKey(db, item, ticket.key, actor);
    return ticket;
  },

  'organization.logo': async ({ actor, params }) =>
    presignedView(storage, (await load(actor, 'read', params.id)).logoKey),

  'organization.get': async ({ actor, params }) => toOrganization(db, await load(actor, 'read', params.id)),

  'organization.managementCompanyName': async ({ actor, params }) => {
    const item = await load(actor, 'read', params.id);
    const company = await getManagementCompany(db, item.managementCompanyId);
    if (!company) throw new NotFoundError('Management company not found');
    return { id: company.managementCompanyId, name: company.name };
  },

  'organization.allByUser': async ({ actor, params }) =>
    toOrganizations(db, await visibleOrganizationsOfUser(actor, params.userId)),

  'organization.allByManagementCompany': async ({ actor, params }) => {
    if (
      !canSee(actor, { kind: 'managementCompany', id: params.id }) ||
      !(await getManagementCompany(db, params.id))
    ) {
      throw new NotFoundError('Management company not found');
    }
    const organizations = (await listOrganizationsOfCompany(db, params.id)).filter((o) =>
      canSee(actor, organizationPlacement(o)),
    );
    return toOrganizations(db, organizations);
  },

  'organization.someByUser': async ({ actor, params, query }) => {
    const organizations = await visibleOrganizationsOfUser(actor, params.userId);
    const page = pageOf(organizations, query, (o) => [o.name, o.address, o.city, o.state, o.zipcode]);
    return { organizations: await toOrganizations(db, page.items), totalCount: page.totalCount };
  },

  'organization.delete': async ({ actor, params }) => {
    const item = await load(actor, 'delete', params.id);
    const { managementCompanyId } = item;
    const [locations, userIds] = await Promise.all([
      listLocationsOfOrganization(db, params.id),
      userIdsOfOrganization(db, params.id),
    ]);
    if (locations.length > 0 || userIds.length > 0) {
      throw new ConflictError('Delete the locations of this area and remove its users first');
    }
    await deleteOrganization(db, item, actor);
    await storage.deletePrefix(ownerPrefix(managementCompanyId, 'area-logo', params.id));
    return { success: true as const, id: params.id };
  },
};

export const handler = createResourceHandler(
  'organization',
  organizationRoutes,
  implementations,
  withActors(db),
);
