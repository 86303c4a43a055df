import { type EntityItem } from 'electrodb';
import { Entity } from './entity.ts';
import { service } from './service-name.ts';

/** The entity name, as it appears in the table's stream (`__edb_e__`), where the cleanup worker picks it up. */
export const LOCATION_CLEANUP = 'locationCleanup';

/**
 * A deleted location whose walks, walk reports, incidents, files, tally and leftover memberships are still
 * being removed (functions/src/cleanup/). Written in the transaction that deletes the location; each step of the
 * cleanup advances `step`, and that change, seen on the table's stream, starts the next step; the last step
 * deletes it. Access patterns:
 * - by location id: primary
 * - cleanups not finished yet, to resume a stalled one: gsi1 (one static partition; there are few at a time)
 */
export const locationCleanupEntity = new Entity({
  model: { entity: LOCATION_CLEANUP, version: '1', service },
  attributes: {
    locationId: { type: 'number', required: true },
    organizationId: { type: 'number', required: true },
    managementCompanyId: { type: 'number', required: true },
    /** Steps done; a step runs only for the value it was started for, so a repeated event does nothing. */
    step: { type: 'number', required: true, default: 0 },
    requestedAt: { type: 'string', required: true, readOnly: true, default: () => new Date().toISOString() },
    updatedAt: { type: 'string', watch: '*', set: () => new Date().toISOString() },
  },
  indexes: {
    primary: {
      pk: { field: 'pk', composite: ['locationId'] },
      sk: { field: 'sk', composite: [] },
    },
    pending: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: [] },
      sk: { field: 'gsi1sk', composite: ['locationId'] },
    },
  },
});
export type LocationCleanupItem = EntityItem<typeof locationCleanupEntity>;
