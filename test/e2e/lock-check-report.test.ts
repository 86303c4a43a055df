import { describe } from 'vitest';
import { Role } from '@sitewalk/shared/roles';
import { discrepanciesOf, unitKey, type LockFinding } from '@sitewalk/shared/lock-check';
import { paths } from '../../web/src/config/paths.ts';
import { rosterUnit as unit } from '../support/roster.ts';
import { apiAs } from '../support/api.ts';
import { PERSON_PASSWORD } from '../support/people.ts';
import { seedTenant } from '../support/site.ts';
import { e2e, expect, signInThroughApi, test } from './support/journey.ts';

/** A lock check's report (issue 31): its Manager resolves one discrepancy and turns another into a task. */
describe("a lock check's report", () => {
  test('the Manager sees every discrepancy the rule table predicts, resolves one and makes a task of another', async ({
    journey,
  }) => {
    const { page } = journey;
    const { url } = e2e();
    const api = apiAs(url);
    const tenant = await seedTenant(url);
    const manager = await tenant.person(Role.Manager);
    const employee = await tenant.person(Role.Employee);
    const { locationId } = tenant;

    const roster = [
      unit('A-1'),
      unit('A-2', { delinquent: true }),
      unit('A-3', { status: 'vacant' }),
      unit('A-4', { delinquent: true, overlocked: true }),
      unit('A-5'),
      unit('A-6', { status: 'companyUse' }),
    ];
    await api(manager, 'roster.import', {
      params: { locationId },
      body: { basedOnVersion: null, units: roster },
    });
    // The walk, recorded as the phone sends it (the phone's own journey is test/e2e/lock-check.test.ts).
    const started = Date.now() - 3_600_000;
    const check = await api(employee, 'lockCheck.start', {
      body: {
        clientId: crypto.randomUUID(),
        locationId,
        scope: { kind: 'all' },
        startedAt: new Date(started).toISOString(),
      },
    });
    const taps: [string, LockFinding][] = [
      ['A-1', 'lockCut'],
      ['A-2', 'tenantLock'],
      ['A-3', 'tenantLock'],
      ['A-4', 'overlock'],
      ['A-6', 'companyLock'],
      ['B-9', 'tenantLock'],
    ];
    for (const [n, [number, finding]] of taps.entries()) {
      await api(employee, 'lockCheck.recordResult', {
        params: { lockCheckId: check.id },
        body: {
          clientId: crypto.randomUUID(),
          unit: number,
          finding,
          seenAt: new Date(started + (n + 1) * 60_000).toISOString(),
        },
      });
    }
    await api(employee, 'lockCheck.finish', {
      params: { lockCheckId: check.id },
      body: { finishedAt: new Date(started + 30 * 60_000).toISOString() },
    });
    // What the rule table says of this roster and these taps (A-5 was not reached: not found).
    const seen = new Map(taps.map(([number, finding]) => [unitKey(number), finding]));
    const expected = [
      ...roster.map((u) => ({
        number: u.number,
        kinds: discrepanciesOf({ unit: u, finding: seen.get(u.number) ?? null, fullCheck: true }),
      })),
      { number: 'B-9', kinds: discrepanciesOf({ unit: null, finding: 'tenantLock', fullCheck: true }) },
    ].flatMap(({ number, kinds }) => kinds.map((kind) => `${number} ${kind}`));
    expect(expected.length).toBeGreaterThanOrEqual(5);

    await signInThroughApi(journey, manager.email, PERSON_PASSWORD);
    await page.goto(journey.url(`${paths.app.location.build(locationId)}#lock-checks`));
    await page.getByRole('list', { name: 'Lock checks' }).getByRole('link').first().click();
    await page.getByRole('heading', { name: 'Lock check' }).waitFor();
    await page.getByRole('button', { name: `All (${expected.length})` }).click();
    const items = page.getByTestId('discrepancy');
    await expect.poll(() => items.count()).toBe(expected.length);
    await journey.check('lock check report');

    // Resolve the lock cut at A-1.
    const cut = items.filter({ hasText: 'Unit A-1' }).filter({ hasText: 'Lock cut or damaged' });
    await cut.getByRole('button', { name: 'Resolve' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'What was done' }).fill('Tenant came in, new lock fitted');
    await dialog.getByRole('button', { name: 'Resolve' }).click();
    await cut.getByText('Resolved by').waitFor();

    // A task for the unit not on the roster.
    const stray = items.filter({ hasText: 'Unit B-9' });
    await stray.getByRole('link', { name: 'Make a task' }).click();
    await page.getByRole('heading', { name: 'New task' }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Title' }).inputValue()).toBe(
      'Unit B-9: Unit not on the roster',
    );
    await journey.check('task from a discrepancy');
    await page.getByRole('button', { name: 'Create task' }).click();
    await page.waitForURL(/\/app\/tasks\/\d+$/);
    const taskId = Number(new URL(page.url()).pathname.split('/').at(-1));

    await page.goBack();
    await page.goBack();
    await page.getByRole('heading', { name: 'Lock check' }).waitFor();
    await page.getByRole('button', { name: `All (${expected.length})` }).click();
    await items
      .filter({ hasText: 'Unit B-9' })
      .getByRole('link', { name: `Task ${taskId}` })
      .waitFor();
    const report = await api(manager, 'lockCheck.get', { params: { lockCheckId: check.id } });
    expect(report.openDiscrepancyCount).toBe(expected.length - 1);
    expect(report.discrepancies.map((d) => `${d.unit} ${d.kind}`).sort()).toEqual([...expected].sort());
  });
});
