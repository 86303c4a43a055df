import { beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@sitewalk/shared/roles';
import { EVALUATOR_INTERVAL_MINUTES } from '@sitewalk/shared/constants';
import type { WalkWindow } from '@sitewalk/shared/schemas/schedule';
import { nextCheckAfter } from '@sitewalk/shared/walk-windows';
import { isolatedEnvironment } from '../../../test/support/isolated.ts';
import { mailsTo } from '../../../test/support/host.ts';
import { locationBody } from '../../../test/support/site.ts';
import { readEnv, tableEnv } from '../env.ts';
import { createDocumentClient } from '../db/client.ts';
import { createService, type DataService } from '../db/service.ts';
import { NEVER_DUE } from '../db/entities/schedule.ts';
import { createAlerts } from './alerts.ts';
import { createMailOutbox } from './mail-outbox.ts';
import { mailerFromEnv } from '../composition.ts';
import { createEvaluator } from './evaluator.ts';

/**
 * The evaluator over a table of its own, its clock injected (issue 17): windows in three time zones through
 * the night the US clocks go back, two overlapping runs at every step; and a tenant of 200 locations of which
 * three are due, whose run reads what is due and nothing of the rest.
 */
let db: DataService;
let sesEndpoint: string;
let evaluateAt: (now: Date) => Promise<{ schedules: number; raised: number; mailsSent: number }>;

/** The table's reads, counted by a middleware on the client the evaluator uses. */
const reads = { commands: [] as string[], items: 0 };
const READS = new Set([
  'GetItemCommand',
  'BatchGetItemCommand',
  'QueryCommand',
  'ScanCommand',
  'TransactGetItemsCommand',
]);

beforeAll(async () => {
  const { env, standIns } = await isolatedEnvironment();
  sesEndpoint = standIns.endpoints.ses;
  const client = createDocumentClient(readEnv(tableEnv));
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const result = await next(args);
      // The names are the low-level client's: the DocumentClient shares its middleware stack.
      if (READS.has(context.commandName ?? '')) {
        reads.commands.push(context.commandName ?? '');
        const output = result.output as {
          Item?: unknown;
          Items?: unknown[];
          Responses?: Record<string, unknown[]> | unknown[]; // BatchGetItem: by table; TransactGetItems: a list
        };
        reads.items +=
          (output.Item ? 1 : 0) +
          (output.Items?.length ?? 0) +
          (Array.isArray(output.Responses)
            ? output.Responses.length
            : Object.values(output.Responses ?? {}).reduce((n, items) => n + items.length, 0));
      }
      return result;
    },
    { step: 'initialize', name: 'readCounter' },
  );
  db = createService(client, env.TABLE_NAME!);
  const appUrl = env.APP_URL!;
  evaluateAt = createEvaluator({ db, alerts: createAlerts({ db, appUrl }), appUrl }).evaluateAt;
});

const window = (id: string, start: string, end: string): WalkWindow => ({
  id,
  label: `${id[0]!.toUpperCase()}${id.slice(1)} walk`,
  days: [0, 1, 2, 3, 4, 5, 6],
  start,
  end,
  walkIds: [],
  graceMinutes: 15,
});

/** A location and its schedule, watched from `since` on. */
const seedLocation = async (
  ids: { locationId: number; organizationId: number; managementCompanyId: number },
  timeZone: string,
  windows: WalkWindow[],
  since: Date,
) => {
  await db.entities.location
    .put({ ...locationBody(`Site ${ids.locationId}`, ids.organizationId), ...ids })
    .go();
  await db.entities.schedule
    .put({
      ...ids,
      timeZone,
      windows,
      checkedUntil: since.toISOString(),
      nextCheckAt: nextCheckAfter({ timeZone, windows }, since)?.toISOString() ?? NEVER_DUE,
    })
    .go();
};

/** A Manager placed at these locations, with the default alert preferences. */
const seedManager = async (
  userId: number,
  managementCompanyId: number,
  locationIds: number[],
  organizationId: number,
) => {
  const email = `manager-${userId}@example.com`;
  await db.entities.user
    .put({
      userId,
      firstName: 'Mara',
      lastName: `Manager ${userId}`,
      email,
      roleId: Role.Manager,
      managementCompanyId,
    })
    .go();
  await db.entities.userLocation
    .put(locationIds.map((locationId) => ({ userId, locationId, organizationId, managementCompanyId })))
    .go();
  return email;
};

const alertsOf = async (managementCompanyId: number) =>
  (await db.entities.alert.scan.go({ pages: 'all' })).data.filter(
    (a) => a.managementCompanyId === managementCompanyId,
  );

describe('windows across time zones, through the night the clocks go back', () => {
  it('raises due soon and missed once for each occurrence, at its local times, with overlapping runs', async () => {
    const tenant = { organizationId: 12, managementCompanyId: 11 };
    // Oct 31 00:00 in New York (EDT); the US clocks go back at 02:00 EDT on Sunday Nov 1 (06:00Z).
    const start = new Date('2026-10-31T04:00:00Z');
    const end = new Date('2026-11-02T04:00:00Z');
    await seedLocation(
      { ...tenant, locationId: 101 },
      'America/New_York',
      [window('night', '01:00', '03:00'), window('morning', '07:00', '09:00')],
      start,
    );
    await seedLocation(
      { ...tenant, locationId: 102 },
      'Pacific/Honolulu',
      [window('morning', '07:00', '09:00')],
      start,
    );
    await seedLocation(
      { ...tenant, locationId: 103 },
      'Asia/Kolkata',
      [window('morning', '07:00', '09:00')],
      start,
    );
    const email = await seedManager(13, tenant.managementCompanyId, [101, 102, 103], tenant.organizationId);

    let raised = 0;
    // Runs every half hour (in AWS every five minutes): a run takes every check since the last, so the
    // result is the same, and the file stays quick on a busy machine.
    for (let t = start.getTime(); t <= end.getTime(); t += 6 * EVALUATOR_INTERVAL_MINUTES * 60_000) {
      const runs = await Promise.all([evaluateAt(new Date(t)), evaluateAt(new Date(t))]);
      raised += runs.reduce((n, run) => n + run.raised, 0);
    }

    const occurrence = (locationId: number, id: string, date: string, opensAt: string, closesAt: string) =>
      ['dueSoon', 'missed'].map((kind) => ({ kind, locationId, window: { id, date, opensAt, closesAt } }));
    const expected = [
      // New York: EDT (UTC−4) on Oct 31; on Nov 1 the night window opens at 01:00 EDT and closes at 03:00 EST,
      // three hours later; the morning is in EST (UTC−5).
      ...occurrence(101, 'night', '2026-10-31', '2026-10-31T05:00:00.000Z', '2026-10-31T07:00:00.000Z'),
      ...occurrence(101, 'morning', '2026-10-31', '2026-10-31T11:00:00.000Z', '2026-10-31T13:00:00.000Z'),
      ...occurrence(101, 'night', '2026-11-01', '2026-11-01T05:00:00.000Z', '2026-11-01T08:00:00.000Z'),
      ...occurrence(101, 'morning', '2026-11-01', '2026-11-01T12:00:00.000Z', '2026-11-01T14:00:00.000Z'),
      // Honolulu keeps UTC−10.
      ...occurrence(102, 'morning', '2026-10-31', '2026-10-31T17:00:00.000Z', '2026-10-31T19:00:00.000Z'),
      ...occurrence(102, 'morning', '2026-11-01', '2026-11-01T17:00:00.000Z', '2026-11-01T19:00:00.000Z'),
      // Kolkata (UTC+5:30): Oct 31's morning closed before the schedule was watched; Nov 2's closes at 03:30Z.
      ...occurrence(103, 'morning', '2026-11-01', '2026-11-01T01:30:00.000Z', '2026-11-01T03:30:00.000Z'),
      ...occurrence(103, 'morning', '2026-11-02', '2026-11-02T01:30:00.000Z', '2026-11-02T03:30:00.000Z'),
    ];
    const stored = await alertsOf(tenant.managementCompanyId);
    expect(stored).toHaveLength(expected.length);
    expect(raised).toBe(expected.length);
    expect(stored.map((a) => ({ kind: a.kind, locationId: a.locationId, window: a.window }))).toEqual(
      expect.arrayContaining(
        expected.map((e) => ({ ...e, window: expect.objectContaining(e.window) as unknown })),
      ),
    );
    expect(stored.every((a) => a.recipientIds?.join() === '13')).toBe(true);

    // One mail per missed window (the default preferences mail 'missed', not 'due soon'), queued in the mail
    // outbox and sent by its worker (run here as its sweep) to the SES stand-in.
    await createMailOutbox({ db, mailer: mailerFromEnv() }).deliverDue(new Date('2100-01-01T00:00:00Z'));
    const mails = await mailsTo(sesEndpoint, email);
    expect(mails).toHaveLength(expected.length / 2);
    expect(mails.every((m) => m.subject.includes('missed'))).toBe(true);
  });
});

describe('a tenant of 200 locations, three of them due', () => {
  it('reads the three schedules and what their alerts need, nothing of the other 197', async () => {
    // Only this tenant's schedules are in the table from here on.
    const earlier = (await db.entities.schedule.scan.go({ pages: 'all' })).data;
    await db.entities.schedule.delete(earlier.map(({ locationId }) => ({ locationId }))).go();

    const tenant = { organizationId: 22, managementCompanyId: 21 };
    const since = new Date('2026-11-10T14:00:00Z'); // 06:00 in Los Angeles (PST)
    const due = [2001, 2002, 2003];
    const rest = Array.from({ length: 197 }, (_, i) => 2004 + i);
    for (const locationId of due) {
      await seedLocation(
        { ...tenant, locationId },
        'America/Los_Angeles',
        [window('morning', '07:00', '09:00')],
        since,
      );
    }
    for (const locationId of rest) {
      await seedLocation(
        { ...tenant, locationId },
        'America/Los_Angeles',
        [window('evening', '19:00', '21:00')],
        since,
      );
    }
    await seedManager(23, tenant.managementCompanyId, [...due, ...rest.slice(0, 20)], tenant.organizationId);
    const untouched = (await db.entities.schedule.get(rest.map((locationId) => ({ locationId }))).go()).data;

    // 09:30 in Los Angeles: the mornings closed (grace 15 minutes), the evenings are hours away.
    reads.commands = [];
    reads.items = 0;
    const run = await evaluateAt(new Date('2026-11-10T17:30:00Z'));
    expect(run).toMatchObject({ schedules: 3, raised: 6, mailsSent: 3 });
    expect(reads.commands).not.toContain('ScanCommand');
    // Each due window costs a bounded number of reads; a run that looked at every location would read 200+.
    expect(reads.items).toBeLessThan(60);
    expect(reads.commands.length).toBeLessThan(60);
    expect((await alertsOf(tenant.managementCompanyId)).map((a) => a.locationId).sort()).toEqual([
      2001, 2001, 2002, 2002, 2003, 2003,
    ]);
    const after = (await db.entities.schedule.get(rest.map((locationId) => ({ locationId }))).go()).data;
    expect(after).toEqual(untouched);

    // A quiet run a few minutes later reads only its three queries, and finds nothing.
    reads.commands = [];
    reads.items = 0;
    expect(await evaluateAt(new Date('2026-11-10T17:35:00Z'))).toMatchObject({ schedules: 0, raised: 0 });
    expect(reads.commands).toEqual(['QueryCommand', 'QueryCommand', 'QueryCommand']);
    expect(reads.items).toBe(0);
  });
});
