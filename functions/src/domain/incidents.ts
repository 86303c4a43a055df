import type * as z from 'zod';
import { canSee, type Actor, type PlacementOf } from '@sitewalk/shared/policy';
import type {
  createIncidentBody,
  incidentPhotoUploadBody,
  incidentNoteBody,
  resolveIncidentBody,
  updateIncidentBody,
} from '@sitewalk/shared/schemas/incident';
import {
  INCIDENT_IMAGES_MAX,
  INCIDENT_LIST_LIMIT,
  INCIDENT_NOTES_MAX,
  priorityName,
} from '@sitewalk/shared/constants';
import type { DataService } from '../db/service.ts';
import { UNRESOLVED, type IncidentItem } from '../db/entities/incident.ts';
import type { LocationItem } from '../db/entities/location.ts';
import { nextId, nextIds } from '../db/counters.ts';
import {
  addIncidentPhoto,
  addIncidentNote,
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
import { locationsInScope } from '../db/locations.ts';
import { getUsers } from '../db/users.ts';
import { getWalkReport } from '../db/walk-reports.ts';
import { clock } from '../ports/clock.ts';
import { ownerPrefix, type Storage } from '../ports/storage.ts';
import { authorize } from './authorize.ts';
import { BadRequestError, ConflictError, NotFoundError } from './errors.ts';
import { mapBounded } from './fan-out.ts';
import { pageOf, type PageRequest } from './paging.ts';
import { atLocation, locationPlacement, placedAtLiveLocation, visibleLocation } from './placements.ts';
import { presignOwnedUpload, presignPendingUpload } from './uploads.ts';

/** The incident rules the handler runs: who may act on one, and changes that race. */

export const incidentNotFound = 'Incident not found';

/** The order of a location's incidents (gsi1): newest first, the higher id first within one instant. */
const newestFirst = (a: { createdAt: string; incidentId: number }, b: typeof a) =>
  b.createdAt.localeCompare(a.createdAt) || b.incidentId - a.incidentId;

export type IncidentAction = 'read' | 'update' | 'note' | 'resolve' | 'delete';

const incidentPlacement = (item: IncidentItem): PlacementOf<'incident'> => ({
  kind: 'incident',
  id: item.incidentId,
  locationId: item.locationId,
  organizationId: item.organizationId,
  managementCompanyId: item.managementCompanyId,
});

/** An incident the actor may act on, placed where its location is now; else 404 (or 403). */
export const loadIncident = async (
  db: DataService,
  actor: Actor,
  action: IncidentAction,
  incidentId: number,
  consistent = false,
) => {
  const data = await getIncident(db, incidentId, consistent);
  if (!data) throw new NotFoundError(incidentNotFound);
  const item = await placedAtLiveLocation(db, data, incidentNotFound);
  authorize(actor, action, incidentPlacement(item), incidentNotFound);
  return item;
};

/** How often a change is tried against a fresh read when the incident changed between read and write. */
const CHANGE_ATTEMPTS = 3;

/**
 * Writes a change to an incident as last read (`write` answers false when the incident changed meanwhile, say
 * a resolve racing a priority change, so its tally entry would go astray); reads it again and retries. Answers
 * the incident as the write left it.
 */
export const changeIncident = async (
  db: DataService,
  actor: Actor,
  action: IncidentAction,
  incidentId: number,
  write: (item: IncidentItem) => Promise<boolean>,
) => {
  for (let attempt = 0; attempt < CHANGE_ATTEMPTS; attempt++) {
    const item = await loadIncident(db, actor, action, incidentId, attempt > 0);
    if (await write(item)) return item;
  }
  throw new ConflictError('The incident kept changing, please try again');
};

const CLIENT_ID_USED = 'This client id is already used';

/** How long a deleted incident's create guard stays: a late retry of the create answers 404. */
const RETIRED_GUARD_SECONDS = 30 * 24 * 3600;

/** The client's clock, kept between the incident's creation and now. */
const resolvedAtOf = (item: IncidentItem, sent: string | null | undefined, now: string) => {
  const at = !sent || sent > now ? now : sent;
  return at < item.createdAt ? item.createdAt : at;
};

/** What a search matches an incident by; `locationNames` are those of the locations searched. */
const searchable = (item: IncidentItem, locationNames: ReadonlyMap<number, string>) => [
  item.incidentId,
  priorityName(item.priority),
  locationNames.get(item.locationId),
  ...item.texts.map((t) => t.text),
  ...item.notes.map((n) => n.note),
];
const namesOf = (locations: readonly LocationItem[]) => new Map(locations.map((l) => [l.locationId, l.name]));

/** Incidents: created once per client id, listed, searched, changed, noted on and photographed. */
export const createIncidents = ({ db, storage }: { db: DataService; storage: Storage }) => {
  const textsWithIds = async (texts: readonly string[]) => {
    const ids = await nextIds(db, 'incidentText', texts.length);
    return texts.map((text, index) => ({ id: ids[index] ?? 0, text }));
  };

  /** The incident as a write left it. */
  const stored = async (incidentId: number) => {
    const item = await getIncident(db, incidentId, true);
    if (!item) throw new NotFoundError(incidentNotFound);
    return item;
  };

  /** The incident a create with this client id made, if the caller made it; another caller's id is a 409. */
  const createdBefore = async (actor: Actor, clientId: string) => {
    const guard = await incidentCreatedWith(db, clientId);
    if (!guard) return undefined;
    if (guard.userId !== actor.userId) throw new ConflictError(CLIENT_ID_USED);
    return loadIncident(db, actor, 'read', guard.incidentId, true);
  };

  return {
    /** Creates an incident; a retried create (the walk recorder's outbox) answers the same one. */
    create: async (actor: Actor, body: z.output<typeof createIncidentBody>) => {
      const { clientId } = body;
      const first = clientId === undefined ? undefined : await createdBefore(actor, clientId);
      if (first) return first;
      const location = await visibleLocation(db, actor, body.locationId);
      const placed = atLocation(location);
      // The policy decides by where an incident sits; it is numbered only once it may be created.
      authorize(actor, 'create', { kind: 'incident', id: 0, ...placed }, 'Location not found');
      if (body.walkReportId !== undefined) {
        const report = await getWalkReport(db, body.walkReportId);
        if (report?.locationId !== location.locationId) {
          throw new BadRequestError('walkReportId: not a walk report of this location', {
            walkReportId: ['not a walk report of this location'],
          });
        }
      }
      const now = clock.now().toISOString();
      const incidentId = await nextId(db, 'incident');
      const noteIds = await nextIds(db, 'incidentNote', body.notes.length);
      const created = await createIncident(
        db,
        {
          incidentId,
          ...placed,
          walkReportId: body.walkReportId,
          priority: body.typeId,
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
      if (created) return stored(incidentId);
      // A copy of the same create won the race: answer its incident.
      const winner = clientId === undefined ? undefined : await createdBefore(actor, clientId);
      if (!winner) throw new ConflictError('This incident could not be recorded, please try again');
      return winner;
    },

    get: (actor: Actor, incidentId: number) => loadIncident(db, actor, 'read', incidentId),

    /** At most `count` of a location's incidents, newest first, created before `before` if given. */
    newestOfLocation: async (
      actor: Actor,
      locationId: number,
      page: Parameters<typeof newestIncidents>[2],
    ) => {
      const location = await visibleLocation(db, actor, locationId);
      return { location, newest: await newestIncidents(db, location.locationId, page) };
    },

    /** A page of a location's incidents (or open ones) matching the search, and counts of all matching. */
    pageOfLocation: async (
      actor: Actor,
      locationId: number,
      query: PageRequest & { unresolvedOnly: boolean },
    ) => {
      const location = await visibleLocation(db, actor, locationId);
      const items = await incidentsOfLocation(db, location.locationId, query.unresolvedOnly);
      const names = namesOf([location]);
      const matching = pageOf(items, { ...query, offset: 0, limit: items.length }, (i) =>
        searchable(i, names),
      );
      return {
        location,
        items: matching.items.slice(query.offset, query.offset + query.limit),
        totalCount: matching.totalCount,
        unresolvedCount: matching.items.filter((i) => i.status === UNRESOLVED).length,
      };
    },

    /** The newest `INCIDENT_LIST_LIMIT` incidents matching the search across the actor's locations. */
    search: async (actor: Actor, query: { searchTerm?: string | undefined; unresolvedOnly: boolean }) => {
      const locations = (await locationsInScope(db, actor)).filter((l) =>
        canSee(actor, locationPlacement(l)),
      );
      const items = (
        await mapBounded(locations, (l) => incidentsOfLocation(db, l.locationId, query.unresolvedOnly))
      ).flat();
      const names = namesOf(locations);
      const matching = pageOf(items, { offset: 0, limit: items.length, searchTerm: query.searchTerm }, (i) =>
        searchable(i, names),
      ).items;
      return { locations, items: matching.sort(newestFirst).slice(0, INCIDENT_LIST_LIMIT) };
    },

    update: async (actor: Actor, body: z.output<typeof updateIncidentBody>) => {
      if (body.typeId === undefined && body.incidentTexts === undefined) {
        return loadIncident(db, actor, 'update', body.id);
      }
      const change = {
        ...(body.typeId === undefined ? {} : { priority: body.typeId }),
        ...(body.incidentTexts === undefined ? {} : { texts: await textsWithIds(body.incidentTexts) }),
      };
      await changeIncident(db, actor, 'update', body.id, (item) => updateIncident(db, item, change));
      return stored(body.id);
    },

    /** Deletes an incident and its photos. */
    remove: async (actor: Actor, incidentId: number) => {
      const item = await changeIncident(db, actor, 'delete', incidentId, (found) =>
        deleteIncident(db, found),
      );
      if (item.clientId !== undefined) {
        // Its create guard stays a while, so a late retry of the create finds the incident gone (404).
        await retireCreateGuard(
          db,
          item.clientId,
          Math.floor(clock.now().getTime() / 1000) + RETIRED_GUARD_SECONDS,
        );
      }
      await storage.deletePrefix(ownerPrefix(item.managementCompanyId, 'incident-photo', item.incidentId));
    },

    /** Adds a note by the caller (never a user id from the body): the note and its author. */
    addNote: async (actor: Actor, body: z.output<typeof incidentNoteBody>) => {
      const full = `An incident holds at most ${INCIDENT_NOTES_MAX} notes`;
      const item = await loadIncident(db, actor, 'note', body.incidentId);
      if (item.notes.length >= INCIDENT_NOTES_MAX) throw new ConflictError(full);
      const note = {
        id: await nextId(db, 'incidentNote'),
        note: body.note,
        userId: actor.userId,
        createdAt: clock.now().toISOString(),
      };
      // The cap is the write's condition: parallel notes cannot pass it.
      if (!(await addIncidentNote(db, item.incidentId, note))) {
        await stored(item.incidentId);
        throw new ConflictError(full);
      }
      const [author] = await getUsers(db, [actor.userId]);
      return { note, author };
    },

    /** Resolves or reopens an incident; the time resolved is the client's, within reason. */
    resolve: async (actor: Actor, incidentId: number, body: z.output<typeof resolveIncidentBody>) => {
      const now = clock.now().toISOString();
      await changeIncident(db, actor, 'resolve', incidentId, (item) =>
        resolveIncident(
          db,
          item,
          body.resolved ? resolvedAtOf(item, body.resolvedAt, now) : undefined,
          actor,
        ),
      );
      return stored(incidentId);
    },

    /**
     * An upload URL for a photo of the incident; a retried request (same client id) signs its key again while its
     * file has not landed (write-once, as walk photos).
     */
    photoUpload: async (actor: Actor, incidentId: number, body: z.output<typeof incidentPhotoUploadBody>) => {
      const item = await loadIncident(db, actor, 'update', incidentId);
      const file = { contentType: body.contentType, contentLength: body.contentLength };
      const { clientId } = body;
      const signAgain = (found: IncidentItem) => {
        const request =
          clientId === undefined ? undefined : found.photoRequests?.find((r) => r.clientId === clientId);
        if (!request) return undefined;
        if (request.userId !== actor.userId) throw new ConflictError(CLIENT_ID_USED);
        return presignPendingUpload(storage, request.key, file);
      };
      const again = signAgain(item);
      if (again) return again;
      const full = `An incident holds at most ${INCIDENT_IMAGES_MAX} images`;
      if (item.photoKeys.length >= INCIDENT_IMAGES_MAX) throw new ConflictError(full);
      const ticket = await presignOwnedUpload(
        storage,
        { managementCompanyId: item.managementCompanyId, kind: 'incident-photo', id: item.incidentId },
        file,
      );
      const request = clientId === undefined ? undefined : { clientId, userId: actor.userId };
      if (await addIncidentPhoto(db, item.incidentId, ticket.key, request)) return ticket;
      // A copy of the same request won, or the incident filled up (or went) meanwhile.
      const winner = signAgain(await stored(item.incidentId));
      if (winner) return winner;
      throw new ConflictError(full);
    },
  };
};
