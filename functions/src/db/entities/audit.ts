import { type EntityItem } from 'electrodb';
import { Entity } from './entity.ts';
import { service } from './service-name.ts';

/**
 * One entry of a management company's audit log (company 0: the system log), written in the same
 * transaction as the change it records and never changed after (docs/data-model.md, 'The audit log').
 * `before` and `after` are the changed fields as canonical JSON text, so what was hashed is what is stored;
 * `mac` is the audit writer's signature of the entry, which the table's other writers cannot make.
 * Access patterns:
 * - a log, by sequence number (newest first for the Activity screen, oldest first to verify): primary
 */
export const auditEntryEntity = new Entity({
  model: { entity: 'auditEntry', version: '1', service },
  attributes: {
    managementCompanyId: { type: 'number', required: true, readOnly: true },
    seq: { type: 'number', required: true, readOnly: true, padding: { length: 12, char: '0' } },
    at: { type: 'string', required: true, readOnly: true },
    actorId: { type: 'number', required: true, readOnly: true },
    actorName: { type: 'string', required: true, readOnly: true },
    actorRoleId: { type: 'number', required: true, readOnly: true },
    action: { type: 'string', required: true, readOnly: true },
    objectKind: { type: 'string', required: true, readOnly: true },
    objectId: { type: 'number', required: true, readOnly: true },
    objectName: { type: 'string', readOnly: true },
    locationId: { type: 'number', readOnly: true },
    organizationId: { type: 'number', readOnly: true },
    before: { type: 'string', required: true, readOnly: true },
    after: { type: 'string', required: true, readOnly: true },
    prevHash: { type: 'string', required: true, readOnly: true },
    hash: { type: 'string', required: true, readOnly: true },
    /** The audit writer's MAC of the entry (audit-chain.ts macMessage); absent on entries from before MACs. */
    mac: { type: 'string', readOnly: true },
  },
  indexes: {
    primary: {
      pk: { field: 'pk', composite: ['managementCompanyId'] },
      sk: { field: 'sk', composite: ['seq'] },
    },
  },
});
export type AuditEntryItem = EntityItem<typeof auditEntryEntity>;

/**
 * The head of a log: the number, hash and time of its last entry. Each append moves it from n to n + 1 on
 * the condition that it is still n, so concurrent writers never fork the chain nor reuse a number.
 * Access patterns:
 * - a log's head: primary
 * - every log (the check command walks each): gsi1 (one partition; one item per company ever audited)
 */
export const auditHeadEntity = new Entity({
  model: { entity: 'auditHead', version: '1', service },
  attributes: {
    managementCompanyId: { type: 'number', required: true, readOnly: true },
    seq: { type: 'number', required: true },
    hash: { type: 'string', required: true },
    at: { type: 'string', required: true },
    /** The last entry's MAC, which the anchor worker copies into the anchor. */
    mac: { type: 'string' },
  },
  indexes: {
    primary: {
      pk: { field: 'pk', composite: ['managementCompanyId'] },
      sk: { field: 'sk', composite: [] },
    },
    all: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: [] },
      sk: { field: 'gsi1sk', composite: ['managementCompanyId'] },
    },
  },
});
export type AuditHeadItem = EntityItem<typeof auditHeadEntity>;
