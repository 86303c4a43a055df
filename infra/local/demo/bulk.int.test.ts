import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DescribeTableCommand, DynamoDBClient, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { DescribeStreamCommand, DynamoDBStreamsClient } from '@aws-sdk/client-dynamodb-streams';
import { isolatedEnvironment, type IsolatedEnvironment } from '../standins/isolated.ts';
import { withoutStream } from './bulk.ts';

let env: IsolatedEnvironment;
let dynamodb: DynamoDBClient;

beforeAll(async () => {
  env = await isolatedEnvironment();
  const { endpoints, region, credentials } = env.standIns;
  dynamodb = new DynamoDBClient({ endpoint: endpoints.dynamodb, region, credentials: { ...credentials } });
});
afterAll(() => dynamodb.destroy());

const table = async () =>
  (await dynamodb.send(new DescribeTableCommand({ TableName: env.provisioned.tableName }))).Table;

const put = (pk: string) =>
  dynamodb.send(
    new PutItemCommand({ TableName: env.provisioned.tableName, Item: { pk: { S: pk }, sk: { S: 'bulk' } } }),
  );

describe('a bulk load without the stream', () => {
  it('writes with the stream off, then turns on a new stream of the same kind', async () => {
    const before = await table();
    const written = await withoutStream(env.standIns, env.provisioned.tableName, async () => {
      expect((await table())?.StreamSpecification?.StreamEnabled ?? false).toBe(false);
      await put('written-without-stream');
      return 'done';
    });
    expect(written).toBe('done');
    const after = await table();
    expect(after?.StreamSpecification).toEqual(before?.StreamSpecification);
    expect(after?.LatestStreamArn).not.toBe(before?.LatestStreamArn);
    const { endpoints, region, credentials } = env.standIns;
    const streams = new DynamoDBStreamsClient({
      endpoint: endpoints.dynamodb,
      region,
      credentials: { ...credentials },
    });
    try {
      const stream = await streams.send(new DescribeStreamCommand({ StreamArn: after?.LatestStreamArn }));
      expect(stream.StreamDescription?.StreamStatus).toBe('ENABLED');
    } finally {
      streams.destroy();
    }
  });

  it('turns the stream on again when the load fails', async () => {
    const failed = withoutStream(env.standIns, env.provisioned.tableName, async () => {
      throw new Error('the load failed');
    });
    await expect(failed).rejects.toThrow('the load failed');
    expect((await table())?.StreamSpecification?.StreamEnabled).toBe(true);
  });
});
