import { encodeIncidentCursor, type Incident } from '@sitewalk/shared/schemas/incident';
import { INCIDENT_ANSWER_BYTES_MAX, PRESIGNED_URL_SECONDS } from '@sitewalk/shared/constants';
import type { DataService } from '../db/service.ts';
import type { IncidentItem } from '../db/entities/incident.ts';
import type { LocationItem } from '../db/entities/location.ts';
import type { UserItem } from '../db/entities/user.ts';
import type { IncidentNote } from '../db/incidents.ts';
import { getLocations } from '../db/locations.ts';
import { getUsers } from '../db/users.ts';
import type { Storage } from '../ports/storage.ts';
import type { DashboardCard } from '../domain/dashboard.ts';

/** Incidents as the API answers them (item → answer), in one place. */

/** What answers about incidents need besides the items: note authors and location names, one batch read each. */
export interface Names {
  users: Map<number, UserItem>;
  locations: Map<number, Pick<LocationItem, 'locationId' | 'name'>>;
}

export const namesFor = async (
  db: DataService,
  items: IncidentItem[],
  known: readonly Pick<LocationItem, 'locationId' | 'name'>[] = [],
): Promise<Names> => {
  const authorIds = new Set(items.flatMap((i) => i.notes.map((n) => n.userId)));
  const knownIds = new Set(known.map((l) => l.locationId));
  const missing = [...new Set(items.map((i) => i.locationId))].filter((id) => !knownIds.has(id));
  const [users, locations] = await Promise.all([getUsers(db, authorIds), getLocations(db, missing)]);
  return {
    users: new Map(users.map((u) => [u.userId, u])),
    locations: new Map([...known, ...locations].map((l) => [l.locationId, l])),
  };
};

const authorOf = (user: UserItem | undefined) =>
  user ? { firstName: user.firstName, lastName: user.lastName } : null;

export const toIncident = async (storage: Storage, item: IncidentItem, names: Names): Promise<Incident> => {
  const location = names.locations.get(item.locationId);
  return {
    id: item.incidentId,
    typeId: item.priority,
    createdAt: item.createdAt,
    resolvedAt: item.resolvedAt ?? null,
    resolved: item.status === 'resolved',
    locationId: item.locationId,
    walkReportId: item.walkReportId ?? null,
    notes: [...item.notes]
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id)
      .map((n) => ({
        id: n.id,
        note: n.note,
        createdAt: n.createdAt,
        user: authorOf(names.users.get(n.userId)),
      })),
    images: await Promise.all(
      item.photoKeys.map(async (key) => ({
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

interface Deps {
  db: DataService;
  storage: Storage;
}

/** Several incidents, their names read once for all. */
export const toIncidents = async (deps: Deps, items: IncidentItem[], known: LocationItem[] = []) => {
  const names = await namesFor(deps.db, items, known);
  return Promise.all(items.map((item) => toIncident(deps.storage, item, names)));
};

/** One incident, answered. */
export const toOneIncident = async (deps: Deps, item: IncidentItem) => {
  const [incident] = await toIncidents(deps, [item]);
  if (!incident) throw new Error('An incident answer went missing');
  return incident;
};

/**
 * A location's newest incidents (reading one more than `limit` tells whether older ones remain): at most
 * `limit`, fewer when the answer would grow past its byte budget, and the cursor to the older ones if any.
 */
export const toIncidentsPage = async (
  deps: Deps,
  { location, newest }: { location: LocationItem; newest: IncidentItem[] },
  limit: number,
) => {
  const names = await namesFor(deps.db, newest, [location]);
  const incidents: Incident[] = [];
  let bytes = 0;
  for (const item of newest.slice(0, limit)) {
    const incident = await toIncident(deps.storage, item, names);
    bytes += Buffer.byteLength(JSON.stringify(incident));
    if (incidents.length > 0 && bytes > INCIDENT_ANSWER_BYTES_MAX) break;
    incidents.push(incident);
  }
  const last = newest[incidents.length - 1];
  const more = newest.length > incidents.length;
  return { incidents, nextCursor: more && last ? encodeIncidentCursor(last) : null };
};

/** A numbered page of a location's incidents, with the counts of all that matched. */
export const toNumberedPage = async (
  deps: Deps,
  page: { location: LocationItem; items: IncidentItem[]; totalCount: number; unresolvedCount: number },
  { offset, limit }: { offset: number; limit: number },
) => ({
  incidents: await toIncidents(deps, page.items, [page.location]),
  totalCount: page.totalCount,
  unresolvedCount: page.unresolvedCount,
  page: Math.floor(offset / limit) + 1,
  limit,
  totalPages: Math.ceil(page.totalCount / limit),
});

export const toNote = ({ note, author }: { note: IncidentNote; author: UserItem | undefined }) => ({
  id: note.id,
  note: note.note,
  createdAt: note.createdAt,
  user: authorOf(author),
});

/** The dashboard's cards, one a location, each with its counts and its incidents answered. */
export const toDashboard = async (deps: Deps, cards: DashboardCard[], locations: LocationItem[]) => {
  const names = await namesFor(
    deps.db,
    cards.flatMap((card) => card.incidents),
    locations,
  );
  return {
    locations: await Promise.all(
      cards.map(async ({ location, incidents, walkReportStats, incidentCountsByPriority }) => ({
        id: location.locationId,
        name: location.name,
        address: location.address,
        city: location.city,
        state: location.state,
        zipcode: location.zipcode,
        walkReportStats,
        incidentCountsByType: incidentCountsByPriority,
        incidents: await Promise.all(incidents.map((item) => toIncident(deps.storage, item, names))),
      })),
    ),
  };
};
