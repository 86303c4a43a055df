import { Duration, RemovalPolicy, Stack, Validations, type CfnElement } from 'aws-cdk-lib';
import {
  BlockPublicAccess,
  Bucket,
  BucketEncryption,
  ObjectOwnership,
  type BucketProps,
  type IBucket,
} from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import type { StageConfig } from '../stage.ts';

/**
 * Every SiteWalk bucket: no public access, TLS only, encrypted, its access logged to the stage's log bucket,
 * incomplete multipart uploads aborted. A production-like stage keeps and versions what it stores.
 */
export const privateBucket = (
  scope: Construct,
  id: string,
  props: { stage: StageConfig; logs: IBucket; disposable?: boolean } & Pick<BucketProps, 'cors'>,
): Bucket => {
  const { stage, logs, disposable = false } = props;
  const keep = stage.productionLike && !disposable;
  return new Bucket(scope, id, {
    blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
    enforceSSL: true,
    encryption: BucketEncryption.S3_MANAGED,
    objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
    serverAccessLogsBucket: logs,
    serverAccessLogsPrefix: `s3/${id}/`,
    versioned: keep,
    lifecycleRules: [
      { abortIncompleteMultipartUploadAfter: Duration.days(1) },
      ...(keep ? [{ noncurrentVersionExpiration: Duration.days(90) }] : []),
    ],
    removalPolicy: keep ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    autoDeleteObjects: !keep,
    ...(props.cors ? { cors: props.cors } : {}),
  });
};

/** Where CloudFront and S3 write their access logs (CloudFront's standard logs need object ACLs). */
export const logBucket = (scope: Construct, id: string, stage: StageConfig): Bucket => {
  const bucket = new Bucket(scope, id, {
    blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
    enforceSSL: true,
    encryption: BucketEncryption.S3_MANAGED,
    objectOwnership: ObjectOwnership.OBJECT_WRITER,
    lifecycleRules: [{ expiration: Duration.days(stage.productionLike ? 365 : 30) }],
    removalPolicy: stage.productionLike ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    autoDeleteObjects: !stage.productionLike,
  });
  Validations.of(bucket).acknowledge({
    id: 'AwsSolutions-S1',
    reason: 'This is the access-log bucket; logging its own access would log forever.',
  });
  return bucket;
};

/** The logical id of a construct's CloudFormation resource, as cdk-nag names it in findings. */
export const logicalIdOf = (construct: Construct): string => {
  const child = construct.node.defaultChild;
  if (!child) throw new Error(`${construct.node.path} has no CloudFormation resource`);
  return Stack.of(construct).getLogicalId(child as CfnElement);
};
