import { type EntityItem } from 'electrodb';
import { Entity } from './entity.ts';
import { service } from './service-name.ts';

/**
 * Atomic counters, incremented with ADD: one item per kind of object for its ids (so ids never repeat), and
 * the stage's totals the Super User's lists answer (db/stage-totals.ts), which carry `countedAt` once counted.
 */
export const counterEntity = new Entity({
  model: { entity: 'counter', version: '1', service },
  attributes: {
    name: { type: 'string', required: true },
    value: { type: 'number', required: true, default: 0 },
    /** A stage total's: when it was counted, after which the writes that create and delete keep it. */
    countedAt: { type: 'string' },
  },
  indexes: {
    primary: {
      pk: { field: 'pk', composite: ['name'] },
      sk: { field: 'sk', composite: [] },
    },
  },
});
export type CounterItem = EntityItem<typeof counterEntity>;
