import { canSee, type Actor, type PlacementOf } from '@sitewalk/shared/policy';
import { encodeIncidentCursor, type Incident } from '@sitewalk/shared/schemas/incident';
import {
  DASHBOARD_DEFAULT_DAYS,
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
import { locationPlacement, placedAtLiveLocation, visibleLocation } from '../domain/placements.ts';
import { visibleUserScope } from '../domain/scope.ts';
import { presignOwnedUpload } from '../domain/uploads.ts';
import { readPartition } from '../db/bounded.ts';
import { nextId, nextIds } from '../db/counters.ts';
import { locationsInScope } from '../db/locations.ts';
import { getUsers } from '../db/users.ts';
import { ownerPrefix } from '../ports/storage.ts';
import type { IncidentItem } from '../db/entities/incident.ts';
import type { LocationItem } from '../db/entities/location.ts';
import type { UserItem } from '../db/entities/user.ts';
import { mapBounded } from '../domain/fan-out.ts';
import { isConditionFailure } from '../db/conditional.ts';

const db = dataFromEnv();
const storage = storageFromEnv();
const notFound = 'Incident not found';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const placementOf = (item: IncidentItem): PlacementOf<'incident'> => ({
  kind: 'incident',
  id: item.incidentId,
  locationId: item.locationId,
  organizationId: item.organizationId,
  managementCompanyId: item.managementCompanyId,
});

const load = async (
  actor: Actor,
  action: 'read' | 'update' | 'note' | 'resolve' | 'delete',
  incidentId: number,
  consistent = false,
) => {
  const { data } = await db.entities.incident.get({ incidentId }).go({ consistent });
  if (!data) throw new NotFoundError(notFound);
  // Placed where its location is now (it may have moved to another area since).
  const item = await placedAtLiveLocation(db, data, notFound);
  authorize(actor, action, placementOf(item), notFound);
  return item;
};

const missing = (): never => {
  throw new Error('A created incident went missing');
};

const newestFirst = (a: IncidentItem, b: IncidentItem) =>
  b.createdAt.localeCompare(a.createdAt) || b.incidentId - a.incidentId;

/** What answers about incidents need besides the items: note authors and location names, one batch read each. */
interface Names {
  users: Map<number, UserItem>;
  locations: Map<number, Pick<LocationItem, 'locationId' | 'name'>>;
}

const namesFor = async (items: IncidentItem[], known: LocationItem[] = []): Promise<Names> => {
  const authorIds = new Set(items.flatMap((i) => i.notes.map((n) => n.userId)));
  const knownIds = new Set(known.map((l) => l.locationId));
  const missing = [...new Set(items.map((i) => i.locationId))].filter((id) => !knownIds.has(id));
  const [users, locations] = await Promise.all([
    getUsers(db, authorIds),
    missing.length
      ? db.entities.location
          .get(missing.map((locationId) => ({ locationId })))
          .go()
          .then((r) => r.data)
      : [],
  ]);
  return {
    users: new Map(users.map((u) => [u.userId, u])),
    locations: new Map([...known, ...locations].map((l) => [l.locationId, l])),
  };
};

const toIncident = async (item: IncidentItem, names: Names): Promise<Incident> => {
  const location = names.locations.get(item.locationId);
  return {
    id: item.incidentId,
    typeId: item.typeId,
    createdAt: item.createdAt,
    resolvedAt: item.resolvedAt ?? null,
    resolved: item.status === 'resolved',
    locationId: item.locationId,
    walkReportId: item.walkReportId ?? null,
    notes: [...item.notes]
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id)
      .map((n) => {
        const author = names.users.get(n.userId);
        return {
          id: n.id,
          note: n.note,
          createdAt: n.createdAt,
          user: author ? { firstName: author.firstName, lastName: author.lastName } : null,
        };
      }),
    images: await Promise.all(
      item.imageKeys.map(async (key) => ({
        key,
        presignedUrl: await storage.presignView(key, PRESIGNED_URL_SECONDS),
      })),
    ),
    incidentTexts: item.texts.map((t) => ({ id: t.id, incidentNoteText: { text: t.text } })),
    walk:
      item.walkReportId !== undefined && location
        ? { location: { name: location.name }, locationId: item.locationId }
        : null,
    location: location ? { name: location.name } : null,
  };
};

const toIncidents = async (items: IncidentItem[], known: LocationItem[] = []) => {
  const names = await namesFor(items, known);
  return Promise.all(items.map((item) => toIncident(item, names)));
};

const one = async (item: IncidentItem) => {
  const [answer] = await toIncidents([item]);
  if (!answer) throw new Error('An incident answer went missing');
  return answer;
};

const textsWithIds = async (texts: string[]) => {
  const ids = await nextIds(db, 'incidentText', texts.length);
  return texts.map((text, index) => ({ id: ids[index] ?? 0, text }));
};

/** Every incident of a location, or its open ones only, newest first (one partition, within the read bound). */
const incidentsOfLocation = (locationId: number, unresolvedOnly = false) =>
  readPartition((cursor) =>
    (unresolvedOnly
      ? db.entities.incident.query.byLocationStatus({ locationId, status: 'open' })
      : db.entities.incident.query.byLocation({ locationId })
    ).go({ cursor, order: 'desc' }),
  );

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
  const { data: guard } = await db.entities.incidentCreate.get({ clientId }).go({ consistent: true });
  if (!guard) return undefined;
  if (guard.userId !== actor.userId) throw new ConflictError(clientIdUsed);
  return one(await load(actor, 'read', guard.incidentId, true));
};

/** How long a deleted incident's create guard stays, so a late retry of the create answers 404, not a new one. */
const RETIRED_GUARD_SECONDS = 30 * 24 * 3600;

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
    const item = {
      incidentId,
      ...placed,
      walkReportId: body.walkReportId,
      typeId: body.typeId,
      createdBy: actor.userId,
      createdAt: now,
      clientId: body.clientId,
      texts: await textsWithIds(body.incidentTexts),
      notes: body.notes.map((note, index) => ({
        id: noteIds[index] ?? 0,
        note,
        userId: actor.userId,
        createdAt: now,
      })),
    };
    const { clientId } = body;
    if (clientId === undefined) return one((await db.entities.incident.create(item).go()).data);
    // The guard and the incident in one transaction: of two copies of the same create, one makes both.
    const result = await db.transaction
      .write(({ incidentCreate, incident }) => [
        incidentCreate.create({ clientId, incidentId, userId: actor.userId }).commit(),
        incident.create(item).commit(),
      ])
      .go();
    if (result.canceled) {
      // A copy of the same create won the race: answer its incident.
      const winner = await createdBefore(actor, clientId);
      if (!winner) throw new ConflictError('This incident could not be recorded, please try again');
      return winner;
    }
    return one((await db.entities.incident.get({ incidentId }).go({ consistent: true })).data ?? missing());
  },

  'incident.get': async ({ actor, params }) => one(await load(actor, 'read', params.id)),

  'incident.byLocation': async ({ actor, params, query }) => {
    const location = await visibleLocation(db, actor, params.locationId);
    const index = query.unresolvedOnly
      ? db.entities.incident.query.byLocationStatus({ locationId: location.locationId, status: 'open' })
      : db.entities.incident.query.byLocation({ locationId: location.locationId });
    // One more than asked for tells whether older ones remain.
    const { data: newest } = await (query.cursor ? index.lt(query.cursor) : index).go({
      order: 'desc',
      count: query.limit + 1,
      pages: 'all',
    });
    const names = await namesFor(newest, [location]);
    const incidents: Incident[] = [];
    let bytes = 0;
    for (const item of newest.slice(0, query.limit)) {
      const answer = await toIncident(item, names);
      bytes += Buffer.byteLength(JSON.stringify(answer));
      if (incidents.length > 0 && bytes > INCIDENT_ANSWER_BYTES_MAX) break;
      incidents.push(answer);
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
    const items = await incidentsOfLocation(location.locationId, query.unresolvedOnly);
    const names = await namesFor([], [location]);
    const matching = pageOf(items, { ...query, offset: 0, limit: items.length }, (i) => searchable(i, names));
    const page = matching.items.slice(query.offset, query.offset + query.limit);
    return {
      incidents: await toIncidents(page, [location]),
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
      await mapBounded(locations, (l) => incidentsOfLocation(l.locationId, query.unresolvedOnly))
    ).flat();
    const names = await namesFor([], locations);
    const matching = pageOf(items, { offset: 0, limit: items.length, searchTerm: query.searchTerm }, (i) =>
      searchable(i, names),
    ).items;
    return {
      incidents: await toIncidents(matching.sort(newestFirst).slice(0, INCIDENT_LIST_LIMIT), locations),
    };
  },

  'incident.update': async ({ actor, body }) => {
    const item = await load(actor, 'update', body.id);
    if (body.typeId === undefined && body.incidentTexts === undefined) return one(item);
    const { data } = await db.entities.incident
      .patch({ incidentId: item.incidentId })
      .set({
        ...(body.typeId === undefined ? {} : { typeId: body.typeId }),
        ...(body.incidentTexts === undefined ? {} : { texts: await textsWithIds(body.incidentTexts) }),
      })
      .go({ response: 'all_new' });
    return one(data);
  },

  'incident.delete': async ({ actor, params }) => {
    const item = await load(actor, 'delete', params.id);
    await db.entities.incident.delete({ incidentId: item.incidentId }).go();
    if (item.clientId !== undefined) {
      // Its create guard stays a while, so a late retry of the create finds the incident gone (404).
      await db.entities.incidentCreate
        .patch({ clientId: item.clientId })
        .set({ expiresAt: Math.floor(Date.now() / 1000) + RETIRED_GUARD_SECONDS })
        .go()
        .catch((error: unknown) => {
          if (!isConditionFailure(error)) throw error;
        });
    }
    await storage.deletePrefix(ownerPrefix(item.managementCompanyId, 'incident-photo', item.incidentId));
    return { success: true as const, id: params.id };
  },

  'incident.addNote': async ({ actor, body }) => {
    const item = await load(actor, 'note', body.incidentId);
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
      user: author ? { firstName: author.firstName, lastName: author.lastName } : null,
    };
  },

  'incident.resolve': async ({ actor, params, body }) => {
    const item = await load(actor, 'resolve', params.id);
    const patch = db.entities.incident
      .patch({ incidentId: item.incidentId })
      .composite({ locationId: item.locationId, createdAt: item.createdAt });
    const now = new Date().toISOString();
    // The client's clock, kept between the incident's creation and now.
    const resolvedAt =
      !body.resolvedAt || body.resolvedAt > now
        ? now
        : body.resolvedAt < item.createdAt
          ? item.createdAt
          : body.resolvedAt;
    const { data } = body.resolved
      ? await patch.set({ status: 'resolved', resolvedAt }).go({ response: 'all_new' })
      : await patch.set({ status: 'open' }).remove(['resolvedAt']).go({ response: 'all_new' });
    return one(data);
  },

  'incident.imageUpload': async ({ actor, params, body }) => {
    const item = await load(actor, 'update', params.id);
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
      if (!now) throw new NotFoundError(notFound);
      const winner = signAgain(now);
      if (winner) return winner;
      throw new ConflictError(full);
    }
    return ticket;
  },

  'incident.dashboard': async ({ actor, params, query }) => {
    const { asActor } = await visibleUserScope(db, actor, params.userId);
    const to = query.to ?? new Date().toISOString();
    const from = query.from ?? new Date(Date.parse(to) - DASHBOARD_DEFAULT_DAYS * DAY).toISOString();
    if (from > to) {
      throw new BadRequestError('from: must not be after to', { from: ['must not be after to'] });
    }
    const weekAgo = new Date(Date.parse(to) - 7 * DAY).toISOString();
    const threeDaysAgo = new Date(Date.parse(to) - 72 * HOUR).toISOString();
    // The user's locations, as far as the caller may see them.
    let locations = (await locationsInScope(db, asActor)).filter((l) => canSee(actor, locationPlacement(l)));
    if (query.locationId !== undefined) {
      locations = locations.filter((l) => l.locationId === query.locationId);
      if (locations.length === 0) throw new NotFoundError('Location not found');
    }
    // Two key-range queries per location, a few locations at a time: the week's reports and the range's incidents.
    const perLocation = await mapBounded(locations, async (location) => {
      const [reports, incidents] = await Promise.all([
        readPartition((cursor) =>
          db.entities.walkReport.query
            .byLocation({ locationId: location.locationId })
            .between({ startedAt: weekAgo }, { startedAt: to })
            .go({ cursor, attributes: ['startedAt'] }),
        ),
        readPartition((cursor) =>
          (query.unresolvedOnly
            ? db.entities.incident.query.byLocationStatus({ locationId: location.locationId, status: 'open' })
            : db.entities.incident.query.byLocation({ locationId: location.locationId })
          )
            .between({ createdAt: from }, { createdAt: to })
            .go({ cursor, order: 'desc' }),
        ),
      ]);
      return { location, reports, incidents };
    });
    const names = await namesFor(
      perLocation.flatMap((l) => l.incidents),
      locations,
    );
    return {
      locations: await Promise.all(
        perLocation.map(async ({ location, reports, incidents }) => {
          const countOf = (typeId: number) => incidents.filter((i) => i.typeId === typeId).length;
          const shown = incidents.filter((i) => query.typeId === undefined || i.typeId === query.typeId);
          return {
            id: location.locationId,
            name: location.name,
            address: location.address,
            city: location.city,
            state: location.state,
            zipcode: location.zipcode,
            walkReportStats: {
              last72Hours: reports.filter((r) => r.startedAt >= threeDaysAgo).length,
              lastWeek: reports.length,
            },
            incidentCountsByType: { 1: countOf(1), 2: countOf(2), 3: countOf(3) },
            incidents: await Promise.all(shown.map((item) => toIncident(item, names))),
          };
        }),
      ),
    };
  },
};

export const handler = createResourceHandler('incident', incidentRoutes, implementations, withActors(db));
