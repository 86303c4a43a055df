import { canSee } from '@sitewalk/shared/policy';
import { auditedDataFromEnv, storageFromEnv, withActors } from '../composition.ts';
import { createResourceHandler, type Implementations } from '../http/handler.ts';
import { incidentRoutes } from '@sitewalk/shared/contract/incident';
import { NotFoundError } from '../domain/errors.ts';
import { locationPlacement } from '../domain/placements.ts';
import { visibleUserScope } from '../domain/scope.ts';
import { createIncidents, dashboardCards } from '../domain/incidents.ts';
import { locationsInScope } from '../db/locations.ts';
import type { IncidentItem } from '../db/entities/incident.ts';
import {
  namesFor,
  toIncident,
  toIncidents,
  toIncidentsPage,
  toNote,
  toNumberedPage,
  toOneIncident,
} from './views.ts';

const db = auditedDataFromEnv();
const storage = storageFromEnv();
const deps = { db, storage };
const incidents = createIncidents(deps);
const answer = (item: IncidentItem) => toOneIncident(deps, item);

export const implementations: Implementations<'incident'> = {
  'incident.create': async ({ actor, body }) => answer(await incidents.create(actor, body)),

  'incident.get': async ({ actor, params }) => answer(await incidents.get(actor, params.id)),

  'incident.allByLocation': async ({ actor, params, query }) =>
    toIncidentsPage(
      deps,
      // One more than asked for tells whether older ones remain.
      await incidents.newestOfLocation(actor, params.locationId, {
        openOnly: query.unresolvedOnly,
        before: query.cursor,
        count: query.limit + 1,
      }),
      query.limit,
    ),

  'incident.someByLocation': async ({ actor, params, query }) =>
    toNumberedPage(deps, await incidents.pageOfLocation(actor, params.id, query), query),

  'incident.search': async ({ actor, query }) => {
    const { items, locations } = await incidents.search(actor, query);
    return { incidents: await toIncidents(deps, items, locations) };
  },

  'incident.update': async ({ actor, body }) => answer(await incidents.update(actor, body)),

  'incident.delete': async ({ actor, params }) => {
    await incidents.remove(actor, params.id);
    return { success: true as const, id: params.id };
  },

  'incident.addNote': async ({ actor, body }) => toNote(await incidents.addNote(actor, body)),

  'incident.resolve': async ({ actor, params, body }) =>
    answer(await incidents.resolve(actor, params.id, body)),

  'incident.photoUpload': async ({ actor, params, body }) => incidents.imageUpload(actor, params.id, body),

  'incident.dashboard': async ({ actor, params, query }) => {
    // One's own scope is the actor's, read already; another user's is read and checked.
    const asActor =
      params.userId === actor.userId ? actor : (await visibleUserScope(db, actor, params.userId)).asActor;
    // The user's locations, as far as the caller may see them.
    let locations = (await locationsInScope(db, asActor)).filter((l) => canSee(actor, locationPlacement(l)));
    if (query.locationId !== undefined) {
      locations = locations.filter((l) => l.locationId === query.locationId);
      if (locations.length === 0) throw new NotFoundError('Location not found');
    }
    const cards = await dashboardCards(db, locations, query);
    const names = await namesFor(
      db,
      cards.flatMap((card) => card.incidents),
      locations,
    );
    return {
      locations: await Promise.all(
        cards.map(async ({ location, incidents, ...counts }) => ({
          id: location.locationId,
          name: location.name,
          address: location.address,
          city: location.city,
          state: location.state,
          zipcode: location.zipcode,
          ...counts,
          incidents: await Promise.all(incidents.map((item) => toIncident(storage, item, names))),
        })),
      ),
    };
  },
};

export const handler = createResourceHandler('incident', incidentRoutes, implementations, withActors(db));
