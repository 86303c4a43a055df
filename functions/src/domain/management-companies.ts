import type * as z from 'zod';
import { Role } from '@sitewalk/shared/roles';
import { canSee, type Action, type Actor } from '@sitewalk/shared/policy';
import type { ImageContentType } from '@sitewalk/shared/constants';
import type {
  createManagementCompanyBody,
  updateManagementCompanyBody,
} from '@sitewalk/shared/schemas/managementCompany';
import type { DataService } from '../db/service.ts';
import type { ManagementCompanyItem } from '../db/entities/managementCompany.ts';
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
import { tenantPrefix, type Storage } from '../ports/storage.ts';
import { authorize } from './authorize.ts';
import { ConflictError, NotFoundError, deletedMeanwhile } from './errors.ts';
import { pageOf, type PageRequest } from './paging.ts';
import { NOT_YET_MADE, visibleLocation } from './placements.ts';
import { visibleUserScope } from './scope.ts';
import { presignOwnedUpload, presignedView } from './uploads.ts';

/** The management company rules the handler runs: who may see, change and delete one. */

export const managementCompanyNotFound = 'Management company not found';

const companyPlacement = (managementCompanyId: number) => ({
  kind: 'managementCompany' as const,
  id: managementCompanyId,
});

/** A company the actor may `action`; else 404 (or 403). */
export const loadManagementCompany = async (
  db: DataService,
  actor: Actor,
  action: Action<'managementCompany'>,
  managementCompanyId: number,
) => {
  const item = await getManagementCompany(db, managementCompanyId);
  if (!item) throw new NotFoundError(managementCompanyNotFound);
  authorize(actor, action, companyPlacement(managementCompanyId), managementCompanyNotFound);
  return item;
};

/** The company, when it exists and the actor may see it; else 404. */
export const visibleManagementCompanyItem = async (
  db: DataService,
  actor: Actor,
  managementCompanyId: number,
) => {
  const item = canSee(actor, companyPlacement(managementCompanyId))
    ? await getManagementCompany(db, managementCompanyId)
    : undefined;
  if (!item) throw new NotFoundError(managementCompanyNotFound);
  return item;
};

export interface ManagementCompanyDeps {
  db: DataService;
  storage: Storage;
}

export const createManagementCompanies = ({ db, storage }: ManagementCompanyDeps) => {
  /** The companies an actor may see: all of them for global roles, else their own. */
  const visible = (actor: Actor) =>
    actor.roleId >= Role.Admin
      ? listAllManagementCompanies(db)
      : getManagementCompanies(db, actor.managementCompanyIds);

  return {
    get: (actor: Actor, managementCompanyId: number) =>
      loadManagementCompany(db, actor, 'read', managementCompanyId),

    create: async (actor: Actor, body: z.infer<typeof createManagementCompanyBody>) => {
      authorize(actor, 'create', companyPlacement(NOT_YET_MADE), managementCompanyNotFound);
      return createManagementCompany(db, await nextId(db, 'managementCompany'), body, actor);
    },

    /** Only what was sent changes: a field left out keeps its value, null (or blank) clears phone or website. */
    update: async (
      actor: Actor,
      body: z.infer<typeof updateManagementCompanyBody>,
    ): Promise<ManagementCompanyItem> => {
      const { id, ...fields } = body;
      const item = await loadManagementCompany(db, actor, 'update', id);
      const cleared = (['phone', 'website'] as const).filter((field) => fields[field] === null);
      const set = Object.fromEntries(
        Object.entries(fields).filter(([, value]) => value !== undefined && value !== null),
      );
      if (Object.keys(set).length === 0 && cleared.length === 0) return item;
      const updated = await updateManagementCompany(db, item, set, cleared, actor);
      if (!updated) throw new NotFoundError(deletedMeanwhile);
      return updated;
    },

    logoUpload: async (
      actor: Actor,
      managementCompanyId: number,
      file: { contentType: ImageContentType; contentLength: number },
    ) => {
      const item = await loadManagementCompany(db, actor, 'uploadLogo', managementCompanyId);
      const owner = { managementCompanyId, kind: 'company-logo' as const, id: managementCompanyId };
      const ticket = await presignOwnedUpload(storage, owner, file);
      await setManagementCompanyLogoKey(db, item, ticket.key, actor);
      return ticket;
    },

    logo: async (actor: Actor, managementCompanyId: number) =>
      presignedView(storage, (await loadManagementCompany(db, actor, 'read', managementCompanyId)).logoKey),

    /** The company of a location the actor may see. */
    ofLocation: async (actor: Actor, locationId: number) => {
      const location = await visibleLocation(db, actor, locationId);
      const company = await getManagementCompany(db, location.managementCompanyId);
      if (!company) throw new NotFoundError(managementCompanyNotFound);
      return company;
    },

    /** The actor's own companies, or the company of a user the actor may see (if the actor may see it). */
    ofUser: async (actor: Actor, userId: number) => {
      if (userId === actor.userId) return visible(actor);
      const { user } = await visibleUserScope(db, actor, userId);
      const ids = user.managementCompanyId === undefined ? [] : [user.managementCompanyId];
      return (await getManagementCompanies(db, ids)).filter((c) =>
        canSee(actor, companyPlacement(c.managementCompanyId)),
      );
    },

    page: async (actor: Actor, query: PageRequest) =>
      pageOf(await visible(actor), query, (c) => [c.name, c.email, c.phone, c.website]),

    /** Deletes a company that holds no areas and no users, and everything left under its tenant in storage. */
    remove: async (actor: Actor, managementCompanyId: number) => {
      const item = await loadManagementCompany(db, actor, 'delete', managementCompanyId);
      if (await managementCompanyHasChildren(db, managementCompanyId)) {
        throw new ConflictError('Delete the areas and users of this management company first');
      }
      await deleteManagementCompany(db, item, actor);
      await storage.deletePrefix(tenantPrefix(managementCompanyId));
    },
  };
};
