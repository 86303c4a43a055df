import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@sitewalk/shared/roles';
import { GRACE_MINUTES_MAX, SCHEDULE_WINDOWS_MAX } from '@sitewalk/shared/constants';
import { localDate } from '@sitewalk/shared/time';
import { apiAs, type Api, type BodyOf } from '../support/api.ts';
import { startTestHost, type TestHost } from '../support/host.ts';
import { callAs, person, type Person } from '../support/people.ts';
import { locationBody, seedTenant, type Tenant } from '../support/site.ts';
import { daytimeZone, localTime } from '../support/windows.ts';

/** Walk windows per location (issue 17): defaults, setting them, and today's windows with their status. */

let t: TestHost;
let call: ReturnType<typeof callAs>;
let api: Api;
let admin: Person;
let a: Tenant;
let manager: Person;
let assistant: Person;
let employee: Person;
let managerB: Person;
let locationB: number;

beforeAll(async () => {
  t = await startTestHost();
  call = callAs(t.host.url);
  api = apiAs(t.host.url);
  admin = await person(t.host.url, Role.Admin);
  a = await seedTenant(t.host.url, { by: admin, label: 'Windows' });
  const b = await seedTenant(t.host.url, { by: admin, label: 'Other' });
  locationB = b.locationId;
  manager = await a.person(Role.Manager);
  assistant = await a.person(Role.AssistantManager);
  employee = await a.person(Role.Employee);
  managerB = await b.person(Role.Manager);
});
afterAll(() => t.host.close());

type Body = BodyOf<'schedule.set'>;
const window = (over: Partial<Body['windows'][number]> = {}): Body['windows'][number] => ({
  label: 'Morning walk',
  days: [1, 2, 3, 4, 5],
  start: '07:00',
  end: '10:00',
  ...over,
});
const path = (locationId: number) => `/api/schedule/${locationId}`;

describe('a new location', () => {
  it('has a morning and an evening window every day, in the time zone of its coordinates', async () => {
    const schedule = await api(employee, 'schedule.get', { params: { locationId: a.locationId } });
    expect(schedule).toEqual({
      locationId: a.locationId,
      timeZone: 'America/Los_Angeles', // Fresno
      windows: [
        {
          id: 'morning',
          label: 'Morning walk',
          days: [0, 1, 2, 3, 4, 5, 6],
          start: '07:00',
          end: '10:00',
          walkIds: [],
          graceMinutes: 15,
        },
        {
          id: 'evening',
          label: 'Evening walk',
          days: [0, 1, 2, 3, 4, 5, 6],
          start: '17:00',
          end: '20:00',
          walkIds: [],
          graceMinutes: 15,
        },
      ],
      updatedAt: null,
    });
  });

  it.each([
    ['Chicago', 41.88, -87.63, 'America/Chicago'],
    ['New York', 40.71, -74.0, 'America/New_York'],
    ['Honolulu', 21.31, -157.86, 'Pacific/Honolulu'],
  ])('in %s is in %s', async (name, latitude, longitude, timeZone) => {
    const location = await api(admin, 'location.create', {
      body: { ...locationBody(`Site in ${name}`, a.organizationId), latitude, longitude },
    });
    const schedule = await api(admin, 'schedule.get', { params: { locationId: location.id } });
    expect(schedule.timeZone).toBe(timeZone);
  });
});

describe('setting a schedule', () => {
  it('stores the windows and zone, keeps the ids of windows it had, and gives new ones an id', async () => {
    const locationId = await a.addLocation('Set me');
    const lead = await a.person(Role.Manager, [locationId]);
    const first = await api(lead, 'schedule.set', {
      params: { locationId },
      body: {
        timeZone: 'America/Denver',
        windows: [window({ id: 'morning' }), window({ label: 'Night check', start: '22:00', end: '23:30' })],
      },
    });
    expect(first.timeZone).toBe('America/Denver');
    expect(first.windows.map((w) => w.id)[0]).toBe('morning');
    expect(first.windows[1]?.id).toMatch(/^w-[0-9a-f]{8}$/);
    expect(first.windows[1]).toMatchObject({ label: 'Night check', walkIds: [], graceMinutes: 15 });
    expect(Date.parse(first.updatedAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
    expect(await api(admin, 'schedule.get', { params: { locationId } })).toEqual(first);

    const edited = await api(lead, 'schedule.set', {
      params: { locationId },
      body: { timeZone: 'America/Denver', windows: [{ ...first.windows[1]!, end: '23:45' }] },
    });
    expect(edited.windows).toEqual([{ ...first.windows[1], end: '23:45' }]);
  });

  it('takes the walks that count, when they are walks of the location', async () => {
    const walk = await api(manager, 'walk.create', {
      body: { name: 'Perimeter', locationId: a.locationId, markers: [{ label: 1, lat: 36.8, lng: -119.7 }] },
    });
    const set = await api(manager, 'schedule.set', {
      params: { locationId: a.locationId },
      body: { timeZone: 'America/Los_Angeles', windows: [window({ walkIds: [walk.id] })] },
    });
    expect(set.windows[0]?.walkIds).toEqual([walk.id]);

    const elsewhere = await api(admin, 'walk.create', {
      body: { name: 'Elsewhere', locationId: locationB, markers: [{ label: 1, lat: 36.8, lng: -119.7 }] },
    });
    const refused = await call(manager, 'PUT', path(a.locationId), {
      timeZone: 'America/Los_Angeles',
      windows: [window({ walkIds: [walk.id, elsewhere.id] })],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(`Walk ${elsewhere.id} is not a walk of this location`);
    // Nothing changed.
    expect((await api(manager, 'schedule.get', { params: { locationId: a.locationId } })).windows).toEqual(
      set.windows,
    );
  });

  const tooMany = Array.from({ length: SCHEDULE_WINDOWS_MAX + 1 }, (_, i) => window({ label: `W${i}` }));
  it.each([
    [
      'a window that ends before it starts',
      { windows: [window({ start: '10:00', end: '09:00' })] },
      'windows.0.end',
    ],
    [
      'a window that ends when it starts',
      { windows: [window({ start: '10:00', end: '10:00' })] },
      'windows.0.end',
    ],
    ['an unknown time zone', { timeZone: 'Mars/Olympus' }, 'timeZone'],
    ['a time zone that is no zone', { timeZone: 'EST5EDT; drop' }, 'timeZone'],
    ['a day listed twice', { windows: [window({ days: [1, 1] })] }, 'windows.0.days'],
    ['no day', { windows: [window({ days: [] })] }, 'windows.0.days'],
    ['day 7', { windows: [window({ days: [7] })] }, 'windows.0.days.0'],
    ['a time of 24:00', { windows: [window({ end: '24:00' })] }, 'windows.0.end'],
    ['a time without a colon', { windows: [window({ start: '0700' })] }, 'windows.0.start'],
    ['an empty name', { windows: [window({ label: '   ' })] }, 'windows.0.label'],
    [
      'a grace over the maximum',
      { windows: [window({ graceMinutes: GRACE_MINUTES_MAX + 1 })] },
      'windows.0.graceMinutes',
    ],
    ['a negative grace', { windows: [window({ graceMinutes: -1 })] }, 'windows.0.graceMinutes'],
    [`${SCHEDULE_WINDOWS_MAX + 1} windows`, { windows: tooMany }, 'windows'],
    ['a window id with capitals', { windows: [window({ id: 'Morning' })] }, 'windows.0.id'],
  ])('refuses %s (400, naming the field)', async (_label, change, field) => {
    const response = await call(manager, 'PUT', path(a.locationId), {
      timeZone: 'America/Los_Angeles',
      windows: [window()],
      ...change,
    });
    expect(response.status).toBe(400);
    expect(response.body.validationErrors).toHaveProperty([field]);
  });

  it('refuses a request with no body', async () => {
    const response = await call(manager, 'PUT', path(a.locationId));
    expect(response.status).toBe(400);
  });

  it('takes no windows at all (nothing is due there)', async () => {
    const locationId = await a.addLocation('Unwatched');
    const placed = await a.person(Role.Manager, [locationId]);
    const set = await api(placed, 'schedule.set', {
      params: { locationId },
      body: { timeZone: 'UTC', windows: [] },
    });
    expect(set.windows).toEqual([]);
  });
});

describe('who may', () => {
  it.each([
    ['an Employee', () => employee],
    ['an Assistant Manager', () => assistant],
  ])('%s of the location reads it but may not set it (403)', async (_label, who) => {
    expect((await call(who(), 'GET', path(a.locationId))).status).toBe(200);
    const response = await call(who(), 'PUT', path(a.locationId), { timeZone: 'UTC', windows: [] });
    expect(response.status).toBe(403);
  });

  it('a Manager of another tenant finds nothing (404) and changes nothing', async () => {
    const before = await api(manager, 'schedule.get', { params: { locationId: a.locationId } });
    expect((await call(managerB, 'GET', path(a.locationId))).status).toBe(404);
    expect((await call(managerB, 'PUT', path(a.locationId), { timeZone: 'UTC', windows: [] })).status).toBe(
      404,
    );
    expect((await call(managerB, 'GET', `/api/schedule/today?locationId=${a.locationId}`)).status).toBe(404);
    expect(await api(manager, 'schedule.get', { params: { locationId: a.locationId } })).toEqual(before);
  });

  it('a location that does not exist is 404', async () => {
    expect((await call(admin, 'GET', path(99_999_999))).status).toBe(404);
  });
});

describe("today's windows", () => {
  it('shows each window of today with its status: open, due soon, missed; a walk makes one in progress, then done', async () => {
    const zone = daytimeZone();
    const locationId = await a.addLocation('Today');
    const lead = await a.person(Role.Manager, [locationId]);
    const walker = await a.person(Role.Employee, [locationId]);
    await api(lead, 'schedule.set', {
      params: { locationId },
      body: {
        timeZone: zone,
        windows: [
          window({
            id: 'now',
            label: 'Now',
            days: [0, 1, 2, 3, 4, 5, 6],
            start: localTime(zone, -60),
            end: localTime(zone, 120),
          }),
          window({
            id: 'soon',
            label: 'Closing',
            days: [0, 1, 2, 3, 4, 5, 6],
            start: localTime(zone, -120),
            end: localTime(zone, 20),
          }),
          window({
            id: 'past',
            label: 'Past',
            days: [0, 1, 2, 3, 4, 5, 6],
            start: localTime(zone, -240),
            end: localTime(zone, -120),
          }),
        ],
      },
    });
    const statuses = async () => {
      const today = await api(lead, 'schedule.today', { query: { locationId } });
      expect(today.locations).toHaveLength(1);
      expect(today.locations[0]).toMatchObject({
        locationId,
        timeZone: zone,
        date: localDate(new Date(), zone),
      });
      return Object.fromEntries(
        today.locations[0]!.windows.map((w) => [w.windowId, [w.status, w.walkReportId]]),
      );
    };
    expect(await statuses()).toEqual({
      past: ['missed', null],
      soon: ['dueSoon', null],
      now: ['open', null],
    });

    const walk = await api(lead, 'walk.create', {
      body: { name: 'Round', locationId, markers: [{ label: 1, lat: 36.8, lng: -119.7 }] },
    });
    const report = await api(walker, 'walkReport.start', {
      body: { walkId: walk.id, clientId: crypto.randomUUID(), startedAt: new Date().toISOString() },
    });
    // A walk started now counts for every window open now.
    expect(await statuses()).toEqual({
      past: ['missed', null],
      soon: ['inProgress', report.id],
      now: ['inProgress', report.id],
    });
    await api(walker, 'walkReport.recordCompletedMarker', {
      params: { walkReportId: report.id },
      body: {
        clientId: crypto.randomUUID(),
        markerId: walk.markers[0]!.id,
        arrivedAt: new Date().toISOString(),
        lat: 36.8,
        lng: -119.7,
        accuracy: 5,
      },
    });
    await api(walker, 'walkReport.finish', {
      params: { walkReportId: report.id },
      body: { finishedAt: new Date().toISOString() },
    });
    expect(await statuses()).toEqual({
      past: ['missed', null],
      soon: ['done', report.id],
      now: ['done', report.id],
    });
  });

  it('lists every location of the caller’s scope and none of another tenant', async () => {
    const today = await api(manager, 'schedule.today');
    const ids = today.locations.map((l) => l.locationId);
    expect(ids).toContain(a.locationId);
    expect(ids).not.toContain(locationB);
    const theirs = await api(managerB, 'schedule.today');
    expect(theirs.locations.map((l) => l.locationId)).toEqual([locationB]);
  });
});

describe('locations made before schedules existed', () => {
  it('get the default windows from the local host at start, once', async () => {
    const { dataFromEnv } = await import('@sitewalk/functions/composition');
    const { backfillSchedules } = await import('../../infra/backfills.ts');
    const db = dataFromEnv();
    const locationId = await a.addLocation('Old site');
    await db.entities.schedule.delete({ locationId }).go();
    expect((await db.entities.schedule.get({ locationId }).go()).data).toBeNull();
    // Other files' tests share the table, so count at least ours.
    expect(await backfillSchedules(db)).toBeGreaterThanOrEqual(1);
    const stored = (await db.entities.schedule.get({ locationId }).go()).data;
    expect(stored).toMatchObject({
      timeZone: 'America/Los_Angeles',
      windows: [{ id: 'morning' }, { id: 'evening' }],
    });
    expect(Date.parse(stored?.nextCheckAt ?? '')).toBeGreaterThan(Date.now());
    await backfillSchedules(db);
    expect((await db.entities.schedule.get({ locationId }).go()).data).toEqual(stored);
  });
});
