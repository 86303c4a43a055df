import { describe, expect, it } from 'vitest';
import {
  GENESIS_HASH,
  canonicalJson,
  entryHash,
  verifyChain,
  type ChainEntry,
  type ChainHead,
} from './audit-chain.ts';

/** A chain of `count` entries of log 7, each hashed onto the one before, and its head. */
const chainOf = (count: number): { entries: ChainEntry[]; head: ChainHead } => {
  const entries: ChainEntry[] = [];
  let prevHash = GENESIS_HASH;
  for (let seq = 1; seq <= count; seq++) {
    const unhashed = {
      managementCompanyId: 7,
      seq,
      at: new Date(Date.UTC(2026, 10, 24, 12, seq)).toISOString(),
      actorId: 3,
      actorName: 'Ada Lovelace',
      actorRoleId: 30,
      action: 'update',
      objectKind: 'location',
      objectId: 100 + seq,
      objectName: `Site ${seq}`,
      locationId: 100 + seq,
      organizationId: 9,
      before: canonicalJson({ name: `Old ${seq}` }),
      after: canonicalJson({ name: `Site ${seq}` }),
      prevHash,
    };
    const entry = { ...unhashed, hash: entryHash(unhashed) };
    entries.push(entry);
    prevHash = entry.hash;
  }
  const last = entries.at(-1);
  return { entries, head: { seq: count, hash: last?.hash ?? GENESIS_HASH } };
};

/** A copy of entry `index` with `change` applied (a tamperer editing the stored item). */
const edited = (entries: ChainEntry[], index: number, change: Partial<ChainEntry>) =>
  entries.map((entry, i) => (i === index ? { ...entry, ...change } : entry));

describe('canonicalJson', () => {
  it('writes one text per value: keys sorted at every depth, undefined left out', () => {
    // Act
    const a = canonicalJson({ b: 1, a: { d: [1, { y: 2, x: 1 }], c: undefined } });
    const b = canonicalJson({ a: { d: [1, { x: 1, y: 2 }] }, b: 1 });

    // Assess
    expect(a).toBe('{"a":{"d":[1,{"x":1,"y":2}]},"b":1}');
    expect(b).toBe(a);
    expect(canonicalJson(null)).toBe('null');
    expect(canonicalJson(undefined)).toBe('null');
  });
});

describe('verifyChain', () => {
  it('passes a whole chain, and an empty log without a head', () => {
    const { entries, head } = chainOf(5);
    expect(verifyChain(7, entries, head)).toBeNull();
    expect(verifyChain(7, [], null)).toBeNull();
  });

  it.each([
    ['the actor', { actorName: 'Mallory' }],
    ['the time', { at: '2020-01-01T00:00:00.000Z' }],
    ['the before', { before: canonicalJson({ name: 'Something else' }) }],
    ['the after', { after: canonicalJson({ name: 'Something else' }) }],
    ['the object', { objectId: 999 }],
    ['the location', { locationId: undefined }],
  ])('finds an entry whose %s was edited', (_, change) => {
    // Prepare
    const { entries, head } = chainOf(5);

    // Act
    const problem = verifyChain(7, edited(entries, 2, change), head);

    // Assess
    expect(problem).toMatchObject({ kind: 'edited', seq: 3, managementCompanyId: 7 });
    expect(problem?.message).toBe(
      'Log 7: entry 3 was changed after it was written (its hash does not match)',
    );
  });

  it('finds an edited entry whose hash was computed again: the next entry no longer links to it', () => {
    // Prepare: entry 3 edited and re-hashed, as someone who knows the scheme would.
    const { entries, head } = chainOf(5);
    const third = { ...entries[2]!, after: canonicalJson({ name: 'Forged' }) };
    const forged = edited(entries, 2, { ...third, hash: entryHash(third) });

    // Act / Assess
    expect(verifyChain(7, forged, head)).toMatchObject({ kind: 'brokenLink', seq: 4 });
  });

  it('finds a deleted entry (a gap)', () => {
    const { entries, head } = chainOf(5);
    const problem = verifyChain(
      7,
      entries.filter((entry) => entry.seq !== 3),
      head,
    );
    expect(problem).toMatchObject({ kind: 'gap', seq: 3 });
    expect(problem?.message).toBe('Log 7: entry 3 is missing (the next one is 4)');
  });

  it('finds the first entry deleted', () => {
    const { entries, head } = chainOf(3);
    expect(verifyChain(7, entries.slice(1), head)).toMatchObject({ kind: 'gap', seq: 1 });
  });

  it('finds two entries swapped, whether their numbers were swapped too or not', () => {
    // Prepare
    const { entries, head } = chainOf(5);
    const [second, third] = [entries[1]!, entries[2]!];
    const swappedWhole = [entries[0]!, third, second, entries[3]!, entries[4]!];
    const swappedContent = [
      entries[0]!,
      { ...third, seq: 2 },
      { ...second, seq: 3 },
      entries[3]!,
      entries[4]!,
    ];

    // Act / Assess
    expect(verifyChain(7, swappedWhole, head)).toMatchObject({ kind: 'gap', seq: 2 });
    expect(verifyChain(7, swappedContent, head)).toMatchObject({ kind: 'edited', seq: 2 });
  });

  it('finds the newest entries deleted: the head names more', () => {
    const { entries, head } = chainOf(5);
    const problem = verifyChain(7, entries.slice(0, 3), head);
    expect(problem).toMatchObject({ kind: 'truncated', seq: 4 });
    expect(problem?.message).toBe('Log 7: entries 4 to 5 are missing (the head is at 5)');
  });

  it('finds entries with no head, a head behind its entries, and a head naming another last entry', () => {
    const { entries, head } = chainOf(3);
    expect(verifyChain(7, entries, null)).toMatchObject({ kind: 'headMismatch', seq: 3 });
    expect(verifyChain(7, entries, { seq: 2, hash: head.hash })).toMatchObject({
      kind: 'headMismatch',
      seq: 3,
    });
    expect(verifyChain(7, entries, { seq: 3, hash: 'f'.repeat(64) })).toMatchObject({
      kind: 'headMismatch',
      seq: 3,
    });
  });

  it('finds an entry moved in from another log', () => {
    const { entries, head } = chainOf(3);
    expect(verifyChain(7, edited(entries, 1, { managementCompanyId: 8 }), head)).toMatchObject({
      kind: 'edited',
      seq: 2,
    });
  });
});
