import { type EntityItem } from 'electrodb';
import { Entity } from './entity.ts';
import { alertKinds } from '@sitewalk/shared/schemas/alert';
import { service } from './service-name.ts';

/**
 * What the evaluator noticed (shared/src/schemas/alert.ts), once: written in one transaction with its
 * `alertKey` guard, each recipient's inbox entry and the mails to send. Access patterns:
 * - by id: primary
 */
export const alertEntity = new Entity({
  model: { entity: 'alert', version: '1', service },
  attributes: {
    alertId: { type: 'number', required: true },
    key: { type: 'string', required: true },
    kind: { type: alertKinds, required: true },
    locationId: { type: 'number', required: true },
    organizationId: { type: 'number', required: true },
    managementCompanyId: { type: 'number', required: true },
    window: {
      type: 'map',
      properties: {
        id: { type: 'string', required: true },
        label: { type: 'string', required: true },
        date: { type: 'string', required: true },
        opensAt: { type: 'string', required: true },
        closesAt: { type: 'string', required: true },
      },
    },
    walkReportId: { type: 'number' },
    taskId: { type: 'number' },
    message: { type: 'string', required: true },
    recipientIds: { type: 'list', required: true, items: { type: 'number' } },
    createdAt: { type: 'string', required: true },
  },
  indexes: {
    primary: {
      pk: { field: 'pk', composite: ['alertId'] },
      sk: { field: 'sk', composite: [] },
    },
    /** A location's alerts, newest first, for its cleanup. */
    byLocation: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['locationId'] },
      sk: { field: 'gsi1sk', composite: ['alertId'] },
    },
  },
});
export type AlertItem = EntityItem<typeof alertEntity>;

/** The guard that makes an alert once per key: created in the alert's transaction, or the transaction fails. */
export const alertKeyEntity = new Entity({
  model: { entity: 'alertKey', version: '1', service },
  attributes: {
    key: { type: 'string', required: true },
    alertId: { type: 'number', required: true },
    locationId: { type: 'number', required: true },
  },
  indexes: {
    primary: {
      pk: { field: 'pk', composite: ['key'] },
      sk: { field: 'sk', composite: [] },
    },
  },
});

/**
 * One recipient's copy of an alert. Access patterns:
 * - a user's alerts, newest first (alert ids grow): primary
 * - a user's unread (or read) alerts: gsi2 (pk = user + state), so the unread count is one key read
 */
export const alertInboxEntity = new Entity({
  model: { entity: 'alertInbox', version: '1', service },
  attributes: {
    userId: { type: 'number', required: true },
    alertId: { type: 'number', required: true },
    kind: { type: 'string', required: true },
    locationId: { type: 'number', required: true },
    state: { type: ['unread', 'read'] as const, required: true, default: 'unread' },
    readAt: { type: 'string' },
  },
  indexes: {
    primary: {
      pk: { field: 'pk', composite: ['userId'] },
      sk: { field: 'sk', composite: ['alertId'] },
    },
    byState: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: ['userId', 'state'] },
      sk: { field: 'gsi2sk', composite: ['alertId'] },
    },
    /** A location's inbox entries, for its cleanup. */
    byLocation: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['locationId'] },
      sk: { field: 'gsi1sk', composite: ['alertId', 'userId'] },
    },
  },
});
export type AlertInboxItem = EntityItem<typeof alertInboxEntity>;

/**
 * A mail still to send (an outbox): written with the alert, deleted once sent, so a failed send is tried
 * again by the next evaluator run and nothing is lost. Access patterns:
 * - by alert and recipient: primary
 * - every pending mail, oldest first: gsi3 (one partition)
 */
export const alertMailEntity = new Entity({
  model: { entity: 'alertMail', version: '1', service },
  attributes: {
    alertId: { type: 'number', required: true },
    userId: { type: 'number', required: true },
    createdAt: { type: 'string', required: true },
    attempts: { type: 'number', required: true, default: 0 },
    /** A run sending it holds it until then; a run that stops half-way lets it go to the next. */
    claimedUntil: { type: 'string' },
  },
  indexes: {
    primary: {
      pk: { field: 'pk', composite: ['alertId'] },
      sk: { field: 'sk', composite: ['userId'] },
    },
    pending: {
      index: 'gsi3',
      pk: { field: 'gsi3pk', composite: [] },
      sk: { field: 'gsi3sk', composite: ['createdAt', 'alertId', 'userId'] },
    },
  },
});
export type AlertMailItem = EntityItem<typeof alertMailEntity>;

/**
 * A user's alert preferences (defaults until they save some), and when their next daily summary is due.
 * Access patterns:
 * - by user: primary
 * - the summaries due, earliest first: gsi3 (one partition; NEVER_DUE when the summary is off)
 */
export const alertPreferencesEntity = new Entity({
  model: { entity: 'alertPreferences', version: '1', service },
  attributes: {
    userId: { type: 'number', required: true },
    inApp: { type: 'list', required: true, items: { type: 'string' } },
    email: { type: 'list', required: true, items: { type: 'string' } },
    fromLocationsBelow: { type: 'boolean', required: true },
    summaryEnabled: { type: 'boolean', required: true },
    summaryTime: { type: 'string', required: true },
    summaryTimeZone: { type: 'string', required: true },
    /** The summary sent last covered up to here. */
    summarySince: { type: 'string' },
    nextSummaryAt: { type: 'string', required: true },
  },
  indexes: {
    primary: {
      pk: { field: 'pk', composite: ['userId'] },
      sk: { field: 'sk', composite: [] },
    },
    byNextSummary: {
      index: 'gsi3',
      pk: { field: 'gsi3pk', composite: [] },
      sk: { field: 'gsi3sk', composite: ['nextSummaryAt', 'userId'] },
    },
  },
});
export type AlertPreferencesItem = EntityItem<typeof alertPreferencesEntity>;
