import { canMoveLocation, canSee, type Actor } from '@sitewalk/shared/policy';
import { auditedDataFromEnv, withActors } from '../composition.ts';
import { createResourceHandler, type Implementations } from '../http/handler.ts';
import { locationRoutes } from '@sitewalk/shared/contract/location';
import { ConflictError, ForbiddenError, NotFoundError } from '../domain/errors.ts';
import { authorize } from '../domain/authorize.ts';
import { pageOf } from '../domain/paging.ts';
import { visibleUserScope } from '../domain/scope.ts';
import {
  NOT_YET_MADE,
  locationPlacement,
  organizationPlacement,
  visibleOrganization,
} from '../domain/placements.ts';
import { nextId } from '../db/counters.ts';
import { getOrganization } from '../db/organizations.ts';
import { getManagementCompany } from '../db/managementCompanies.ts';
import {
  MOVING_MEMBERS_MAX,
  createLocation,
  deleteLocation,
  getLocation,
  listLocationsOfOrganization,
  locationsInScope,
  membershipsOfLocation,
  moveLocation,
  updateLocation,
} from '../db/locations.ts';
import type { LocationItem } from '../db/entities/location.ts';
import { createScheduleOnce } from '../db/schedules.ts';
import { defaultSchedule } from '../domain/schedules.ts';
import { clock } from '../ports/clock.ts';
import { toLocation, toLocations } from './views.ts';

const db = auditedDataFromEnv();
const notFound = 'Location not found';

const load = async (actor: Actor, action: 'read' | 'update' | 'delete', id: number) => {
  const item = await getLocation(db, id);
  if (!item) throw new NotFoundError(notFound);
  authorize(actor, action, locationPlacement(item), notFound);
  return item;
};

const searchable = (l: LocationItem) => [l.name, l.address, l.city, l.state, l.zipcode];

const visibleOnly = (actor: Actor, items: LocationItem[]) =>
  items.filter((l) => canSee(actor, locationPlacement(l)));

const visibleLocationsOfUser = async (actor: Actor, userId: number) => {
  const { asActor } = await visibleUserScope(db, actor, userId);
  return visibleOnly(actor, await locationsInScope(db, asActor));
};

const visibleLocationsOfOrganization = async (actor: Actor, organizationId: number) => {
  await visibleOrganization(db, actor, organizationId);
  return visibleOnly(actor, await listLocationsOfOrganization(db, organizationId));
};

export const implementations: Implementations<'location'> = {
  'location.create': async ({ actor, body }) => {
    const organization = await getOrganization(db, body.organizationId);
    if (!organization) throw new NotFoundError('Area not found');
    const draft = { ...body, managementCompanyId: organization.managementCompanyId };
    authorize(actor, 'create', locationPlacement({ locationId: NOT_YET_MADE, ...draft }), 'Area not found');
    const location = await createLocation(db, await nextId(db, 'location'), draft, actor);
    await createScheduleOnce(db, defaultSchedule(location, clock.now()));
    return toLocation(db, location);
  },

  'location.get': async ({ actor, params }) => toLocation(db, await load(actor, 'read', params.id)),

  'location.organizationName': async ({ actor, params }) => {
    const item = await load(actor, 'read', params.id);
    const organization = await getOrganization(db, item.organizationId);
    if (!organization) throw new NotFoundError('Area not found');
    return { id: organization.organizationId, name: organization.name };
  },

  'location.managementCompanyName': async ({ actor, params }) => {
    const item = await load(actor, 'read', params.id);
    const company = await getManagementCompany(db, item.managementCompanyId);
    if (!company) throw new NotFoundError('Management company not found');
    return { id: company.managementCompanyId, name: company.name };
  },

  'location.allByUser': async ({ actor, params }) =>
    toLocations(db, await visibleLocationsOfUser(actor, params.id)),

  'location.someByUser': async ({ actor, params, query }) => {
    const page = pageOf(await visibleLocationsOfUser(actor, params.id), query, searchable);
    return { locations: await toLocations(db, page.items), totalCount: page.totalCount };
  },

  'location.allByOrganization': async ({ actor, params }) =>
    toLocations(db, await visibleLocationsOfOrganization(actor, params.id)),

  'location.someByOrganization': async ({ actor, params, query }) => {
    const page = pageOf(await visibleLocationsOfOrganization(actor, params.id), query, searchable);
    return { locations: await toLocations(db, page.items), totalCount: page.totalCount };
  },

  'location.update': async ({ actor, body }) => {
    const { id, organizationId, ...changes } = body;
    const item = await load(actor, 'update', id);
    if (organizationId === undefined || organizationId === item.organizationId) {
      return toLocation(db, await updateLocation(db, item, changes, actor));
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
    if (!moved) throw new NotFoundError(notFound);
    return toLocation(db, moved);
  },

  'location.delete': async ({ actor, params }) => {
    const item = await load(actor, 'delete', params.id);
    // A delete racing another finds its cleanup already written: the location is gone.
    if (!(await deleteLocation(db, item, await membershipsOfLocation(db, params.id), actor))) {
      throw new NotFoundError(notFound);
    }
    return { success: true as const, id: params.id };
  },
};

export const handler = createResourceHandler('location', locationRoutes, implementations, withActors(db));
