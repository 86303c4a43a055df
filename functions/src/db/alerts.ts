import type { DataService } from './service.ts';
import type { AlertItem, AlertPreferencesItem } from './entities/alert.ts';
import { readByKeys, readPartition } from './bounded.ts';
import { createOutcome, writeIf, type CreateOutcome } from './conditional.ts';

/** Named access patterns of alerts, inboxes, the mail outbox and alert preferences (docs/data-model.md). */

export const alertKeyExists = async (db: DataService, key: string) =>
  (await db.entities.alertKey.get({ key }).go()).data !== null;

/**
 * Records an alert once: its key guard, the alert, each recipient's inbox entry and the mails to send, in one
 * transaction. 'exists' when the key was recorded first (by an overlapping run).
 */
export const recordAlert = async (
  db: DataService,
  alert: AlertItem,
  inboxUserIds: readonly number[],
  mailUserIds: readonly number[],
): Promise<CreateOutcome> => {
  const { alertId, key, locationId, kind, createdAt } = alert;
  const result = await db.transaction
    .write(({ alertKey, alert: alerts, alertInbox, alertMail }) => [
      alertKey.create({ key, alertId, locationId }).commit(),
      alerts.create(alert).commit(),
      ...inboxUserIds.map((userId) => alertInbox.create({ userId, alertId, kind, locationId }).commit()),
      ...mailUserIds.map((userId) => alertMail.create({ alertId, userId, createdAt }).commit()),
    ])
    .go();
  return createOutcome(result);
};

export const getAlert = async (db: DataService, alertId: number) =>
  (await db.entities.alert.get({ alertId }).go()).data;

export const getAlerts = (db: DataService, alertIds: readonly number[]) =>
  readByKeys(
    alertIds.map((alertId) => ({ alertId })),
    (keys) => db.entities.alert.get(keys).go(),
  );

/** A user's inbox, newest first (bounded: past the bound the read fails loudly). */
export const inboxOf = async (db: DataService, userId: number) =>
  readPartition((cursor) => db.entities.alertInbox.query.primary({ userId }).go({ cursor, order: 'desc' }));

export const inboxEntry = async (db: DataService, userId: number, alertId: number) =>
  (await db.entities.alertInbox.get({ userId, alertId }).go()).data;

/** A user's unread inbox entries (gsi2): the bell's count, each with its location (to judge scope by). */
export const unreadOf = async (db: DataService, userId: number) =>
  readPartition((cursor) =>
    db.entities.alertInbox.query
      .byState({ userId, state: 'unread' })
      .go({ cursor, attributes: ['alertId', 'locationId'] }),
  );

/** Marks one inbox entry read or unread: false when the user has no such alert. */
export const setRead = (db: DataService, userId: number, alertId: number, readAt: string | null) =>
  writeIf(
    (readAt
      ? db.entities.alertInbox.patch({ userId, alertId }).set({ state: 'read', readAt })
      : db.entities.alertInbox.patch({ userId, alertId }).set({ state: 'unread' }).remove(['readAt'])
    ).go(),
  );

export const getPreferences = async (db: DataService, userId: number) =>
  (await db.entities.alertPreferences.get({ userId }).go()).data;

export const getPreferencesOf = (db: DataService, userIds: readonly number[]) =>
  readByKeys(
    userIds.map((userId) => ({ userId })),
    (keys) => db.entities.alertPreferences.get(keys).go(),
  );

export const putPreferences = async (db: DataService, item: AlertPreferencesItem) =>
  (await db.entities.alertPreferences.put(item).go()).data;

/** The mails still to send, oldest first, at most `count` (gsi3). */
export const pendingMails = async (db: DataService, count: number) =>
  (await db.entities.alertMail.query.pending({}).go({ count, pages: 'all' })).data;

/** Takes a pending mail for one run until `until`: false when another run holds it. */
export const claimMail = (db: DataService, alertId: number, userId: number, now: string, until: string) =>
  writeIf(
    db.entities.alertMail
      .patch({ alertId, userId })
      .set({ claimedUntil: until })
      .where((attr, { notExists, lt }) => `${notExists(attr.claimedUntil)} OR ${lt(attr.claimedUntil, now)}`)
      .go(),
  );

export const mailSent = async (db: DataService, alertId: number, userId: number) => {
  await db.entities.alertMail.delete({ alertId, userId }).go();
};

export const mailFailed = async (db: DataService, alertId: number, userId: number) => {
  await db.entities.alertMail.patch({ alertId, userId }).add({ attempts: 1 }).remove(['claimedUntil']).go();
};

/** The users whose daily summary is due by `now`, earliest first, at most `count` (gsi3). */
export const summariesDue = async (db: DataService, now: string, count: number) =>
  (
    await db.entities.alertPreferences.query
      .byNextSummary({})
      .between({ nextSummaryAt: '' }, { nextSummaryAt: now })
      .go({ count, pages: 'all' })
  ).data;

/** Moves a user's summary on, if no other run did (its next time is still the one read). */
export const advanceSummary = (
  db: DataService,
  item: Pick<AlertPreferencesItem, 'userId' | 'nextSummaryAt'>,
  summarySince: string,
  nextSummaryAt: string,
) =>
  writeIf(
    db.entities.alertPreferences
      .patch({ userId: item.userId })
      .set({ summarySince, nextSummaryAt })
      .where((attr, { eq }) => eq(attr.nextSummaryAt, item.nextSummaryAt))
      .go(),
  );
