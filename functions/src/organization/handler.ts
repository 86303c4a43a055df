import { messages } from '@sitewalk/shared/messages';
import { canSee, decide, type Actor } from '@sitewalk/shared/policy';
import { dataFromEnv, storageFromEnv, withActors } from '../composition.ts';
import { presignOwnedUpload, presignedView } from '../domain/uploads.ts';
import { ownerPrefix } from '../ports/storage.ts';
import { createResourceHandler, type Implementations } from '../http/handler.ts';
import { organizationRoutes } from '@sitewalk/shared/contract/organization';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../domain/errors.ts';
import { authorize } from '../domain/authorize.ts';
import { pageOf } from '../domain/paging.ts';
import { areasInScope, visibleUserScope } from '../domain/scope.ts';
import { nextId } from '../db/counters.ts';
import { getManagementCompany } from '../db/managementCompanies.ts';
import {
  getOrganization,
  listLocationsOfOrganization,
  listOrganizationsOfCompany,
  toOrganizations,
  usersOfOrganization,
} from '../db/organizations.ts';

const db = dataFromEnv();
const storage = storageFromEnv();
const notFound = 'Area not found';

const placementOf = (item: { organizationId: number; managementCompanyId: number }) => ({
  kind: 'organization' as const,
  id: item.organizationId,
  managementCompanyId: item.managementCompanyId,
});

const load = async (actor: Actor, action: 'read' | 'update' | 'delete' | 'uploadLogo', id: number) => {
  const item = await getOrganization(db, id);
  if (!item) throw new NotFoundError(notFound);
  authorize(actor, action, placementOf(item), notFound);
  return item;
};

const viewOf = async (item: Parameters<typeof toOrganizations>[1][number]) => {
  const [view] = await toOrganizations(db, [item]);
  if (!view) throw new Error('An area view went missing');
  return view;
};

const optional = ['address', 'city', 'state', 'zipcode'] as const;

export const implementations: Implementations<'organization'> = {
  'organization.create': async ({ actor, body }) => {
    const company = await getManagementCompany(db, body.managementCompanyId);
    if (!company || !canSee(actor, { kind: 'managementCompany', id: body.managementCompanyId })) {
      throw new NotFoundError('Management company not found');
    }
    const organizationId = await nextId(db, 'organization');
    if (
      decide(
        actor,
        'create',
        placementOf({ organizationId, managementCompanyId: body.managementCompanyId }),
      ) !== 'allow'
    ) {
      throw new ForbiddenError(messages.permission.addArea);
    }
    const { data } = await db.entities.organization.create({ organizationId, ...body }).go();
    return viewOf(data);
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
    if (Object.keys(set).length === 0 && cleared.length === 0) return viewOf(item);
    const patch = db.entities.organization
      .patch({ organizationId: body.id })
      .set(set)
      .composite({ managementCompanyId: item.managementCompanyId });
    const { data } = await (cleared.length ? patch.remove(cleared) : patch).go({ response: 'all_new' });
    return viewOf(data);
  },

  'organization.logoUpload': async ({ actor, params, query }) => {
    const area = await load(actor, 'uploadLogo', params.id);
    const owner = {
      managementCompanyId: area.managementCompanyId,
      kind: 'area-logo' as const,
      id: params.id,
    };
    const ticket = await presignOwnedUpload(storage, owner, query);
    await db.entities.organization.patch({ organizationId: params.id }).set({ logoKey: ticket.key }).go();
    return ticket;
  },

  'organization.logo': async ({ actor, params }) =>
    presignedView(storage, (await load(actor, 'read', params.id)).logoKey),

  'organization.get': async ({ actor, params }) => viewOf(await load(actor, 'read', params.id)),

  'organization.managementCompanyName': async ({ actor, params }) => {
    const item = await load(actor, 'read', params.id);
    const company = await getManagementCompany(db, item.managementCompanyId);
    if (!company) throw new NotFoundError('Management company not found');
    return { id: company.managementCompanyId, name: company.name };
  },

  'organization.byUser': async ({ actor, params }) => {
    const { asActor } = await visibleUserScope(db, actor, params.userId);
    const areas = (await areasInScope(db, asActor)).filter((a) => canSee(actor, placementOf(a)));
    return toOrganizations(db, areas);
  },

  'organization.allByManagementCompany': async ({ actor, params }) => {
    if (
      !canSee(actor, { kind: 'managementCompany', id: params.id }) ||
      !(await getManagementCompany(db, params.id))
    ) {
      throw new NotFoundError('Management company not found');
    }
    const areas = (await listOrganizationsOfCompany(db, params.id)).filter((a) =>
      canSee(actor, placementOf(a)),
    );
    return toOrganizations(db, areas);
  },

  'organization.someByUser': async ({ actor, params, query }) => {
    const { asActor } = await visibleUserScope(db, actor, params.userId);
    const areas = (await areasInScope(db, asActor)).filter((a) => canSee(actor, placementOf(a)));
    const page = pageOf(areas, query, (a) => [a.name, a.address, a.city, a.state, a.zipcode]);
    return { organizations: await toOrganizations(db, page.items), totalCount: page.totalCount };
  },

  'organization.delete': async ({ actor, params }) => {
    const area = await load(actor, 'delete', params.id);
    const [locations, users] = await Promise.all([
      listLocationsOfOrganization(db, params.id),
      usersOfOrganization(db, params.id),
    ]);
    if (locations.length > 0 || users.size > 0) {
      throw new ConflictError('Delete the locations of this area and remove its users first');
    }
    await db.entities.organization.delete({ organizationId: params.id }).go();
    await storage.deletePrefix(ownerPrefix(area.managementCompanyId, 'area-logo', params.id));
    return { success: true as const, id: params.id };
  },
};

export const handler = createResourceHandler(
  'organization',
  organizationRoutes,
  implementations,
  withActors(db),
);
