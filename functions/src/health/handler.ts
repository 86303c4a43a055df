import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { healthRoutes } from '@sitewalk/shared/contract/health';
import { readEnv, tableEnv } from '../env.ts';
import { createDocumentClient } from '../db/client.ts';
import { createResourceHandler } from '../http/handler.ts';

/**
 * ElectroDB's key of the `health` counter item (health.test.ts holds it to ElectroDB's). The read goes
 * through the bare DocumentClient: this function bundles no ElectroDB, Cognito, S3 or SES.
 */
export const healthItemKey = { pk: '$sitewalk#name_health', sk: '$counter_1' };

const env = readEnv(tableEnv);
const client = createDocumentClient(env);

export const implementations = {
  'health.get': async () => {
    // One read proves the table answers (the item need not exist); a failure surfaces as a 500 and is logged.
    await client.send(new GetCommand({ TableName: env.TABLE_NAME, Key: healthItemKey }));
    return { status: 'ok' as const, time: new Date().toISOString() };
  },
};

export const handler = createResourceHandler('health', healthRoutes, implementations);
