import { canSee, type Actor } from '@sitewalk/shared/policy';
import { encodeIncidentCursor, type Incident } from '@sitewalk/shared/schemas/incident';
import {
  INCIDENT_ANSWER_BYTES_MAX,
  INCIDENT_IMAGES_MAX,
  INCIDENT_LIST_LIMIT,
  INCIDENT_NOTES_MAX,
  PRESIGNED_URL_SECONDS,
  priorityName,
} from '@sitewalk/shared/constants';
import { dataFromEnv, storageFromEnv, withActors } from '../composition.ts';
import { createResourceHandler, type Implementations } from '../http/handler.ts';
import { incidentRoutes } from '@sitewalk/shared/contract/incident';
import { BadRequestError, ConflictError, NotFoundError } from '../domain/errors.ts';
import { authorize } from '../domain/authorize.ts';
import { pageOf } from '../domain/paging.ts';
import { locationPlacement, visibleLocation } from '../domain/placements.ts';
import { visibleUserScope } from '../domain/scope.ts';
import { presignOwnedUpload } from '../domain/uploads.ts';
import { changeIncident, dashboardCards, incidentNotFound, loadIncident } from '../domain/incidents.ts';
import { mapBounded } from '../domain/fan-out.ts';
import { nextId, nextIds } from '../db/counters.ts';
import { locationsInScope } from '../db/locations.ts';
import { getUsers } from '../db/users.ts';
import {
  createIncident,
  deleteIncident,
  getIncident,
  incidentCreatedWith,
  incidentsOfLocation,
  newestIncidents,
  resolveIncident,
  retireCreateGuard,
  updateIncident,
} from '../db/incidents.ts';
import { isConditionFailure } from '../db/conditional.ts';
import type { IncidentItem } from '../db/entities/incident.ts';
import { ownerPrefix } from '../ports/storage.ts';
import { authorOf, namesFor, toIncident, toIncidents, type Names } from './views.ts';

const db = dataFromEnv();
const storage = storageFromEnv();
const deps = { db, storage };

const answer = async (item: IncidentItem) => {
  const [incident] = await toIncidents(deps, [item]);
  if (!incident) throw new Error('An incident answer went missing');
  return incident;
};

/** The incident as it is now (after a write), answered. */
const answerStored = async (incidentId: number) => {
  const item = await getIncident(db, incidentId, true);
  if (!item) throw new NotFoundError(incidentNotFound);
  return answer(item);
};

const newestFirst = (a: IncidentItem, b: IncidentItem) =>
  b.createdAt.localeCompare(a.createdAt) || b.incidentId - a.incidentId;

const textsWithIds = async (texts: string[]) => {
  const ids = await nextIds(db, 'incidentText', texts.length);
  return texts.map((text, index) => ({ id: ids[index] ?? 0, text }));
};

const searchable = (item: IncidentItem, names?: Names) => [
  item.incidentId,
  priorityName(item.typeId),
  names?.locations.get(item.locationId)?.name,
  ...item.texts.map((t) => t.text),
  ...item.notes.map((n) => n.note),
];

const clientIdUsed = 'This client id is already used';

/** The incident a create with this client id made, if the caller made it; another caller's id is a 409. */
const createdBefore = async (actor: Actor, clientId: string) => {
  const guard = await incidentCreatedWith(db, clientId);
  if (!guard) return undefined;
  if (guard.userId !== actor.userId) throw new ConflictError(clientIdUsed);
  return answer(await loadIncident(db, actor, 'read', guard.incidentId, true));
};

/** How long a deleted incident's create guard stays, so a late retry of the create answers 404, not a new one. */
const RETIRED_GUARD_SECONDS = 30 * 24 * 3600;

/** The client's clock, kept between the incident's creation and now. */
const resolvedAtOf = (item: IncidentItem, sent: string | null | undefined, now: string) => {
  const at = !sent || sent > now ? now : sent;
  return at < item.createdAt ? item.createdAt : at;
};

/** The incident's images asked for under this client id: the key and who asked. */
const imageRequestOf = (item: IncidentItem, clientId: string) =>
  item.imageRequests?.find((request) => request.clientId === clientId);

export const implementations: Implementations<'incident'> = {
  'incident.create': async ({ actor, body }) => {
    if (body.clientId !== undefined) {
      // A retried create (the walk recorder's outbox): the same incident, never a second one.
      const first = await createdBefore(actor, body.clientId);
      if (first) return first;
    }
    const location = await visibleLocation(db, actor, body.locationId);
    const placed = {
      locationId: location.locationId,
      organizationId: location.organizationId,
      managementCompanyId: location.managementCompanyId,
    };
    // The policy decides by where an incident sits; it is numbered only once it may be created.
    authorize(actor, 'create', { kind: 'incident', id: 0, ...placed }, 'Location not found');
    if (body.walkReportId !== undefined) {
      const { data: report } = await db.entities.walkReport.get({ walkReportId: body.walkReportId }).go();
      if (report?.locationId !== location.locationId) {
        throw new BadRequestError('walkReportId: not a walk report of this location', {
          walkReportId: ['not a walk report of this location'],
        });
      }
    }
    const now = new Date().toISOString();
    const incidentId = await nextId(db, 'incident');
    const noteIds = await nextIds(db, 'incidentNote', body.notes.length);
    const { clientId } = body;
    const created = await createIncident(
      db,
      {
        incidentId,
        ...placed,
        walkReportId: body.walkReportId,
        typeId: body.typeId,
        createdBy: actor.userId,
        createdAt: now,
        clientId,
        texts: await textsWithIds(body.incidentTexts),
        notes: body.notes.map((note, index) => ({
          id: noteIds[index] ?? 0,
          note,
          userId: actor.userId,
          createdAt: now,
        })),
      },
      clientId === undefined ? undefined : { clientId, userId: actor.userId },
    );
    if (created) return answerStored(incidentId);
    // A copy of the same create won the race: answer its incident.
    const winner = clientId === undefined ? undefined : await createdBefore(actor, clientId);
    if (!winner) throw new ConflictError('This incident could not be recorded, please try again');
    return winner;
  },

  'incident.get': async ({ actor, params }) => answer(await loadIncident(db, actor, 'read', params.id)),

  'incident.byLocation': async ({ actor, params, query }) => {
    const location = await visibleLocation(db, actor, params.locationId);
    // One more than asked for tells whether older ones remain.
    const newest = await newestIncidents(db, location.locationId, {
      openOnly: query.unresolvedOnly,
      before: query.cursor,
      count: query.limit + 1,
    });
    const names = await namesFor(db, newest, [location]);
    const incidents: Incident[] = [];
    let bytes = 0;
    for (const item of newest.slice(0, query.limit)) {
      const incident = await toIncident(storage, item, names);
      bytes += Buffer.byteLength(JSON.stringify(incident));
      if (incidents.length > 0 && bytes > INCIDENT_ANSWER_BYTES_MAX) break;
      incidents.push(incident);
    }
    const last = newest[incidents.length - 1];
    const more = newest.length > incidents.length;
    return {
      incidents,
      nextCursor: more && last ? encodeIncidentCursor(last) : null,
    };
  },

  'incident.someByLocation': async ({ actor, params, query }) => {
    const location = await visibleLocation(db, actor, params.id);
    const items = await incidentsOfLocation(db, location.locationId, query.unresolvedOnly);
    const names = await namesFor(db, [], [location]);
    const matching = pageOf(items, { ...query, offset: 0, limit: items.length }, (i) => searchable(i, names));
    const page = matching.items.slice(query.offset, query.offset + query.limit);
    return {
      incidents: await toIncidents(deps, page, [location]),
      totalCount: matching.totalCount,
      unresolvedCount: matching.items.filter((i) => i.status === 'open').length,
      page: Math.floor(query.offset / query.limit) + 1,
      limit: query.limit,
      totalPages: Math.ceil(matching.totalCount / query.limit),
    };
  },

  'incident.search': async ({ actor, query }) => {
    const locations = (await locationsInScope(db, actor)).filter((l) => canSee(actor, locationPlacement(l)));
    const items = (
      await mapBounded(locations, (l) => incidentsOfLocation(db, l.locationId, query.unresolvedOnly))
    ).flat();
    const names = await namesFor(db, [], locations);
    const matching = pageOf(items, { offset: 0, limit: items.length, searchTerm: query.searchTerm }, (i) =>
      searchable(i, names),
    ).items;
    return {
      incidents: await toIncidents(deps, matching.sort(newestFirst).slice(0, INCIDENT_LIST_LIMIT), locations),
    };
  },

  'incident.update': async ({ actor, body }) => {
    if (body.typeId === undefined && body.incidentTexts === undefined) {
      return answer(await loadIncident(db, actor, 'update', body.id));
    }
    const change = {
      ...(body.typeId === undefined ? {} : { typeId: body.typeId }),
      ...(body.incidentTexts === undefined ? {} : { texts: await textsWithIds(body.incidentTexts) }),
    };
    await changeIncident(db, actor, 'update', body.id, (item) => updateIncident(db, item, change));
    return answerStored(body.id);
  },

  'incident.delete': async ({ actor, params }) => {
    const item = await changeIncident(db, actor, 'delete', params.id, (found) => deleteIncident(db, found));
    if (item.clientId !== undefined) {
      // Its create guard stays a while, so a late retry of the create finds the incident gone (404).
      await retireCreateGuard(db, item.clientId, Math.floor(Date.now() / 1000) + RETIRED_GUARD_SECONDS);
    }
    await storage.deletePrefix(ownerPrefix(item.managementCompanyId, 'incident-photo', item.incidentId));
    return { success: true as const, id: params.id };
  },

  'incident.addNote': async ({ actor, body }) => {
    const item = await loadIncident(db, actor, 'note', body.incidentId);
    if (item.notes.length >= INCIDENT_NOTES_MAX) {
      throw new ConflictError(`An incident holds at most ${INCIDENT_NOTES_MAX} notes`);
    }
    const note = {
      id: await nextId(db, 'incidentNote'),
      note: body.note,
      // The author is whoever calls, never a user id from the body.
      userId: actor.userId,
      createdAt: new Date().toISOString(),
    };
    await db.entities.incident
      .patch({ incidentId: item.incidentId })
      .append({ notes: [note] })
      .go();
    const [author] = await getUsers(db, [actor.userId]);
    return {
      id: note.id,
      note: note.note,
      createdAt: note.createdAt,
      user: authorOf(author),
    };
  },

  'incident.resolve': async ({ actor, params, body }) => {
    const now = new Date().toISOString();
    await changeIncident(db, actor, 'resolve', params.id, (item) =>
      resolveIncident(db, item, body.resolved ? resolvedAtOf(item, body.resolvedAt, now) : undefined),
    );
    return answerStored(params.id);
  },

  'incident.imageUpload': async ({ actor, params, body }) => {
    const item = await loadIncident(db, actor, 'update', params.id);
    const file = { contentType: body.contentType, contentLength: body.contentLength };
    const { clientId } = body;
    /** A retried request (same client id, same caller) signs the key it was given again. */
    const signAgain = (found: IncidentItem) => {
      const request = clientId === undefined ? undefined : imageRequestOf(found, clientId);
      if (!request) return undefined;
      if (request.userId !== actor.userId) throw new ConflictError(clientIdUsed);
      return storage.presignUpload({ key: request.key, ...file, expiresIn: PRESIGNED_URL_SECONDS });
    };
    const again = signAgain(item);
    if (again) return again;
    const full = `An incident holds at most ${INCIDENT_IMAGES_MAX} images`;
    if (item.imageKeys.length >= INCIDENT_IMAGES_MAX) throw new ConflictError(full);
    const ticket = await presignOwnedUpload(
      storage,
      { managementCompanyId: item.managementCompanyId, kind: 'incident-photo', id: item.incidentId },
      file,
    );
    const patch = db.entities.incident.patch({ incidentId: item.incidentId });
    try {
      // The cap and the client id are the write's condition: parallel requests can pass neither.
      await (
        clientId === undefined
          ? patch
              .append({ imageKeys: [ticket.key] })
              .where(
                ({ imageKeys }, { size, escape }) => `${size(imageKeys)} < ${escape(INCIDENT_IMAGES_MAX)}`,
              )
          : patch
              .append({
                imageKeys: [ticket.key],
                imageRequests: [{ clientId, key: ticket.key, userId: actor.userId }],
              })
              .add({ imageClientIds: [clientId] })
              .where(
                ({ imageKeys, imageClientIds }, { size, escape, notContains }) =>
                  `${size(imageKeys)} < ${escape(INCIDENT_IMAGES_MAX)} AND ${notContains(imageClientIds, clientId)}`,
              )
      ).go();
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      // A copy of the same request won, or the incident filled up (or went) meanwhile.
      const { data: now } = await db.entities.incident
        .get({ incidentId: item.incidentId })
        .go({ consistent: true });
      if (!now) throw new NotFoundError(incidentNotFound);
      const winner = signAgain(now);
      if (winner) return winner;
      throw new ConflictError(full);
    }
    return ticket;
  },

  'incident.dashboard': async ({ actor, params, query }) => {
    const { asActor } = await visibleUserScope(db, actor, params.userId);
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
