import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Env, tableEnv } from '../env.ts';
import { tracer } from '../ports/tracer.ts';

const READS = new Set(['GetItemCommand', 'BatchGetItemCommand', 'QueryCommand', 'TransactGetItemsCommand']);

/**
 * Read capacity consumed by this process's table reads, as DynamoDB reports it. Every read asks for it
 * (`ReturnConsumedCapacity: TOTAL` costs nothing extra), so benchmarks can show what a call reads.
 */
export const readCapacity = { units: 0 };

/**
 * One DocumentClient per cold start, its calls traced; locally the endpoint points at DynamoDB Local. Every
 * route of a function reads the table, so it is built at import.
 */
export const createDocumentClient = (env: Env<(typeof tableEnv)[number]>): DynamoDBDocumentClient => {
  const client = tracer.captureAWSv3Client(
    new DynamoDBClient({
      region: env.AWS_REGION,
      ...(env.DYNAMODB_ENDPOINT ? { endpoint: env.DYNAMODB_ENDPOINT } : {}),
    }),
  );
  client.middlewareStack.add(
    (next, context) => async (args) => {
      if (!READS.has(context.commandName ?? '')) return next(args);
      (args.input as { ReturnConsumedCapacity?: string }).ReturnConsumedCapacity = 'TOTAL';
      const result = await next(args);
      const consumed = (result.output as { ConsumedCapacity?: unknown }).ConsumedCapacity;
      for (const entry of [consumed].flat() as ({ CapacityUnits?: number } | undefined)[]) {
        readCapacity.units += entry?.CapacityUnits ?? 0;
      }
      return result;
    },
    { step: 'initialize', name: 'readCapacityMeter' },
  );
  // The SDK's logger middleware copies every answer through its sensitive-data filter even for its default
  // no-op logger (a few ms per dashboard); nothing here hands it a logger.
  client.middlewareStack.remove('loggerMiddleware');
  return DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
};
