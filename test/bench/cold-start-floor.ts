import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';

/**
 * The cold-start floor (test/bench/cold-start.bench.ts): a Lambda holding only the DynamoDB document client,
 * which every SiteWalk function needs. No handler can start faster than this.
 */
const client = DynamoDBDocumentClient.from(new DynamoDBClient({ region: process.env.AWS_REGION }));

export const handler = async (): Promise<unknown> =>
  client.send(new GetCommand({ TableName: process.env.TABLE_NAME, Key: { pk: 'floor', sk: 'floor' } }));
