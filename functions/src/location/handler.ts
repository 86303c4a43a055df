import { canMoveLocation, canSee, type Actor } from '@sitewalk/shared/policy';
import { dataFromEnv, withActors } from '../composition.ts';
import { createResourceHandler, type Implementations } from '../http/handler.ts';
import { locationRoutes } from '@sitewalk/shared/contract/location';
import { ConflictError, ForbiddenError, NotFoundError } from '../domain/errors.ts';
import { authorize } from '../domain/authorize.ts';
import { pageOf } from '../domain/paging.ts';
import { visibleUserScope } from '../domain/scope.ts';
import { locationPlacement, visibleArea } from '../domain/placements.ts';
import { nextId } from '../db/counters.ts';
import { getOrganization } from '../db/organizations.ts';
import { getManagementCompany } from '../db/managementCompanies.ts';
import {
  getLocation,
  listLocationsOfArea,
  locationsInScope,
  membershipsOfLocation,
  toLocations,
} from '../db/locations.ts';
import type { LocationItem } from '../db/entities/location.ts';

const db = dataFromEnv();
const notFound = 'Location not found';
/** DynamoDB's limit on the items of one transaction. */
const TRANSACTION_ITEMS_MAX = 100;

const placementOf = locationPlacement;

const load = async (actor: Actor, action: 'read' | 'update' | 'delete', id: number) => {
  const item = await getLocation(db, id);
  if (!item) throw new NotFoundError(notFound);
  authorize(actor, action, placementOf(item), notFound);
  return item;
};

const viewOf = async (item: LocationItem) => {
  const [view] = await toLocations(db, [item]);
  if (!view) throw new Error('A location view went missing');
  return view;
};

const definedOnly = <T extends object>(values: T): Partial<T> =>
  Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Partial<T>;

const searchable = (l: LocationItem) => [l.name, l.address, l.city, l.state, l.zipcode];

const visibleAreaOrThrow = (actor: Actor, organizationId: number) => visibleArea(db, actor, organizationId);

export const implementations: Implementations<'location'> = {
  'location.create': async ({ actor, body }) => {
    const area = await getOrganization(db, body.organizationId);
    if (!area) throw new NotFoundError('Area not found');
    const locationId = await nextId(db, 'location');
    authorize(
      actor,
      'create',
      placementOf({ locationId, ...body, managementCompanyId: area.managementCompanyId }),
      'Area not found',
    );
    const { data } = await db.entities.location
      .create({ locationId, ...body, managementCompanyId: area.managementCompanyId })
      .go();
    return viewOf(data);
  },

  'location.get': async ({ actor, params }) => viewOf(await load(actor, 'read', params.id)),

  'location.organizationName': async ({ actor, params }) => {
    const item = await load(actor, 'read', params.id);
    const area = await getOrganization(db, item.organizationId);
    if (!area) throw new NotFoundError('Area not found');
    return { id: area.organizationId, name: area.name };
  },

  'location.managementCompanyName': async ({ actor, params }) => {
    const item = await load(actor, 'read', params.id);
    const company = await getManagementCompany(db, item.managementCompanyId);
    if (!company) throw new NotFoundError('Management company not found');
    return { id: company.managementCompanyId, name: company.name };
  },

  'location.allByUser': async ({ actor, params }) => {
    const { asActor } = await visibleUserScope(db, actor, params.id);
    return toLocations(
      db,
      (await locationsInScope(db, asActor)).filter((l) => canSee(actor, placementOf(l))),
    );
  },

  'location.someByUser': async ({ actor, params, query }) => {
    const { asActor } = await visibleUserScope(db, actor, params.id);
    const page = pageOf(
      (await locationsInScope(db, asActor)).filter((l) => canSee(actor, placementOf(l))),
      query,
      searchable,
    );
    return { locations: await toLocations(db, page.items), totalCount: page.totalCount };
  },

  'location.allByOrganization': async ({ actor, params }) => {
    await visibleAreaOrThrow(actor, params.id);
    return toLocations(
      db,
      (await listLocationsOfArea(db, params.id)).filter((l) => canSee(actor, placementOf(l))),
    );
  },

  'location.someByOrganization': async ({ actor, params, query }) => {
    await visibleAreaOrThrow(actor, params.id);
    const visible = (await listLocationsOfArea(db, params.id)).filter((l) => canSee(actor, placementOf(l)));
    const page = pageOf(visible, query, searchable);
    return { locations: await toLocations(db, page.items), totalCount: page.totalCount };
  },

  'location.update': async ({ actor, body }) => {
    const { id, organizationId, ...changes } = body;
    const item = await load(actor, 'update', id);
    let destination = { organizationId: item.organizationId, managementCompanyId: item.managementCompanyId };
    if (organizationId !== undefined && organizationId !== item.organizationId) {
      const area = await visibleAreaOrThrow(actor, organizationId);
      const allowed = canMoveLocation(actor, placementOf(item), {
        kind: 'organization',
        id: area.organizationId,
        managementCompanyId: area.managementCompanyId,
      });
      if (!allowed) throw new ForbiddenError('Changing the area of a location needs a company manager');
      destination = { organizationId: area.organizationId, managementCompanyId: area.managementCompanyId };
    }
    const moving = destination.organizationId !== item.organizationId;
    // The key parts not being set, so ElectroDB can rebuild the index keys (it also checks they still match).
    const unchangedKeys = {
      managementCompanyId: item.managementCompanyId,
      ...(changes.name ? {} : { name: item.name }),
    };
    if (!moving) {
      const { data } = await db.entities.location
        .patch({ locationId: id })
        .set({ ...definedOnly(changes), organizationId: item.organizationId })
        .composite(unchangedKeys)
        .go({ response: 'all_new' });
      return viewOf(data);
    }
    // Memberships carry their location's area: a move rewrites the location and all of them in one transaction,
    // so no reader ever sees some moved and some not.
    const members = await membershipsOfLocation(db, id);
    if (members.length > TRANSACTION_ITEMS_MAX - 1) {
      throw new ConflictError(
        `A location moves with at most ${TRANSACTION_ITEMS_MAX - 1} users; remove some of its ${members.length} users first`,
      );
    }
    const moved = await db.transaction
      .write(({ location, userLocation }) => [
        location
          .patch({ locationId: id })
          .set({ ...definedOnly(changes), organizationId: destination.organizationId })
          .composite(unchangedKeys)
          // Two moves at once: the second finds the location gone from where it read it, and is refused.
          .where(({ organizationId: area }, { eq }) => eq(area, item.organizationId))
          .commit(),
        ...members.map((m) =>
          userLocation
            .patch({ userId: m.userId, locationId: id })
            .set({ organizationId: destination.organizationId })
            .commit(),
        ),
      ])
      .go();
    if (moved.canceled) {
      throw new ConflictError('The location or its users changed while it was being moved; try again');
    }
    const now = await getLocation(db, id);
    if (!now) throw new NotFoundError(notFound);
    return viewOf(now);
  },

  'location.delete': async ({ actor, params }) => {
    const item = await load(actor, 'delete', params.id);
    const members = await membershipsOfLocation(db, params.id);
    // The location, its cleanup and as many memberships as fit in one transaction; the cleanup's first steps
    // remove any others, then its walks, reports, incidents, files and tally, and clear users' defaults.
    const removed = await db.transaction
      .write(({ location, locationCleanup, userLocation }) => [
        location.delete({ locationId: item.locationId }).commit(),
        locationCleanup
          .create({
            locationId: item.locationId,
            organizationId: item.organizationId,
            managementCompanyId: item.managementCompanyId,
          })
          .commit(),
        ...members
          .slice(0, TRANSACTION_ITEMS_MAX - 2)
          .map((m) => userLocation.delete({ userId: m.userId, locationId: params.id }).commit()),
      ])
      .go();
    // A delete racing another finds its cleanup already written: the location is gone.
    if (removed.canceled) throw new NotFoundError(notFound);
    return { success: true as const, id: params.id };
  },
};

export const handler = createResourceHandler('location', locationRoutes, implementations, withActors(db));
