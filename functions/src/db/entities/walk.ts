import { type EntityItem } from 'electrodb';
import { Entity } from './entity.ts';
import { service } from './service-name.ts';

/**
 * A patrol walk at a location, its markers held in the item (a walk has at most 200). Deleting sets
 * `deletedAt` and moves the walk to the `deleted` state, so walk reports keep their walk while the location's
 * list never reads it again (the screens save every edit as a new walk and a deleted old one). Access patterns:
 * - by id: primary
 * - a location's walks in one state: gsi1 (pk = location, sk begins with the state)
 */
export const walkEntity = new Entity({
  model: { entity: 'walk', version: '1', service },
  attributes: {
    walkId: { type: 'number', required: true },
    locationId: { type: 'number', required: true },
    organizationId: { type: 'number', required: true },
    managementCompanyId: { type: 'number', required: true },
    name: { type: 'string', required: true },
    description: { type: 'string', required: true, default: '' },
    markers: {
      type: 'list',
      required: true,
      items: {
        type: 'map',
        properties: {
          id: { type: 'number', required: true },
          label: { type: 'number', required: true },
          lat: { type: 'number', required: true },
          lng: { type: 'number', required: true },
          notes: { type: 'string', required: true },
          unitNumberRange: { type: 'string', required: true },
          hasUnitRange: { type: 'boolean', required: true },
          isDoor: { type: 'boolean', required: true },
          order: { type: 'number', required: true },
        },
      },
    },
    deletedAt: { type: 'string' },
    /** Derived from `deletedAt`, for the key: deleting moves the walk out of the location's active range. */
    state: {
      type: ['active', 'deleted'] as const,
      watch: ['deletedAt'],
      set: (_: unknown, item: { deletedAt?: string }) =>
        item.deletedAt === undefined ? 'active' : 'deleted',
    },
    createdAt: { type: 'string', required: true, readOnly: true, default: () => new Date().toISOString() },
    updatedAt: { type: 'string', watch: '*', set: () => new Date().toISOString() },
  },
  indexes: {
    primary: {
      pk: { field: 'pk', composite: ['walkId'] },
      sk: { field: 'sk', composite: [] },
    },
    byLocation: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['locationId'] },
      sk: { field: 'gsi1sk', composite: ['state', 'walkId'] },
    },
  },
});
export type WalkItem = EntityItem<typeof walkEntity>;
