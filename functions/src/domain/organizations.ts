import type * as z from 'zod';
import { messages } from '@sitewalk/shared/messages';
import { canSee, decide, type Action, type Actor } from '@sitewalk/shared/policy';
import type { ImageContentType } from '@sitewalk/shared/constants';
import type { createOrganizationBody, updateOrganizationBody } from '@sitewalk/shared/schemas/organization';
import type { DataService } from '../db/service.ts';
import type { OrganizationItem } from '../db/entities/organization.ts';
import { nextId } from '../db/counters.ts';
import { listLocationsOfOrganization } from '../db/locations.ts';
import { getManagementCompany } from '../db/managementCompanies.ts';
import {
  createOrganization,
  deleteOrganization,
  getOrganization,
  listOrganizationsOfCompany,
  listOrganizationsOfStage,
  pageOfStageOrganizations,
  setOrganizationLogoKey,
  updateOrganization,
} from '../db/organizations.ts';
import { userIdsOfOrganization } from '../db/users.ts';
import { ownerPrefix, type Storage } from '../ports/storage.ts';
import { authorize } from './authorize.ts';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError, deletedMeanwhile } from './errors.ts';
import { pageOf, type PageRequest } from './paging.ts';
import { NOT_YET_MADE, organizationPlacement } from './placements.ts';
import {
  listsWholeStage,
  organizationsInScope,
  organizationsOfCompanyInScope,
  scopeOfUser,
} from './scope.ts';
import { presignOwnedUpload, presignedView } from './uploads.ts';
import { visibleManagementCompanyItem } from './management-companies.ts';

/** The organization (area) rules the handler runs: who may see, change and delete one. */

export const organizationNotFound = 'Area not found';
/** What an area search looks in. */
const searchable = (o: OrganizationItem) => [o.name, o.address, o.city, o.state, o.zipcode];
const optional = ['address', 'city', 'state', 'zipcode'] as const;

/** An organization the actor may `action`; else 404 (or 403). */
export const loadOrganization = async (
  db: DataService,
  actor: Actor,
  action: Action<'organization'>,
  organizationId: number,
) => {
  const item = await getOrganization(db, organizationId);
  if (!item) throw new NotFoundError(organizationNotFound);
  authorize(actor, action, organizationPlacement(item), organizationNotFound);
  return item;
};

export interface OrganizationDeps {
  db: DataService;
  storage: Storage;
}

export const createOrganizations = ({ db, storage }: OrganizationDeps) => {
  const visibleOnly = (actor: Actor, areas: readonly OrganizationItem[]) =>
    areas.filter((o) => canSee(actor, organizationPlacement(o)));
  const visibleOfScope = async (actor: Actor, scope: Actor) =>
    visibleOnly(actor, await organizationsInScope(db, scope));
  const visibleOfUser = async (actor: Actor, userId: number) =>
    visibleOfScope(actor, await scopeOfUser(db, actor, userId));

  return {
    get: (actor: Actor, organizationId: number) => loadOrganization(db, actor, 'read', organizationId),

    create: async (actor: Actor, body: z.infer<typeof createOrganizationBody>) => {
      const { managementCompanyId } = body;
      await visibleManagementCompanyItem(db, actor, managementCompanyId);
      const placement = organizationPlacement({ organizationId: NOT_YET_MADE, managementCompanyId });
      if (decide(actor, 'create', placement) !== 'allow')
        throw new ForbiddenError(messages.permission.addArea);
      return createOrganization(db, await nextId(db, 'organization'), body, actor);
    },

    /** Only what was sent changes: a field left out keeps its value, null (or blank) clears it. */
    update: async (actor: Actor, body: z.infer<typeof updateOrganizationBody>): Promise<OrganizationItem> => {
      const item = await loadOrganization(db, actor, 'update', body.id);
      if (body.managementCompanyId !== undefined && body.managementCompanyId !== item.managementCompanyId) {
        throw new BadRequestError('An area cannot move to another management company', {
          managementCompanyId: ['An area cannot move to another management company'],
        });
      }
      const cleared = optional.filter((field) => body[field] === null);
      const values = Object.fromEntries(
        optional.flatMap((field) => (typeof body[field] === 'string' ? [[field, body[field]]] : [])),
      );
      const set = { ...(body.name === undefined ? {} : { name: body.name }), ...values };
      if (Object.keys(set).length === 0 && cleared.length === 0) return item;
      const updated = await updateOrganization(db, item, set, cleared, actor);
      if (!updated) throw new NotFoundError(deletedMeanwhile);
      return updated;
    },

    logoUpload: async (
      actor: Actor,
      organizationId: number,
      file: { contentType: ImageContentType; contentLength: number },
    ) => {
      const item = await loadOrganization(db, actor, 'uploadLogo', organizationId);
      const owner = {
        managementCompanyId: item.managementCompanyId,
        kind: 'organization-logo' as const,
        id: organizationId,
      };
      const ticket = await presignOwnedUpload(storage, owner, file);
      await setOrganizationLogoKey(db, item, ticket.key, actor);
      return ticket;
    },

    logo: async (actor: Actor, organizationId: number) =>
      presignedView(storage, (await loadOrganization(db, actor, 'read', organizationId)).logoKey),

    /** The company of an organization the actor may read. */
    managementCompany: async (actor: Actor, organizationId: number) => {
      const item = await loadOrganization(db, actor, 'read', organizationId);
      const company = await getManagementCompany(db, item.managementCompanyId);
      if (!company) throw new NotFoundError('Management company not found');
      return company;
    },

    /** The organizations in a user's scope that the actor may see, by name. */
    visibleOfUser,

    /**
     * A page of them, searched over name and address. A global scope's first pages are one Query of the stage's
     * index; searched, its areas (a few per company) are read whole.
     */
    pageOfUser: async (
      actor: Actor,
      userId: number,
      { managementCompanyId, ...query }: PageRequest & { managementCompanyId?: number | undefined },
    ) => {
      const scope = await scopeOfUser(db, actor, userId);
      if (managementCompanyId !== undefined) {
        // One company's (a picker's): a company the actor cannot see is 404, so the filter only narrows.
        await visibleManagementCompanyItem(db, actor, managementCompanyId);
        const ofCompany = await organizationsOfCompanyInScope(db, scope, managementCompanyId);
        return pageOf(visibleOnly(actor, ofCompany), query, searchable);
      }
      if (listsWholeStage(actor, scope) && !query.searchTerm) return pageOfStageOrganizations(db, query);
      const areas = listsWholeStage(actor, scope)
        ? await listOrganizationsOfStage(db)
        : await visibleOfScope(actor, scope);
      return pageOf(areas, query, searchable);
    },

    /** A company's organizations that the actor may see, by name. */
    visibleOfCompany: async (actor: Actor, managementCompanyId: number) => {
      await visibleManagementCompanyItem(db, actor, managementCompanyId);
      return (await listOrganizationsOfCompany(db, managementCompanyId)).filter((o) =>
        canSee(actor, organizationPlacement(o)),
      );
    },

    /** Deletes an empty organization and its logo. */
    remove: async (actor: Actor, organizationId: number) => {
      const item = await loadOrganization(db, actor, 'delete', organizationId);
      const [locations, userIds] = await Promise.all([
        listLocationsOfOrganization(db, organizationId),
        userIdsOfOrganization(db, organizationId),
      ]);
      if (locations.length > 0 || userIds.length > 0) {
        throw new ConflictError('Delete the locations of this area and remove its users first');
      }
      await deleteOrganization(db, item, actor);
      // Its logo is under `organization-logo`, or under `area-logo` when uploaded before that name.
      for (const kind of ['organization-logo', 'area-logo'] as const) {
        await storage.deletePrefix(ownerPrefix(item.managementCompanyId, kind, organizationId));
      }
    },
  };
};
