import { type EntityItem } from 'electrodb';
import { Entity } from './entity.ts';
import { service } from './service-name.ts';

/**
 * How often a location's units are to be checked in full, and when the evaluator must next look (issue 31): made
 * with the location's first roster; its count restarts at each full check. Access patterns:
 * - one location's: primary
 * - those due by now, earliest first (the evaluator's `noLockCheck` check): gsi3
 */
export const lockCheckCadenceEntity = new Entity({
  model: { entity: 'lockCheckCadence', version: '1', service },
  attributes: {
    locationId: { type: 'number', required: true, readOnly: true },
    everyDays: { type: 'number', required: true },
    /** Where the count starts: the last full check's finish, or the first roster's import. */
    since: { type: 'string', required: true },
    lastFullCheckAt: { type: 'string' },
    /** When the evaluator next looks: everyDays after `since`, then every everyDays more while none is done. */
    dueCheckAt: { type: 'string', required: true },
  },
  indexes: {
    primary: {
      pk: { field: 'pk', composite: ['locationId'] },
      sk: { field: 'sk', composite: [] },
    },
    byDueCheck: {
      index: 'gsi3',
      pk: { field: 'gsi3pk', composite: [] },
      sk: { field: 'gsi3sk', composite: ['dueCheckAt', 'locationId'] },
    },
  },
});
export type LockCheckCadenceItem = EntityItem<typeof lockCheckCadenceEntity>;
