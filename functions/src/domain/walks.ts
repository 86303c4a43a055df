import type * as z from 'zod';
import type { Actor, PlacementOf } from '@sitewalk/shared/policy';
import type { createWalkBody, markerInput, updateWalkBody } from '@sitewalk/shared/schemas/walk';
import type { DataService } from '../db/service.ts';
import type { WalkItem } from '../db/entities/walk.ts';
import { nextId, nextIds } from '../db/counters.ts';
import { createWalk, getWalk, listActiveWalksOfLocation, markWalkDeleted, updateWalk } from '../db/walks.ts';
import { compareNames, locationsInScope } from '../db/locations.ts';
import { clock } from '../ports/clock.ts';
import { BadRequestError, NotFoundError } from './errors.ts';
import { mapBounded } from './fan-out.ts';
import { authorize } from './authorize.ts';
import { atLocation, placedAtLiveLocation, visibleLocation } from './placements.ts';

export const WALK_NOT_FOUND = 'Walk not found';

const walkPlacement = (
  walk: Pick<WalkItem, 'walkId' | 'locationId' | 'organizationId' | 'managementCompanyId'>,
): PlacementOf<'walk'> => ({ kind: 'walk', id: walk.walkId, ...atLocation(walk) });

/** The walk, placed where its location is now, when the actor may do `action` on it. */
export const loadWalk = async (
  db: DataService,
  actor: Actor,
  action: 'read' | 'update' | 'delete',
  walkId: number,
) => {
  const stored = await getWalk(db, walkId);
  if (!stored) throw new NotFoundError(WALK_NOT_FOUND);
  const walk = await placedAtLiveLocation(db, stored, WALK_NOT_FOUND);
  authorize(actor, action, walkPlacement(walk), WALK_NOT_FOUND);
  return walk;
};

/**
 * Markers in walking order, labelled 1..n (spec: reordering renumbers labels from 1). A marker that names one of
 * `kept` (the walk's own markers, on update) keeps its id, so reports of the walk still point at it; every
 * other marker gets a fresh id.
 */
const numberMarkers = async (
  db: DataService,
  markers: z.output<typeof markerInput>[],
  kept: ReadonlySet<number> = new Set(),
) => {
  const seen = new Set<number>();
  const keeps = markers.map((m) => {
    const keep = m.id !== undefined && kept.has(m.id) && !seen.has(m.id);
    if (keep && m.id !== undefined) seen.add(m.id);
    return keep;
  });
  const fresh = await nextIds(db, 'marker', keeps.filter((k) => !k).length);
  let next = 0;
  return [...markers]
    .map((marker, index) => ({
      marker,
      index,
      id: keeps[index] ? (marker.id ?? 0) : (fresh[next++] ?? 0),
    }))
    .sort((a, b) => (a.marker.order ?? a.index) - (b.marker.order ?? b.index) || a.index - b.index)
    .map(({ marker, id }, position) => ({
      id,
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

/** Walks and their markers, as the people who plan them make and change them. */
export const createWalks = (db: DataService) => ({
  /** A new walk; its ids are drawn only once the actor may create it. */
  create: async (actor: Actor, body: z.output<typeof createWalkBody>) => {
    const location = atLocation(await visibleLocation(db, actor, body.locationId));
    // The policy's create rule reads where the walk would be; it has no id before it exists.
    authorize(actor, 'create', walkPlacement({ walkId: 0, ...location }), 'Location not found');
    return createWalk(
      db,
      {
        walkId: await nextId(db, 'walk'),
        ...location,
        name: body.name,
        description: body.description,
        markers: await numberMarkers(db, body.markers),
      },
      actor,
    );
  },

  get: (actor: Actor, walkId: number) => loadWalk(db, actor, 'read', walkId),

  /** A location's walks, deleted ones left out. */
  listByLocation: async (actor: Actor, locationId: number) => {
    await visibleLocation(db, actor, locationId);
    return listActiveWalksOfLocation(db, locationId);
  },

  /**
   * What the actor may record: each location of their scope with its walks that have markers, by name, those
   * without any left out. One request for the recorder, where it asked for every location's walks in turn.
   */
  catalog: async (actor: Actor) => {
    const locations = await locationsInScope(db, actor);
    const walks = await mapBounded(locations, (location) =>
      listActiveWalksOfLocation(db, location.locationId),
    );
    return locations
      .map((location, i) => ({
        location,
        walks: (walks[i] ?? [])
          .filter((walk) => walk.markers.length > 0)
          .sort((a, b) => compareNames(a.name, b.name) || a.walkId - b.walkId),
      }))
      .filter(({ walks: recordable }) => recordable.length > 0);
  },

  /** New name, description and markers; markers the walk already had keep their ids. */
  update: async (actor: Actor, body: z.output<typeof updateWalkBody>) => {
    const walk = await loadWalk(db, actor, 'update', body.id);
    if (walk.deletedAt !== undefined) throw new NotFoundError(WALK_NOT_FOUND);
    if (body.locationId !== walk.locationId) {
      throw new BadRequestError('locationId: a walk cannot move to another location', {
        locationId: ['a walk cannot move to another location'],
      });
    }
    return updateWalk(
      db,
      walk,
      {
        name: body.name,
        description: body.description,
        markers: await numberMarkers(db, body.markers, new Set(walk.markers.map((m) => m.id))),
      },
      actor,
    );
  },

  /** Deletes the walk (once: deleting a deleted walk changes nothing). */
  remove: async (actor: Actor, walkId: number) => {
    const walk = await loadWalk(db, actor, 'delete', walkId);
    if (walk.deletedAt === undefined) await markWalkDeleted(db, walk, clock.now().toISOString(), actor);
  },
});
