import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import { AttributeType, StreamViewType, TableEncryptionV2, TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Key, KeySpec, KeyUsage } from 'aws-cdk-lib/aws-kms';
import type { Construct } from 'constructs';
import { tableDefinition } from '@sitewalk/functions/db/table';
import type { StageConfig } from './stage.ts';

/**
 * The one table, built from the same definition as the local host's, the key that seals its PINs and the
 * key that signs its audit entries.
 */
export class DataStack extends Stack {
  readonly table: TableV2;
  /** Seals the users' PINs in the table (functions/src/ports/pins.ts); kept as long as the table. */
  readonly pinKey: Key;
  /**
   * Signs audit-log entries (functions/src/ports/audit-signer.ts): an HMAC key that never leaves KMS. Only
   * the functions that write audit entries are granted GenerateMac, none VerifyMac (the operator's
   * `audit:verify` uses it); kept as long as the table.
   */
  readonly auditKey: Key;

  constructor(scope: Construct, id: string, props: StackProps & { stage: StageConfig }) {
    super(scope, id, props);
    const string = (name: string) => ({ name, type: AttributeType.STRING });
    this.table = new TableV2(this, 'Table', {
      partitionKey: string(tableDefinition.partitionKey),
      sortKey: string(tableDefinition.sortKey),
      globalSecondaryIndexes: tableDefinition.globalIndexes.map((index) => ({
        indexName: index.indexName,
        partitionKey: string(index.partitionKey),
        sortKey: string(index.sortKey),
      })),
      timeToLiveAttribute: tableDefinition.timeToLiveAttribute,
      dynamoStream: StreamViewType[tableDefinition.stream],
      encryption: TableEncryptionV2.awsManagedKey(),
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: props.stage.productionLike },
      deletionProtection: props.stage.productionLike,
      removalPolicy: props.stage.removalPolicy,
    });
    this.pinKey = new Key(this, 'PinKey', {
      description: `SiteWalk ${props.stage.name}: seals user PINs in the table`,
      enableKeyRotation: true,
      removalPolicy: props.stage.removalPolicy,
    });
    this.auditKey = new Key(this, 'AuditKey', {
      description: `SiteWalk ${props.stage.name}: signs audit-log entries (HMAC)`,
      keySpec: KeySpec.HMAC_256,
      keyUsage: KeyUsage.GENERATE_VERIFY_MAC,
      removalPolicy: props.stage.removalPolicy,
    });
    new CfnOutput(this, 'TableName', { value: this.table.tableName });
    // For `audit:verify --stage` and `create-super-user`, which sign or verify with the caller's credentials.
    new CfnOutput(this, 'AuditKeyArn', { value: this.auditKey.keyArn });
  }
}
