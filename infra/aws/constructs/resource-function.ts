import { fileURLToPath } from 'node:url';
import { Duration, Validations } from 'aws-cdk-lib';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import {
  Architecture,
  LoggingFormat,
  Runtime,
  SystemLogLevel,
  ApplicationLogLevel,
  Tracing,
} from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat, type BundlingOptions } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { IKey } from 'aws-cdk-lib/aws-kms';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import type { IEmailIdentity } from 'aws-cdk-lib/aws-ses';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import type { Resource } from '@sitewalk/shared/contract/route';
import {
  environmentOf,
  resourceAccess,
  workerAccess,
  type ResourceAccess,
  type Worker,
  type WorkerAccess,
} from '@sitewalk/functions/resource-access';
import type { EnvName } from '@sitewalk/functions/env';
import { tableDefinition } from '@sitewalk/functions/db/table';
import { TENANTS_PREFIX } from '@sitewalk/functions/ports/storage';
import { EXPORTS_FOLDER } from '@sitewalk/functions/ports/export-store';
import { ANCHORS_FOLDER } from '@sitewalk/functions/ports/audit-anchors';
import { METRICS_NAMESPACE } from '@sitewalk/functions/http/metrics';
import type { StageConfig } from '../stage.ts';
import { logicalIdOf } from './buckets.ts';
import { locationProviderArn } from './maps.ts';

const root = fileURLToPath(new URL('../../..', import.meta.url));

/** Everything a resource's Lambda may be granted; each function gets only what its access declares. */
export interface Backing {
  table: ITableV2;
  pinKey: IKey;
  /** Signs audit entries (HMAC); the functions that write them may GenerateMac. */
  auditKey: IKey;
  /** The audit logs' anchors (Object Lock); the anchor worker lists, reads and adds them. */
  auditAnchors: IBucket;
  userPool: IUserPool;
  userPoolClient: IUserPoolClient;
  uploads: IBucket;
  mail: { identity: IEmailIdentity; from: string };
  appUrl: string;
  /** The secret CloudFront sends to the API (functions/src/http/origin.ts); the API's functions read it. */
  originSecret: ISecret;
}

export const TABLE_READS = ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query'];
/** Transactions need no actions of their own: each item in one is checked against these. */
export const TABLE_WRITES = [
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
  'dynamodb:ConditionCheckItem',
];

/** Geocoding through the Places API v2 (functions/src/ports/geocoder.ts). */
export const GEOCODE_ACTION = 'geo-places:Geocode';

/** Reading the text on a photo (functions/src/ports/text-detector.ts); the action has no resource to name. */
export const DETECT_TEXT_ACTION = 'rekognition:DetectText';

/**
 * Powertools' Tracer records a handler's answer and a thrown error as trace metadata unless told not to: off
 * in every function, handlers and workers alike (answers carry tokens, PINs and presigned URLs).
 */
export const TRACER_CAPTURE_OFF = {
  POWERTOOLS_TRACER_CAPTURE_RESPONSE: 'false',
  POWERTOOLS_TRACER_CAPTURE_ERROR: 'false',
} as const;

/** The objects of one kind of upload, under every tenant: `tenants/*\/{kind}/*`. */
export const uploadsOfKind = (kind: string) => `${TENANTS_PREFIX}*/${kind}/*`;

/** Reading the table's stream, as the event source mapping does with the function's role. */
export const STREAM_READS = [
  'dynamodb:DescribeStream',
  'dynamodb:GetRecords',
  'dynamodb:GetShardIterator',
  'dynamodb:ListStreams',
];

/**
 * How every function is bundled (and the cold-start bench's floor bundle, so the two compare): ESM for
 * Node.js 24, minified, with source maps.
 */
export const lambdaBundling = {
  format: OutputFormat.ESM,
  target: 'node24',
  minify: true,
  sourceMap: true,
  sourcesContent: false,
  mainFields: ['module', 'main'],
  // CommonJS dependencies inside an ES module bundle still call require().
  banner: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
  // The SDK is bundled at the lockfile's version rather than the runtime's.
  bundleAwsSDK: true,
  // The offline ZIP-code geocoder (5 MB) serves only the local host; it is imported lazily.
  externalModules: ['zipcodes'],
  // What ElectroDB require()s whole, cut to what it uses: the DynamoDB client, the document client and the ten
  // commands it sends, and no JSON-schema validator (each module says why). Paths from the project root.
  esbuildArgs: {
    '--alias': [
      '@aws-sdk/client-dynamodb=./functions/src/db/bundled-dynamodb-client.ts',
      '@aws-sdk/lib-dynamodb=./functions/src/db/bundled-document-client.ts',
      'jsonschema=./functions/src/db/bundled-jsonschema.ts',
    ],
  },
} satisfies BundlingOptions;

/**
 * The export function's bundle also carries pdfkit's standard-font metrics: pdfkit loads them at run time with
 * `require('#standard-fonts/…')`, a subpath import of its own package.json that no bundler can follow, so the
 * bundle gets the font files and a package.json mapping that import to them (offline: copied from
 * node_modules, no install).
 */
export const exportBundling = {
  ...lambdaBundling,
  commandHooks: {
    beforeBundling: () => [],
    beforeInstall: () => [],
    afterBundling: (inputDir: string, outputDir: string) => [
      `cp -R "${inputDir}/node_modules/pdfkit/js/standard-fonts" "${outputDir}/standard-fonts"`,
      `node -e "require('fs').writeFileSync(process.argv[1], JSON.stringify({imports:{'#standard-fonts/*':'./standard-fonts/*.cjs'}}))" "${outputDir}/package.json"`,
    ],
  },
} satisfies BundlingOptions;

/** What differs per function: the export function may run as long as the HTTP API waits (30 s) and needs fonts. */
const functionOptions = (resource: Resource | Worker) =>
  resource === 'export'
    ? { bundling: exportBundling, timeout: Duration.seconds(29), memorySize: 1536 }
    : { bundling: lambdaBundling, timeout: Duration.seconds(15), memorySize: 1024 };

const isWorker = (name: Resource | Worker): name is Worker => name in workerAccess;

/**
 * One Lambda per resource (`functions/src/<resource>/handler.ts`), and per worker (`functions/src/<worker>/`):
 * arm64 on the newest Node.js runtime, bundled minified with source maps, JSON logs into its own log group,
 * and a role of its own that holds exactly what `resourceAccess` (or `workerAccess`) declares for it — no
 * managed policies.
 */
export class ResourceFunction extends Construct {
  readonly function: NodejsFunction;
  readonly role: Role;

  constructor(
    scope: Construct,
    id: string,
    props: { resource: Resource | Worker; stage: StageConfig; backing: Backing; timeout?: Duration },
  ) {
    super(scope, id);
    const { resource, stage, backing } = props;
    const access: ResourceAccess | WorkerAccess = isWorker(resource)
      ? workerAccess[resource]
      : resourceAccess[resource];

    const logGroup = new LogGroup(this, 'Logs', {
      retention: stage.logRetention,
      removalPolicy: stage.removalPolicy,
    });
    const role = new Role(this, 'Role', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: `SiteWalk ${stage.name}: the ${resource} ${isWorker(resource) ? 'worker' : 'API'}`,
    });
    this.role = role;
    role.addToPolicy(
      new PolicyStatement({
        actions: ['logs:CreateLogStream', 'logs:PutLogEvents'],
        resources: [logGroup.logGroupArn],
      }),
    );

    const values: Record<
      Exclude<
        EnvName,
        `${string}_ENDPOINT` | 'AWS_REGION' | 'LOG_LEVEL' | `${string}_LOCAL_KEY` | 'AUDIT_ANCHOR_DIR'
      >,
      string
    > = {
      TABLE_NAME: backing.table.tableName,
      USER_POOL_ID: backing.userPool.userPoolId,
      USER_POOL_CLIENT_ID: backing.userPoolClient.userPoolClientId,
      UPLOAD_BUCKET: backing.uploads.bucketName,
      MAIL_FROM: backing.mail.from,
      APP_URL: backing.appUrl,
      GEOCODER: 'amazon-location',
      PIN_KEY_ID: backing.pinKey.keyArn,
      MFA_REQUIRED_ROLES: stage.mfaRequiredRoles.join(','),
      AUDIT_KEY_ID: backing.auditKey.keyArn,
      AUDIT_ANCHOR_BUCKET: backing.auditAnchors.bucketName,
    };
    const environment = {
      ...Object.fromEntries(environmentOf(access).map((name) => [name, values[name as keyof typeof values]])),
      // Every function behind the API, and no worker: requests that did not come through CloudFront are refused.
      ...(isWorker(resource) ? {} : { ORIGIN_SECRET_ARN: backing.originSecret.secretArn }),
    };

    this.function = new NodejsFunction(this, 'Function', {
      entry: `${root}functions/src/${resource}/handler.ts`,
      handler: 'handler',
      projectRoot: root,
      depsLockFilePath: `${root}package-lock.json`,
      runtime: Runtime.NODEJS_24_X,
      architecture: Architecture.ARM_64,
      memorySize: functionOptions(resource).memorySize,
      timeout: props.timeout ?? functionOptions(resource).timeout,
      role,
      logGroup,
      loggingFormat: LoggingFormat.JSON,
      applicationLogLevelV2: ApplicationLogLevel[stage.logLevel],
      systemLogLevelV2: SystemLogLevel.WARN,
      environment: {
        ...environment,
        LOG_LEVEL: stage.logLevel,
        POWERTOOLS_SERVICE_NAME: `sitewalk-${resource}`,
        POWERTOOLS_METRICS_NAMESPACE: METRICS_NAMESPACE,
        SITEWALK_STAGE: stage.name,
        NODE_OPTIONS: '--enable-source-maps',
        ...TRACER_CAPTURE_OFF,
      },
      bundling: functionOptions(resource).bundling,
      // X-Ray: Lambda's segment, and the Powertools Tracer's subsegments for each AWS call.
      tracing: Tracing.ACTIVE,
    });

    // Active tracing grants xray:PutTraceSegments and xray:PutTelemetryRecords, which take no resource.
    Validations.of(role).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason:
        'X-Ray trace segments and telemetry have no resource-level permissions; only those two actions.',
    });
    this.grant(access, backing, role);
    if (!isWorker(resource)) {
      role.addToPolicy(
        new PolicyStatement({
          actions: ['secretsmanager:GetSecretValue'],
          resources: [backing.originSecret.secretArn],
        }),
      );
    }
  }

  private grant(access: ResourceAccess | WorkerAccess, backing: Backing, role: Role): void {
    const table = backing.table;
    if ('stream' in access) {
      if (!table.tableStreamArn) throw new Error('The table has no stream');
      role.addToPolicy(new PolicyStatement({ actions: STREAM_READS, resources: [table.tableStreamArn] }));
    }
    role.addToPolicy(
      new PolicyStatement({
        actions: access.table === 'read' ? TABLE_READS : [...TABLE_READS, ...TABLE_WRITES],
        // The table and each of its indexes by name: no wildcard.
        resources: [
          table.tableArn,
          ...tableDefinition.globalIndexes.map((index) => `${table.tableArn}/index/${index.indexName}`),
        ],
      }),
    );

    if (access.identity) {
      role.addToPolicy(
        new PolicyStatement({
          actions: access.identity.map((action) => `cognito-idp:${action}`),
          resources: [backing.userPool.userPoolArn],
        }),
      );
    }

    const objects = backing.uploads.arnForObjects(`${TENANTS_PREFIX}*`);
    const storage = new Set(access.storage ?? []);
    const objectActions = [
      ...(storage.has('put') ? ['s3:PutObject'] : []),
      ...(storage.has('read') ? ['s3:GetObject'] : []),
      ...(storage.has('delete') ? ['s3:DeleteObject'] : []),
    ];
    if (objectActions.length > 0) {
      role.addToPolicy(new PolicyStatement({ actions: objectActions, resources: [objects] }));
      Validations.of(role).acknowledge({
        id: `AwsSolutions-IAM5[Resource::<${logicalIdOf(backing.uploads)}.Arn>/${TENANTS_PREFIX}*]`,
        reason:
          'Files are keyed per tenant and owner under tenants/; the handlers choose every key and check its owner.',
      });
    }
    if (storage.has('export')) {
      // Export files only: written (streamed, multipart, tagged for the lifecycle rule that expires them).
      const exportObjects = backing.uploads.arnForObjects(`${TENANTS_PREFIX}*/${EXPORTS_FOLDER}/*`);
      role.addToPolicy(
        new PolicyStatement({
          actions: ['s3:PutObject', 's3:PutObjectTagging', 's3:AbortMultipartUpload'],
          resources: [exportObjects],
        }),
      );
      Validations.of(role).acknowledge({
        id: `AwsSolutions-IAM5[Resource::<${logicalIdOf(backing.uploads)}.Arn>/${TENANTS_PREFIX}*/${EXPORTS_FOLDER}/*]`,
        reason: 'Export files are keyed per tenant under its exports/ folder; the handler chooses every key.',
      });
    }
    if (storage.has('delete')) {
      // Deleting an owner's files lists its prefix first.
      role.addToPolicy(
        new PolicyStatement({
          actions: ['s3:ListBucket'],
          resources: [backing.uploads.bucketArn],
          conditions: { StringLike: { 's3:prefix': [`${TENANTS_PREFIX}*`] } },
        }),
      );
    }

    if (access.mail === 'send') {
      role.addToPolicy(
        new PolicyStatement({
          actions: ['ses:SendEmail'],
          resources: [backing.mail.identity.emailIdentityArn],
        }),
      );
    }

    if (access.pinKey) {
      // The key's policy trusts the account, so this statement is what lets the function use it.
      role.addToPolicy(
        new PolicyStatement({
          actions: access.pinKey.map((action) => `kms:${action}`),
          resources: [backing.pinKey.keyArn],
        }),
      );
    }

    if (access.auditWriter) {
      // Signing audit entries: GenerateMac only; no function may VerifyMac (the operator's audit:verify does).
      role.addToPolicy(
        new PolicyStatement({ actions: ['kms:GenerateMac'], resources: [backing.auditKey.keyArn] }),
      );
    }

    if ('auditAnchors' in access && access.auditAnchors) {
      // New anchors and reading the latest; Object Lock keeps every one, whatever this role is granted.
      const anchors = backing.auditAnchors.arnForObjects(`${ANCHORS_FOLDER}*`);
      role.addToPolicy(
        new PolicyStatement({ actions: ['s3:PutObject', 's3:GetObject'], resources: [anchors] }),
      );
      role.addToPolicy(
        new PolicyStatement({
          actions: ['s3:ListBucket'],
          resources: [backing.auditAnchors.bucketArn],
          conditions: { StringLike: { 's3:prefix': [`${ANCHORS_FOLDER}*`] } },
        }),
      );
      Validations.of(role).acknowledge({
        id: `AwsSolutions-IAM5[Resource::<${logicalIdOf(backing.auditAnchors)}.Arn>/${ANCHORS_FOLDER}*]`,
        reason: 'Anchors are keyed per audit log under logs/; the worker chooses every key.',
      });
    }

    if ('uploadEvents' in access && access.uploadEvents) {
      // Only the kinds of object it is notified of; Rekognition reads them with these permissions.
      const objectsOfKinds = access.uploadEvents.map(uploadsOfKind);
      role.addToPolicy(
        new PolicyStatement({
          actions: ['s3:GetObject'],
          resources: objectsOfKinds.map((objects) => backing.uploads.arnForObjects(objects)),
        }),
      );
      for (const objects of objectsOfKinds) {
        Validations.of(role).acknowledge({
          id: `AwsSolutions-IAM5[Resource::<${logicalIdOf(backing.uploads)}.Arn>/${objects}]`,
          reason: 'Reads only the objects of the kinds it is notified of, under every tenant’s prefix.',
        });
      }
    }

    if ('detectText' in access && access.detectText) {
      role.addToPolicy(new PolicyStatement({ actions: [DETECT_TEXT_ACTION], resources: ['*'] }));
      // The role's acknowledgement of `Resource::*` (X-Ray's actions, above) covers this one too: DetectText
      // works on the image it is sent and has no resource-level permissions.
    }

    if (access.geocode) {
      // The Places API v2 has no resource of the account's: it is granted on AWS's provider.
      role.addToPolicy(
        new PolicyStatement({
          actions: [GEOCODE_ACTION],
          resources: [locationProviderArn(this, 'geo-places')],
        }),
      );
    }
  }
}
