import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Env, tableEnv } from '../env.ts';

/** One DocumentClient per cold start; locally the endpoint points at DynamoDB Local. */
export const createDocumentClient = (env: Env<(typeof tableEnv)[number]>): DynamoDBDocumentClient =>
  DynamoDBDocumentClient.from(
    new DynamoDBClient({
      region: env.AWS_REGION,
      ...(env.DYNAMODB_ENDPOINT ? { endpoint: env.DYNAMODB_ENDPOINT } : {}),
    }),
    { marshallOptions: { removeUndefinedValues: true } },
  );
