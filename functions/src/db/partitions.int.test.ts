import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { isolatedEnvironment } from '../../../test/support/isolated.ts';
import { readEnv, tableEnv } from '../env.ts';
import { PartitionTooLargeError } from './bounded.ts';
import { createDocumentClient } from './client.ts';
import { partitionOf, readPartitions, PARTITIONS_PER_STATEMENT, type PartitionQuery } from './partitions.ts';
import { createService, type DataService } from './service.ts';

let db: DataService;

beforeAll(async () => {
  await isolatedEnvironment();
  const env = readEnv(tableEnv);
  db = createService(createDocumentClient(env), env.TABLE_NAME);
});

const put = async (items: Record<string, unknown>[]) => {
  for (let i = 0; i < items.length; i += 25) {
    await db.documentClient.send(
      new BatchWriteCommand({
        RequestItems: { [db.tableName]: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })) },
      }),
    );
  }
};

const partition = (pk: string, sk: string, match: PartitionQuery['sortKey']['match']): PartitionQuery => ({
  index: undefined,
  partitionKey: { field: 'pk', value: pk },
  sortKey: { field: 'sk', value: sk, match },
});

describe('readPartitions', () => {
  it("answers each partition's items that meet the sort-key condition, and only the attributes asked for", async () => {
    const run = randomUUID();
    // A key with a quote and brackets: values travel as parameters, never in the statement's text.
    const [a, b, empty] = [`${run}#a`, `${run}#b'] OR pk = ['x`, `${run}#empty`];
    await put([
      { pk: a, sk: 'm#1', n: 1, note: 'kept' },
      { pk: a, sk: 'm#2', n: 2, note: 'kept' },
      { pk: a, sk: 'k#1', n: 3 },
      { pk: b, sk: 'm#1', n: 4 },
      { pk: b, sk: 'z#1', n: 5 },
    ]);
    const beginsWith = await readPartitions(
      db,
      [a, b, empty].map((pk) => partition(pk, 'm#', 'beginsWith')),
    );
    expect([...beginsWith.keys()]).toEqual([a, b, empty]);
    expect(
      beginsWith
        .get(a)
        ?.map((item) => item.n)
        .sort(),
    ).toEqual([1, 2]);
    expect(beginsWith.get(b)?.map((item) => item.n)).toEqual([4]);
    expect(beginsWith.get(empty)).toEqual([]);

    const atLeast = await readPartitions(
      db,
      [a, b].map((pk) => partition(pk, 'm#', 'atLeast')),
      ['n'],
    );
    expect(atLeast.get(b)).toEqual([
      { pk: b, n: 4 },
      { pk: b, n: 5 },
    ]);
    expect(atLeast.get(a)?.every((item) => !('note' in item) && !('sk' in item))).toBe(true);
  });

  it('reads every page of a partition past 1 MB, and more partitions than one statement takes', async () => {
    const run = randomUUID();
    const big = `${run}#big`;
    const filler = 'x'.repeat(4_000);
    await put(
      Array.from({ length: 300 }, (_, i) => ({ pk: big, sk: `m#${String(i).padStart(3, '0')}`, filler })),
    );
    const many = Array.from({ length: PARTITIONS_PER_STATEMENT + 10 }, (_, i) => `${run}#p${i}`);
    await put(many.map((pk, i) => ({ pk, sk: 'm#1', n: i })));

    const read = await readPartitions(
      db,
      [big, ...many].map((pk) => partition(pk, 'm#', 'beginsWith')),
    );
    expect(read.get(big)).toHaveLength(300);
    expect(many.map((pk) => read.get(pk)?.map((item) => item.n))).toEqual(many.map((_, i) => [i]));
  });

  it('fails rather than read past its bound, and refuses partitions of different conditions', async () => {
    const run = randomUUID();
    await put(Array.from({ length: 12 }, (_, i) => ({ pk: `${run}#a`, sk: `m#${i}` })));
    await expect(
      readPartitions(db, [partition(`${run}#a`, 'm#', 'beginsWith')], undefined, 10),
    ).rejects.toThrow(PartitionTooLargeError);
    await expect(
      readPartitions(db, [partition(`${run}#a`, 'm#', 'beginsWith'), partition(`${run}#b`, 'm#', 'atLeast')]),
    ).rejects.toThrow('share their index and sort-key condition');
    expect(await readPartitions(db, [])).toEqual(new Map());
  });
});

describe('partitionOf', () => {
  it("takes an ElectroDB query's partition and sort-key condition, and refuses any other condition", () => {
    expect(partitionOf(db.collections.userAccess({ userId: 7 }).params())).toEqual({
      index: undefined,
      partitionKey: { field: 'pk', value: '$sitewalk#userid_7' },
      sortKey: { field: 'sk', value: '$useraccess', match: 'beginsWith' },
    });
    expect(
      partitionOf(
        db.entities.location.query
          .byOrganization({ organizationId: 3 })
          .gte({} as never)
          .params(),
      ),
    ).toEqual({
      index: 'gsi2',
      partitionKey: { field: 'gsi2pk', value: '$sitewalk#organizationid_3' },
      sortKey: { field: 'gsi2sk', value: '$location_1', match: 'atLeast' },
    });
    expect(() =>
      partitionOf(
        db.entities.location.query
          .byOrganization({ organizationId: 3 })
          .lte({} as never)
          .params(),
      ),
    ).toThrow('Not a partition read');
  });
});
