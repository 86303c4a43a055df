import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import {
  BlockPublicAccess,
  Bucket,
  BucketEncryption,
  ObjectLockRetention,
  ObjectOwnership,
  type IBucket,
} from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import { AUDIT_ANCHOR_RETENTION_DAYS } from '@sitewalk/shared/constants';

/**
 * Where the audit logs' heads are anchored (functions/src/ports/audit-anchors.ts): write-once storage that
 * nothing able to write the table can change. S3 Object Lock in compliance mode, every object kept
 * AUDIT_ANCHOR_RETENTION_DAYS: no one, the account's root included, can delete or overwrite an anchor before
 * then. Private, TLS only, encrypted, versioned (Object Lock needs it), its access logged like every bucket;
 * kept on every stage, since its objects cannot be deleted with the stack anyway.
 */
export const auditAnchorBucket = (scope: Construct, id: string, props: { logs: IBucket }): Bucket =>
  new Bucket(scope, id, {
    blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
    enforceSSL: true,
    encryption: BucketEncryption.S3_MANAGED,
    objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
    serverAccessLogsBucket: props.logs,
    serverAccessLogsPrefix: `s3/${id}/`,
    versioned: true,
    objectLockEnabled: true,
    objectLockDefaultRetention: ObjectLockRetention.compliance(Duration.days(AUDIT_ANCHOR_RETENTION_DAYS)),
    lifecycleRules: [{ abortIncompleteMultipartUploadAfter: Duration.days(1) }],
    removalPolicy: RemovalPolicy.RETAIN,
  });
