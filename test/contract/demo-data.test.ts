import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import {
  auditSignerFromEnv,
  dataFromEnv,
  identityFromEnv,
  storageFromEnv,
} from '@sitewalk/functions/composition';
import { verifyAuditLog } from '@sitewalk/functions/domain/audit-verify';
import { countStageTallies, stageTotals } from '@sitewalk/functions/db/company-tallies';
import { generateDemo, type DemoTenant } from '../../infra/local/demo/generate.ts';
import { DEMO_PASSWORD, writeDemo, type DemoWriteResult } from '../../infra/local/demo/write.ts';
import { startOwnTestHost, type TestHost } from '../support/host.ts';
import { apiAs } from '../support/api.ts';
import { callAs, person, type Person } from '../support/people.ts';
import { walkDuration } from '@sitewalk/shared/walk-duration';
import { Role } from '@sitewalk/shared/roles';

/** `npm run seed:demo`'s writer, read back through the API as the demo's own people. */

let t: TestHost;
let call: ReturnType<typeof callAs>;
let demo: DemoTenant;
let result: DemoWriteResult;
const now = new Date();

const signIn = async (email: string): Promise<Person> => {
  const response = await fetch(t.url('/api/auth/login'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  const body = (await response.json()) as { accessToken: string; user: { id: number; roleId: number } };
  return { id: body.user.id, email, token: body.accessToken, roleId: body.user.roleId as Person['roleId'] };
};

const deps = () => ({ db: dataFromEnv(), identity: identityFromEnv(), storage: storageFromEnv() });

beforeAll(async () => {
  t = await startOwnTestHost();
  call = callAs(t.host.url);
  demo = generateDemo({ seed: 11, size: 2, days: 4, now });
  // As at the local host's start: the companies' tallies counted before the seed writes.
  await countStageTallies(dataFromEnv());
  result = await writeDemo(deps(), demo);
}, 120_000);
afterAll(() => t.host.close());

interface Card {
  name: string;
  walkReportStats: { last72Hours: number; lastWeek: number };
  incidentCountsByType: Record<string, number>;
}

describe('the demo tenant', () => {
  it("shows the owner every location on the dashboard, with that location's walks of the last days", async () => {
    expect(result.written).toBe(true);
    const owner = await signIn(demo.people[0]?.email ?? '');
    const answer = await call(owner, 'GET', `/api/incident/user-locations/${owner.id}`);
    expect(answer.status).toBe(200);
    const cards = answer.body.locations as Card[];
    expect(cards.map((c) => c.name).sort()).toEqual(demo.locations.map((l) => l.name).sort());
    for (const location of demo.locations) {
      const walkKeys = new Set(demo.walks.filter((w) => w.locationKey === location.key).map((w) => w.key));
      const week = demo.reports.filter(
        (r) => walkKeys.has(r.walkKey) && Date.parse(r.startedAt) >= now.getTime() - 7 * 86_400_000,
      );
      expect(cards.find((c) => c.name === location.name)?.walkReportStats.lastWeek).toBe(week.length);
    }
  });

  it("gives the owner's portfolio from status items written with it, as today's windows and incidents stand", async () => {
    // Written with the tenant, before any read could build them.
    const marks = await dataFromEnv()
      .entities.locationStatus.query.primary({ managementCompanyId: result.managementCompanyId ?? 0 })
      .go();
    expect(marks.data.length).toBe(demo.locations.length + 1);
    const owner = await signIn(demo.people[0]?.email ?? '');
    const [page, today, summary] = await Promise.all([
      call(owner, 'GET', '/api/incident/portfolio/locations?limit=100'),
      call(owner, 'GET', '/api/schedule/today'),
      call(owner, 'GET', '/api/incident/portfolio/summary'),
    ]);
    const rows = page.body.locations as { id: number; today: { windows: { status: string }[] } }[];
    const truth = today.body.locations as { locationId: number; windows: { status: string }[] }[];
    expect(rows.map((r) => [r.id, r.today.windows.map((w) => w.status)]).sort()).toEqual(
      truth.map((l) => [l.locationId, l.windows.map((w) => w.status)]).sort(),
    );
    const open = (priority: number) =>
      demo.incidents.filter((i) => !i.resolvedAt && i.priority === priority).length;
    expect(summary.body.openIncidents).toEqual({ 1: open(1), 2: open(2), 3: open(3) });
  });

  it("lets a location's manager read its reports back with completed markers, notes and photos", async () => {
    const manager = demo.people.find((p) => p.roleId === Role.Manager);
    const me = await signIn(manager?.email ?? '');
    const [location] = (await call(me, 'GET', `/api/location/all/by-user/${me.id}`)).body as unknown as {
      id: number;
      name: string;
    }[];
    const demoLocation = demo.locations.find((l) => l.name === location?.name);
    const walkKeys = new Set(demo.walks.filter((w) => w.locationKey === demoLocation?.key).map((w) => w.key));
    const reports = demo.reports.filter((r) => walkKeys.has(r.walkKey));
    const list = await call(me, 'GET', `/api/walk/some/by-location/${location?.id}?limit=1000`);
    expect(list.body.totalCount).toBe(reports.length);
    const newest = (list.body.walkReports as { id: number; startedAt: string }[])[0];
    const expected = [...reports].sort((a, b) => b.startedAt.localeCompare(a.startedAt))[0];
    expect(newest?.startedAt).toBe(expected?.startedAt);
    const detail = await call(me, 'GET', `/api/walk/walk-report/${newest?.id}`);
    const completedMarkers = detail.body.CompletedMarker as {
      method: string;
      distance: number | null;
      farFromMarker: boolean;
    }[];
    expect(completedMarkers.length).toBe(expected?.arrivals.length);
    // Each arrival as generated: its method, a few metres from its marker, none of them far.
    expect(completedMarkers.map((c) => c.method)).toEqual(expected?.arrivals.map((a) => a.method));
    for (const c of completedMarkers) {
      expect(c.distance).toBeGreaterThanOrEqual(0);
      expect(c.distance).toBeLessThan(10);
      expect(c.farFromMarker).toBe(false);
    }
    expect((detail.body.walkNote as { note: string }[]).map((n) => n.note)).toEqual(
      expected?.notes.map((n) => n.note),
    );
    expect((detail.body.markerImage as unknown[]).length).toBe(expected?.photos.length);
    // Every row's total time is the duration rule applied to the report as generated.
    const markersOf = new Map(demo.walks.map((w) => [w.key, w.markers.length]));
    const expectedTimes = reports.map(
      (r) =>
        walkDuration({
          startedAt: r.startedAt,
          finishedAt: r.finishedAt,
          expectedMarkerCount: markersOf.get(r.walkKey) ?? 0,
          completedMarkerCount: new Set(r.arrivals.map((a) => a.markerIndex)).size,
          firstArrivalAt: r.arrivals.map((a) => a.arrivedAt).sort()[0] ?? null,
          lastArrivalAt:
            r.arrivals
              .map((a) => a.arrivedAt)
              .sort()
              .at(-1) ?? null,
        }).label,
    );
    const rows = list.body.walkReports as { startedAt: string; totalTime: string; flagCount: number }[];
    expect(rows.map((r) => r.totalTime).sort()).toEqual(expectedTimes.sort());
    // The flags written with the data (issue 18): the newest report's detail lists as many as its row counts,
    // a hand-marked arrival among them; the card counts those of the week's rows.
    const flags = detail.body.flags as { kind: string }[];
    expect(flags.length).toBe(rows[0]?.flagCount);
    expect(flags.filter((f) => f.kind === 'byHand').length).toBe(
      expected?.arrivals.filter((a) => a.method === 'hand').length,
    );
    const cards = (await call(me, 'GET', `/api/incident/user-locations/${me.id}?locationId=${location?.id}`))
      .body.locations as { walkReportStats: { flagsLastWeek: number } }[];
    const weekAgo = new Date(now.getTime() - 7 * 86_400_000).toISOString();
    expect(cards[0]?.walkReportStats.flagsLastWeek).toBe(
      rows.filter((r) => r.startedAt >= weekAgo).reduce((n, r) => n + r.flagCount, 0),
    );
  });

  it("records each of its people in the company's audit log, made by SiteWalk, the chain whole and signed", async () => {
    const owner = await signIn(demo.people[0]?.email ?? '');
    const log = await call(
      owner,
      'GET',
      `/api/managementCompany/activity/${result.managementCompanyId}?limit=100`,
    );
    expect(log.status).toBe(200);
    const { entries } = log.body as unknown as {
      entries: {
        seq: number;
        action: string;
        objectKind: string;
        objectName: string;
        actor: { id: number; name: string };
      }[];
    };
    expect(entries.map((e) => e.objectName).sort()).toEqual(
      demo.people.map((p) => `${p.firstName} ${p.lastName}`).sort(),
    );
    expect(entries.map((e) => e.seq).sort((a, b) => a - b)).toEqual(demo.people.map((_, i) => i + 1));
    expect(entries.every((e) => e.action === 'create' && e.objectKind === 'user')).toBe(true);
    expect(new Set(entries.map((e) => e.actor.name))).toEqual(new Set(['SiteWalk (command line)']));
    expect(
      await verifyAuditLog(dataFromEnv(), auditSignerFromEnv(), result.managementCompanyId ?? 0),
    ).toMatchObject({ problem: null, unsigned: 0, entries: demo.people.length });
  });

  it('lists its people with the places their own views name (the ids the bulk load keeps on each user)', async () => {
    const owner = await signIn(demo.people[0]?.email ?? '');
    const list = await call(owner, 'GET', `/api/user/some/by-user/${owner.id}?limit=50`);
    expect(list.status).toBe(200);
    type Listed = { id: number; userToLocation: unknown[]; userToOrganization: unknown[] };
    const users = list.body.users as Listed[];
    expect(users).toHaveLength(demo.people.length);
    expect(users.some((u) => u.userToLocation.length + u.userToOrganization.length > 0)).toBe(true);
    // Stored as DynamoDB sets, as every later join and leave adds to and takes from them.
    const db = dataFromEnv();
    const withPlaces = users.find((u) => u.userToLocation.length > 0)!;
    const raw = await db.documentClient.send(
      new GetCommand({
        TableName: db.table,
        Key: db.entities.user.get({ userId: withPlaces.id }).params().Key,
      }),
    );
    expect(raw.Item?.locationIds).toBeInstanceOf(Set);
    for (const listed of users) {
      const own = await call(owner, 'GET', `/api/user/${listed.id}`);
      expect(listed).toMatchObject({
        userToLocation: own.body.userToLocation,
        userToOrganization: own.body.userToOrganization,
      });
    }
  });

  it('is written once per seed', async () => {
    const again = await writeDemo(deps(), demo);
    expect(again.written).toBe(false);
    const owner = await signIn(demo.people[0]?.email ?? '');
    const companies = await call(owner, 'GET', `/api/managementCompany/by-user/${owner.id}`);
    expect(JSON.stringify(companies.body).split(demo.company.name).length - 1).toBe(1);
  });

  it('keeps the completed markers of reports since the day asked, and every report whole in its totals', async () => {
    const since = new Date(now.getTime() - 2 * 86_400_000);
    const lean = generateDemo({ seed: 12, size: 1, days: 4, now });
    expect(
      (await writeDemo(deps(), lean, undefined, undefined, { completedMarkersSince: since })).written,
    ).toBe(true);
    const manager = await signIn(lean.people.find((p) => p.roleId === Role.Manager)?.email ?? '');
    const [location] = (await call(manager, 'GET', `/api/location/all/by-user/${manager.id}`))
      .body as unknown as { id: number }[];
    const list = await call(manager, 'GET', `/api/walk/some/by-location/${location?.id}?limit=1000`);
    const rows = list.body.walkReports as { id: number; startedAt: string; completedMarkerCount: number }[];
    expect(rows).toHaveLength(lean.reports.length);
    const kept = rows.filter((row) => row.startedAt >= since.toISOString());
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.length).toBeLessThan(rows.length);
    for (const row of rows) {
      const report = lean.reports.find((r) => r.startedAt === row.startedAt);
      const reached = new Set(report?.arrivals.map((a) => a.markerIndex)).size;
      expect(row.completedMarkerCount).toBe(reached);
      const detail = await call(manager, 'GET', `/api/walk/walk-report/${row.id}`);
      expect(detail.body.completedMarkerCount).toBe(reached);
      expect((detail.body.CompletedMarker as unknown[]).length).toBe(
        kept.includes(row) ? report?.arrivals.length : 0,
      );
    }
  });

  it("moves its company's tally by what it wrote, so the Super User's lists count it", async () => {
    const api = apiAs(t.host.url);
    const superUser = await person(t.host.url, Role.SuperUser);
    const params = { id: superUser.id };
    const whole = {
      locations: (await api(superUser, 'location.allByUser', { params })).length,
      areas: (await api(superUser, 'organization.allByUser', { params: { userId: superUser.id } })).length,
      users: (await api(superUser, 'user.allByUser', { params })).length,
    };
    expect(await stageTotals(dataFromEnv())).toEqual(whole);
    const first = { limit: 1, offset: 0 };
    expect((await api(superUser, 'location.someByUser', { params, query: first })).totalCount).toBe(
      whole.locations,
    );
    expect(
      (await api(superUser, 'organization.someByUser', { params: { userId: superUser.id }, query: first }))
        .totalCount,
    ).toBe(whole.areas);
    expect((await api(superUser, 'user.someByUser', { params, query: first })).totalCount).toBe(whole.users);
  });
});
