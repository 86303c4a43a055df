import { auditedDataFromEnv, storageFromEnv, withActors } from '../composition.ts';
import { createResourceHandler, type Implementations } from '../http/handler.ts';
import { incidentRoutes } from '@sitewalk/shared/contract/incident';
import { createIncidents } from '../domain/incidents.ts';
import { dashboardOf } from '../domain/dashboard.ts';
import { portfolioPage, portfolioSummary } from '../domain/portfolio.ts';
import { toPortfolioPage } from '../views/portfolio.ts';
import {
  toDashboard,
  toIncidents,
  toIncidentsPage,
  toNote,
  toNumberedPage,
  toOneIncident,
} from '../views/incidents.ts';

const db = auditedDataFromEnv();
const storage = storageFromEnv();
const deps = { db, storage };
const incidents = createIncidents(deps);
const answer = (item: Parameters<typeof toOneIncident>[1]) => toOneIncident(deps, item);

export const implementations: Implementations<'incident'> = {
  'incident.create': async ({ actor, body }) => answer(await incidents.create(actor, body)),

  'incident.get': async ({ actor, params }) => answer(await incidents.get(actor, params.id)),

  'incident.allByLocation': async ({ actor, params, query }) =>
    toIncidentsPage(
      deps,
      // One more than asked for tells whether older ones remain.
      await incidents.newestOfLocation(actor, params.locationId, {
        unresolvedOnly: query.unresolvedOnly,
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

  'incident.photoUpload': async ({ actor, params, body }) => incidents.photoUpload(actor, params.id, body),

  'incident.dashboard': async ({ actor, params, query }) => {
    const { locations, cards } = await dashboardOf(db, actor, params.userId, {
      from: query.from,
      to: query.to,
      priority: query.typeId,
      unresolvedOnly: query.unresolvedOnly,
      locationId: query.locationId,
    });
    return toDashboard(deps, cards, locations);
  },

  'incident.portfolioSummary': async ({ actor, query }) => portfolioSummary(db, actor, query),

  'incident.portfolioPage': async ({ actor, query }) =>
    toPortfolioPage(
      deps,
      await portfolioPage(db, actor, {
        ...query,
        priority: query.typeId,
      }),
    ),
};

export const handler = createResourceHandler('incident', incidentRoutes, implementations, withActors(db));
