import type { CreateEntityItem } from 'electrodb';
import { INCIDENT_IMAGES_MAX, INCIDENT_NOTES_MAX } from '@sitewalk/shared/constants';
import type { DataService } from './service.ts';
import { UNRESOLVED, type IncidentItem, type incidentEntity } from './entities/incident.ts';
import { pagesOf, readByKeys, readPartition } from './bounded.ts';
import { writeIf } from './conditional.ts';
import { incidentTallies } from './tallies.ts';
import { incidentStatus } from './location-status.ts';
import { writeAudited, type AuditActor, type AuditRecord } from './audit.ts';
import { auditView, changedFields } from './audit-fields.ts';

/** Named access patterns of incidents (docs/data-model.md). Every write that changes a count tallies it. */

export const getIncident = async (db: DataService, incidentId: number, consistent = false) =>
  (await db.entities.incident.get({ incidentId }).go({ consistent })).data;

/** Incidents by id, in no particular order (batches of 100); those not found are left out. */
export const getIncidents = (db: DataService, incidentIds: readonly number[]): Promise<IncidentItem[]> =>
  readByKeys(
    incidentIds.map((incidentId) => ({ incidentId })),
    (keys) => db.entities.incident.get(keys).go({ concurrency: 4 }),
  );

/** The incident a create with this client id made, if any. */
export const incidentCreatedWith = async (db: DataService, clientId: string) =>
  (await db.entities.incidentCreate.get({ clientId }).go({ consistent: true })).data;

/** A location's incidents, or its unresolved ones, newest first. */
const ofLocation = (db: DataService, locationId: number, unresolvedOnly = false) =>
  unresolvedOnly
    ? db.entities.incident.query.byLocationStatus({ locationId, status: UNRESOLVED })
    : db.entities.incident.query.byLocation({ locationId });

/** Every incident of a location, or its unresolved ones only, newest first (one partition, within the read bound). */
export const incidentsOfLocation = (db: DataService, locationId: number, unresolvedOnly = false) =>
  readPartition((cursor) => ofLocation(db, locationId, unresolvedOnly).go({ cursor, order: 'desc' }));

/** At most `count` of a location's incidents, newest first, created before `before` (a cursor) if given. */
export const newestIncidents = async (
  db: DataService,
  locationId: number,
  {
    unresolvedOnly,
    before,
    count,
  }: {
    unresolvedOnly: boolean;
    before?: { createdAt: string; incidentId: number } | undefined;
    count: number;
  },
) => {
  const index = ofLocation(db, locationId, unresolvedOnly);
  return (await (before ? index.lt(before) : index).go({ order: 'desc', count, pages: 'all' })).data;
};

export type NewIncident = CreateEntityItem<typeof incidentEntity>;

/**
 * Creates an incident, tallied on its location's day, in one transaction; with a client id, also the guard
 * that names it. False when the guard was there already (a copy of the same create won).
 */
export const createIncident = async (
  db: DataService,
  item: NewIncident & { createdAt: string },
  guard?: { clientId: string; userId: number },
) => {
  const { canceled } = await db.transaction
    .write(({ incident, incidentCreate, locationStatus, ...tallies }) => [
      ...(guard ? [incidentCreate.create({ ...guard, incidentId: item.incidentId }).commit()] : []),
      incident.create(item).commit(),
      ...incidentTallies(tallies, undefined, { ...item, status: UNRESOLVED }),
      ...incidentStatus({ locationStatus }, undefined, { ...item, status: UNRESOLVED }),
    ])
    .go();
  return !canceled;
};

/** Only if the incident is still as it was read where its tally entry is concerned. */
const unchanged =
  (item: IncidentItem) =>
  (
    attributes: { status: unknown; priority: unknown },
    { eq }: { eq: (attribute: unknown, value: unknown) => string },
  ) =>
    `${eq(attributes.status, item.status)} AND ${eq(attributes.priority, item.priority)}`;

/**
 * Changes an incident's priority and texts, moving its tally entry with it. False when it changed or went
 * since `item` was read.
 */
export const updateIncident = async (
  db: DataService,
  item: IncidentItem,
  change: Partial<Pick<IncidentItem, 'priority' | 'texts'>>,
) => {
  const { canceled } = await db.transaction
    .write(({ incident, locationStatus, ...tallies }) => [
      incident.patch({ incidentId: item.incidentId }).set(change).where(unchanged(item)).commit(),
      ...incidentTallies(tallies, item, { ...item, ...change }),
      ...incidentStatus({ locationStatus }, item, { ...item, ...change }),
    ])
    .go();
  return !canceled;
};

/** Resolves an incident at `resolvedAt`, or reopens it (undefined). False when it changed or went since read. */
export const resolveIncident = async (
  db: DataService,
  item: IncidentItem,
  resolvedAt: string | undefined,
  actor: AuditActor,
) => {
  const after = { ...item, status: resolvedAt === undefined ? UNRESOLVED : 'resolved', resolvedAt };
  const record: AuditRecord = {
    managementCompanyId: item.managementCompanyId,
    action: resolvedAt === undefined ? 'reopen' : 'resolve',
    objectKind: 'incident',
    objectId: item.incidentId,
    objectName: `Incident ${item.incidentId}`,
    locationId: item.locationId,
    organizationId: item.organizationId,
    ...changedFields(auditView.incident(item), auditView.incident(after)),
  };
  const { canceled } = await writeAudited(
    db,
    { actor, record },
    ({ incident, locationStatus, ...tallies }) => {
      const patch = incident.patch({ incidentId: item.incidentId });
      const written =
        resolvedAt === undefined
          ? patch.set({ status: UNRESOLVED }).remove(['resolvedAt'])
          : patch.set({ status: 'resolved', resolvedAt });
      return [
        written
          // The status is part of gsi2's key: its other parts come along so the key is written again.
          .composite({ locationId: item.locationId, createdAt: item.createdAt })
          .where(unchanged(item))
          .commit(),
        ...incidentTallies(tallies, item, {
          ...item,
          status: resolvedAt === undefined ? UNRESOLVED : 'resolved',
        }),
        ...incidentStatus({ locationStatus }, item, {
          ...item,
          status: resolvedAt === undefined ? UNRESOLVED : 'resolved',
        }),
      ];
    },
  );
  return !canceled;
};

/** Deletes an incident and its tally entry. False when it changed or went since `item` was read. */
export const deleteIncident = async (db: DataService, item: IncidentItem) => {
  const { canceled } = await db.transaction
    .write(({ incident, locationStatus, ...tallies }) => [
      incident.delete({ incidentId: item.incidentId }).where(unchanged(item)).commit(),
      ...incidentTallies(tallies, item, undefined),
      ...incidentStatus({ locationStatus }, item, undefined),
    ])
    .go();
  return !canceled;
};

export type IncidentNote = IncidentItem['notes'][number];

/** Appends a note to an incident. False when it is full of notes or gone (the write's condition). */
export const addIncidentNote = (db: DataService, incidentId: number, note: IncidentNote) =>
  writeIf(
    db.entities.incident
      .patch({ incidentId })
      .append({ notes: [note] })
      .where(({ notes }, { size, escape }) => `${size(notes)} < ${escape(INCIDENT_NOTES_MAX)}`)
      .go(),
  );

/**
 * Appends an image key to an incident; with a client id, also who asked for the key under it. False when the
 * incident is full of images, gone, or already holds a key asked for under that client id (the write's
 * condition, so parallel requests can pass neither the cap nor the client id).
 */
export const addIncidentPhoto = (
  db: DataService,
  incidentId: number,
  key: string,
  request?: { clientId: string; userId: number },
) => {
  const patch = db.entities.incident.patch({ incidentId });
  return writeIf(
    (request === undefined
      ? patch
          .append({ photoKeys: [key] })
          .where(({ photoKeys }, { size, escape }) => `${size(photoKeys)} < ${escape(INCIDENT_IMAGES_MAX)}`)
      : patch
          .append({ photoKeys: [key], photoRequests: [{ ...request, key }] })
          .add({ photoClientIds: [request.clientId] })
          .where(
            ({ photoKeys, photoClientIds }, { size, escape, notContains }) =>
              `${size(photoKeys)} < ${escape(INCIDENT_IMAGES_MAX)} AND ${notContains(photoClientIds, request.clientId)}`,
          )
    ).go(),
  );
};

/** A deleted incident's create guard stays until `expiresAt`, so a late retry of the create finds it gone. */
export const retireCreateGuard = (db: DataService, clientId: string, expiresAt: number) =>
  writeIf(db.entities.incidentCreate.patch({ clientId }).set({ expiresAt }).go());

/**
 * A location's incidents created from `from` to `to` (ISO instants, both included), oldest first (gsi1), one
 * page of at most `pageSize` at a time: an export walks any number of them holding one page.
 */
export const incidentPagesCreatedBetween = (
  db: DataService,
  locationId: number,
  range: { from: string; to: string },
  pageSize: number,
): AsyncGenerator<IncidentItem[]> =>
  pagesOf((cursor) =>
    db.entities.incident.query
      .byLocation({ locationId })
      .between({ createdAt: range.from }, { createdAt: range.to })
      .go({ cursor, limit: pageSize }),
  );
