/**
 * What the Lambda bundles get for `@aws-sdk/client-dynamodb` (an esbuild alias in `lambdaBundling`): the client
 * and the ten operations behind the document commands (bundled-document-client.ts). Those commands load inside
 * ElectroDB's `require()`, where esbuild keeps every module the package's index re-exports (the aggregated
 * `DynamoDB` client, its waiters, every operation's schema: about 45 KB); naming the modules keeps only these.
 * Anything else imported from the package fails the bundling (no such export) rather than the Lambda.
 */
export { DynamoDBClient } from '#client-dynamodb/DynamoDBClient.js';
export { BatchGetItemCommand } from '#client-dynamodb/commands/BatchGetItemCommand.js';
export { BatchWriteItemCommand } from '#client-dynamodb/commands/BatchWriteItemCommand.js';
export { DeleteItemCommand } from '#client-dynamodb/commands/DeleteItemCommand.js';
export { GetItemCommand } from '#client-dynamodb/commands/GetItemCommand.js';
export { PutItemCommand } from '#client-dynamodb/commands/PutItemCommand.js';
export { QueryCommand } from '#client-dynamodb/commands/QueryCommand.js';
export { ScanCommand } from '#client-dynamodb/commands/ScanCommand.js';
export { TransactGetItemsCommand } from '#client-dynamodb/commands/TransactGetItemsCommand.js';
export { TransactWriteItemsCommand } from '#client-dynamodb/commands/TransactWriteItemsCommand.js';
export { UpdateItemCommand } from '#client-dynamodb/commands/UpdateItemCommand.js';
