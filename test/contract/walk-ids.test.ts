import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@sitewalk/shared/roles';
import { apiAs, type Api } from '../support/api.ts';
import { startOwnTestHost, type TestHost } from '../support/host.ts';
import { callAs, person, type Person } from '../support/people.ts';
import { seedTenant } from '../support/site.ts';

/**
 * Ids come from counters, and only once the call is allowed: a refused write spends no id and no write, so
 * the next allowed one gets the next number (this file has its own table, so nothing else draws from them).
 * Over HTTP the route's role guard and the scope checks refuse before any id is drawn;
 * functions/src/domain/walks.int.test.ts checks the domain's own order below the guard.
 */

let t: TestHost;
let call: ReturnType<typeof callAs>;
let api: Api;
/** Of company A: may plan walks at location A, and walks them. */
let manager: Person;
/** Of company A's location A: walks, but may not plan walks. */
let employee: Person;
/** Of company B: sees nothing of company A. */
let outsider: Person;
let locationA: number;
let walkA: number;
let markerA: number;

const idOf = (answer: { status: number; body: Record<string, unknown> }) => {
  expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
  return Number(answer.body.id);
};
const walkBody = (locationId: number) => ({
  name: 'Round',
  locationId,
  markers: [
    { label: 1, lat: 36.8, lng: -119.7 },
    { label: 2, lat: 36.801, lng: -119.7 },
  ],
});
const createWalk = (who: Person, locationId = locationA) =>
  call(who, 'POST', '/api/walk', walkBody(locationId));
/** A walk of location A planned by its Manager, which must succeed. */
const plannedWalk = () => api(manager, 'walk.create', { body: walkBody(locationA) });
/** The id of a report started by the Employee of location A, which must succeed. */
const startedReport = async () =>
  (
    await api(employee, 'walkReport.start', {
      body: { walkId: walkA, clientId: crypto.randomUUID(), startedAt: new Date().toISOString() },
    })
  ).id;
const startReport = (who: Person, walkId = walkA) =>
  call(who, 'POST', '/api/walk/walk-report', {
    walkId,
    clientId: crypto.randomUUID(),
    startedAt: new Date().toISOString(),
  });
const completedMarker = (who: Person, walkReportId: number, markerId = markerA) =>
  call(who, 'POST', `/api/walk/walk-report/${walkReportId}/checkpoint`, {
    clientId: crypto.randomUUID(),
    markerId,
    arrivedAt: new Date().toISOString(),
    lat: 36.8,
    lng: -119.7,
    accuracy: 5,
  });
const note = (who: Person, walkReportId: number, markerId = markerA) =>
  call(who, 'POST', `/api/walk/walk-report/${walkReportId}/note`, {
    clientId: crypto.randomUUID(),
    markerId,
    note: 'Gate open',
  });

beforeAll(async () => {
  t = await startOwnTestHost();
  call = callAs(t.host.url);
  api = apiAs(t.host.url);
  const admin = await person(t.host.url, Role.Admin);
  const [a, b] = [await seedTenant(t.host.url, { by: admin }), await seedTenant(t.host.url, { by: admin })];
  locationA = a.locationId;
  manager = await a.person(Role.Manager);
  employee = await a.person(Role.Employee);
  outsider = await b.person(Role.Manager);
  const walk = await plannedWalk();
  walkA = walk.id;
  markerA = walk.markers[0]?.id ?? 0;
});
afterAll(() => t.host.close());

describe('a refused create spends no id', () => {
  it.each([
    ['a role that may not plan walks', () => createWalk(employee), 403],
    ['a person of another company', () => createWalk(outsider), 404],
    ['a location that does not exist', () => createWalk(manager, 999_999), 404],
  ])('walk, refused for %s: the next walk and its markers follow with no gap', async (_, refused, status) => {
    const before = await plannedWalk();
    expect((await refused()).status).toBe(status);
    const after = await plannedWalk();
    expect(after.id).toBe(before.id + 1);
    const markerIds = (walk: typeof before) => walk.markers.map((m) => m.id);
    const lastBefore = Math.max(...markerIds(before));
    expect(markerIds(after)).toEqual([lastBefore + 1, lastBefore + 2]);
  });

  it.each([
    ['a person of another company', () => startReport(outsider), 404],
    ['a walk that does not exist', () => startReport(employee, 999_999), 404],
    [
      'a deleted walk',
      async () => {
        const { id: deleted } = await plannedWalk();
        await api(manager, 'walk.delete', { params: { id: deleted } });
        return startReport(employee, deleted);
      },
      404,
    ],
  ])('walk report, refused for %s: the next report follows with no gap', async (_, refused, status) => {
    const before = await startedReport();
    expect((await refused()).status).toBe(status);
    expect(await startedReport()).toBe(before + 1);
  });

  describe.each([
    ['completed marker', completedMarker],
    ['note', note],
  ])('%s', (_, record) => {
    it.each([
      ["on another person's report", async (own: number) => record(manager, own), 403],
      ['by a person of another company', async (own: number) => record(outsider, own), 404],
      ['at a marker not of the walk', async (own: number) => record(employee, own, 999_999), 400],
      [
        'on a finished report',
        async () => {
          const finished = await startedReport();
          await api(employee, 'walkReport.finish', {
            params: { walkReportId: finished },
            body: { finishedAt: new Date().toISOString() },
          });
          return record(employee, finished);
        },
        409,
      ],
    ])('refused %s: the next one follows with no gap', async (_, refused, status) => {
      const own = await startedReport();
      const before = idOf(await record(employee, own));
      expect((await refused(own)).status).toBe(status);
      expect(idOf(await record(employee, own))).toBe(before + 1);
    });
  });
});
