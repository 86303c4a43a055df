import { type EntityItem } from 'electrodb';
import { Entity } from './entity.ts';
import { service } from './service-name.ts';

/** Atomic id counters: one item per kind of object, incremented with ADD so ids never repeat. */
export const counterEntity = new Entity({
  model: { entity: 'counter', version: '1', service },
  attributes: {
    name: { type: 'string', required: true },
    value: { type: 'number', required: true, default: 0 },
  },
  indexes: {
    primary: {
      pk: { field: 'pk', composite: ['name'] },
      sk: { field: 'sk', composite: [] },
    },
  },
});
export type CounterItem = EntityItem<typeof counterEntity>;
