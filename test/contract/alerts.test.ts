import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@sitewalk/shared/roles';
import { checksBetween, type Occurrence } from '@sitewalk/shared/walk-windows';
import type { WalkWindow } from '@sitewalk/shared/schemas/schedule';
import { apiAs, type Api } from '../support/api.ts';
import { mailsTo, startOwnTestHost, type TestHost } from '../support/host.ts';
import { callAs, person, type Person } from '../support/people.ts';
import { seedTenant, type Tenant } from '../support/site.ts';

/**
 * Missed-walk alerts (issue 17): the evaluator, run here in-process as the local host runs it with a given
 * time, raises each window's alerts once, to the people who lead the location, in the app and by e-mail.
 */

let t: TestHost;
let call: ReturnType<typeof callAs>;
let api: Api;
let evaluateAt: (now: Date) => Promise<{ raised: number; schedules: number; mailsSent: number }>;
let a: Tenant;
let manager: Person;
let assistant: Person;
let employee: Person;
let areaManager: Person;
let companyManager: Person;
let managerB: Person;

const ZONE = 'America/Chicago';
const morning: WalkWindow = {
  id: 'morning',
  label: 'Morning walk',
  days: [0, 1, 2, 3, 4, 5, 6],
  start: '07:00',
  end: '10:00',
  walkIds: [],
  graceMinutes: 15,
};

/**
 * The next occurrences of the morning window both of whose checks come after `after`: one already due soon when
 * the schedule is set has only its 'missed' check ahead (the evaluator looks no further back than the schedule).
 */
const nextMornings = (after: Date, count: number): Occurrence[] =>
  checksBetween(
    { timeZone: ZONE, windows: [morning] },
    after,
    new Date(after.getTime() + (count + 2) * 86_400_000),
  )
    .filter((c) => c.kind === 'dueSoon')
    .slice(0, count)
    .map((c) => c.occurrence);
const minuteAfter = (instant: Date) => new Date(instant.getTime() + 60_000);

let first: Occurrence;
let second: Occurrence;

beforeAll(async () => {
  t = await startOwnTestHost();
  call = callAs(t.host.url);
  api = apiAs(t.host.url);
  ({ evaluateAt } = await import('@sitewalk/functions/evaluator/handler'));
  const admin = await person(t.host.url, Role.Admin);
  a = await seedTenant(t.host.url, { by: admin, label: 'Alerted' });
  const b = await seedTenant(t.host.url, { by: admin, label: 'Quiet' });
  manager = await a.person(Role.Manager);
  assistant = await a.person(Role.AssistantManager);
  employee = await a.person(Role.Employee);
  areaManager = await a.person(Role.AreaManager);
  companyManager = await a.person(Role.CompanyManager);
  managerB = await b.person(Role.Manager);
  // Tenant B's location keeps no windows, so nothing is due there.
  await api(managerB, 'schedule.set', {
    params: { locationId: b.locationId },
    body: { timeZone: ZONE, windows: [] },
  });
  await api(companyManager, 'alert.setPreferences', {
    body: {
      inApp: ['missed', 'dueSoon'],
      email: ['missed'],
      fromLocationsBelow: true,
      dailySummary: { enabled: false, time: '07:00', timeZone: ZONE },
    },
  });
  await api(manager, 'schedule.set', {
    params: { locationId: a.locationId },
    body: { timeZone: ZONE, windows: [morning] },
  });
  [first, second] = nextMornings(new Date(), 2) as [Occurrence, Occurrence];
  // The first morning passes with no walk.
  await evaluateAt(minuteAfter(first.graceEndsAt));
});
afterAll(() => t.host.close());

const alertsOf = async (who: Person, query: Record<string, string | number> = {}) =>
  api(who, 'alert.some', { query: { limit: 50, ...query } });

describe('a window that passes with no walk', () => {
  it("raises 'due soon' and then 'missed', once each, for the location's Managers and Assistant Managers", async () => {
    for (const who of [manager, assistant]) {
      const { alerts, unreadCount, totalCount } = await alertsOf(who);
      expect({ totalCount, unreadCount }).toEqual({ totalCount: 2, unreadCount: 2 });
      expect(alerts.map((x) => x.kind)).toEqual(['missed', 'dueSoon']);
      expect(alerts[0]).toMatchObject({
        locationId: a.locationId,
        location: { name: 'Location Alerted' },
        window: {
          id: 'morning',
          label: 'Morning walk',
          date: first.date,
          opensAt: first.opensAt.toISOString(),
          closesAt: first.closesAt.toISOString(),
        },
        walkReportId: null,
        taskId: null,
        message: 'Morning walk at Location Alerted was missed (07:00–10:00)',
        readAt: null,
      });
      expect(alerts[1]?.message).toBe(
        'Morning walk at Location Alerted is due soon and no walk has started (07:00–10:00)',
      );
    }
  });

  it('reaches those above the location only when they asked for it, and never an Employee', async () => {
    expect((await alertsOf(companyManager)).alerts.map((x) => x.kind)).toEqual(['missed', 'dueSoon']);
    expect((await alertsOf(areaManager)).totalCount).toBe(0);
    expect((await alertsOf(employee)).totalCount).toBe(0);
    expect((await alertsOf(managerB)).totalCount).toBe(0);
  });

  it('mails each recipient who takes the kind by e-mail once, in HTML and text', async () => {
    const subject = 'SiteWalk alert: Morning walk at Location Alerted was missed (07:00–10:00)';
    for (const who of [manager, assistant, companyManager]) {
      const mails = (await mailsTo(t.standIns.endpoints.ses, who.email)).filter((m) => m.subject === subject);
      expect(mails).toHaveLength(1);
      expect(mails[0]?.body.text).toContain(`${process.env.APP_URL}/app/alerts`);
      expect(mails[0]?.body.html).toContain(`href="${process.env.APP_URL}/app/alerts"`);
    }
    // 'due soon' is in the app only by default.
    const dueSoon = (await mailsTo(t.standIns.endpoints.ses, manager.email)).filter((m) =>
      m.subject.includes('due soon'),
    );
    expect(dueSoon).toEqual([]);
    expect(await mailsTo(t.standIns.endpoints.ses, employee.email)).toEqual([]);
  });

  it('is never raised twice: a later run, and two overlapping runs, add only the next morning', async () => {
    expect((await evaluateAt(minuteAfter(first.graceEndsAt))).raised).toBe(0);
    const at = minuteAfter(second.graceEndsAt);
    const runs = await Promise.all([evaluateAt(at), evaluateAt(at)]);
    // Due soon and missed of the second morning, once, whichever run raised them.
    expect(runs.reduce((sum, run) => sum + run.raised, 0)).toBe(2);
    expect((await alertsOf(manager)).totalCount).toBe(4);
    const missedMails = (await mailsTo(t.standIns.endpoints.ses, manager.email)).filter((m) =>
      m.subject.endsWith('was missed (07:00–10:00)'),
    );
    expect(missedMails).toHaveLength(2);
  });
});

describe('reading and marking', () => {
  it('marks one read and unread; the count follows', async () => {
    const [newest] = (await alertsOf(assistant)).alerts;
    const read = await api(assistant, 'alert.markRead', { params: { id: newest!.id }, body: { read: true } });
    expect(Date.parse(read.readAt ?? '')).toBeGreaterThan(0);
    const unreadBefore = (await api(assistant, 'alert.unreadCount')).unreadCount;
    await api(assistant, 'alert.markRead', { params: { id: newest!.id }, body: { read: false } });
    expect((await api(assistant, 'alert.unreadCount')).unreadCount).toBe(unreadBefore + 1);
  });

  it("another user's alert, or one of another tenant, is 404 and stays as it was", async () => {
    const [theirs] = (await alertsOf(manager)).alerts;
    expect((await call(employee, 'PUT', `/api/alert/${theirs!.id}/read`, { read: true })).status).toBe(404);
    expect((await call(managerB, 'PUT', `/api/alert/${theirs!.id}/read`, { read: true })).status).toBe(404);
    expect((await call(manager, 'PUT', '/api/alert/99999999/read', { read: true })).status).toBe(404);
    expect((await alertsOf(manager)).alerts[0]?.readAt).toBeNull();
  });

  it('filters by kind, location and unread', async () => {
    const missed = await alertsOf(manager, { kind: 'missed' });
    expect(missed.alerts.every((x) => x.kind === 'missed')).toBe(true);
    expect(missed.totalCount).toBe(2);
    expect((await alertsOf(manager, { locationId: a.locationId })).totalCount).toBe(4);
    expect((await alertsOf(manager, { locationId: 99999999 })).totalCount).toBe(0);
    expect((await alertsOf(manager, { searchTerm: 'due soon' })).totalCount).toBe(2);
    const paged = await alertsOf(manager, { limit: 3, offset: 3 });
    expect({ n: paged.alerts.length, page: paged.page, totalPages: paged.totalPages }).toEqual({
      n: 1,
      page: 2,
      totalPages: 2,
    });
  });

  it('marks all read', async () => {
    const before = (await api(manager, 'alert.unreadCount')).unreadCount;
    expect(before).toBeGreaterThan(0);
    expect(await api(manager, 'alert.markAllRead')).toEqual({ updated: before });
    expect((await api(manager, 'alert.unreadCount')).unreadCount).toBe(0);
    expect((await alertsOf(manager, { unreadOnly: 'true' })).totalCount).toBe(0);
    // Only their own: the assistant's stay unread.
    expect((await api(assistant, 'alert.unreadCount')).unreadCount).toBeGreaterThan(0);
  });

  it('shows only alerts of locations the user still has: removed from one, its alerts are not listed, counted or markable; added back, they are', async () => {
    const before = await alertsOf(assistant);
    expect(before.totalCount).toBe(4);
    expect(before.unreadCount).toBeGreaterThan(0);
    const [newest] = before.alerts;
    await api(companyManager, 'user.removeFromLocation', {
      params: { userId: assistant.id, locationId: a.locationId },
    });

    const gone = await alertsOf(assistant);
    expect({ alerts: gone.alerts, totalCount: gone.totalCount, unreadCount: gone.unreadCount }).toEqual({
      alerts: [],
      totalCount: 0,
      unreadCount: 0,
    });
    expect((await alertsOf(assistant, { locationId: a.locationId })).totalCount).toBe(0);
    expect((await alertsOf(assistant, { searchTerm: 'Morning' })).totalCount).toBe(0);
    expect((await api(assistant, 'alert.unreadCount')).unreadCount).toBe(0);
    expect((await call(assistant, 'PUT', `/api/alert/${newest!.id}/read`, { read: true })).status).toBe(404);
    expect(await api(assistant, 'alert.markAllRead')).toEqual({ updated: 0 });
    // The manager, who still has the location, sees the same alert as before.
    expect((await alertsOf(manager)).alerts.map((x) => x.id)).toContain(newest!.id);

    await api(companyManager, 'user.addToLocation', {
      body: { userIds: [assistant.id], locationId: a.locationId },
    });
    const back = await alertsOf(assistant);
    // Back as they were: neither marked read nor dropped while hidden.
    expect(back).toEqual(before);
    expect((await api(assistant, 'alert.unreadCount')).unreadCount).toBe(before.unreadCount);
  });

  it.each([
    ['an unknown kind', '?kind=lost'],
    ['a location that is no id', '?locationId=abc'],
    ['a limit over the maximum', '?limit=500'],
  ])('refuses %s (400)', async (_label, query) => {
    expect((await call(manager, 'GET', `/api/alert${query}`)).status).toBe(400);
  });
});

describe('a walk in the window', () => {
  it('a whole walk raises nothing; one under 90 % raises "incomplete"', async () => {
    const locationId = await a.addLocation('Walked');
    const lead = await a.person(Role.Manager, [locationId]);
    const walker = await a.person(Role.Employee, [locationId]);
    await api(lead, 'schedule.set', { params: { locationId }, body: { timeZone: ZONE, windows: [morning] } });
    const walk = await api(lead, 'walk.create', {
      body: {
        name: 'Two markers',
        locationId,
        markers: [
          { label: 1, lat: 36.8, lng: -119.7 },
          { label: 2, lat: 36.801, lng: -119.7 },
        ],
      },
    });
    const [day1, day2] = nextMornings(new Date(), 2) as [Occurrence, Occurrence];
    const walkOn = async (day: Occurrence, markers: number) => {
      const startedAt = new Date(day.opensAt.getTime() + 30 * 60_000);
      const report = await api(walker, 'walkReport.start', {
        body: { walkId: walk.id, clientId: crypto.randomUUID(), startedAt: startedAt.toISOString() },
      });
      for (const marker of walk.markers.slice(0, markers)) {
        await api(walker, 'walkReport.recordCompletedMarker', {
          params: { walkReportId: report.id },
          body: {
            clientId: crypto.randomUUID(),
            markerId: marker.id,
            arrivedAt: new Date(startedAt.getTime() + 60_000).toISOString(),
            lat: 36.8,
            lng: -119.7,
            accuracy: 5,
          },
        });
      }
      await api(walker, 'walkReport.finish', {
        params: { walkReportId: report.id },
        body: { finishedAt: new Date(startedAt.getTime() + 20 * 60_000).toISOString() },
      });
      return report.id;
    };
    await walkOn(day1, 2);
    const short = await walkOn(day2, 1);
    await evaluateAt(minuteAfter(day2.graceEndsAt));
    const { alerts } = await alertsOf(lead, { locationId });
    expect(alerts.map((x) => [x.kind, x.window?.date, x.walkReportId])).toEqual([
      ['incomplete', day2.date, short],
    ]);
  });
});

describe('preferences', () => {
  it('are the defaults until saved, and read back as saved', async () => {
    const fresh = await a.person(Role.Manager);
    expect(await api(fresh, 'alert.preferences')).toEqual({
      inApp: ['dueSoon', 'missed', 'incomplete', 'late', 'taskOverdue', 'noLockCheck'],
      email: ['missed', 'incomplete', 'late', 'taskOverdue', 'noLockCheck'],
      fromLocationsBelow: false,
      dailySummary: { enabled: false, time: '07:00', timeZone: 'UTC' },
    });
    const chosen = {
      inApp: ['missed' as const],
      email: [],
      fromLocationsBelow: false,
      dailySummary: { enabled: true, time: '06:30', timeZone: 'America/Denver' },
    };
    expect(await api(fresh, 'alert.setPreferences', { body: chosen })).toEqual(chosen);
    expect(await api(fresh, 'alert.preferences')).toEqual(chosen);
  });

  const valid = {
    inApp: ['missed'],
    email: [],
    fromLocationsBelow: false,
    dailySummary: { enabled: false, time: '07:00', timeZone: 'UTC' },
  };
  it.each([
    ['an unknown kind', { ...valid, inApp: ['lost'] }, 'inApp.0'],
    [
      'a time of 25:00',
      { ...valid, dailySummary: { ...valid.dailySummary, time: '25:00' } },
      'dailySummary.time',
    ],
    [
      'an unknown zone',
      { ...valid, dailySummary: { ...valid.dailySummary, timeZone: 'Nowhere/City' } },
      'dailySummary.timeZone',
    ],
    ['no summary', { ...valid, dailySummary: undefined }, 'dailySummary'],
    ['a text for a switch', { ...valid, fromLocationsBelow: 'yes' }, 'fromLocationsBelow'],
  ])('refuses %s (400, naming the field)', async (_label, body, field) => {
    const response = await call(manager, 'PUT', '/api/alert/preferences', body);
    expect(response.status).toBe(400);
    expect(response.body.validationErrors).toHaveProperty([field]);
  });

  it('refuses a request with no body', async () => {
    expect((await call(manager, 'PUT', '/api/alert/preferences')).status).toBe(400);
  });

  it('a daily summary goes out at the chosen time, once, with each location', async () => {
    const reader = await a.person(Role.Manager);
    const zone = 'UTC';
    await api(reader, 'alert.setPreferences', {
      body: { ...valid, inApp: [], dailySummary: { enabled: true, time: '05:00', timeZone: zone } },
    });
    const now = new Date();
    const due = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1, 5, 1));
    await Promise.all([evaluateAt(due), evaluateAt(due)]);
    const mails = (await mailsTo(t.standIns.endpoints.ses, reader.email)).filter(
      (m) => m.subject === 'Your SiteWalk daily summary',
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]?.body.text).toMatch(/Location Alerted: \d+ walks done, \d+ missed, \d+ open incidents/);
    expect(mails[0]?.body.html).toContain('<td>Location Alerted</td>');
    // Links into the app's pages that download the CSV and PDFs (never expiring file links).
    const appUrl = new URL(mails[0]?.body.text?.match(/Open SiteWalk[^:]*: (\S+)\/app$/m)?.[1] ?? 'x:')
      .origin;
    expect(mails[0]?.body.text).toContain(
      `Walk reports: ${appUrl}/app/locations/${a.locationId}#walk-reports`,
    );
    expect(mails[0]?.body.text).toContain(`Incidents: ${appUrl}/app/locations/${a.locationId}#incidents`);
    expect(mails[0]?.body.html).toContain(`href="${appUrl}/app/locations/${a.locationId}#walk-reports"`);
    expect(mails[0]?.body.text).not.toContain('X-Amz-Signature');
  });
});
