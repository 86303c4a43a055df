import { createHash } from 'node:crypto';

/**
 * The audit log's hash chain (docs/data-model.md, 'The audit log'): each entry's hash is
 * sha256(previous hash + canonical entry), the first entry's previous hash is GENESIS_HASH. Pure: the
 * append, the list and the check command (`npm run audit:verify`) all use these.
 */
export const GENESIS_HASH = '0'.repeat(64);

/** An entry as stored: `before` and `after` are canonical JSON text of the changed fields (or `null`). */
export interface ChainEntry {
  managementCompanyId: number;
  seq: number;
  at: string;
  actorId: number;
  actorName: string;
  actorRoleId: number;
  action: string;
  objectKind: string;
  objectId: number;
  objectName?: string | undefined;
  locationId?: number | undefined;
  organizationId?: number | undefined;
  before: string;
  after: string;
  prevHash: string;
  hash: string;
  /** The writer's MAC of macMessage(entry); absent only on entries written before entries were signed. */
  mac?: string | undefined;
}

const sortKeys = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
        .map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
};

/** JSON with object keys sorted and undefined left out: one text per value. */
export const canonicalJson = (value: unknown): string => JSON.stringify(sortKeys(value) ?? null);

/** The entry as hashed: every field but its own hash, in a fixed order, absent ones as null. */
export const canonicalEntry = (entry: Omit<ChainEntry, 'hash'>): string =>
  JSON.stringify([
    entry.managementCompanyId,
    entry.seq,
    entry.at,
    entry.actorId,
    entry.actorName,
    entry.actorRoleId,
    entry.action,
    entry.objectKind,
    entry.objectId,
    entry.objectName ?? null,
    entry.locationId ?? null,
    entry.organizationId ?? null,
    entry.before,
    entry.after,
    entry.prevHash,
  ]);

export const entryHash = (entry: Omit<ChainEntry, 'hash'>): string =>
  createHash('sha256')
    .update(entry.prevHash + canonicalEntry(entry))
    .digest('hex');

/**
 * What an entry's MAC signs: its hash, which covers every field and the previous hash, named with its log
 * and number. Editing an entry and recomputing the hashes after it needs a new MAC for each, which only the
 * audit writer's key can make (functions/src/ports/audit-signer.ts).
 */
export const macMessage = (entry: Pick<ChainEntry, 'managementCompanyId' | 'seq' | 'hash'>): string =>
  `sitewalk-audit-entry:${entry.managementCompanyId}:${entry.seq}:${entry.hash}`;

export interface ChainHead {
  seq: number;
  hash: string;
}

export type ChainProblemKind =
  | 'gap'
  | 'edited'
  | 'brokenLink'
  | 'outOfOrder'
  | 'truncated'
  | 'headMismatch'
  /** An entry whose MAC does not verify, or that has none after a signed one. */
  | 'forged'
  /** A log that has an anchor but neither entries nor head. */
  | 'deleted';

export interface ChainProblem {
  managementCompanyId: number;
  kind: ChainProblemKind;
  /** The entry where the chain first fails. */
  seq: number;
  message: string;
}

export const chainProblem = (
  managementCompanyId: number,
  kind: ChainProblemKind,
  seq: number,
  message: string,
): ChainProblem => ({ managementCompanyId, kind, seq, message: `Log ${managementCompanyId}: ${message}` });

/**
 * Checks one log's entries one at a time, in the order they are stored (ascending sequence numbers), then
 * against its head: every number from 1 to the head's present once and in order, each entry's hash its own,
 * each linked to the one before, the last one the head's. `next` and `end` answer the first problem.
 */
export const chainVerifier = (managementCompanyId: number) => {
  const problem = (kind: ChainProblemKind, seq: number, message: string) =>
    chainProblem(managementCompanyId, kind, seq, message);
  let expected = 1;
  let previousHash = GENESIS_HASH;
  return {
    next(entry: ChainEntry): ChainProblem | null {
      if (entry.managementCompanyId !== managementCompanyId) {
        return problem('edited', entry.seq, `entry ${entry.seq} names log ${entry.managementCompanyId}`);
      }
      if (entry.seq > expected) {
        return problem('gap', expected, `entry ${expected} is missing (the next one is ${entry.seq})`);
      }
      if (entry.seq < expected) {
        return problem(
          'outOfOrder',
          entry.seq,
          `entry ${entry.seq} is stored where entry ${expected} belongs`,
        );
      }
      if (entryHash(entry) !== entry.hash) {
        return problem(
          'edited',
          entry.seq,
          `entry ${entry.seq} was changed after it was written (its hash does not match)`,
        );
      }
      if (entry.prevHash !== previousHash) {
        return problem(
          'brokenLink',
          entry.seq,
          `entry ${entry.seq} does not follow entry ${entry.seq - 1} (its previous hash does not match)`,
        );
      }
      previousHash = entry.hash;
      expected += 1;
      return null;
    },
    end(head: ChainHead | null): ChainProblem | null {
      const last = expected - 1;
      if (!head) {
        return last === 0 ? null : problem('headMismatch', last, `the log has ${last} entries but no head`);
      }
      if (head.seq > last) {
        return problem(
          'truncated',
          last + 1,
          `entries ${last + 1} to ${head.seq} are missing (the head is at ${head.seq})`,
        );
      }
      if (head.seq < last) {
        return problem('headMismatch', head.seq + 1, `entry ${head.seq + 1} is past the head (${head.seq})`);
      }
      if (head.hash !== previousHash) {
        return problem(
          'headMismatch',
          last,
          `entry ${last} is not the one the head names (its hash differs)`,
        );
      }
      return null;
    },
  };
};

/** A whole log at once: the first problem, or null when its chain is whole. */
export const verifyChain = (
  managementCompanyId: number,
  entries: Iterable<ChainEntry>,
  head: ChainHead | null,
): ChainProblem | null => {
  const verifier = chainVerifier(managementCompanyId);
  for (const entry of entries) {
    const problem = verifier.next(entry);
    if (problem) return problem;
  }
  return verifier.end(head);
};
