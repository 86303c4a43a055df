import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@sitewalk/shared/roles';
import { startTestHost, type TestHost } from '../support/host.ts';
import { callAs, person, type Person } from '../support/people.ts';
import { locationBody } from '../support/site.ts';

/**
 * Ids come from counters, and only once the call is allowed: a refused write spends no id and no write, so
 * the next allowed one gets the next number (this file has its own table, so nothing else draws from them).
 * Over HTTP the route's role guard and the scope checks refuse before any id is drawn;
 * functions/src/domain/walks.int.test.ts checks the domain's own order below the guard.
 */

let t: TestHost;
let call: ReturnType<typeof callAs>;
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
const startReport = (who: Person, walkId = walkA) =>
  call(who, 'POST', '/api/walk/walk-report', {
    walkId,
    clientId: crypto.randomUUID(),
    startedAt: new Date().toISOString(),
  });
const checkpoint = (who: Person, walkReportId: number, markerId = markerA) =>
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
const finish = (who: Person, walkReportId: number) =>
  call(who, 'PUT', `/api/walk/walk-report/${walkReportId}/finish`, { finishedAt: new Date().toISOString() });

beforeAll(async () => {
  t = await startTestHost();
  call = callAs(t.host.url);
  const admin = await person(t.host.url, Role.Admin);
  const seed = async (label: string) => {
    const managementCompanyId = idOf(
      await call(admin, 'POST', '/api/managementCompany', { name: label, email: 'x@example.com' }),
    );
    const organizationId = idOf(
      await call(admin, 'POST', '/api/organization', { name: `${label} area`, managementCompanyId }),
    );
    const locationId = idOf(
      await call(admin, 'POST', '/api/location', locationBody(`${label} site`, organizationId)),
    );
    return { managementCompanyId, locations: [{ locationId, organizationId, managementCompanyId }] };
  };
  const [a, b] = [await seed('A'), await seed('B')];
  locationA = a.locations[0]?.locationId ?? 0;
  manager = await person(t.host.url, Role.Manager, a);
  employee = await person(t.host.url, Role.Employee, a);
  outsider = await person(t.host.url, Role.Manager, b);
  const walk = await createWalk(manager);
  walkA = idOf(walk);
  markerA = (walk.body.markers as { id: number }[])[0]?.id ?? 0;
});
afterAll(() => t.host.close());

describe('a refused create spends no id', () => {
  it.each([
    ['a role that may not plan walks', () => createWalk(employee), 403],
    ['a person of another company', () => createWalk(outsider), 404],
    ['a location that does not exist', () => createWalk(manager, 999_999), 404],
  ])('walk, refused for %s: the next walk and its markers follow with no gap', async (_, refused, status) => {
    const before = await createWalk(manager);
    expect((await refused()).status).toBe(status);
    const after = await createWalk(manager);
    expect(idOf(after)).toBe(idOf(before) + 1);
    const markerIds = (answer: typeof before) => (answer.body.markers as { id: number }[]).map((m) => m.id);
    const lastBefore = Math.max(...markerIds(before));
    expect(markerIds(after)).toEqual([lastBefore + 1, lastBefore + 2]);
  });

  it.each([
    ['a person of another company', () => startReport(outsider), 404],
    ['a walk that does not exist', () => startReport(employee, 999_999), 404],
    [
      'a deleted walk',
      async () => {
        const deleted = idOf(await createWalk(manager));
        expect((await call(manager, 'DELETE', `/api/walk/${deleted}`)).status).toBe(200);
        return startReport(employee, deleted);
      },
      404,
    ],
  ])('walk report, refused for %s: the next report follows with no gap', async (_, refused, status) => {
    const before = idOf(await startReport(employee));
    expect((await refused()).status).toBe(status);
    expect(idOf(await startReport(employee))).toBe(before + 1);
  });

  describe.each([
    ['checkpoint', checkpoint],
    ['note', note],
  ])('%s', (_, record) => {
    it.each([
      ["on another person's report", async (own: number) => record(manager, own), 403],
      ['by a person of another company', async (own: number) => record(outsider, own), 404],
      ['at a marker not of the walk', async (own: number) => record(employee, own, 999_999), 400],
      [
        'on a finished report',
        async () => {
          const finished = idOf(await startReport(employee));
          expect((await finish(employee, finished)).status).toBe(200);
          return record(employee, finished);
        },
        409,
      ],
    ])('refused %s: the next one follows with no gap', async (_, refused, status) => {
      const own = idOf(await startReport(employee));
      const before = idOf(await record(employee, own));
      expect((await refused(own)).status).toBe(status);
      expect(idOf(await record(employee, own))).toBe(before + 1);
    });
  });
});
