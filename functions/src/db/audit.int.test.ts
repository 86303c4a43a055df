import { beforeAll, describe, expect, it } from 'vitest';
import { isolatedEnvironment } from '../../../test/support/isolated.ts';
import { readEnv, tableEnv } from '../env.ts';
import { createDocumentClient } from './client.ts';
import { createService, type DataService } from './service.ts';
import { SYSTEM_ACTOR, getAuditHead, writeAudited, type AuditRecord } from './audit.ts';
import { entryHash, macMessage, verifyChain, type ChainEntry } from './audit-chain.ts';
import { reportAuditLogs, verifyAuditLog, verifyAuditLogs } from '../domain/audit-verify.ts';
import { anchorAuditLogs } from '../domain/audit-anchor.ts';
import { auditSignerFromEnv, type AuditSigner } from '../ports/audit-signer.ts';
import { localAnchorStore, type AnchorStore } from '../ports/audit-anchors.ts';

/**
 * The audit log's append, anchoring and check against DynamoDB Local, on logs tampered with in the table by
 * someone who can write it (but holds neither the audit key nor the anchors' storage).
 */
let db: DataService;
let signer: AuditSigner;
let anchors: AnchorStore;
let nextCompany = 7000;

beforeAll(async () => {
  const { env: handlerEnv } = await isolatedEnvironment();
  const env = readEnv(tableEnv);
  db = createService(createDocumentClient(env), env.TABLE_NAME);
  signer = auditSignerFromEnv();
  anchors = localAnchorStore(handlerEnv.AUDIT_ANCHOR_DIR ?? '');
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
    expect(await verifyAuditLog(db, signer, company)).toEqual({
      managementCompanyId: company,
      entries: 12,
      unsigned: 0,
      anchor: null,
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
    expect(await verifyAuditLog(db, signer, company)).toMatchObject({ entries: 1, problem: null });
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
    expect((await verifyAuditLog(db, signer, company)).problem).toMatchObject({ kind: 'edited', seq: 2 });
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
    expect((await verifyAuditLog(db, signer, middle)).problem).toMatchObject({ kind: 'gap', seq: 3 });
    expect((await verifyAuditLog(db, signer, newest)).problem).toMatchObject({ kind: 'truncated', seq: 4 });
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
    expect((await verifyAuditLog(db, signer, company)).problem).toMatchObject({ seq: 2 });
  });

  it('checks every log with a head, a deleted company’s too, and reports each', async () => {
    // Prepare: one whole log, one tampered with.
    const whole = await logWith(2);
    const broken = await logWith(2);
    const { DeleteCommand } = await import('@aws-sdk/lib-dynamodb');
    await client().send(new DeleteCommand({ TableName: table(), Key: entryKey(broken, 1) }));

    // Act
    const reports = await verifyAuditLogs(db, signer, anchors);

    // Assess
    expect(reports.find((r) => r.managementCompanyId === whole)).toEqual({
      managementCompanyId: whole,
      entries: 2,
      unsigned: 0,
      anchor: null,
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
    const code = await reportAuditLogs(db, signer, anchors, {
      ok: (line) => ok.push(line),
      fail: (line) => fail.push(line),
    });

    // Assess
    expect(code).toBe(1);
    expect(fail).toContain(
      `  FAIL company ${broken} (gap): Log ${broken}: entry 2 is missing (the next one is 3)`,
    );
    expect(ok).toContain('  ok   system log: 0 entries, chain whole and signed, not anchored yet');
    expect(fail.at(-1)).toMatch(/^\n\d+ of \d+ audit logs failed the check\.$/);
  });
});

/** What someone who can write the table (and holds neither the audit key nor the anchors) can do to a log. */
const tamper = {
  client: () => createDocumentClient(readEnv(tableEnv)),
  async entry(company: number, seq: number) {
    const { GetCommand } = await import('@aws-sdk/lib-dynamodb');
    const { Item } = await this.client().send(
      new GetCommand({ TableName: table(), Key: entryKey(company, seq) }),
    );
    return Item as ChainEntry & Record<string, unknown>;
  },
  async put(item: Record<string, unknown>) {
    const { PutCommand } = await import('@aws-sdk/lib-dynamodb');
    await this.client().send(new PutCommand({ TableName: table(), Item: item }));
  },
  async setHead(company: number, fields: Record<string, unknown>) {
    const { UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
    const names = Object.keys(fields);
    await this.client().send(
      new UpdateCommand({
        TableName: table(),
        Key: db.entities.auditHead.get({ managementCompanyId: company }).params().Key as Record<
          string,
          string
        >,
        UpdateExpression: `SET ${names.map((name) => `#${name} = :${name}`).join(', ')}`,
        ExpressionAttributeNames: Object.fromEntries(names.map((name) => [`#${name}`, name])),
        ExpressionAttributeValues: Object.fromEntries(names.map((name) => [`:${name}`, fields[name]])),
      }),
    );
  },
  /**
   * Rewrites entry `seq` and recomputes every hash after it with the chain's own code (audit-chain.ts), then
   * moves the head to the new last hash: a chain that links up again. The MACs stay as they were.
   */
  async forge(company: number, seq: number, change: Partial<ChainEntry>) {
    const head = await getAuditHead(db, company);
    if (!head) throw new Error(`Log ${company} has no head`);
    let prevHash = (await this.entry(company, seq - 1))?.hash ?? '0'.repeat(64);
    for (let n = seq; n <= head.seq; n++) {
      const edited = { ...(await this.entry(company, n)), ...(n === seq ? change : {}), prevHash };
      const item = { ...edited, hash: entryHash(edited) };
      await this.put(item);
      prevHash = item.hash;
    }
    await this.setHead(company, { hash: prevHash });
  },
  /** Deletes the entries after `seq` and moves the head back to entry `seq` (or deletes it: seq 0). */
  async cutTo(company: number, seq: number) {
    const { DeleteCommand } = await import('@aws-sdk/lib-dynamodb');
    const head = await getAuditHead(db, company);
    for (let n = seq + 1; n <= (head?.seq ?? 0); n++) {
      await this.client().send(new DeleteCommand({ TableName: table(), Key: entryKey(company, n) }));
    }
    const kept = seq > 0 ? await this.entry(company, seq) : null;
    if (kept) await this.setHead(company, { seq, hash: kept.hash, at: kept.at, mac: kept.mac });
    else {
      await this.client().send(
        new DeleteCommand({
          TableName: table(),
          Key: db.entities.auditHead.get({ managementCompanyId: company }).params().Key as Record<
            string,
            string
          >,
        }),
      );
    }
  },
  async removeMac(company: number, seq: number) {
    const { UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
    await this.client().send(
      new UpdateCommand({ TableName: table(), Key: entryKey(company, seq), UpdateExpression: 'REMOVE mac' }),
    );
  },
};

/** Appends `count` entries to a log, as the product does. */
const append = async (company: number, count: number) => {
  const head = await getAuditHead(db, company);
  for (let i = 1; i <= count; i++) {
    await writeAudited(
      db,
      { actor: SYSTEM_ACTOR, record: record(company, (head?.seq ?? 0) + i) },
      ({ counter }) => [counter.update({ name: 'walk' }).add({ value: 0 }).commit()],
    );
  }
};

/** Anchor runs a second apart, so each one's anchors are the latest. */
let runs = 0;
const anchorRun = () => anchorAuditLogs(db, anchors, new Date(Date.now() + ++runs * 1000));
const verifyAnchored = async (company: number) =>
  verifyAuditLog(db, signer, company, await anchors.latest(company));

describe('signed entries', () => {
  it('signs each entry with the audit key: another key does not verify it', async () => {
    // Prepare
    const company = await logWith(1);
    const entry = await tamper.entry(company, 1);
    const { localAuditSigner } = await import('../ports/audit-signer.ts');
    const { randomBytes } = await import('node:crypto');

    // Assess
    expect(entry.mac).toMatch(/^[A-Za-z0-9+/]{43}=$/);
    expect(await signer.verify(macMessage(entry), entry.mac ?? '')).toBe(true);
    const otherKey = localAuditSigner(randomBytes(32).toString('base64'));
    expect(await otherKey.verify(macMessage(entry), entry.mac ?? '')).toBe(false);
  });

  it('reports an entry edited with every hash after it recomputed as forged, which the hash chain alone misses', async () => {
    // Prepare
    const company = await logWith(4);

    // Act
    await tamper.forge(company, 2, { actorName: 'Mallory' });

    // Assess
    const entries = (
      await db.entities.auditEntry.query.primary({ managementCompanyId: company }).go({ pages: 'all' })
    ).data;
    expect(entries[1]?.actorName).toBe('Mallory');
    expect(verifyChain(company, entries, await getAuditHead(db, company))).toBeNull();
    expect((await verifyAuditLog(db, signer, company)).problem).toMatchObject({ kind: 'forged', seq: 2 });
  });

  it('reports a forged newest entry, and one signed with another key', async () => {
    // Prepare
    const newest = await logWith(3);
    const otherKey = await logWith(2);
    const { localAuditSigner } = await import('../ports/audit-signer.ts');
    const { randomBytes } = await import('node:crypto');
    const mallory = localAuditSigner(randomBytes(32).toString('base64'));

    // Act
    await tamper.forge(newest, 3, { after: '{"name":"Elsewhere"}' });
    const second = await tamper.entry(otherKey, 2);
    await tamper.put({ ...second, mac: await mallory.mac(macMessage(second)) });

    // Assess
    expect((await verifyAuditLog(db, signer, newest)).problem).toMatchObject({ kind: 'forged', seq: 3 });
    expect((await verifyAuditLog(db, signer, otherKey)).problem).toMatchObject({ kind: 'forged', seq: 2 });
  });

  it('counts entries from before MACs as unsigned, and fails an unsigned entry after a signed one', async () => {
    // Prepare: two logs of four entries.
    const legacy = await logWith(4);
    const stripped = await logWith(4);

    // Act: the first two of one written as before MACs; one in the middle of the other stripped of its MAC.
    await tamper.removeMac(legacy, 1);
    await tamper.removeMac(legacy, 2);
    await tamper.removeMac(stripped, 3);

    // Assess
    expect(await verifyAuditLog(db, signer, legacy)).toMatchObject({
      entries: 4,
      unsigned: 2,
      problem: null,
    });
    expect((await verifyAuditLog(db, signer, stripped)).problem).toMatchObject({ kind: 'forged', seq: 3 });
  });
});

describe('anchored heads', () => {
  it('passes a clean log against its anchor, and entries written since', async () => {
    // Prepare
    const company = await logWith(3);

    // Act
    const summary = await anchorRun();
    await append(company, 2);

    // Assess
    expect(summary.anchored).toBeGreaterThan(0);
    expect(await anchors.latest(company)).toMatchObject({ managementCompanyId: company, seq: 3 });
    expect(await verifyAnchored(company)).toMatchObject({ entries: 5, problem: null, anchor: { seq: 3 } });
  });

  it('reports a log cut back with its head moved as truncated, and is not anchored over', async () => {
    // Prepare
    const company = await logWith(5);
    await anchorRun();

    // Act
    await tamper.cutTo(company, 3);
    const after = await anchorRun();

    // Assess: the chain and head agree, so only the anchor shows it.
    expect((await verifyAuditLog(db, signer, company)).problem).toBeNull();
    expect((await verifyAnchored(company)).problem).toMatchObject({ kind: 'truncated', seq: 4 });
    expect(after.refused).toContain(company);
    expect(await anchors.latest(company)).toMatchObject({ seq: 5 });
  });

  it('reports a log cut back and written on again past its anchor as truncated', async () => {
    // Prepare
    const company = await logWith(3);
    await anchorRun();

    // Act: cut to one entry, then three new ones through the product (signed), past the anchored number.
    await tamper.cutTo(company, 1);
    await append(company, 3);
    const after = await anchorRun();

    // Assess
    expect((await verifyAuditLog(db, signer, company)).problem).toBeNull();
    expect((await verifyAnchored(company)).problem).toMatchObject({ kind: 'truncated', seq: 3 });
    expect(after.refused).toContain(company);
  });

  it('reports a company whose log was deleted whole, found through its anchor', async () => {
    // Prepare
    const company = await logWith(2);
    await anchorRun();

    // Act
    await tamper.cutTo(company, 0);
    const ok: string[] = [];
    const fail: string[] = [];
    const code = await reportAuditLogs(db, signer, anchors, {
      ok: (line) => ok.push(line),
      fail: (line) => fail.push(line),
    });

    // Assess
    expect(await getAuditHead(db, company)).toBeNull();
    expect(code).toBe(1);
    expect(fail).toContainEqual(expect.stringContaining(`FAIL company ${company} (deleted)`));
    expect(
      (await verifyAuditLogs(db, signer, anchors)).find((r) => r.managementCompanyId === company),
    ).toMatchObject({ entries: 0, problem: { kind: 'deleted', seq: 2 } });
  });

  it('writes each anchor once', async () => {
    // Prepare
    const { mkdtempSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const store = localAnchorStore(mkdtempSync(join(tmpdir(), 'sitewalk-anchors-once-')));
    const anchor = {
      managementCompanyId: 1,
      seq: 1,
      hash: 'a'.repeat(64),
      at: new Date().toISOString(),
      anchoredAt: new Date().toISOString(),
    };
    await store.put(anchor);

    // Act, Assess
    await expect(store.put({ ...anchor, hash: 'b'.repeat(64) })).rejects.toThrow(/EEXIST/);
    expect(await store.latest(1)).toMatchObject({ hash: 'a'.repeat(64) });
    expect(await store.logs()).toEqual([1]);
  });
});
