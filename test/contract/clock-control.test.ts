import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@sitewalk/shared/roles';
import { DASHBOARD_DEFAULT_DAYS } from '@sitewalk/shared/constants';
import { startLocalEvaluator, type LocalEvaluator } from '../../infra/local/evaluator.ts';
import { startLocalHost, type LocalHost } from '../../infra/local/host.ts';
import { apiAs } from '../support/api.ts';
import { startOwnTestHost, type TestHost } from '../support/host.ts';
import { callAs, person } from '../support/people.ts';
import { seedTenant } from '../support/site.ts';
import { daytimeZone, localTime } from '../support/windows.ts';

/**
 * The local host's test-only clock control (issue 17): it moves the product's clock forward and runs the
 * evaluator at once, so a window can pass without waiting. It is not in the contract and not in AWS.
 */

let t: TestHost;
let evaluator: LocalEvaluator;
let plain: LocalHost;

beforeAll(async () => {
  evaluator = startLocalEvaluator();
  t = await startOwnTestHost({ clockControl: { evaluate: () => evaluator.runNow() } });
  // The same host without the control, as every deployed stage is.
  plain = await startLocalHost({
    port: 0,
    auth: {
      jwksUrl: t.provisioned.jwksUrl,
      issuer: t.provisioned.issuer,
      clientId: t.provisioned.userPoolClientId,
    },
  });
});
afterAll(async () => {
  await fetch(t.url('/__local/clock'), { method: 'DELETE' });
  await evaluator.stop();
  await plain.close();
  await t.host.close();
});

const clock = (method: string, body?: unknown) =>
  fetch(t.url('/__local/clock'), {
    method,
    ...(body === undefined
      ? {}
      : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
const nowOf = async (response: Response) => Date.parse(((await response.json()) as { now: string }).now);

describe('the clock control', () => {
  it('tells the time, moves it forward and runs the evaluator, and goes back to the real time', async () => {
    const before = Date.now();
    expect(Math.abs((await nowOf(await clock('GET'))) - before)).toBeLessThan(5_000);
    const moved = await clock('POST', { advanceMinutes: 90 });
    expect(moved.status).toBe(200);
    const answer = (await moved.json()) as { now: string; evaluation: { schedules: number; raised: number } };
    expect(Date.parse(answer.now) - before).toBeGreaterThanOrEqual(90 * 60_000);
    expect(Date.parse(answer.now) - before).toBeLessThan(91 * 60_000);
    expect(answer.evaluation).toMatchObject({ schedules: expect.any(Number), raised: expect.any(Number) });
    expect(Math.abs((await nowOf(await clock('DELETE'))) - Date.now())).toBeLessThan(5_000);
  });

  it('lets a window pass unwalked: the missed-walk alert is there at once', async () => {
    const zone = daytimeZone();
    const api = apiAs(t.host.url);
    const tenant = await seedTenant(t.host.url, { by: await person(t.host.url, Role.Admin) });
    const manager = await tenant.person(Role.Manager);
    await api(manager, 'schedule.set', {
      params: { locationId: tenant.locationId },
      body: {
        timeZone: zone,
        windows: [
          {
            label: 'Noon check',
            days: [0, 1, 2, 3, 4, 5, 6],
            start: localTime(zone, -30),
            end: localTime(zone, 45),
            graceMinutes: 0,
          },
        ],
      },
    });
    expect((await api(manager, 'alert.unreadCount')).unreadCount).toBe(0);
    const moved = await clock('POST', { advanceMinutes: 47 });
    expect(moved.status).toBe(200);
    const { alerts } = await api(manager, 'alert.some', { query: { limit: 10 } });
    expect(alerts.map((a) => a.kind)).toEqual(['missed', 'dueSoon']);
    await clock('DELETE');
  });

  it('moves the dashboard too: its default range ends at the product’s time, and new incidents are made then', async () => {
    const tenant = await seedTenant(t.host.url, { by: await person(t.host.url, Role.Admin) });
    const manager = await tenant.person(Role.Manager);
    const call = callAs(t.host.url);
    const counts = async () => {
      const answer = await call(manager, 'GET', `/api/incident/user-locations/${manager.id}`);
      expect(answer.status).toBe(200);
      const [card] = answer.body.locations as { incidentCountsByType: Record<string, number> }[];
      return card?.incidentCountsByType;
    };
    const create = async (typeId: number) =>
      expect(
        (await call(manager, 'POST', '/api/incident', { locationId: tenant.locationId, typeId })).status,
      ).toBe(201);
    try {
      await create(1);
      expect(await counts()).toEqual({ 1: 1, 2: 0, 3: 0 });
      // Past the default range, a week a call: the first incident drops out of the counts…
      for (let days = 0; days <= DASHBOARD_DEFAULT_DAYS; days += 7) {
        expect((await clock('POST', { advanceMinutes: 7 * 24 * 60 })).status).toBe(200);
      }
      expect(await counts()).toEqual({ 1: 0, 2: 0, 3: 0 });
      // …and one made now is made at the product's time, inside it.
      await create(2);
      expect(await counts()).toEqual({ 1: 0, 2: 1, 3: 0 });
    } finally {
      await clock('DELETE');
    }
  });

  it.each([
    ['zero minutes', { advanceMinutes: 0 }],
    ['a step back', { advanceMinutes: -5 }],
    ['part of a minute', { advanceMinutes: 1.5 }],
    ['text', { advanceMinutes: '10' }],
    ['more than a week', { advanceMinutes: 7 * 24 * 60 + 1 }],
    ['no minutes', {}],
  ])('refuses %s (400) and leaves the clock', async (_label, body) => {
    const before = await nowOf(await clock('GET'));
    const response = await clock('POST', body);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toBe(
      'advanceMinutes must be a whole number from 1 to 10080',
    );
    expect((await nowOf(await clock('GET'))) - before).toBeLessThan(5_000);
  });

  it('refuses a body that is not JSON (400) and other methods (405)', async () => {
    const response = await fetch(t.url('/__local/clock'), { method: 'POST', body: 'soon' });
    expect(response.status).toBe(400);
    expect((await clock('PUT', { advanceMinutes: 5 })).status).toBe(405);
  });

  it('does not exist on a host without it, nor under /api', async () => {
    expect((await fetch(`${plain.url}/__local/clock`)).status).toBe(404);
    expect(
      (await fetch(`${plain.url}/__local/clock`, { method: 'POST', body: '{"advanceMinutes":5}' })).status,
    ).toBe(404);
    expect((await callAs(t.host.url)(null, 'GET', '/api/__local/clock')).status).toBe(404);
  });
});
