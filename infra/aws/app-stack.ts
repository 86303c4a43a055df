import { CfnOutput, Duration, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import type { IKey } from 'aws-cdk-lib/aws-kms';
import { HttpMethods, type Bucket } from 'aws-cdk-lib/aws-s3';
import type { IEmailIdentity } from 'aws-cdk-lib/aws-ses';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import type { StageConfig } from './stage.ts';
import { Api } from './constructs/api.ts';
import { logBucket, privateBucket } from './constructs/buckets.ts';
import { Maps } from './constructs/maps.ts';
import { WebApp } from './constructs/web-app.ts';
import { readPagesManifest } from '../web-pages.ts';
import { mailConsumer, StreamWorker } from './constructs/stream-worker.ts';
import { ScheduledWorker } from './constructs/scheduled-worker.ts';
import { UploadWorker } from './constructs/upload-worker.ts';
import type { Backing } from './constructs/resource-function.ts';
import { EXPORT_TAG } from '@sitewalk/functions/ports/export-store';
import {
  AUDIT_ANCHOR_INTERVAL_MINUTES,
  EVALUATOR_INTERVAL_MINUTES,
  EXPORT_EXPIRY_DAYS,
} from '@sitewalk/shared/constants';
import { auditAnchorBucket } from './constructs/audit-anchors.ts';

export interface AppStackProps extends StackProps {
  stage: StageConfig;
  table: ITableV2;
  /** The KMS key that seals PINs; only the functions whose access names it may use it. */
  pinKey: IKey;
  /** The HMAC key that signs audit entries; only the functions that write them may use it (GenerateMac). */
  auditKey: IKey;
  userPool: IUserPool;
  userPoolClient: IUserPoolClient;
  mailIdentity: IEmailIdentity;
  /** The built SPA (web/dist). */
  webDist: string;
  /** The stage's WAF web ACL for CloudFront (edge-stack.ts, in us-east-1). */
  webAclArn: string;
}

/**
 * The application: the HTTP API with its Lambdas, the upload bucket, Amazon Location, and the SPA on
 * CloudFront. They share a stack because they name each other: the API's functions and the upload bucket's
 * CORS rule need the app's URL, and CloudFront needs the API's.
 */
export class AppStack extends Stack {
  readonly api: Api;
  readonly web: WebApp;
  readonly uploads: Bucket;
  readonly cleanup: StreamWorker;
  /** Sends every mail of the outbox (issue 28). */
  readonly mail: StreamWorker;
  readonly evaluator: ScheduledWorker;
  readonly auditAnchors: Bucket;
  readonly auditAnchor: ScheduledWorker;
  readonly walkPhotos: UploadWorker;

  constructor(scope: Construct, id: string, props: AppStackProps) {
    // The web ACL's ARN comes from us-east-1 (through SSM when this stack is elsewhere).
    super(scope, id, { ...props, crossRegionReferences: true });
    const { stage } = props;

    const logs = logBucket(this, 'AccessLogs', stage);
    // Its CORS rule is added once the app's URL is known.
    this.uploads = privateBucket(this, 'Uploads', { stage, logs });
    // Export files (CSV, PDF) carry a tag; they go a day after they were made, any version of them.
    this.uploads.addLifecycleRule({
      id: 'ExpireExports',
      tagFilters: { [EXPORT_TAG.key]: EXPORT_TAG.value },
      expiration: Duration.days(EXPORT_EXPIRY_DAYS),
      noncurrentVersionExpiration: Duration.days(EXPORT_EXPIRY_DAYS),
    });

    // CloudFront sends it with every request to the API, which refuses requests without it: nothing reaches
    // the API around the distribution and its WAF, and the viewer address CloudFront adds can be believed.
    const originSecret = new Secret(this, 'OriginSecret', {
      description: `SiteWalk ${stage.name}: the header CloudFront adds to every request to the API`,
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
      removalPolicy: stage.removalPolicy,
    });
    Validations.of(originSecret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'CloudFront and the API must change it in one step: a rotation Lambda would break every request until the distribution is redeployed. It changes by replacing the secret in a deploy.',
    });

    // The distribution needs only the API's id, so it comes before the functions, which need its URL.
    this.api = new Api(this, 'Api', { stage });
    this.web = new WebApp(this, 'Web', {
      stage,
      api: this.api.httpApi,
      logs,
      pages: readPagesManifest(props.webDist),
      originSecret,
      webAclArn: props.webAclArn,
    });
    const appUrl = this.web.url;
    this.uploads.addCorsRule({
      // Browsers PUT to presigned upload URLs (write-once: `If-None-Match: *`) and GET presigned views, from the
      // app only.
      allowedOrigins: [appUrl],
      allowedMethods: [HttpMethods.PUT, HttpMethods.GET],
      allowedHeaders: ['content-type', 'if-none-match'],
      maxAge: Duration.hours(1).toSeconds(),
    });

    // The audit logs' heads, anchored in write-once storage (Object Lock, compliance mode).
    this.auditAnchors = auditAnchorBucket(this, 'AuditAnchors', { logs });

    const maps = new Maps(this, 'Maps', { appUrl });
    const backing: Backing = {
      table: props.table,
      pinKey: props.pinKey,
      auditKey: props.auditKey,
      auditAnchors: this.auditAnchors,
      userPool: props.userPool,
      userPoolClient: props.userPoolClient,
      uploads: this.uploads,
      mail: { identity: props.mailIdentity, from: stage.mailFrom },
      appUrl,
      originSecret,
    };
    this.api.serve(backing);
    // What deletes leave to do (a location's walks, reports, incidents and files), from the table's stream.
    this.cleanup = new StreamWorker(this, 'Cleanup', { stage, backing });
    // Every mail, from the outbox items the changes write: at once from the stream, then retried with backoff.
    this.mail = new StreamWorker(this, 'Mail', { stage, backing, consumer: mailConsumer });
    // Walk windows due and missed-walk alerts, every few minutes (EventBridge Scheduler).
    this.evaluator = new ScheduledWorker(this, 'Evaluator', {
      stage,
      backing,
      name: 'evaluator',
      does: 'look for walk windows due, raise alerts, send summaries',
      every: Duration.minutes(EVALUATOR_INTERVAL_MINUTES),
      // A run takes what is due, in bounded batches: room for a slow one, well inside the interval.
      timeout: Duration.minutes(2),
    });
    // Each audit log's head into the anchor bucket, every hour (EventBridge Scheduler).
    this.auditAnchor = new ScheduledWorker(this, 'AuditAnchor', {
      stage,
      backing,
      name: 'auditAnchor',
      does: 'anchor each audit log’s head in the Object Lock bucket',
      every: Duration.minutes(AUDIT_ANCHOR_INTERVAL_MINUTES),
      timeout: Duration.minutes(5),
    });
    // Every walk photo as it arrives (the unit number on door photos), from the upload bucket's events.
    this.walkPhotos = new UploadWorker(this, 'WalkPhotos', { stage, backing });

    this.web.publish(props.webDist, {
      apiBasePath: '/api',
      region: this.region,
      mapStyleUrl: maps.styleUrl,
      imageryStyleUrls: maps.imageryStyleUrls,
      contactEmail: stage.contact.email,
      contactName: stage.contact.name,
    });

    new CfnOutput(this, 'AppUrl', { description: 'SiteWalk for this stage', value: appUrl });
    new CfnOutput(this, 'UploadBucketName', { value: this.uploads.bucketName });
    // For `audit:verify --stage`.
    new CfnOutput(this, 'AuditAnchorBucketName', { value: this.auditAnchors.bucketName });
  }
}
