import type { Incident } from '@sitewalk/shared/schemas/incident';
import { PRESIGNED_URL_SECONDS } from '@sitewalk/shared/constants';
import type { DataService } from '../db/service.ts';
import type { IncidentItem } from '../db/entities/incident.ts';
import type { LocationItem } from '../db/entities/location.ts';
import type { UserItem } from '../db/entities/user.ts';
import { getUsers } from '../db/users.ts';
import type { Storage } from '../ports/storage.ts';

/** Incidents as the API answers them (item → answer), in one place. */

/** What answers about incidents need besides the items: note authors and location names, one batch read each. */
export interface Names {
  users: Map<number, UserItem>;
  locations: Map<number, Pick<LocationItem, 'locationId' | 'name'>>;
}

export const namesFor = async (
  db: DataService,
  items: IncidentItem[],
  known: LocationItem[] = [],
): Promise<Names> => {
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

export const authorOf = (user: UserItem | undefined) =>
  user ? { firstName: user.firstName, lastName: user.lastName } : null;

export const toIncident = async (storage: Storage, item: IncidentItem, names: Names): Promise<Incident> => {
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
      .map((n) => ({
        id: n.id,
        note: n.note,
        createdAt: n.createdAt,
        user: authorOf(names.users.get(n.userId)),
      })),
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

/** Several incidents, their names read once for all. */
export const toIncidents = async (
  deps: { db: DataService; storage: Storage },
  items: IncidentItem[],
  known: LocationItem[] = [],
) => {
  const names = await namesFor(deps.db, items, known);
  return Promise.all(items.map((item) => toIncident(deps.storage, item, names)));
};
