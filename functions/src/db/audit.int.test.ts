import { beforeAll, describe, expect, it } from 'vitest';
import { isolatedEnvironment } from '../../../test/support/isolated.ts';
import { readEnv, tableEnv } from '../env.ts';
import { createDocumentClient } from './client.ts';
import { createService, type DataService } from './service.ts';
import { SYSTEM_ACTOR, getAuditHead, writeAudited, type AuditRecord } from './audit.ts';
import { reportAuditLogs, verifyAuditLog, verifyAuditLogs } from '../domain/audit-verify.ts';

/** The audit log's append and check against DynamoDB Local, on a chain tampered with in the table. */
let db: DataService;
let nextCompany = 7000;

beforeAll(async () => {
  await isolatedEnvironment();
  const env = readEnv(tableEnv);
  db = createService(createDocumentClient(env), env.TABLE_NAME);
});

const record = (managementCompanyId: number, objectId: number): AuditRecord => ({
  managementCompanyId,
  action: 'update',
  objectKind: 'location',
  objectId,
  objectName: `Site ${objectId}`,
  locationId: objectId,
  before: { name: 'Before' },
  after: { name: `Site ${objectId}` },
});

/** A fresh log with `count` entries, appended one after another; each change is a counter's bump. */
const logWith = async (count: number) => {
  const company = ++nextCompany;
  for (let i = 1; i <= count; i++) {
    await writeAudited(db, { actor: SYSTEM_ACTOR, record: record(company, i) }, ({ counter }) => [
      counter.update({ name: 'walk' }).add({ value: 0 }).commit(),
    ]);
  }
  return company;
};

const entryKey = (managementCompanyId: number, seq: number) =>
  db.entities.auditEntry.get({ managementCompanyId, seq }).params().Key as Record<string, string>;
const table = () => readEnv(tableEnv).TABLE_NAME;

describe('appending', () => {
  it('keeps one chain under concurrent writers: every number once, each entry linked to the one before', async () => {
    // Prepare
    const company = ++nextCompany;

    // Act: twelve writers at once on one log.
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        writeAudited(db, { actor: SYSTEM_ACTOR, record: record(company, i + 1) }, ({ counter }) => [
          counter.update({ name: 'walk' }).add({ value: 0 }).commit(),
        ]),
      ),
    );

    // Assess
    const entries = (
      await db.entities.auditEntry.query.primary({ managementCompanyId: company }).go({ pages: 'all' })
    ).data;
    expect(entries.map((e) => e.seq)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    expect(new Set(entries.map((e) => e.objectId)).size).toBe(12);
    expect(await getAuditHead(db, company)).toMatchObject({ seq: 12, hash: entries.at(-1)?.hash });
    expect(await verifyAuditLog(db, company)).toEqual({
      managementCompanyId: company,
      entries: 12,
      problem: null,
    });
  });

  it('writes no entry when the change’s own condition refuses it, and the head stays', async () => {
    // Prepare
    const company = await logWith(1);

    // Act: a patch of a location that does not exist.
    const outcome = await writeAudited(
      db,
      { actor: SYSTEM_ACTOR, record: record(company, 2) },
      ({ location }) => [location.patch({ locationId: 99_999_999 }).set({ name: 'Nowhere' }).commit()],
    );

    // Assess
    expect(outcome.canceled).toBe(true);
    expect(outcome.data).toEqual([
      expect.objectContaining({ rejected: true, code: 'ConditionalCheckFailed' }),
    ]);
    expect(await getAuditHead(db, company)).toMatchObject({ seq: 1 });
    expect(await verifyAuditLog(db, company)).toMatchObject({ entries: 1, problem: null });
  });

  it('refuses to update or remove an entry through the entity: its fields are read-only', () => {
    expect(() =>
      db.entities.auditEntry
        .patch({ managementCompanyId: 1, seq: 1 })
        .set({ actorName: 'Mallory' } as never)
        .params(),
    ).toThrow(/read-only/i);
  });
});

describe('checking a log tampered with in the table', () => {
  const client = () => createDocumentClient(readEnv(tableEnv));

  it('finds an edited field', async () => {
    // Prepare
    const company = await logWith(4);

    // Act: an entry's actor changed in place, past the entity.
    const { UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
    await client().send(
      new UpdateCommand({
        TableName: table(),
        Key: entryKey(company, 2),
        UpdateExpression: 'SET actorName = :name',
        ExpressionAttributeValues: { ':name': 'Mallory' },
      }),
    );

    // Assess
    expect((await verifyAuditLog(db, company)).problem).toMatchObject({ kind: 'edited', seq: 2 });
  });

  it('finds a deleted entry, and a deleted newest entry', async () => {
    // Prepare
    const middle = await logWith(4);
    const newest = await logWith(4);
    const { DeleteCommand } = await import('@aws-sdk/lib-dynamodb');

    // Act
    await client().send(new DeleteCommand({ TableName: table(), Key: entryKey(middle, 3) }));
    await client().send(new DeleteCommand({ TableName: table(), Key: entryKey(newest, 4) }));

    // Assess
    expect((await verifyAuditLog(db, middle)).problem).toMatchObject({ kind: 'gap', seq: 3 });
    expect((await verifyAuditLog(db, newest)).problem).toMatchObject({ kind: 'truncated', seq: 4 });
  });

  it('finds two entries swapped', async () => {
    // Prepare
    const company = await logWith(4);
    const { GetCommand, PutCommand } = await import('@aws-sdk/lib-dynamodb');
    const read = async (seq: number) =>
      (await client().send(new GetCommand({ TableName: table(), Key: entryKey(company, seq) }))).Item ?? {};
    const [second, third] = [await read(2), await read(3)];

    // Act: each entry's content under the other's key.
    await client().send(new PutCommand({ TableName: table(), Item: { ...third, ...entryKey(company, 2) } }));
    await client().send(new PutCommand({ TableName: table(), Item: { ...second, ...entryKey(company, 3) } }));

    // Assess
    expect((await verifyAuditLog(db, company)).problem).toMatchObject({ seq: 2 });
  });

  it('checks every log with a head, a deleted company’s too, and reports each', async () => {
    // Prepare: one whole log, one tampered with.
    const whole = await logWith(2);
    const broken = await logWith(2);
    const { DeleteCommand } = await import('@aws-sdk/lib-dynamodb');
    await client().send(new DeleteCommand({ TableName: table(), Key: entryKey(broken, 1) }));

    // Act
    const reports = await verifyAuditLogs(db);

    // Assess
    expect(reports.find((r) => r.managementCompanyId === whole)).toEqual({
      managementCompanyId: whole,
      entries: 2,
      problem: null,
    });
    expect(reports.find((r) => r.managementCompanyId === broken)?.problem).toMatchObject({
      kind: 'gap',
      seq: 1,
    });
    expect(reports.find((r) => r.managementCompanyId === 0)).toMatchObject({ problem: null });
  });

  it('reports each log on a line and exits 1 when one fails (the check command)', async () => {
    // Prepare: a log whose entry 2 was deleted.
    const broken = await logWith(3);
    const { DeleteCommand } = await import('@aws-sdk/lib-dynamodb');
    await client().send(new DeleteCommand({ TableName: table(), Key: entryKey(broken, 2) }));
    const ok: string[] = [];
    const fail: string[] = [];

    // Act
    const code = await reportAuditLogs(db, { ok: (line) => ok.push(line), fail: (line) => fail.push(line) });

    // Assess
    expect(code).toBe(1);
    expect(fail).toContain(`  FAIL company ${broken}: Log ${broken}: entry 2 is missing (the next one is 3)`);
    expect(ok).toContain('  ok   system log: 0 entries, chain whole');
    expect(fail.at(-1)).toMatch(/^\n\d+ of \d+ audit logs failed the check\.$/);
  });
});
