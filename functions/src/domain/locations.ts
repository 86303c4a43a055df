import type * as z from 'zod';
import { canMoveLocation, canSee, type Action, type Actor } from '@sitewalk/shared/policy';
import type { createLocationBody, updateLocationBody } from '@sitewalk/shared/schemas/location';
import type { DataService } from '../db/service.ts';
import type { LocationItem } from '../db/entities/location.ts';
import { nextId } from '../db/counters.ts';
import {
  MOVING_MEMBERS_MAX,
  createLocation,
  deleteLocation,
  getLocation,
  byLocationName,
  listLocationsOfCompany,
  listLocationsOfOrganization,
  locationsInScope,
  membershipsOfLocation,
  moveLocation,
  pageOfStageLocations,
  updateLocation,
} from '../db/locations.ts';
import { getManagementCompany } from '../db/managementCompanies.ts';
import { getOrganization } from '../db/organizations.ts';
import { createScheduleOnce } from '../db/schedules.ts';
import { clock } from '../ports/clock.ts';
import { authorize } from './authorize.ts';
import { ConflictError, ForbiddenError, NotFoundError } from './errors.ts';
import { pageOf, type PageRequest } from './paging.ts';
import { NOT_YET_MADE, locationPlacement, organizationPlacement, visibleOrganization } from './placements.ts';
import { defaultSchedule } from './schedules.ts';
import { listsWholeStage, scopeOfUser } from './scope.ts';
import { managementCompanyNotFound, visibleManagementCompanyItem } from './management-companies.ts';
import { organizationNotFound } from './organizations.ts';

/** The location rules the handler runs: who may see, change, move and delete one. */

export const locationNotFound = 'Location not found';

/** A location the actor may `action`; else 404 (or 403). */
export const loadLocation = async (
  db: DataService,
  actor: Actor,
  action: Action<'location'>,
  locationId: number,
) => {
  const item = await getLocation(db, locationId);
  if (!item) throw new NotFoundError(locationNotFound);
  authorize(actor, action, locationPlacement(item), locationNotFound);
  return item;
};

const visibleOnly = (actor: Actor, items: LocationItem[]) =>
  items.filter((l) => canSee(actor, locationPlacement(l)));

/** The locations in a user's scope (404 when the actor may not see the user), as far as the actor may see them. */
export const visibleLocationsOfUser = async (db: DataService, actor: Actor, userId: number) =>
  visibleOnly(actor, await locationsInScope(db, await scopeOfUser(db, actor, userId)));

/** The locations of a user's dashboard as far as the actor may see them: all of them, or the one asked for. */
export const dashboardLocations = async (
  db: DataService,
  actor: Actor,
  userId: number,
  locationId: number | undefined,
) => {
  const locations = await visibleLocationsOfUser(db, actor, userId);
  if (locationId === undefined) return locations;
  const chosen = locations.filter((l) => l.locationId === locationId);
  if (chosen.length === 0) throw new NotFoundError(locationNotFound);
  return chosen;
};

/** What a search of locations matches: name, address, city, state, ZIP code. */
export const searchable = (
  l: Partial<Pick<LocationItem, 'name' | 'address' | 'city' | 'state' | 'zipcode'>>,
) => [l.name, l.address, l.city, l.state, l.zipcode];

export const createLocations = ({ db }: { db: DataService }) => {
  const visibleOfOrganization = async (actor: Actor, organizationId: number) => {
    await visibleOrganization(db, actor, organizationId);
    return visibleOnly(actor, await listLocationsOfOrganization(db, organizationId));
  };

  return {
    get: (actor: Actor, locationId: number) => loadLocation(db, actor, 'read', locationId),

    /** A new location in an organization, with the default walk schedule. */
    create: async (actor: Actor, body: z.infer<typeof createLocationBody>) => {
      const organization = await getOrganization(db, body.organizationId);
      if (!organization) throw new NotFoundError(organizationNotFound);
      const draft = { ...body, managementCompanyId: organization.managementCompanyId };
      authorize(
        actor,
        'create',
        locationPlacement({ locationId: NOT_YET_MADE, ...draft }),
        organizationNotFound,
      );
      const locationId = await nextId(db, 'location');
      const schedule = defaultSchedule({ locationId, ...draft }, clock.now());
      const location = await createLocation(db, locationId, draft, schedule, actor);
      await createScheduleOnce(db, schedule);
      return location;
    },

    /** The organization of a location the actor may read. */
    organization: async (actor: Actor, locationId: number) => {
      const item = await loadLocation(db, actor, 'read', locationId);
      const organization = await getOrganization(db, item.organizationId);
      if (!organization) throw new NotFoundError(organizationNotFound);
      return organization;
    },

    /** The company of a location the actor may read. */
    managementCompany: async (actor: Actor, locationId: number) => {
      const item = await loadLocation(db, actor, 'read', locationId);
      const company = await getManagementCompany(db, item.managementCompanyId);
      if (!company) throw new NotFoundError(managementCompanyNotFound);
      return company;
    },

    visibleOfUser: (actor: Actor, userId: number) => visibleLocationsOfUser(db, actor, userId),

    /**
     * A page of a user's locations; with `managementCompanyId`, of that company only (404 when the actor may
     * not see it). The filter only narrows: it never adds a location outside the user's scope.
     */
    pageOfUser: async (
      actor: Actor,
      userId: number,
      { managementCompanyId, ...query }: PageRequest & { managementCompanyId?: number | undefined },
    ) => {
      const scope = await scopeOfUser(db, actor, userId);
      if (managementCompanyId === undefined) {
        if (listsWholeStage(actor, scope)) return pageOfStageLocations(db, query);
        return pageOf(visibleOnly(actor, await locationsInScope(db, scope)), query, searchable);
      }
      await visibleManagementCompanyItem(db, actor, managementCompanyId);
      // A global scope reads the one company's partition, not every company's.
      const inScope = listsWholeStage(actor, scope)
        ? (await listLocationsOfCompany(db, managementCompanyId)).sort(byLocationName)
        : await locationsInScope(db, scope);
      const ofCompany = inScope.filter((l) => l.managementCompanyId === managementCompanyId);
      return pageOf(visibleOnly(actor, ofCompany), query, searchable);
    },

    visibleOfOrganization,

    pageOfOrganization: async (actor: Actor, organizationId: number, query: PageRequest) =>
      pageOf(await visibleOfOrganization(actor, organizationId), query, searchable),

    /** Changes a location's fields, or moves it (with its users) to another organization of its company. */
    update: async (actor: Actor, body: z.infer<typeof updateLocationBody>) => {
      const { id, organizationId, ...changes } = body;
      const item = await loadLocation(db, actor, 'update', id);
      if (organizationId === undefined || organizationId === item.organizationId) {
        return updateLocation(db, item, changes, actor);
      }
      const destination = await visibleOrganization(db, actor, organizationId);
      if (!canMoveLocation(actor, locationPlacement(item), organizationPlacement(destination))) {
        throw new ForbiddenError('Changing the area of a location needs a company manager');
      }
      const members = await membershipsOfLocation(db, id);
      if (members.length > MOVING_MEMBERS_MAX) {
        throw new ConflictError(
          `A location moves with at most ${MOVING_MEMBERS_MAX} users; remove some of its ${members.length} users first`,
        );
      }
      if (!(await moveLocation(db, item, organizationId, changes, members, actor))) {
        throw new ConflictError('The location or its users changed while it was being moved; try again');
      }
      const moved = await getLocation(db, id);
      if (!moved) throw new NotFoundError(locationNotFound);
      return moved;
    },

    remove: async (actor: Actor, locationId: number) => {
      const item = await loadLocation(db, actor, 'delete', locationId);
      // A delete racing another finds its cleanup already written: the location is gone.
      if (!(await deleteLocation(db, item, await membershipsOfLocation(db, locationId), actor))) {
        throw new NotFoundError(locationNotFound);
      }
    },
  };
};
