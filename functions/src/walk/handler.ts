import type { Actor, PlacementOf } from '@sitewalk/shared/policy';
import type { Walk } from '@sitewalk/shared/schemas/walk';
import type { z } from 'zod';
import type { markerInput } from '@sitewalk/shared/schemas/walk';
import { dataFromEnv, withActors } from '../composition.ts';
import { createResourceHandler, type Implementations } from '../http/handler.ts';
import { BadRequestError, NotFoundError } from '../http/errors.ts';
import { authorize } from '../domain/authorize.ts';
import { visibleLocation } from '../domain/placements.ts';
import { readPartition } from '../db/bounded.ts';
import { nextId, nextIds } from '../db/counters.ts';
import type { WalkItem } from '../db/entities/walk.ts';

const db = dataFromEnv();
const notFound = 'Walk not found';

const placementOf = (
  walk: Pick<WalkItem, 'walkId' | 'locationId' | 'organizationId' | 'managementCompanyId'>,
): PlacementOf<'walk'> => ({
  kind: 'walk',
  id: walk.walkId,
  locationId: walk.locationId,
  organizationId: walk.organizationId,
  managementCompanyId: walk.managementCompanyId,
});

const toWalk = (item: WalkItem): Walk => ({
  id: item.walkId,
  name: item.name,
  description: item.description,
  locationId: item.locationId,
  markers: item.markers.map((m) => ({ ...m, walkId: item.walkId })),
  createdAt: item.createdAt,
  deletedAt: item.deletedAt ?? null,
});

/** Markers in walking order, labelled 1..n (spec: reordering renumbers labels from 1), with fresh ids. */
const numberMarkers = async (markers: z.output<typeof markerInput>[]) => {
  const ids = await nextIds(db, 'marker', markers.length);
  return [...markers]
    .map((marker, index) => ({ marker, index }))
    .sort((a, b) => (a.marker.order ?? a.index) - (b.marker.order ?? b.index) || a.index - b.index)
    .map(({ marker }, position) => ({
      id: ids[position] ?? 0,
      label: position + 1,
      lat: marker.lat,
      lng: marker.lng,
      notes: marker.notes,
      unitNumberRange: marker.unitNumberRange,
      hasUnitRange: marker.unitNumberRange.trim() !== '',
      isDoor: marker.isDoor,
      order: position,
    }));
};

const load = async (actor: Actor, action: 'read' | 'update' | 'delete', walkId: number) => {
  const { data } = await db.entities.walk.get({ walkId }).go();
  if (!data) throw new NotFoundError(notFound);
  authorize(actor, action, placementOf(data), notFound);
  return data;
};

export const implementations: Implementations<'walk'> = {
  'walk.create': async ({ actor, body }) => {
    const location = await visibleLocation(db, actor, body.locationId);
    const walkId = await nextId(db, 'walk');
    const at = {
      walkId,
      locationId: location.locationId,
      organizationId: location.organizationId,
      managementCompanyId: location.managementCompanyId,
    };
    authorize(actor, 'create', placementOf(at), 'Location not found');
    const { data } = await db.entities.walk
      .create({
        ...at,
        name: body.name,
        description: body.description,
        markers: await numberMarkers(body.markers),
      })
      .go();
    return toWalk(data);
  },

  'walk.get': async ({ actor, params }) => toWalk(await load(actor, 'read', params.id)),

  'walk.allByLocation': async ({ actor, params }) => {
    await visibleLocation(db, actor, params.locationId);
    const walks = await readPartition((cursor) =>
      db.entities.walk.query.byLocation({ locationId: params.locationId }).go({ cursor }),
    );
    return walks.filter((w) => w.deletedAt === undefined).map(toWalk);
  },

  'walk.update': async ({ actor, body }) => {
    const walk = await load(actor, 'update', body.id);
    if (walk.deletedAt !== undefined) throw new NotFoundError(notFound);
    if (body.locationId !== walk.locationId) {
      throw new BadRequestError('locationId: a walk cannot move to another location', {
        locationId: ['a walk cannot move to another location'],
      });
    }
    const { data } = await db.entities.walk
      .patch({ walkId: walk.walkId })
      .set({ name: body.name, description: body.description, markers: await numberMarkers(body.markers) })
      .go({ response: 'all_new' });
    return toWalk(data);
  },

  'walk.delete': async ({ actor, params }) => {
    const walk = await load(actor, 'delete', params.id);
    if (walk.deletedAt === undefined) {
      await db.entities.walk.patch({ walkId: walk.walkId }).set({ deletedAt: new Date().toISOString() }).go();
    }
    return { success: true as const, id: params.id };
  },
};

export const handler = createResourceHandler('walk', implementations, withActors(db));
