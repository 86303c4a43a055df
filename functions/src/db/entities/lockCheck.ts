import { type EntityItem } from 'electrodb';
import { DISCREPANCY_KINDS, LOCK_FINDINGS } from '@sitewalk/shared/lock-check';
import { Entity } from './entity.ts';
import { service } from './service-name.ts';

/**
 * A lock check (issue 31; docs/data-model.md, 'Lock checks'): its header and, in the same partition (collection
 * `lockCheck`), a result item per unit, a photo item per door photo and, once it is finished, a discrepancy item
 * per discrepancy. Access patterns:
 * - a check with everything recorded on it: primary, collection `lockCheck` (one Query; a 1,000-unit check is
 *   about 200 KB, one page)
 * - a location's checks, newest first: gsi1 (pk = location, sk = start time)
 */
export const lockCheckEntity = new Entity({
  model: { entity: 'lockCheck', version: '1', service },
  attributes: {
    lockCheckId: { type: 'number', required: true, readOnly: true },
    locationId: { type: 'number', required: true, readOnly: true },
    organizationId: { type: 'number', required: true, readOnly: true },
    managementCompanyId: { type: 'number', required: true, readOnly: true },
    /** The walker: only they record into it. */
    userId: { type: 'number', required: true, readOnly: true },
    /** The walker's name then, so a list reads no user. */
    startedByFirstName: { type: 'string', required: true, readOnly: true },
    startedByLastName: { type: 'string', required: true, readOnly: true },
    clientId: { type: 'string', required: true, readOnly: true },
    startedAt: { type: 'string', required: true, readOnly: true },
    /** shared/src/roster.ts `CheckScope`, as JSON. */
    scope: { type: 'string', required: true, readOnly: true },
    /** The roster version it is checked against, fixed at start (its header names the chunks' import). */
    rosterVersion: { type: 'number', required: true, readOnly: true },
    rosterImportId: { type: 'string', required: true, readOnly: true },
    /** Roster units in the scope. */
    unitCount: { type: 'number', required: true, readOnly: true },
    finishedAt: { type: 'string' },
    /** Written with the discrepancies, after the finish: roster units checked, and the discrepancies found. */
    checkedCount: { type: 'number' },
    discrepancyCount: { type: 'number' },
    /** Discrepancies resolved, counted by each resolve in its transaction. */
    resolvedCount: { type: 'number' },
  },
  indexes: {
    primary: {
      collection: 'lockCheck',
      pk: { field: 'pk', composite: ['lockCheckId'] },
      sk: { field: 'sk', composite: [] },
    },
    byLocation: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['locationId'] },
      sk: { field: 'gsi1sk', composite: ['startedAt', 'lockCheckId'] },
    },
  },
});
export type LockCheckItem = EntityItem<typeof lockCheckEntity>;

/** Which check a client's start request made, and for whom, so a retried start answers the same check. */
export const lockCheckStartEntity = new Entity({
  model: { entity: 'lockCheckStart', version: '1', service },
  attributes: {
    clientId: { type: 'string', required: true, readOnly: true },
    lockCheckId: { type: 'number', required: true, readOnly: true },
    userId: { type: 'number', required: true, readOnly: true },
  },
  indexes: {
    primary: {
      pk: { field: 'pk', composite: ['clientId'] },
      sk: { field: 'sk', composite: [] },
    },
  },
});

/**
 * A unit's result in a check: its newest tap (by `seenAt`, then `clientId`), each tap's write conditioned on
 * being newer, so an older tap sent late never overrides it. Its roster line and discrepancies are decided when
 * the tap is recorded, against the check's roster version (fixed at start).
 */
export const lockResultEntity = new Entity({
  model: { entity: 'lockResult', version: '1', service },
  attributes: {
    lockCheckId: { type: 'number', required: true, readOnly: true },
    /** `unitKey` of the number (shared/src/lock-check.ts): one result per unit. */
    unitKey: { type: 'string', required: true, readOnly: true },
    /** The number as the roster writes it (as tapped when not on the roster). */
    unit: { type: 'string', required: true },
    finding: { type: LOCK_FINDINGS, required: true },
    seenAt: { type: 'string', required: true },
    clientId: { type: 'string', required: true },
    onRoster: { type: 'boolean', required: true },
    discrepancies: { type: 'list', items: { type: 'string' } },
  },
  indexes: {
    primary: {
      collection: 'lockCheck',
      pk: { field: 'pk', composite: ['lockCheckId'] },
      sk: { field: 'sk', composite: ['unitKey'] },
    },
  },
});
export type LockResultItem = EntityItem<typeof lockResultEntity>;

/** A photo of a unit's door in a check, keyed by its unit and the client's id of its upload request. */
export const lockPhotoEntity = new Entity({
  model: { entity: 'lockPhoto', version: '1', service },
  attributes: {
    lockCheckId: { type: 'number', required: true, readOnly: true },
    clientId: { type: 'string', required: true, readOnly: true },
    unit: { type: 'string', required: true, readOnly: true },
    unitKey: { type: 'string', required: true, readOnly: true },
    imageName: { type: 'string', required: true, readOnly: true },
    key: { type: 'string', required: true, readOnly: true },
    takenAt: { type: 'string' },
    /** The unit number read on the photo once it arrived (functions/src/domain/unit-reading.ts); '' unreadable. */
    picturedUnit: { type: 'string' },
    /** The ETag of the object that was read: an upload event seen again reads nothing again. */
    readEtag: { type: 'string' },
  },
  indexes: {
    primary: {
      collection: 'lockCheck',
      pk: { field: 'pk', composite: ['lockCheckId'] },
      sk: { field: 'sk', composite: ['unitKey', 'clientId'] },
    },
  },
});
export type LockPhotoItem = EntityItem<typeof lockPhotoEntity>;

/**
 * One discrepancy of a finished check (shared/src/lock-check.ts), written once after the finish, from the frozen
 * results and the roster version; then only its follow-up changes (resolved, or its task).
 */
export const lockDiscrepancyEntity = new Entity({
  model: { entity: 'lockDiscrepancy', version: '1', service },
  attributes: {
    lockCheckId: { type: 'number', required: true, readOnly: true },
    unitKey: { type: 'string', required: true, readOnly: true },
    kind: { type: DISCREPANCY_KINDS, required: true, readOnly: true },
    unit: { type: 'string', required: true, readOnly: true },
    severity: { type: 'number', required: true, readOnly: true },
    /** What was seen; absent: not found. */
    finding: { type: LOCK_FINDINGS, readOnly: true },
    /** The roster's line as JSON; absent: not on the roster. */
    roster: { type: 'string', readOnly: true },
    resolvedAt: { type: 'string' },
    resolvedBy: { type: 'number' },
    resolvedByFirstName: { type: 'string' },
    resolvedByLastName: { type: 'string' },
    resolution: { type: 'string' },
    taskId: { type: 'number' },
  },
  indexes: {
    primary: {
      collection: 'lockCheck',
      pk: { field: 'pk', composite: ['lockCheckId'] },
      sk: { field: 'sk', composite: ['unitKey', 'kind'] },
    },
  },
});
export type LockDiscrepancyItem = EntityItem<typeof lockDiscrepancyEntity>;

/**
 * A unit's history at a location: one item per tap (an earlier tap a later one replaced as the result too),
 * newest first. Access patterns:
 * - a unit's findings, newest first: primary (pk = location + unit, sk = seen time + client id)
 * - a location's items, for its cleanup: gsi1 (pk = location)
 */
export const unitFindingEntity = new Entity({
  model: { entity: 'unitFinding', version: '1', service },
  attributes: {
    locationId: { type: 'number', required: true, readOnly: true },
    unitKey: { type: 'string', required: true, readOnly: true },
    seenAt: { type: 'string', required: true, readOnly: true },
    clientId: { type: 'string', required: true, readOnly: true },
    lockCheckId: { type: 'number', required: true, readOnly: true },
    unit: { type: 'string', required: true, readOnly: true },
    finding: { type: LOCK_FINDINGS, required: true, readOnly: true },
    userId: { type: 'number', required: true, readOnly: true },
    seenByFirstName: { type: 'string', required: true, readOnly: true },
    seenByLastName: { type: 'string', required: true, readOnly: true },
    discrepancies: { type: 'list', items: { type: 'string' }, readOnly: true },
  },
  indexes: {
    primary: {
      pk: { field: 'pk', composite: ['locationId', 'unitKey'] },
      sk: { field: 'sk', composite: ['seenAt', 'clientId'] },
    },
    byLocation: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['locationId'] },
      sk: { field: 'gsi1sk', composite: ['unitKey', 'seenAt', 'clientId'] },
    },
  },
});
export type UnitFindingItem = EntityItem<typeof unitFindingEntity>;
