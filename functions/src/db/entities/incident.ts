import { type EntityItem } from 'electrodb';
import { Entity } from './entity.ts';
import { service } from './service-name.ts';

/**
 * An incident at a location, with its texts, notes and photo keys held in the item: an incident reads,
 * lists and changes as one item (notes and photos are capped, see shared/src/constants.ts). `status`
 * splits a location's incidents into unresolved ('open') and resolved partitions of gsi2, so "unresolved only" is a
 * key read. Access patterns:
 * - by id: primary
 * - a location's incidents, newest first, or those created in a time range: gsi1 (pk = location)
 * - a location's unresolved (or resolved) incidents, newest first: gsi2 (pk = location + status)
 */
/** The stored status of an unresolved incident (the code's word; 'open' is what is stored and keyed). */
export const UNRESOLVED = 'open';

export const incidentEntity = new Entity({
  model: { entity: 'incident', version: '1', service },
  attributes: {
    incidentId: { type: 'number', required: true },
    locationId: { type: 'number', required: true },
    organizationId: { type: 'number', required: true },
    managementCompanyId: { type: 'number', required: true },
    walkReportId: { type: 'number' },
    /** 1 Critical, 2 Important, 3 Regular; stored as `typeId`, the wire's name. */
    priority: { type: 'number', required: true, field: 'typeId' },
    /** Unresolved is stored as 'open' ({@link UNRESOLVED}): the value is part of gsi2's key. */
    status: { type: [UNRESOLVED, 'resolved'] as const, required: true, default: UNRESOLVED },
    resolvedAt: { type: 'string' },
    createdBy: { type: 'number', required: true },
    createdAt: { type: 'string', required: true, readOnly: true, default: () => new Date().toISOString() },
    texts: {
      type: 'list',
      required: true,
      default: () => [],
      items: {
        type: 'map',
        properties: { id: { type: 'number', required: true }, text: { type: 'string', required: true } },
      },
    },
    notes: {
      type: 'list',
      required: true,
      default: () => [],
      items: {
        type: 'map',
        properties: {
          id: { type: 'number', required: true },
          note: { type: 'string', required: true },
          userId: { type: 'number', required: true },
          createdAt: { type: 'string', required: true },
        },
      },
    },
    /** Its photos' keys, stored as `imageKeys` (as are `photoRequests` and `photoClientIds` under `image…`). */
    photoKeys: {
      type: 'list',
      required: true,
      default: () => [],
      items: { type: 'string' },
      field: 'imageKeys',
    },
    /** The client id of a create sent with one (the walk recorder's), so deleting it can retire its guard. */
    clientId: { type: 'string' },
    /**
     * Photo uploads asked for with a client id: which key each was given and by whom, so a retried request
     * signs the same key again. `photoClientIds` holds the same ids as a set, for the write's condition (a
     * racing copy of the request appends nothing).
     */
    photoRequests: {
      type: 'list',
      field: 'imageRequests',
      items: {
        type: 'map',
        properties: {
          clientId: { type: 'string', required: true },
          key: { type: 'string', required: true },
          userId: { type: 'number', required: true },
        },
      },
    },
    photoClientIds: { type: 'set', items: 'string', field: 'imageClientIds' },
  },
  indexes: {
    primary: {
      pk: { field: 'pk', composite: ['incidentId'] },
      sk: { field: 'sk', composite: [] },
    },
    byLocation: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['locationId'] },
      sk: { field: 'gsi1sk', composite: ['createdAt', 'incidentId'] },
    },
    byLocationStatus: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: ['locationId', 'status'] },
      sk: { field: 'gsi2sk', composite: ['createdAt', 'incidentId'] },
    },
  },
});
export type IncidentItem = EntityItem<typeof incidentEntity>;

/**
 * Which incident a client's create request made (`incident.create` with a `clientId`), written in the same
 * transaction as the incident, so a retried create answers the same incident. Deleting the incident leaves the
 * guard to expire (`expiresAt`, epoch seconds, the table's TTL) rather than let a late retry create it again.
 */
export const incidentCreateEntity = new Entity({
  model: { entity: 'incidentCreate', version: '1', service },
  attributes: {
    clientId: { type: 'string', required: true },
    incidentId: { type: 'number', required: true },
    userId: { type: 'number', required: true },
    expiresAt: { type: 'number' },
  },
  indexes: {
    primary: {
      pk: { field: 'pk', composite: ['clientId'] },
      sk: { field: 'sk', composite: [] },
    },
  },
});
