import { type EntityItem } from 'electrodb';
import { Entity } from './entity.ts';
import { service } from './service-name.ts';

/** `nextCheckAt` of a schedule with no windows: never due. */
export const NEVER_DUE = '9999-12-31T00:00:00.000Z';

/**
 * A location's walk windows and time zone (shared/src/schemas/schedule.ts), and when the evaluator must next
 * look at them (shared/src/walk-windows.ts `nextCheckAfter`). A location without one has the default windows
 * in the time zone of its coordinates. Access patterns:
 * - by location: primary
 * - the schedules due for a check, earliest first: gsi3 (one partition; sk = nextCheckAt). An evaluator run
 *   reads only those due, so its work is bounded by the windows due, not by the number of locations.
 */
export const scheduleEntity = new Entity({
  model: { entity: 'schedule', version: '1', service },
  attributes: {
    locationId: { type: 'number', required: true },
    organizationId: { type: 'number', required: true },
    managementCompanyId: { type: 'number', required: true },
    timeZone: { type: 'string', required: true },
    windows: {
      type: 'list',
      required: true,
      items: {
        type: 'map',
        properties: {
          id: { type: 'string', required: true },
          label: { type: 'string', required: true },
          days: { type: 'list', required: true, items: { type: 'number' } },
          start: { type: 'string', required: true },
          end: { type: 'string', required: true },
          walkIds: { type: 'list', required: true, items: { type: 'number' } },
          graceMinutes: { type: 'number', required: true },
        },
      },
    },
    /** Set by people (null for the defaults written with a new location). */
    updatedAt: { type: 'string' },
    updatedBy: { type: 'number' },
    /** The checks up to this instant are done (the evaluator's high-water mark). */
    checkedUntil: { type: 'string' },
    /** The first check after `checkedUntil`, or NEVER_DUE. */
    nextCheckAt: { type: 'string', required: true },
  },
  indexes: {
    primary: {
      pk: { field: 'pk', composite: ['locationId'] },
      sk: { field: 'sk', composite: [] },
    },
    byNextCheck: {
      index: 'gsi3',
      pk: { field: 'gsi3pk', composite: [] },
      sk: { field: 'gsi3sk', composite: ['nextCheckAt', 'locationId'] },
    },
  },
});
export type ScheduleItem = EntityItem<typeof scheduleEntity>;
