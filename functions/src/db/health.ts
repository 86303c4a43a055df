import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/**
 * ElectroDB's key of the `health` counter item (health.test.ts holds it to ElectroDB's). The read goes
 * through the bare DocumentClient, so the health function bundles no ElectroDB, Cognito, S3 or SES.
 */
export const healthItemKey = { pk: '$sitewalk#name_health', sk: '$counter_1' };

/** One read that proves the table answers (the item need not exist). */
export const readHealthItem = (client: DynamoDBDocumentClient, tableName: string) =>
  client.send(new GetCommand({ TableName: tableName, Key: healthItemKey }));
