/**
 * What the Lambda bundles get for `@aws-sdk/lib-dynamodb` (an esbuild alias in `lambdaBundling`): the document
 * client and the ten commands ElectroDB sends (`electrodb/src/client.js`). ElectroDB `require()`s the whole
 * package, which no bundler can tree-shake, so every function carried every document command and the aggregated
 * `DynamoDBDocument`. The package's own modules are reached through `#lib-dynamodb/*` (functions/package.json),
 * which the alias does not rewrite. Tests and the local host use the package itself; infra/aws/bundles.int.test.ts
 * runs ElectroDB in the bundles.
 */
export { DynamoDBDocumentClient } from '#lib-dynamodb/DynamoDBDocumentClient.js';
export { BatchGetCommand } from '#lib-dynamodb/commands/BatchGetCommand.js';
export { BatchWriteCommand } from '#lib-dynamodb/commands/BatchWriteCommand.js';
export { DeleteCommand } from '#lib-dynamodb/commands/DeleteCommand.js';
export { GetCommand } from '#lib-dynamodb/commands/GetCommand.js';
export { PutCommand } from '#lib-dynamodb/commands/PutCommand.js';
export { QueryCommand } from '#lib-dynamodb/commands/QueryCommand.js';
export { ScanCommand } from '#lib-dynamodb/commands/ScanCommand.js';
export { TransactGetCommand } from '#lib-dynamodb/commands/TransactGetCommand.js';
export { TransactWriteCommand } from '#lib-dynamodb/commands/TransactWriteCommand.js';
export { UpdateCommand } from '#lib-dynamodb/commands/UpdateCommand.js';
