import type * as z from 'zod';
import { takesOwnLocationAlerts, Role } from '@sitewalk/shared/roles';
import { canSee, type Actor } from '@sitewalk/shared/policy';
import {
  defaultAlertPreferences,
  type AlertKind,
  type AlertPreferences,
  type alertsQuery,
} from '@sitewalk/shared/schemas/alert';
import { addDays, atLocalTime, localDate } from '@sitewalk/shared/time';
import type { DataService } from '../db/service.ts';
import type { AlertInboxItem, AlertItem, AlertPreferencesItem } from '../db/entities/alert.ts';
import { NEVER_DUE } from '../db/entities/schedule.ts';
import type { LocationItem } from '../db/entities/location.ts';
import type { UserItem } from '../db/entities/user.ts';
import {
  alertKeyExists,
  claimMail,
  getAlert,
  getAlerts,
  getPreferences,
  getPreferencesOf,
  inboxEntry,
  inboxOf,
  mailFailed,
  mailSent,
  pendingMails,
  putPreferences,
  recordAlert,
  setRead,
  unreadOf,
} from '../db/alerts.ts';
import { nextId } from '../db/counters.ts';
import { getLocation, getLocations } from '../db/locations.ts';
import { getUsers, listUsersOfCompany, ownMemberIdsOfOrganization, userIdsOfLocation } from '../db/users.ts';
import { mapBounded } from '../db/bounded.ts';
import { queueMail } from '../db/mail-outbox.ts';
import { clock } from '../ports/clock.ts';
import type { AlertDraft, RaiseAlert } from './alert-drafts.ts';
import { NotFoundError } from './errors.ts';
import { pageOf } from './paging.ts';
import { alertMail } from './mails.ts';
import { locationPlacement } from './placements.ts';

/** A transaction holds at most 100 items: the guard, the alert, and an inbox entry and a mail per recipient. */
export const ALERT_RECIPIENTS_MAX = 45;
/** Mails sent per evaluator run at most; the rest wait for the next run. */
export const MAILS_PER_RUN = 200;
/** How long a run holds a mail it is sending; past it, a run that stopped half-way lets another send it. */
const MAIL_CLAIM_MS = 5 * 60_000;
/** A mail that failed this often is left in the outbox, no longer tried. */
export const MAIL_ATTEMPTS_MAX = 5;

export interface AlertDeps {
  db: DataService;
  appUrl: string;
}

const toPreferences = (item: AlertPreferencesItem | null | undefined): AlertPreferences =>
  item
    ? {
        inApp: item.inApp as AlertKind[],
        email: item.email as AlertKind[],
        fromLocationsBelow: item.fromLocationsBelow,
        dailySummary: {
          enabled: item.summaryEnabled,
          time: item.summaryTime,
          timeZone: item.summaryTimeZone,
        },
      }
    : defaultAlertPreferences('UTC');

/** The first summary time after `after`: `time` in `timeZone` on the local day of `after` or the next. */
export const nextSummaryAfter = (time: string, timeZone: string, after: Date): Date => {
  const today = localDate(after, timeZone);
  const atToday = atLocalTime(today, time, timeZone);
  return atToday > after ? atToday : atLocalTime(addDays(today, 1), time, timeZone);
};

/**
 * Who leads locations, read once per evaluator run and shared by its alerts: each location's Managers and
 * Assistant Managers, each area's Area Managers, each company's Company Managers and Owners.
 */
const leadsReader = (db: DataService) => {
  const cached = <K, V>(read: (key: K) => Promise<V>) => {
    const seen = new Map<K, Promise<V>>();
    return (key: K) => {
      if (!seen.has(key)) seen.set(key, read(key));
      return seen.get(key)!;
    };
  };
  const ofLocation = cached((locationId: number) => userIdsOfLocation(db, locationId));
  const ofOrganization = cached((organizationId: number) => ownMemberIdsOfOrganization(db, organizationId));
  const ofCompany = cached(async (managementCompanyId: number) =>
    (await listUsersOfCompany(db, managementCompanyId))
      .filter((u) => u.roleId === Role.CompanyManager || u.roleId === Role.Owner)
      .map((u) => u.userId),
  );
  /** A location's own leads, and those above it (who get its alerts only if they asked for them). */
  return async (location: LocationItem) => {
    const [own, organization, company] = await Promise.all([
      ofLocation(location.locationId),
      ofOrganization(location.organizationId),
      ofCompany(location.managementCompanyId),
    ]);
    return { own, above: [...organization, ...company] };
  };
};

/**
 * Alerts: raised once per key by the evaluator's checks, kept in each recipient's inbox, mailed through an
 * outbox; and each user's own inbox and preferences.
 */
export const createAlerts = ({ db, appUrl }: AlertDeps) => {
  const link = `${appUrl}/app/alerts`;

  /**
   * A `raise` for one evaluator run: who leads each location, area and company is read once per run. An
   * alert goes to the location's Managers and Assistant Managers, to Area Managers, Company Managers and
   * Owners above it who set `fromLocationsBelow`, and to `alsoTo`; into the inbox of those who take its kind
   * in the app, and into the outbox for those who take it by e-mail.
   */
  const raiser = (): RaiseAlert => {
    const leadsOf = leadsReader(db);
    return async (draft: AlertDraft) => {
      if (await alertKeyExists(db, draft.key)) return 'exists';
      const location = await getLocation(db, draft.locationId);
      if (!location) return 'exists'; // deleted meanwhile: its cleanup removes what it had
      const { own, above } = await leadsOf(location);
      const candidates = [...new Set([...own, ...above, ...(draft.alsoTo ?? [])])];
      const [users, stored] = await Promise.all([getUsers(db, candidates), getPreferencesOf(db, candidates)]);
      const preferences = new Map(stored.map((item) => [item.userId, toPreferences(item)]));
      const ownSet = new Set(own);
      const alsoTo = new Set(draft.alsoTo ?? []);
      const recipients = users.filter((user) => {
        const prefs = preferences.get(user.userId) ?? toPreferences(null);
        if (alsoTo.has(user.userId)) return true;
        if (ownSet.has(user.userId)) return takesOwnLocationAlerts(user.roleId);
        return prefs.fromLocationsBelow;
      });
      const chosen = recipients.slice(0, ALERT_RECIPIENTS_MAX);
      const takes = (user: UserItem, how: 'inApp' | 'email') =>
        (preferences.get(user.userId) ?? toPreferences(null))[how].includes(draft.kind);
      const alertId = await nextId(db, 'alert');
      const outcome = await recordAlert(
        db,
        {
          alertId,
          key: draft.key,
          kind: draft.kind,
          locationId: location.locationId,
          organizationId: location.organizationId,
          managementCompanyId: location.managementCompanyId,
          ...(draft.window ? { window: draft.window } : {}),
          ...(draft.walkReportId ? { walkReportId: draft.walkReportId } : {}),
          ...(draft.taskId ? { taskId: draft.taskId } : {}),
          message: draft.message,
          recipientIds: chosen.map((u) => u.userId),
          createdAt: clock.now().toISOString(),
        },
        chosen.filter((u) => takes(u, 'inApp')).map((u) => u.userId),
        chosen.filter((u) => takes(u, 'email') && u.email).map((u) => u.userId),
      );
      return outcome === 'written' ? 'raised' : 'exists';
    };
  };

  /**
   * Moves the alert mails waiting (at most MAILS_PER_RUN) into the mail outbox, which sends them; one that could
   * not be queued waits for the next run.
   */
  const sendPending = async (): Promise<{ sent: number; failed: number }> => {
    const pending = (await pendingMails(db, MAILS_PER_RUN)).filter((m) => m.attempts < MAIL_ATTEMPTS_MAX);
    let sent = 0;
    let failed = 0;
    const now = clock.now();
    const until = new Date(now.getTime() + MAIL_CLAIM_MS).toISOString();
    await mapBounded(pending, async (mail) => {
      // Claimed first: two overlapping runs never send the same mail twice.
      if (!(await claimMail(db, mail.alertId, mail.userId, now.toISOString(), until))) return;
      const alert = await getAlert(db, mail.alertId);
      const [user] = await getUsers(db, [mail.userId]);
      if (!alert || !user?.email) {
        await mailSent(db, mail.alertId, mail.userId); // nothing to send to any more
        return;
      }
      const location = await getLocation(db, alert.locationId);
      try {
        // Into the one mail outbox (issue 28), which sends it with retries; its key makes a second run's copy
        // of the same mail nothing.
        await queueMail(
          db,
          {
            mailKey: `alert:${mail.alertId}:${mail.userId}`,
            purpose: 'alert',
            to: user.email,
            ...alertMail({
              firstName: user.firstName,
              message: alert.message,
              locationName: location?.name ?? 'a deleted location',
              when: alert.window ? `${alert.window.label}, ${alert.window.date}` : null,
              link,
            }),
          },
          now,
        );
      } catch {
        failed += 1;
        await mailFailed(db, mail.alertId, mail.userId);
        return;
      }
      sent += 1;
      await mailSent(db, mail.alertId, mail.userId);
    });
    return { sent, failed };
  };

  return { raiser, sendPending };
};

/** Each user's own alerts and preferences (the alert routes). */
export const createAlertInbox = ({ db }: Pick<AlertDeps, 'db'>) => {
  const view = (alert: AlertItem, entry: AlertInboxItem, names: Map<number, string>) => ({
    id: alert.alertId,
    kind: alert.kind,
    locationId: alert.locationId,
    location: { name: names.get(alert.locationId) ?? '' },
    window: alert.window ?? null,
    walkReportId: alert.walkReportId ?? null,
    taskId: alert.taskId ?? null,
    message: alert.message,
    createdAt: alert.createdAt,
    readAt: entry.readAt ?? null,
  });

  /**
   * The entries of locations the actor's scope holds now (their memberships as they are, the location where it
   * is now): an alert delivered for a location the user no longer has is not listed, counted or markable, and
   * shows again as it was if they are given the location back. A deleted location's entries are left out too.
   */
  const inScope = async <E extends Pick<AlertInboxItem, 'locationId'>>(actor: Actor, entries: E[]) => {
    const locations = await getLocations(db, [...new Set(entries.map((e) => e.locationId))]);
    const held = new Set(
      locations.filter((l) => canSee(actor, locationPlacement(l))).map((l) => l.locationId),
    );
    return entries.filter((e) => held.has(e.locationId));
  };

  type AlertView = ReturnType<typeof view>;
  const viewsOf = async (entries: AlertInboxItem[]): Promise<AlertView[]> => {
    const alerts = new Map(
      (
        await getAlerts(
          db,
          entries.map((e) => e.alertId),
        )
      ).map((a) => [a.alertId, a]),
    );
    const names = new Map(
      (await getLocations(db, [...new Set(entries.map((e) => e.locationId))])).map((l) => [
        l.locationId,
        l.name,
      ]),
    );
    return entries.flatMap((entry) => {
      const alert = alerts.get(entry.alertId);
      return alert ? [view(alert, entry, names)] : [];
    });
  };

  return {
    /** A page of the caller's alerts, newest first, by kind, location and unread only. */
    list: async (actor: Actor, query: z.output<typeof alertsQuery>) => {
      const inbox = await inScope(actor, await inboxOf(db, actor.userId));
      const unreadCount = inbox.filter((e) => e.state === 'unread').length;
      const matching = inbox.filter(
        (e) =>
          (!query.kind || e.kind === query.kind) &&
          (!query.locationId || e.locationId === query.locationId) &&
          (!query.unreadOnly || e.state === 'unread'),
      );
      const answer = (alerts: AlertView[], totalCount: number) => ({
        alerts,
        totalCount,
        unreadCount,
        page: Math.floor(query.offset / query.limit) + 1,
        limit: query.limit,
        totalPages: Math.ceil(totalCount / query.limit),
      });
      // A search reads what the alerts say; without one only the page's alerts are read.
      if (query.searchTerm) {
        const found = pageOf(await viewsOf(matching), query, (a) => [a.message, a.location.name]);
        return answer(found.items, found.totalCount);
      }
      const page = pageOf(matching, query, () => []);
      return answer(await viewsOf(page.items), page.totalCount);
    },

    unreadCount: async (actor: Actor) => ({
      unreadCount: (await inScope(actor, await unreadOf(db, actor.userId))).length,
    }),

    /** Marks one of the caller's alerts read or unread; another's, one out of their scope (or none) is 404. */
    markRead: async (actor: Actor, alertId: number, read: boolean) => {
      const found = await inboxEntry(db, actor.userId, alertId);
      if (!found || (await inScope(actor, [found])).length === 0) throw new NotFoundError('Alert not found');
      const changed = await setRead(db, actor.userId, alertId, read ? clock.now().toISOString() : null);
      const entry = changed ? await inboxEntry(db, actor.userId, alertId) : null;
      if (!entry) throw new NotFoundError('Alert not found');
      const [answer] = await viewsOf([entry]);
      if (!answer) throw new NotFoundError('Alert not found');
      return answer;
    },

    markAllRead: async (actor: Actor) => {
      const unread = await inScope(actor, await unreadOf(db, actor.userId));
      const now = clock.now().toISOString();
      const changed = await mapBounded(unread, (e) => setRead(db, actor.userId, e.alertId, now));
      return { updated: changed.filter(Boolean).length };
    },

    preferences: async (actor: Actor) => toPreferences(await getPreferences(db, actor.userId)),

    setPreferences: async (actor: Actor, preferences: AlertPreferences) => {
      const { enabled, time, timeZone } = preferences.dailySummary;
      const now = clock.now();
      const stored = await putPreferences(db, {
        userId: actor.userId,
        inApp: [...new Set(preferences.inApp)],
        email: [...new Set(preferences.email)],
        fromLocationsBelow: preferences.fromLocationsBelow,
        summaryEnabled: enabled,
        summaryTime: time,
        summaryTimeZone: timeZone,
        summarySince: now.toISOString(),
        nextSummaryAt: enabled ? nextSummaryAfter(time, timeZone, now).toISOString() : NEVER_DUE,
      });
      return toPreferences(stored);
    },
  };
};

export type Alerts = ReturnType<typeof createAlerts>;
