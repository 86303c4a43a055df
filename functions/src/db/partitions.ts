import { ExecuteStatementCommand } from '@aws-sdk/lib-dynamodb';
import type { DataService } from './service.ts';
import { PartitionTooLargeError, PARTITION_READ_BOUND } from './bounded.ts';

/**
 * The items of many partitions in one request: PartiQL's SELECT with the partition key IN a list, which DynamoDB
 * runs as a Query of each partition (no scan: the functions' roles deny PartiQL statements that would scan,
 * infra/aws/constructs/resource-function.ts). A page of a list whose every row needs its own partition (a user's
 * memberships, an area's locations) is one request instead of one a row: on DynamoDB Local requests are served
 * one after another, and in AWS each costs a round trip.
 */

/** What an ElectroDB query's `params()` says of its key: the one shape of condition these reads take. */
interface KeyParams {
  IndexName?: string;
  KeyConditionExpression?: string;
  ExpressionAttributeNames?: Record<string, string>;
  ExpressionAttributeValues?: Record<string, unknown>;
}

/** A partition to read: its key and, within it, where its sort keys start (begins_with or >=). */
export interface PartitionQuery {
  index: string | undefined;
  partitionKey: { field: string; value: string };
  sortKey: { field: string; value: string; match: 'beginsWith' | 'atLeast' };
}

/** The partition an ElectroDB query reads (its `params()`): only `#pk = :pk and` one condition on the sort key. */
export const partitionOf = (params: KeyParams): PartitionQuery => {
  const names = params.ExpressionAttributeNames ?? {};
  const values = params.ExpressionAttributeValues ?? {};
  const condition = params.KeyConditionExpression ?? '';
  const match =
    condition === '#pk = :pk and begins_with(#sk1, :sk1)'
      ? 'beginsWith'
      : condition === '#pk = :pk and #sk1 >= :sk1'
        ? 'atLeast'
        : undefined;
  const [pk, pkValue, sk, skValue] = [names['#pk'], values[':pk'], names['#sk1'], values[':sk1']];
  if (!match || !pk || !sk || typeof pkValue !== 'string' || typeof skValue !== 'string') {
    throw new Error(`Not a partition read: ${condition}`);
  }
  return {
    index: params.IndexName,
    partitionKey: { field: pk, value: pkValue },
    sortKey: { field: sk, value: skValue, match },
  };
};

/** Partition key values in one statement: DynamoDB takes up to 50 in an IN list. */
export const PARTITIONS_PER_STATEMENT = 50;

const quoted = (name: string) => {
  if (!/^[A-Za-z0-9_.-]+$/.test(name)) throw new Error(`Not a plain name: ${name}`);
  return `"${name}"`;
};

/**
 * The raw items of each partition (by partition key value), every page; `attributes` names what to read of
 * each item (all when absent). The partitions must be of one index and one sort-key condition.
 */
export const readPartitions = async (
  db: DataService,
  partitions: readonly PartitionQuery[],
  attributes?: readonly string[],
  bound = PARTITION_READ_BOUND,
): Promise<Map<string, Record<string, unknown>[]>> => {
  const found = new Map<string, Record<string, unknown>[]>();
  const [first] = partitions;
  if (!first) return found;
  for (const p of partitions) {
    if (
      p.index !== first.index ||
      p.partitionKey.field !== first.partitionKey.field ||
      p.sortKey.field !== first.sortKey.field ||
      p.sortKey.value !== first.sortKey.value ||
      p.sortKey.match !== first.sortKey.match
    ) {
      throw new Error('Partitions read together must share their index and sort-key condition');
    }
    found.set(p.partitionKey.value, []);
  }
  const keys = [...found.keys()];
  const { partitionKey, sortKey } = first;
  const from = first.index ? `${quoted(db.tableName)}.${quoted(first.index)}` : quoted(db.tableName);
  const select = attributes ? [partitionKey.field, ...attributes].map(quoted).join(', ') : '*';
  const sortCondition =
    sortKey.match === 'beginsWith'
      ? `begins_with(${quoted(sortKey.field)}, ?)`
      : `${quoted(sortKey.field)} >= ?`;
  let read = 0;
  const chunks: string[][] = [];
  for (let i = 0; i < keys.length; i += PARTITIONS_PER_STATEMENT) {
    chunks.push(keys.slice(i, i + PARTITIONS_PER_STATEMENT));
  }
  await Promise.all(
    chunks.map(async (chunk) => {
      const statement = `SELECT ${select} FROM ${from} WHERE ${quoted(partitionKey.field)} IN [${chunk.map(() => '?').join(', ')}] AND ${sortCondition}`;
      let nextToken: string | undefined;
      do {
        const page = await db.documentClient.send(
          new ExecuteStatementCommand({
            Statement: statement,
            Parameters: [...chunk, sortKey.value],
            ...(nextToken ? { NextToken: nextToken } : {}),
          }),
        );
        for (const item of page.Items ?? []) {
          found.get(item[partitionKey.field] as string)?.push(item);
        }
        read += page.Items?.length ?? 0;
        if (read > bound)
          throw new PartitionTooLargeError(
            `A read of ${keys.length} partitions read more than ${bound} items`,
          );
        nextToken = page.NextToken;
      } while (nextToken);
    }),
  );
  return found;
};
