import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@sitewalk/shared/roles';
import {
  DISCREPANCY_SEVERITY,
  LOCK_FINDINGS,
  UNIT_STATUSES,
  discrepanciesOf,
  type LockFinding,
} from '@sitewalk/shared/lock-check';
import type { CheckScope } from '@sitewalk/shared/roster';
import { apiAs, type Api, type BodyOf } from '../support/api.ts';
import { startTestHost, type TestHost } from '../support/host.ts';
import { callAs, person, type Person } from '../support/people.ts';
import { seedTenant, type Tenant } from '../support/site.ts';
import { doorImages } from '../support/door-images.ts';
import { LOCK_CHECK_CSV_COLUMNS } from '@sitewalk/shared/schemas/export';
import { pdfPages } from '@sitewalk/functions/domain/pdf/pdf-text';

/** Recording a lock check, its report and its follow-up (issue 31, the server side). */

let t: TestHost;
let call: ReturnType<typeof callAs>;
let api: Api;
let admin: Person;
let a: Tenant;
let b: Tenant;
let manager: Person;
let employee: Person;
let managerB: Person;
/** An Employee of another location of company a. */
let elsewhere: Person;
let elsewhereLocationId: number;

type Unit = BodyOf<'roster.import'>['units'][number];

/** 30 units: every status with every pair of flags (16), then rented and vacant ones again. */
const ROSTER: Unit[] = Array.from({ length: 30 }, (_, i) => {
  const combo = i % 16;
  return {
    number: `${i < 15 ? 'A' : 'B'}-${(i % 15) + 1}`,
    status: UNIT_STATUSES[combo % 4] ?? 'rented',
    delinquent: Math.floor(combo / 4) % 2 === 1,
    overlocked: Math.floor(combo / 8) === 1,
    size: i % 3 === 0 ? null : '10x10',
  };
});

const importRoster = async (locationId: number, units: Unit[], basedOnVersion: number | null = null) =>
  (await api(admin, 'roster.import', { params: { locationId }, body: { basedOnVersion, units } })).version;

const at = (minute: number) => new Date(Date.UTC(2026, 10, 20, 9, minute)).toISOString();

const startAs = (
  who: Person,
  locationId: number,
  scope: CheckScope = { kind: 'all' },
  clientId = randomUUID(),
) => api(who, 'lockCheck.start', { body: { clientId, locationId, scope, startedAt: at(0) } });

const tapAs = (
  who: Person,
  lockCheckId: number,
  unit: string,
  finding: LockFinding,
  seenAt: string,
  clientId = randomUUID(),
) =>
  api(who, 'lockCheck.recordResult', {
    params: { lockCheckId },
    body: { clientId, unit, finding, seenAt },
  });

const finishAs = (who: Person, lockCheckId: number, finishedAt = at(50)) =>
  api(who, 'lockCheck.finish', { params: { lockCheckId }, body: { finishedAt } });

const getAs = (who: Person, lockCheckId: number) => api(who, 'lockCheck.get', { params: { lockCheckId } });

beforeAll(async () => {
  t = await startTestHost();
  call = callAs(t.host.url);
  api = apiAs(t.host.url);
  admin = await person(t.host.url, Role.Admin);
  a = await seedTenant(t.host.url, { by: admin, label: 'Lock check' });
  b = await seedTenant(t.host.url, { by: admin, label: 'Other lock check' });
  manager = await a.person(Role.Manager);
  employee = await a.person(Role.Employee);
  managerB = await b.person(Role.Manager);
  elsewhereLocationId = await a.addLocation('Lock check elsewhere');
  elsewhere = await a.person(Role.Employee, [elsewhereLocationId]);
  await importRoster(a.locationId, ROSTER);
});
afterAll(() => t.host.close());

describe('a full check', () => {
  /** What was seen: every finding in turn, units 28–30 left unchecked, and two units not on the roster. */
  const taps = [
    ...ROSTER.slice(0, 27).map((unit, i) => ({
      unit: unit.number,
      finding: LOCK_FINDINGS[i % 6] as LockFinding,
    })),
    { unit: 'C-1', finding: 'tenantLock' as const },
    { unit: 'c-2 ', finding: 'noLock' as const },
  ];
  let check: Awaited<ReturnType<typeof getAs>>;

  beforeAll(async () => {
    const started = await startAs(employee, a.locationId);
    for (let i = 0; i < taps.length; i += 8) {
      await Promise.all(
        taps
          .slice(i, i + 8)
          .map((tap, j) => tapAs(employee, started.id, tap.unit, tap.finding, at(1 + i + j))),
      );
    }
    await finishAs(employee, started.id);
    check = await getAs(manager, started.id);
  });

  it('reports exactly the discrepancies the rule table predicts for the roster and the taps, most severe first', () => {
    const seen = new Map(taps.map((tap) => [tap.unit.trim().toUpperCase(), tap.finding]));
    const expected = [
      ...ROSTER.flatMap((unit) =>
        discrepanciesOf({ unit, finding: seen.get(unit.number) ?? null, fullCheck: true }).map((kind) => ({
          unit: unit.number,
          kind,
        })),
      ),
      ...['C-1', 'C-2'].flatMap((unit) =>
        discrepanciesOf({ unit: null, finding: seen.get(unit) ?? null, fullCheck: true }).map((kind) => ({
          unit: unit === 'C-2' ? 'c-2' : unit,
          kind,
        })),
      ),
    ];
    const byKey = (d: { unit: string; kind: string }) => `${d.unit}/${d.kind}`;
    expect(
      check.discrepancies
        .map((d) => ({ unit: d.unit, kind: d.kind }))
        .sort((x, y) => byKey(x).localeCompare(byKey(y))),
    ).toEqual(expected.sort((x, y) => byKey(x).localeCompare(byKey(y))));
    const severities = check.discrepancies.map((d) => d.severity);
    expect(severities).toEqual([...severities].sort());
    expect(check.discrepancies.every((d) => d.severity === DISCREPANCY_SEVERITY[d.kind])).toBe(true);
    expect(check).toMatchObject({
      fullCheck: true,
      unitCount: 30,
      checkedCount: 27,
      discrepancyCount: expected.length,
      openDiscrepancyCount: expected.length,
      finishedAt: at(50),
      rosterVersion: 1,
      location: { name: 'Location Lock check' },
      startedBy: { firstName: `Role${Role.Employee}` },
    });
  });

  it('a few by hand: a vacant unit with a tenant lock, a lock cut, a unit not on the roster, units not found', () => {
    const of = (unit: string) => check.discrepancies.filter((d) => d.unit === unit).map((d) => d.kind);
    // A-2 is vacant (combo 1), seen with an overlock (finding 1) that the roster does not say it has.
    expect(of('A-2')).toEqual(['overlockedNotDelinquent']);
    // A-6 is vacant and delinquent (combo 5): lock cut (finding 5), and not overlocked.
    expect(of('A-6')).toEqual(['lockCut', 'delinquentNotOverlocked']);
    // company use, delinquent; tenantLock (finding 0)
    expect(of('A-7')).toEqual(['delinquentNotOverlocked']);
    expect(of('C-1')).toEqual(['notOnRoster']);
    for (const unit of ['B-13', 'B-14', 'B-15']) expect(of(unit)).toContain('notFound');
    const notFound = check.discrepancies.find((d) => d.unit === 'B-13');
    expect(notFound).toMatchObject({
      finding: null,
      roster: { number: 'B-13' },
      resolvedAt: null,
      taskId: null,
    });
    expect(check.discrepancies.find((d) => d.unit === 'C-1')?.roster).toBeNull();
  });

  it('counts by finding and lists every result in walk order', () => {
    expect(Object.values(check.countsByFinding).reduce((x, y) => x + y, 0)).toBe(29);
    expect(check.countsByFinding.tenantLock).toBe(taps.filter((tap) => tap.finding === 'tenantLock').length);
    expect(check.results.map((r) => r.unit).slice(0, 3)).toEqual(['A-1', 'A-2', 'A-3']);
    expect(check.results.find((r) => r.unit === 'A-6')).toMatchObject({
      finding: 'lockCut',
      photoMismatch: false,
      photos: [],
      discrepancies: ['lockCut', 'delinquentNotOverlocked'],
    });
  });

  it("lists the location's checks newest first, paged, with their counts", async () => {
    const page = await api(manager, 'lockCheck.someByLocation', {
      params: { locationId: a.locationId },
      query: { limit: 1, offset: 0 },
    });
    expect(page.totalCount).toBeGreaterThanOrEqual(1);
    expect(page.lockChecks).toHaveLength(1);
    const all = await api(manager, 'lockCheck.someByLocation', {
      params: { locationId: a.locationId },
      query: { limit: 50, offset: 0 },
    });
    const starts = all.lockChecks.map((c) => c.startedAt);
    expect(starts).toEqual([...starts].sort().reverse());
    expect(all.lockChecks.find((c) => c.id === check.id)).toEqual({
      id: check.id,
      locationId: a.locationId,
      location: { name: 'Location Lock check' },
      startedBy: check.startedBy,
      startedAt: check.startedAt,
      finishedAt: at(50),
      scope: { kind: 'all' },
      fullCheck: true,
      rosterVersion: 1,
      unitCount: 30,
      checkedCount: 27,
      discrepancyCount: check.discrepancyCount,
      openDiscrepancyCount: check.discrepancyCount,
    });
  });

  it('is closed: a new tap answers 409, a retried finish the same report, another finish time 409', async () => {
    const late = await call(employee, 'POST', `/api/lock-check/${check.id}/result`, {
      clientId: randomUUID(),
      unit: 'A-1',
      finding: 'noLock',
      seenAt: at(55),
    });
    expect(late.status).toBe(409);
    expect(await finishAs(employee, check.id)).toEqual(await getAs(employee, check.id));
    expect(
      (await call(employee, 'PUT', `/api/lock-check/${check.id}/finish`, { finishedAt: at(51) })).status,
    ).toBe(409);
  });
});

describe('recording', () => {
  let locationId: number;
  let walker: Person;
  beforeAll(async () => {
    locationId = await a.addLocation('Lock check recording');
    walker = await a.person(Role.Employee, [locationId]);
    await importRoster(locationId, ROSTER);
  });

  it('a location without a roster answers 400', async () => {
    const bare = await a.addLocation('Lock check no roster');
    const response = await call(admin, 'POST', '/api/lock-check', {
      clientId: randomUUID(),
      locationId: bare,
      scope: { kind: 'all' },
      startedAt: at(0),
    });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('This location has no unit roster yet');
  });

  it('a retried start answers the same check, also two at once; another person with its client id 409', async () => {
    const clientId = randomUUID();
    const [one, two] = await Promise.all([
      startAs(walker, locationId, { kind: 'all' }, clientId),
      startAs(walker, locationId, { kind: 'all' }, clientId),
    ]);
    expect(two.id).toBe(one.id);
    expect((await startAs(walker, locationId, { kind: 'all' }, clientId)).id).toBe(one.id);
    const response = await call(manager, 'POST', '/api/lock-check', {
      clientId,
      locationId,
      scope: { kind: 'all' },
      startedAt: at(0),
    });
    expect(response.status).toBe(409);
  });

  it('a retried tap records once (also two at once); a later tap replaces the result, an older one sent late does not; both in the history', async () => {
    const check = await startAs(walker, locationId);
    const clientId = randomUUID();
    const [first, again] = await Promise.all([
      tapAs(walker, check.id, 'A-3', 'doorOpen', at(10), clientId),
      tapAs(walker, check.id, 'A-3', 'doorOpen', at(10), clientId),
    ]);
    expect(again).toEqual(first);
    expect(first).toMatchObject({
      unit: 'A-3',
      finding: 'doorOpen',
      seenAt: at(10),
      discrepancies: ['doorOpen'],
    });
    expect(await tapAs(walker, check.id, 'a-3', 'doorOpen', at(10), clientId)).toEqual(first);
    // An older tap, sent after: kept in the history only.
    const older = await tapAs(walker, check.id, 'A-3', 'tenantLock', at(5));
    expect(older).toMatchObject({ finding: 'doorOpen', seenAt: at(10) });
    // A later one replaces it.
    const later = await tapAs(walker, check.id, 'A-3', 'overlock', at(12));
    expect(later).toMatchObject({ finding: 'overlock', seenAt: at(12) });
    const report = await getAs(walker, check.id);
    expect(report.results).toHaveLength(1);
    expect(report.checkedCount).toBe(1);
    // Not finished: decided from the results, and no unit is not found yet.
    expect(report.discrepancies.map((d) => d.kind)).toEqual(
      discrepanciesOf({ unit: ROSTER[2] ?? null, finding: 'overlock', fullCheck: false }),
    );
    expect(report.finishedAt).toBeNull();
    const history = await api(admin, 'lockCheck.unitHistory', {
      params: { locationId },
      query: { unit: ' a-3', limit: 10, offset: 0 },
    });
    expect(history.totalCount).toBe(3);
    expect(history.findings.map((f) => [f.finding, f.seenAt])).toEqual([
      ['overlock', at(12)],
      ['doorOpen', at(10)],
      ['tenantLock', at(5)],
    ]);
    expect(history.findings[0]).toMatchObject({
      lockCheckId: check.id,
      seenBy: { firstName: `Role${Role.Employee}` },
    });
    const paged = await api(walker, 'lockCheck.unitHistory', {
      params: { locationId },
      query: { unit: 'A-3', limit: 1, offset: 1 },
    });
    expect(paged).toEqual({ findings: [history.findings[1]], totalCount: 3 });
  });

  it('a retried tap after the finish answers its result; finishing twice at once finishes once', async () => {
    const check = await startAs(walker, locationId);
    const clientId = randomUUID();
    const tapped = await tapAs(walker, check.id, 'B-1', 'noLock', at(3), clientId);
    const [one, two] = await Promise.all([finishAs(walker, check.id), finishAs(walker, check.id)]);
    expect(two).toEqual(one);
    expect(one.discrepancies.filter((d) => d.kind === 'notFound')).toHaveLength(29);
    expect(await tapAs(walker, check.id, 'B-1', 'noLock', at(3), clientId)).toEqual(tapped);
  });

  it('a part of the roster: out-of-scope units refused, units not on the roster accepted, none not found', async () => {
    const prefix = await startAs(walker, locationId, { kind: 'prefix', prefix: 'b' });
    expect(prefix).toMatchObject({ unitCount: 15, fullCheck: false, scope: { kind: 'prefix', prefix: 'b' } });
    const refused = await call(walker, 'POST', `/api/lock-check/${prefix.id}/result`, {
      clientId: randomUUID(),
      unit: 'A-1',
      finding: 'tenantLock',
      seenAt: at(1),
    });
    expect(refused.status).toBe(400);
    expect(refused.body.validationErrors).toHaveProperty(['unit']);
    expect(await tapAs(walker, prefix.id, 'B-99', 'tenantLock', at(2))).toMatchObject({
      discrepancies: ['notOnRoster'],
    });
    const finished = await finishAs(walker, prefix.id);
    expect(finished.discrepancies.map((d) => d.kind)).toEqual(['notOnRoster']);
    expect(finished.checkedCount).toBe(0);

    const range = await startAs(walker, locationId, { kind: 'range', from: 'A-5', to: 'A-12' });
    expect(range.unitCount).toBe(8);
    for (const unit of ['A-4', 'A-13', 'B-5']) {
      const response = await call(walker, 'POST', `/api/lock-check/${range.id}/result`, {
        clientId: randomUUID(),
        unit,
        finding: 'tenantLock',
        seenAt: at(1),
      });
      expect(response.status).toBe(400);
    }
    await tapAs(walker, range.id, 'A-12', 'tenantLock', at(2));
    const empty = await call(walker, 'POST', '/api/lock-check', {
      clientId: randomUUID(),
      locationId,
      scope: { kind: 'prefix', prefix: 'Z' },
      startedAt: at(0),
    });
    expect(empty.status).toBe(400);
    expect(empty.body.validationErrors).toHaveProperty(['scope']);
  });

  it('is checked against the roster version of its start, whatever is imported after', async () => {
    const check = await startAs(walker, locationId);
    await importRoster(
      locationId,
      [...ROSTER, { number: 'D-1', status: 'rented', delinquent: false, overlocked: false }],
      1,
    );
    expect(await tapAs(walker, check.id, 'D-1', 'tenantLock', at(2))).toMatchObject({
      discrepancies: ['notOnRoster'],
    });
    expect((await getAs(walker, check.id)).rosterVersion).toBe(1);
  });

  it('only its walker records into it (403); others of the location read it', async () => {
    const check = await startAs(walker, locationId);
    const colleague = await a.person(Role.Manager, [locationId]);
    const tap = { clientId: randomUUID(), unit: 'A-1', finding: 'tenantLock', seenAt: at(1) };
    expect((await call(colleague, 'POST', `/api/lock-check/${check.id}/result`, tap)).status).toBe(403);
    expect(
      (await call(colleague, 'PUT', `/api/lock-check/${check.id}/finish`, { finishedAt: at(9) })).status,
    ).toBe(403);
    expect((await getAs(colleague, check.id)).id).toBe(check.id);
  });
});

describe('following up discrepancies', () => {
  let locationId: number;
  let walker: Person;
  let lead: Person;
  let checkId: number;
  let openCheckId: number;
  beforeAll(async () => {
    locationId = await a.addLocation('Lock check follow-up');
    walker = await a.person(Role.Employee, [locationId]);
    lead = await a.person(Role.AssistantManager, [locationId]);
    await importRoster(locationId, ROSTER);
    const check = await startAs(walker, locationId, { kind: 'prefix', prefix: 'A' });
    await tapAs(walker, check.id, 'A-1', 'noLock', at(1)); // rented, no lock: unsecured
    await tapAs(walker, check.id, 'A-2', 'tenantLock', at(2)); // vacant with a tenant lock
    await tapAs(walker, check.id, 'A-5', 'doorOpen', at(3)); // rented, delinquent: doorOpen and not overlocked
    await finishAs(walker, check.id, at(9));
    checkId = check.id;
    openCheckId = (await startAs(walker, locationId)).id;
    await tapAs(walker, openCheckId, 'A-1', 'noLock', at(1));
  });

  const resolvePath = (id: number) => `/api/lock-check/${id}/resolve`;
  const taskBody = (ref: { lockCheckId: number; unit: string; kind: string }) => ({
    title: `Unit ${ref.unit}`,
    description: 'Lock the unit and call the tenant',
    locationId,
    dueAt: '2026-12-01T17:00:00.000Z',
    priority: 1 as const,
    lockDiscrepancy: ref as BodyOf<'task.create'>['lockDiscrepancy'] & object,
  });

  it('an Assistant Manager resolves one with a note, once; the report shows it resolved and counts it', async () => {
    const resolved = await api(lead, 'lockCheck.resolveDiscrepancy', {
      params: { lockCheckId: checkId },
      body: { unit: 'a-2', kind: 'vacantTenantLock', note: ' Tenant moved units; lease corrected ' },
    });
    expect(resolved).toMatchObject({
      unit: 'A-2',
      kind: 'vacantTenantLock',
      severity: 1,
      finding: 'tenantLock',
      resolution: 'Tenant moved units; lease corrected',
      resolvedBy: { firstName: `Role${Role.AssistantManager}` },
      taskId: null,
    });
    expect(Date.parse(resolved.resolvedAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
    const again = await call(lead, 'POST', resolvePath(checkId), {
      unit: 'A-2',
      kind: 'vacantTenantLock',
      note: 'x',
    });
    expect(again.status).toBe(409);
    const report = await getAs(walker, checkId);
    expect(report.discrepancies.find((d) => d.unit === 'A-2')).toEqual(resolved);
    expect(report.openDiscrepancyCount).toBe(report.discrepancyCount - 1);
    const listed = await api(lead, 'lockCheck.someByLocation', { params: { locationId }, query: {} });
    expect(listed.lockChecks.find((c) => c.id === checkId)).toMatchObject({
      discrepancyCount: report.discrepancyCount,
      openDiscrepancyCount: report.discrepancyCount - 1,
    });
  });

  it('an Employee may not resolve (403); an unfinished check, or a discrepancy it does not have: 409 and 404; a note is needed (400)', async () => {
    const body = { unit: 'A-1', kind: 'unsecured', note: 'Locked it' };
    expect((await call(walker, 'POST', resolvePath(checkId), body)).status).toBe(403);
    expect((await call(lead, 'POST', resolvePath(openCheckId), body)).status).toBe(409);
    expect((await call(lead, 'POST', resolvePath(checkId), { ...body, unit: 'A-3' })).status).toBe(404);
    for (const bad of [{ note: ' ' }, { kind: 'stolen' }, { unit: '' }, { note: 'x'.repeat(5000) }]) {
      const response = await call(lead, 'POST', resolvePath(checkId), { ...body, ...bad });
      expect(response.status).toBe(400);
      expect(Object.keys(response.body.validationErrors ?? {})).toEqual(Object.keys(bad));
    }
    expect((await call(managerB, 'POST', resolvePath(checkId), body)).status).toBe(404);
    expect((await getAs(walker, checkId)).discrepancies.find((d) => d.unit === 'A-1')?.resolvedAt).toBeNull();
  });

  it('turns one into a task, once: the task and the report name each other; a second task 409', async () => {
    const ref = { lockCheckId: checkId, unit: 'a-5', kind: 'doorOpen' as const };
    const task = await api(lead, 'task.create', { body: taskBody(ref) });
    expect(task).toMatchObject({
      priority: 1,
      lockDiscrepancy: { lockCheckId: checkId, unit: 'A-5', kind: 'doorOpen' },
    });
    expect((await api(lead, 'task.get', { params: { id: task.id } })).lockDiscrepancy).toEqual(
      task.lockDiscrepancy,
    );
    const report = await getAs(walker, checkId);
    expect(report.discrepancies.find((d) => d.unit === 'A-5' && d.kind === 'doorOpen')).toMatchObject({
      taskId: task.id,
      resolvedAt: null,
    });
    // Its other discrepancy is not linked.
    expect(report.discrepancies.find((d) => d.unit === 'A-5' && d.kind !== 'doorOpen')?.taskId).toBeNull();
    const second = await call(lead, 'POST', '/api/task', taskBody(ref));
    expect(second.status).toBe(409);
  });

  it('two tasks for one discrepancy at once: one is made', async () => {
    const ref = { lockCheckId: checkId, unit: 'A-1', kind: 'unsecured' as const };
    const answers = await Promise.all([1, 2].map(() => call(lead, 'POST', '/api/task', taskBody(ref))));
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
  });

  it('a task for a discrepancy of an unfinished check, of another location, or none: 400; an Employee may not (403)', async () => {
    for (const ref of [
      { lockCheckId: openCheckId, unit: 'A-1', kind: 'unsecured' },
      { lockCheckId: checkId, unit: 'A-3', kind: 'unsecured' },
      { lockCheckId: checkId, unit: 'A-2', kind: 'notFound' },
      { lockCheckId: 99_999_999, unit: 'A-1', kind: 'unsecured' },
    ]) {
      const response = await call(lead, 'POST', '/api/task', taskBody(ref));
      expect(response.status, JSON.stringify(ref)).toBe(400);
      expect(response.body.validationErrors).toHaveProperty(['lockDiscrepancy']);
    }
    const elsewhereTask = await call(admin, 'POST', '/api/task', {
      ...taskBody({ lockCheckId: checkId, unit: 'A-2', kind: 'vacantTenantLock' }),
      locationId: a.locationId,
    });
    expect(elsewhereTask.status).toBe(400);
    const bad = await call(
      lead,
      'POST',
      '/api/task',
      taskBody({ lockCheckId: checkId, unit: 'A-2', kind: 'stolen' }),
    );
    expect(bad.status).toBe(400);
    expect(
      (
        await call(
          walker,
          'POST',
          '/api/task',
          taskBody({ lockCheckId: checkId, unit: 'A-2', kind: 'vacantTenantLock' }),
        )
      ).status,
    ).toBe(403);
  });

  it("the company's audit log records the roster import, the finish and the resolve", async () => {
    const { entries } = await api(admin, 'activity.someByManagementCompany', {
      params: { id: a.companyId },
      query: { locationId, limit: 50 },
    });
    const of = (action: string) => entries.filter((e) => e.action === action);
    expect(of('importRoster')[0]).toMatchObject({
      objectKind: 'location',
      objectId: locationId,
      after: { rosterVersion: 1, unitCount: 30, added: 30, removed: 0 },
    });
    expect(of('finish').find((e) => e.objectId === checkId)).toMatchObject({
      objectKind: 'lockCheck',
      actor: { id: walker.id },
      after: { finishedAt: at(9), scope: 'Units starting with A' },
    });
    expect(of('resolve').find((e) => e.objectId === checkId)).toMatchObject({
      objectKind: 'lockCheck',
      actor: { id: lead.id },
      after: { unit: 'A-2', kind: 'vacantTenantLock', resolution: 'Tenant moved units; lease corrected' },
    });
  });

  it('exports the check as CSV (a row per unit checked, its discrepancies and follow-up) and as PDF; not for another company', async () => {
    const csv = await api(lead, 'export.lockCheckCsv', { params: { lockCheckId: checkId } });
    expect(csv).toMatchObject({
      fileName: `lock-check-${checkId}_lock-check-follow-up.csv`,
      count: 3,
    });
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(
      new Uint8Array(await (await fetch(csv.url)).arrayBuffer()),
    );
    const rows = text
      .slice(1)
      .split('\r\n')
      .filter(Boolean)
      .map((line) => line.split(','));
    expect(rows[0]).toEqual([...LOCK_CHECK_CSV_COLUMNS]);
    expect(rows.slice(1).map((row) => row[0])).toEqual(['A-1', 'A-2', 'A-5']);
    const task = (await getAs(lead, checkId)).discrepancies.find((d) => d.unit === 'A-5')?.taskId;
    expect(rows[2]).toEqual([
      'A-2',
      'Tenant lock',
      '2026-11-20 09:02:00',
      'No',
      'Vacant unit with a tenant lock',
      'No',
      'Tenant moved units; lease corrected',
      '',
    ]);
    expect(rows[3]).toEqual([
      'A-5',
      'Door open',
      '2026-11-20 09:03:00',
      'No',
      'Door open; Delinquent and not overlocked',
      'Yes',
      '',
      String(task),
    ]);

    const pdf = await api(lead, 'export.lockCheckPdf', { params: { lockCheckId: checkId } });
    expect(pdf).toMatchObject({
      fileName: `lock-check-${checkId}_lock-check-follow-up.pdf`,
      contentType: 'application/pdf',
    });
    const pages = await pdfPages(new Uint8Array(await (await fetch(pdf.url)).arrayBuffer()));
    expect(pages).toHaveLength(pdf.count);
    const printed = pages.join('\n');
    for (const words of [
      `Lock check ${checkId}`,
      'Units starting with A',
      'Vacant unit with a tenant lock',
      'Resolved: Tenant moved units; lease corrected',
      `Task ${task}`,
      'Rented unit with no lock',
    ]) {
      expect(printed).toContain(words);
    }
    for (const kind of ['csv', 'pdf']) {
      expect((await call(managerB, 'POST', `/api/export/lock-check/${checkId}/${kind}`)).status).toBe(404);
      expect((await call(elsewhere, 'POST', `/api/export/lock-check/${checkId}/${kind}`)).status).toBe(404);
      expect((await call(lead, 'POST', `/api/export/lock-check/x/${kind}`)).status).toBe(400);
    }
  });
});

describe('door photos', () => {
  // Two of the generated door photos (seed 1) that the local reader reads exactly: units 748 and 868.
  const [door748, door868] = doorImages(1, 2);
  let locationId: number;
  let walker: Person;
  beforeAll(async () => {
    locationId = await a.addLocation('Lock check photos');
    walker = await a.person(Role.Employee, [locationId]);
    await importRoster(
      locationId,
      ['748', '868', 'A-1'].map((number) => ({
        number,
        status: 'rented',
        delinquent: false,
        overlocked: false,
      })),
    );
  });

  const photoBody = (unit: string, jpeg: Buffer, clientId = randomUUID()) => ({
    clientId,
    unit,
    contentType: 'image/jpeg' as const,
    contentLength: jpeg.length,
    takenAt: at(2),
  });
  const put = async (ticket: { uploadUrl: string; headers: Record<string, string> }, body: Buffer) =>
    expect((await fetch(ticket.uploadUrl, { method: 'PUT', headers: ticket.headers, body })).status).toBe(
      200,
    );

  /** The check once every photo's unit is read, asked every 200 ms for at most 20 s. */
  const readReport = async (lockCheckId: number) => {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const report = await getAs(walker, lockCheckId);
      const photos = report.results.flatMap((r) => r.photos);
      if (photos.every((p) => p.url !== null && p.picturedUnit !== null)) return report;
      if (Date.now() > deadline) throw new Error('The door photos were not read within 20 s');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };

  it('are uploaded under the tenant, read by the door reader, and a photo of another unit is a mismatch', async () => {
    const check = await startAs(walker, locationId);
    await tapAs(walker, check.id, '748', 'noLock', at(1));
    await tapAs(walker, check.id, '868', 'noLock', at(1));
    const body = photoBody('748', door748!.jpeg);
    const ticket = await api(walker, 'lockCheck.photoUpload', { params: { lockCheckId: check.id }, body });
    expect(ticket.key).toMatch(new RegExp(`^tenants/${a.companyId}/lock-photo/${check.id}/[0-9a-f]+\\.jpg$`));
    expect(ticket.key.endsWith(ticket.imageName)).toBe(true);
    // A retried request signs the same key again while nothing has landed.
    const again = await api(walker, 'lockCheck.photoUpload', { params: { lockCheckId: check.id }, body });
    expect(again.key).toBe(ticket.key);
    await put(ticket, door748!.jpeg);
    // Once it landed, no URL is handed out for it any more.
    const landed = await call(walker, 'POST', `/api/lock-check/${check.id}/photo`, body);
    expect(landed.status).toBe(409);
    // Unit 868's door photographed, but the photo shows 748.
    const wrong = await api(walker, 'lockCheck.photoUpload', {
      params: { lockCheckId: check.id },
      body: photoBody('868', door748!.jpeg),
    });
    await put(wrong, door748!.jpeg);

    const report = await readReport(check.id);
    const of = (unit: string) => report.results.find((r) => r.unit === unit);
    expect(of('748')).toMatchObject({
      photoMismatch: false,
      photos: [{ imageName: ticket.imageName, picturedUnit: '748', takenAt: at(2) }],
    });
    expect(of('868')).toMatchObject({ photoMismatch: true, photos: [{ picturedUnit: '748' }] });
    const view = await api(admin, 'lockCheck.photo', {
      params: { lockCheckId: check.id, imageName: ticket.imageName },
    });
    expect(view.url).toMatch(/^http/);
    expect(Buffer.from(await (await fetch(view.url!)).arrayBuffer()).equals(door748!.jpeg)).toBe(true);
    expect((await call(walker, 'GET', `/api/lock-check/${check.id}/photo/nope.jpg`)).status).toBe(404);
    // A tap answers the unit's photos too.
    expect(await tapAs(walker, check.id, '748', 'noLock', at(3))).toMatchObject({
      photos: [{ picturedUnit: '748' }],
    });
  });

  it('a photo of a unit out of scope 400; after the finish only of a checked unit taken before it; never by another', async () => {
    const check = await startAs(walker, locationId, { kind: 'range', from: '700', to: '800' });
    const outOfScope = await call(
      walker,
      'POST',
      `/api/lock-check/${check.id}/photo`,
      photoBody('868', door868!.jpeg),
    );
    expect(outOfScope.status).toBe(400);
    await tapAs(walker, check.id, '748', 'noLock', at(1));
    await finishAs(walker, check.id, at(5));
    expect(
      (await call(walker, 'POST', `/api/lock-check/${check.id}/photo`, photoBody('748', door748!.jpeg)))
        .status,
    ).toBe(200);
    expect(
      (
        await call(walker, 'POST', `/api/lock-check/${check.id}/photo`, {
          ...photoBody('748', door748!.jpeg),
          takenAt: at(6),
        })
      ).status,
    ).toBe(409);
    expect(
      (await call(walker, 'POST', `/api/lock-check/${check.id}/photo`, photoBody('750', door748!.jpeg)))
        .status,
    ).toBe(409);
    expect(
      (await call(manager, 'POST', `/api/lock-check/${check.id}/photo`, photoBody('748', door748!.jpeg)))
        .status,
    ).toBe(404);
    expect(
      (await call(admin, 'POST', `/api/lock-check/${check.id}/photo`, photoBody('748', door748!.jpeg)))
        .status,
    ).toBe(403);
  });

  it.each([
    ['a type that is not an image', { contentType: 'application/pdf' }, 'contentType'],
    ['no size', { contentLength: 0 }, 'contentLength'],
    ['no unit', { unit: '' }, 'unit'],
    ['no client id', { clientId: undefined }, 'clientId'],
  ])('a photo request with %s answers 400', async (_label, change, field) => {
    const check = await startAs(walker, locationId);
    const response = await call(walker, 'POST', `/api/lock-check/${check.id}/photo`, {
      ...photoBody('748', door748!.jpeg),
      ...change,
    });
    expect(response.status).toBe(400);
    expect(response.body.validationErrors).toHaveProperty([field]);
  });
});

describe('bad input', () => {
  let lockCheckId: number;
  beforeAll(async () => {
    lockCheckId = (await startAs(employee, a.locationId)).id;
  });

  it.each([
    ['no client id', { clientId: undefined }, 'clientId'],
    ['a client id not a UUID', { clientId: 'x' }, 'clientId'],
    ['no location', { locationId: undefined }, 'locationId'],
    ['a location not an id', { locationId: 'one' }, 'locationId'],
    ['an unknown scope', { scope: { kind: 'some' } }, 'scope'],
    ['a prefix without one', { scope: { kind: 'prefix', prefix: ' ' } }, 'scope'],
    ['a range without its end', { scope: { kind: 'range', from: 'A-1' } }, 'scope'],
    ['no start time', { startedAt: 'yesterday' }, 'startedAt'],
  ])('a start with %s answers 400', async (_label, change, field) => {
    const body = {
      clientId: randomUUID(),
      locationId: a.locationId,
      scope: { kind: 'all' },
      startedAt: at(0),
      ...change,
    };
    const response = await call(employee, 'POST', '/api/lock-check', body);
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.body.validationErrors)).toContain(field);
  });

  it.each([
    ['no unit', { unit: '' }, 'unit'],
    ['a unit too long', { unit: 'X'.repeat(100) }, 'unit'],
    ['an unknown finding', { finding: 'padlock' }, 'finding'],
    ['no seen time', { seenAt: undefined }, 'seenAt'],
    ['a client id not a UUID', { clientId: '1' }, 'clientId'],
  ])('a tap with %s answers 400', async (_label, change, field) => {
    const body = { clientId: randomUUID(), unit: 'A-1', finding: 'tenantLock', seenAt: at(1), ...change };
    const response = await call(employee, 'POST', `/api/lock-check/${lockCheckId}/result`, body);
    expect(response.status).toBe(400);
    expect(response.body.validationErrors).toHaveProperty([field]);
  });

  it('a check id not a number, a finish without a time, a history without a unit or with a bad page: 400', async () => {
    expect((await call(employee, 'GET', '/api/lock-check/abc')).status).toBe(400);
    expect((await call(employee, 'PUT', `/api/lock-check/${lockCheckId}/finish`, {})).status).toBe(400);
    expect((await call(employee, 'GET', `/api/lock-check/unit/${a.locationId}`)).status).toBe(400);
    expect(
      (await call(employee, 'GET', `/api/lock-check/unit/${a.locationId}?unit=A-1&limit=0`)).status,
    ).toBe(400);
    expect(
      (await call(employee, 'GET', `/api/lock-check/by-location/${a.locationId}?offset=-1`)).status,
    ).toBe(400);
  });

  it('a check that does not exist answers 404', async () => {
    expect((await call(admin, 'GET', '/api/lock-check/99999999')).status).toBe(404);
  });
});

describe('another company, another location', () => {
  let lockCheckId: number;
  beforeAll(async () => {
    lockCheckId = (await startAs(employee, a.locationId)).id;
    await tapAs(employee, lockCheckId, 'A-1', 'tenantLock', at(1));
  });

  it('a user of another company, or an Employee of another location of the company, can neither read nor write anything (404)', async () => {
    const tap = { clientId: randomUUID(), unit: 'A-2', finding: 'noLock', seenAt: at(2) };
    for (const who of [managerB, elsewhere]) {
      for (const [method, path, body] of [
        ['GET', `/api/lock-check/${lockCheckId}`, undefined],
        ['POST', `/api/lock-check/${lockCheckId}/result`, tap],
        ['PUT', `/api/lock-check/${lockCheckId}/finish`, { finishedAt: at(9) }],
        [
          'POST',
          `/api/lock-check/${lockCheckId}/photo`,
          { clientId: randomUUID(), unit: 'A-1', contentType: 'image/jpeg', contentLength: 100 },
        ],
        ['GET', `/api/lock-check/${lockCheckId}/photo/any.jpg`, undefined],
        ['GET', `/api/lock-check/by-location/${a.locationId}`, undefined],
        ['GET', `/api/lock-check/unit/${a.locationId}?unit=A-1`, undefined],
        [
          'POST',
          '/api/lock-check',
          { clientId: randomUUID(), locationId: a.locationId, scope: { kind: 'all' }, startedAt: at(0) },
        ],
      ] as const) {
        const response = await call(who, method, path, body);
        expect(response.status, `${method} ${path}`).toBe(404);
      }
    }
    const report = await getAs(employee, lockCheckId);
    expect(report.results.map((r) => r.unit)).toEqual(['A-1']);
    expect(report.finishedAt).toBeNull();
  });
});
