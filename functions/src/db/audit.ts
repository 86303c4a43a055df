import { setTimeout as sleep } from 'node:timers/promises';
import type { AuditAction, AuditObjectKind } from '@sitewalk/shared/schemas/audit';
import type { DataService } from './service.ts';
import type { AuditEntryItem, AuditHeadItem } from './entities/audit.ts';
import { readPartition } from './bounded.ts';
import { clock } from '../ports/clock.ts';
import { auditSignerFromEnv } from '../ports/audit-signer.ts';
import { canonicalJson, entryHash, GENESIS_HASH, macMessage } from './audit-chain.ts';
import { writeIf } from './conditional.ts';

/**
 * Named access patterns of the audit log (docs/data-model.md, 'The audit log'). An audited change is one
 * transaction: the change's own items, the log's entry n + 1 (only if absent) and its head moved from n to
 * n + 1 (only if still n). The change is never written without its entry, nor the entry without the change;
 * a writer that lost the race for the head reads it again and tries once more. Each entry carries the
 * writer's MAC (ports/audit-signer.ts), made with a key only the functions that write audit entries may use.
 */

/** The log of changes that concern no management company (Super Users and Admins themselves). */
export const SYSTEM_LOG = 0;

/** Who made a change: the signed-in user (their name is read when the entry is written). */
export interface AuditActor {
  userId: number;
  roleId: number;
}

/** What one entry says; `before` and `after` hold only the changed fields, never a secret. */
/** Changes made by no signed-in user: the command line (the first Super User) and the demo generator. */
export const SYSTEM_ACTOR: AuditActor = { userId: 0, roleId: 0 };
export const SYSTEM_ACTOR_NAME = 'SiteWalk (command line)';

export interface AuditRecord {
  /** The company the change concerns; SYSTEM_LOG (0) when none. */
  managementCompanyId: number;
  action: AuditAction;
  objectKind: AuditObjectKind;
  objectId: number;
  objectName?: string | undefined;
  locationId?: number | undefined;
  organizationId?: number | undefined;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

export interface Audit {
  actor: AuditActor;
  record: AuditRecord;
}

type WriteEntities = Parameters<Parameters<DataService['transaction']['write']>[0]>[0];
/** The items of a change, built with ElectroDB's transaction entities (`.commit()` of each). */
export type ChangeItems = (entities: WriteEntities) => readonly unknown[];

export interface TransactionOutcome {
  canceled: boolean;
  /** One per change item: refused by its own condition. */
  data: { rejected: boolean; code: string }[];
}

/**
 * How many times an append re-reads the head after losing the race for it. Each round one writer wins, so
 * n writers at once on one log take up to n rounds; the jittered back-off spreads them out (the audit-log
 * contract test renames at once, update-delete-race races updates and deletes).
 */
const APPEND_ATTEMPTS = 100;
/** What a cancelled append tries again: every other reason is a fault, answered at once. */
const RETRIED = new Set([
  'None',
  'ConditionalCheckFailed',
  'TransactionConflict',
  'ThrottlingError',
  'ProvisionedThroughputExceeded',
]);
/** Full jitter: a random wait up to this many milliseconds, doubling from 10 ms. */
const BACKOFF_CAP_MS = 250;

const actorName = async (db: DataService, userId: number) => {
  if (userId === SYSTEM_ACTOR.userId) return SYSTEM_ACTOR_NAME;
  const { data } = await db.entities.user.get({ userId }).go({ attributes: ['firstName', 'lastName'] });
  return data ? `${data.firstName} ${data.lastName}`.trim() : 'Unknown User';
};

export const getAuditHead = async (db: DataService, managementCompanyId: number) =>
  (await db.entities.auditHead.get({ managementCompanyId }).go({ consistent: true })).data;

type HeadOfLog = Pick<AuditHeadItem, 'seq' | 'hash' | 'at'>;

/** The head of a log whose last entry is `entry`. */
const headAt = ({ seq, hash, at, mac }: AuditEntryItem) => ({ seq, hash, at, mac });

/** The entry after `head` (the log's first when there is none) recording `record`, hashed and signed. */
const entryAfter = async (
  head: HeadOfLog | null | undefined,
  actor: AuditActor,
  actorName: string,
  record: AuditRecord,
  now: string,
): Promise<AuditEntryItem> => {
  // Times never go back along a log, so a date range is a range of sequence numbers.
  const at = head && head.at > now ? head.at : now;
  const unhashed = {
    managementCompanyId: record.managementCompanyId,
    seq: (head?.seq ?? 0) + 1,
    at,
    actorId: actor.userId,
    actorName,
    actorRoleId: actor.roleId,
    action: record.action,
    objectKind: record.objectKind,
    objectId: record.objectId,
    objectName: record.objectName,
    locationId: record.locationId,
    organizationId: record.organizationId,
    before: canonicalJson(record.before),
    after: canonicalJson(record.after),
    prevHash: head?.hash ?? GENESIS_HASH,
  };
  const hashed = { ...unhashed, hash: entryHash(unhashed) };
  return { ...hashed, mac: await auditSignerFromEnv().mac(macMessage(hashed)) };
};

/**
 * Writes a change and its audit entry in one transaction. Answers how the change went, like ElectroDB's
 * own `transaction.write`: canceled with the change's refused items (its conditions), or written. Losing the
 * head to another writer (or a transaction conflict) is retried; it never answers canceled for that.
 */
export const writeAudited = async (
  db: DataService,
  audit: Audit,
  changes: ChangeItems,
): Promise<TransactionOutcome> => {
  const { record } = audit;
  const name = await actorName(db, audit.actor.userId);
  for (let attempt = 1; ; attempt++) {
    const head = await getAuditHead(db, record.managementCompanyId);
    const entry = await entryAfter(head, audit.actor, name, record, clock.now().toISOString());
    const moved = headAt(entry);
    let count = 0;
    const result = (await db.transaction
      .write((entities) => {
        const items = changes(entities);
        count = items.length;
        return [
          ...items,
          entities.auditEntry.create(entry).commit(),
          head
            ? entities.auditHead
                .patch({ managementCompanyId: record.managementCompanyId })
                .set(moved)
                .where((a, { eq }) => eq(a.seq, head.seq))
                .commit()
            : entities.auditHead
                .create({ managementCompanyId: record.managementCompanyId, ...moved })
                .commit(),
        ] as never;
      })
      .go()) as unknown as TransactionOutcome;
    const data = result.data.slice(0, count);
    if (!result.canceled) return { canceled: false, data };
    const changeRefused = data.some((item) => item.code === 'ConditionalCheckFailed');
    if (changeRefused) return { canceled: true, data };
    // Worth another round: the head moved (the log's items refused), or DynamoDB asked to come back later.
    const codes = result.data.map((item) => item.code);
    if (!codes.every((code) => RETRIED.has(code))) {
      throw new Error(
        `The audited change was refused by DynamoDB (${codes.join(', ')}); nothing was written`,
      );
    }
    if (attempt >= APPEND_ATTEMPTS) {
      throw new Error(
        `The audit log of company ${record.managementCompanyId} stayed busy; nothing was written`,
      );
    }
    await sleep(Math.random() * Math.min(BACKOFF_CAP_MS, 10 * 2 ** attempt));
  }
};

/**
 * The entries of many changes to one company that a bulk load writes itself, in batches (the demo generator's
 * people): chained and signed as writeAudited's would be, one after another from the log's head, which is
 * moved over all of them at once (again, after a back-off, when another writer moved it first). The caller
 * then writes the entries; until it has, the head is ahead of the log's last entry.
 */
export const claimAuditEntries = async (
  db: DataService,
  managementCompanyId: number,
  actor: AuditActor,
  records: readonly AuditRecord[],
): Promise<AuditEntryItem[]> => {
  if (records.some((record) => record.managementCompanyId !== managementCompanyId)) {
    throw new Error(`Every record of a bulk append must be of company ${managementCompanyId}`);
  }
  if (records.length === 0) return [];
  const name = await actorName(db, actor.userId);
  for (let attempt = 1; ; attempt++) {
    const head = await getAuditHead(db, managementCompanyId);
    const now = clock.now().toISOString();
    const entries: AuditEntryItem[] = [];
    for (const record of records)
      entries.push(await entryAfter(entries.at(-1) ?? head, actor, name, record, now));
    const moved = headAt(entries.at(-1) as AuditEntryItem);
    const claimed = await writeIf(
      head
        ? db.entities.auditHead
            .patch({ managementCompanyId })
            .set(moved)
            .where((a, { eq }) => eq(a.seq, head.seq))
            .go()
        : db.entities.auditHead.create({ managementCompanyId, ...moved }).go(),
    );
    if (claimed) return entries;
    if (attempt >= APPEND_ATTEMPTS) {
      throw new Error(`The audit log of company ${managementCompanyId} stayed busy; nothing was written`);
    }
    await sleep(Math.random() * Math.min(BACKOFF_CAP_MS, 10 * 2 ** attempt));
  }
};

/** Writes an audited change and throws when its own condition refused it (for callers that read nothing of it). */
export const writeAuditedOrFail = async (db: DataService, audit: Audit, changes: ChangeItems) => {
  const outcome = await writeAudited(db, audit, changes);
  if (outcome.canceled) throw new AuditedChangeRefused();
};

/** A change's own condition refused it (the object changed or went meanwhile); the error mapper's 404. */
export class AuditedChangeRefused extends Error {
  override name = 'ConditionalCheckFailedException';
  constructor() {
    super('The change was refused by its condition');
  }
}

/** One entry of a log, or null. */
export const getAuditEntry = async (db: DataService, managementCompanyId: number, seq: number) =>
  (await db.entities.auditEntry.get({ managementCompanyId, seq }).go({ consistent: true })).data;

/** A page of a log, newest first, from below `beforeSeq` (exclusive) when given. */
export const auditEntriesDescending = async (
  db: DataService,
  managementCompanyId: number,
  beforeSeq: number | undefined,
  limit: number,
) => {
  const query = db.entities.auditEntry.query.primary({ managementCompanyId });
  const { data } = await (beforeSeq === undefined ? query : query.lt({ seq: beforeSeq })).go({
    order: 'desc',
    limit,
  });
  return data;
};

/** A whole log, oldest first, a page at a time (the check command; its pages are never held together). */
export async function* auditEntriesAscending(
  db: DataService,
  managementCompanyId: number,
): AsyncGenerator<AuditEntryItem> {
  let cursor: string | null = null;
  do {
    const page: { data: AuditEntryItem[]; cursor: string | null } = await db.entities.auditEntry.query
      .primary({ managementCompanyId })
      .go({ cursor, limit: 500, consistent: true });
    yield* page.data;
    cursor = page.cursor;
  } while (cursor);
}

/** Every log's head (one item per company that has ever been audited). */
export const allAuditHeads = (db: DataService): Promise<AuditHeadItem[]> =>
  readPartition((cursor) => db.entities.auditHead.query.all({}).go({ cursor }));
