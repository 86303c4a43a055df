import type { CreateTableCommandInput } from '@aws-sdk/client-dynamodb';

/**
 * The single table, described once. The CDK app (infra/aws) and the local host (infra/local) both build
 * their table from this, so the indexes ElectroDB queries exist in both.
 */
export const tableDefinition = {
  partitionKey: 'pk',
  sortKey: 'sk',
  globalIndexes: [
    { indexName: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    { indexName: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
    { indexName: 'gsi3', partitionKey: 'gsi3pk', sortKey: 'gsi3sk' },
  ],
  /** Epoch seconds; DynamoDB deletes the item some time after (password-reset tokens, throttle windows). */
  timeToLiveAttribute: 'expiresAt',
  stream: 'NEW_AND_OLD_IMAGES',
} as const;

export type IndexName = (typeof tableDefinition.globalIndexes)[number]['indexName'];

const keyAttributes = [
  tableDefinition.partitionKey,
  tableDefinition.sortKey,
  ...tableDefinition.globalIndexes.flatMap((index) => [index.partitionKey, index.sortKey]),
];

export const createTableInput = (tableName: string): CreateTableCommandInput => ({
  TableName: tableName,
  BillingMode: 'PAY_PER_REQUEST',
  AttributeDefinitions: keyAttributes.map((name) => ({ AttributeName: name, AttributeType: 'S' })),
  KeySchema: [
    { AttributeName: tableDefinition.partitionKey, KeyType: 'HASH' },
    { AttributeName: tableDefinition.sortKey, KeyType: 'RANGE' },
  ],
  GlobalSecondaryIndexes: tableDefinition.globalIndexes.map((index) => ({
    IndexName: index.indexName,
    KeySchema: [
      { AttributeName: index.partitionKey, KeyType: 'HASH' },
      { AttributeName: index.sortKey, KeyType: 'RANGE' },
    ],
    Projection: { ProjectionType: 'ALL' },
  })),
  StreamSpecification: { StreamEnabled: true, StreamViewType: tableDefinition.stream },
});
