import { type EntityItem } from 'electrodb';
import { DISCREPANCY_KINDS } from '@sitewalk/shared/lock-check';
import { Entity } from './entity.ts';
import { service } from './service-name.ts';

/** `assigneeId` of a task nobody is assigned to (index keys need a value). */
export const UNASSIGNED = 0;

/**
 * A task at a location, its comments held in the item (capped: TASK_COMMENTS_MAX). `dueCheckAt` is its due
 * time while the overdue check still has to look at it, else NEVER_DUE: a done task, or one already alerted
 * for this due time (a new due time arms it again). Access patterns:
 * - by id: primary
 * - a location's tasks: gsi1 (pk = location)
 * - an assignee's tasks: gsi2 (pk = assignee)
 * - the tasks the overdue check must look at, by due time: gsi3 (one partition)
 */
export const taskEntity = new Entity({
  model: { entity: 'task', version: '1', service },
  attributes: {
    taskId: { type: 'number', required: true },
    locationId: { type: 'number', required: true },
    organizationId: { type: 'number', required: true },
    managementCompanyId: { type: 'number', required: true },
    title: { type: 'string', required: true },
    description: { type: 'string', required: true, default: '' },
    assigneeId: { type: 'number', required: true, default: UNASSIGNED },
    createdBy: { type: 'number', required: true },
    dueAt: { type: 'string', required: true },
    priority: { type: 'number', required: true },
    status: { type: ['open', 'inProgress', 'done'] as const, required: true, default: 'open' },
    incidentId: { type: 'number' },
    alertId: { type: 'number' },
    /** The lock check discrepancy it follows up (issue 31); its discrepancy item names the task back. */
    lockDiscrepancy: {
      type: 'map',
      properties: {
        lockCheckId: { type: 'number', required: true },
        unit: { type: 'string', required: true },
        kind: { type: DISCREPANCY_KINDS, required: true },
      },
    },
    comments: {
      type: 'list',
      required: true,
      default: () => [],
      items: {
        type: 'map',
        properties: {
          id: { type: 'number', required: true },
          comment: { type: 'string', required: true },
          userId: { type: 'number', required: true },
          createdAt: { type: 'string', required: true },
        },
      },
    },
    createdAt: { type: 'string', required: true },
    updatedAt: { type: 'string', required: true },
    completedAt: { type: 'string' },
    dueCheckAt: { type: 'string', required: true },
  },
  indexes: {
    primary: {
      pk: { field: 'pk', composite: ['taskId'] },
      sk: { field: 'sk', composite: [] },
    },
    byLocation: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['locationId'] },
      sk: { field: 'gsi1sk', composite: ['taskId'] },
    },
    byAssignee: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: ['assigneeId'] },
      sk: { field: 'gsi2sk', composite: ['taskId'] },
    },
    byDueCheck: {
      index: 'gsi3',
      pk: { field: 'gsi3pk', composite: [] },
      sk: { field: 'gsi3sk', composite: ['dueCheckAt', 'taskId'] },
    },
  },
});
export type TaskItem = EntityItem<typeof taskEntity>;

/**
 * The task a create with a client id made (issue 28): written in the same transaction as the task, so a retried
 * request (the same client id) answers that task instead of making a second. Expires after a month.
 */
export const taskCreateEntity = new Entity({
  model: { entity: 'taskCreate', version: '1', service },
  attributes: {
    clientId: { type: 'string', required: true },
    taskId: { type: 'number', required: true },
    userId: { type: 'number', required: true },
    expiresAt: { type: 'number', required: true },
  },
  indexes: {
    primary: {
      pk: { field: 'pk', composite: ['clientId'] },
      sk: { field: 'sk', composite: [] },
    },
  },
});
