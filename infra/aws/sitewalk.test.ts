import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { App, Stack } from 'aws-cdk-lib';
import { Match } from 'aws-cdk-lib/assertions';
import { Runtime } from 'aws-cdk-lib/aws-lambda';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { routes } from '@sitewalk/shared/contract/index';
import { resources, routeKey, type Resource, type RouteDef } from '@sitewalk/shared/contract/route';
import {
  AUDIT_ANCHOR_INTERVAL_MINUTES,
  AUDIT_ANCHOR_RETENTION_DAYS,
  EVALUATOR_INTERVAL_MINUTES,
  EXPORT_EXPIRY_DAYS,
  PASSWORD_MIN_LENGTH,
} from '@sitewalk/shared/constants';
import { SESSION_SECONDS } from '@sitewalk/functions/domain/sessions';
import {
  environmentOf,
  resourceAccess,
  workerAccess,
  workers,
  type ResourceAccess,
  type Worker,
  type WorkerAccess,
} from '@sitewalk/functions/resource-access';
import { streamFilter } from '@sitewalk/functions/cleanup/stream-filter';
import { mailStreamFilter } from '@sitewalk/functions/mailOutbox/stream-filter';
import { EXPORT_TAG } from '@sitewalk/functions/ports/export-store';
import { tableDefinition } from '@sitewalk/functions/db/table';
import { answerMetrics, METRICS_NAMESPACE } from '@sitewalk/functions/http/metrics';
import {
  DETECT_TEXT_ACTION,
  GEOCODE_ACTION,
  STREAM_READS,
  TABLE_READS,
  TABLE_WRITES,
  TRACER_CAPTURE_OFF,
} from './constructs/resource-function.ts';
import { UPLOAD_EVENT_RETRIES } from './constructs/upload-worker.ts';
import { MAP_KEY_ACTIONS, MAP_STYLES } from './constructs/maps.ts';
import { runtimeConfig } from '@sitewalk/shared/runtime-config';
import { STREAM_RETRIES } from './constructs/stream-worker.ts';
import { SCHEDULE_RETRIES } from './constructs/scheduled-worker.ts';
import { createPageRouter } from '../web-pages.ts';
import { ORIGIN_SECRET_HEADER } from '@sitewalk/functions/http/origin';
import { isPublicAuthRoute } from './constructs/api.ts';
import { SIGN_IN_PATH_PREFIX } from './edge-stack.ts';
import { buildSiteWalk } from './sitewalk.ts';
import { stageConfig } from './stage.ts';
import {
  cdkJsonContext,
  demoContext,
  fakePages,
  fakeWebDist,
  productionContext,
  resourcesOf,
  synthSiteWalk,
  type Synthesized,
} from './synth.test-support.ts';

type Json = Record<string, unknown>;

/** What active tracing grants a function: sending its trace segments, nothing else. */
const XRAY_WRITES = ['xray:PutTraceSegments', 'xray:PutTelemetryRecords'];
interface Statement {
  Action: string | string[];
  Resource: unknown;
  Effect: string;
  Condition?: Json;
}

let demo: Synthesized;
let production: Synthesized;
beforeAll(() => {
  demo = synthSiteWalk(demoContext);
  production = synthSiteWalk(productionContext, { account: '123456789012', region: 'eu-west-1' });
});

/** Our Lambdas by resource (their service name says which), with their properties and policy statements. */
const functionsOf = (synth: Synthesized) => {
  const template = synth.application;
  const policies = Object.values(resourcesOf(template, 'AWS::IAM::Policy'));
  const functions = Object.entries(resourcesOf(template, 'AWS::Lambda::Function')).flatMap(
    ([logicalId, fn]) => {
      const props = fn.Properties as Json & {
        Environment?: { Variables: Record<string, unknown> };
        Role: Json;
      };
      const service = props.Environment?.Variables['POWERTOOLS_SERVICE_NAME'];
      if (typeof service !== 'string' || !service.startsWith('sitewalk-')) return [];
      const roleId = (props.Role['Fn::GetAtt'] as string[])[0];
      const statements = policies
        .filter((policy) => JSON.stringify(policy.Properties?.['Roles']).includes(`"${roleId}"`))
        .flatMap((policy) => (policy.Properties?.['PolicyDocument'] as { Statement: Statement[] }).Statement);
      return [
        {
          resource: service.slice('sitewalk-'.length) as Resource | Worker,
          logicalId,
          props,
          roleId,
          statements,
        },
      ];
    },
  );
  return new Map(functions.map((fn) => [fn.resource, fn]));
};

const accessOf = (name: Resource | Worker): ResourceAccess | WorkerAccess =>
  name in workerAccess ? workerAccess[name as Worker] : resourceAccess[name as Resource];

const actionsOf = (statements: Statement[]) => statements.flatMap((statement) => [statement.Action].flat());

describe('the stage', () => {
  it('derives names, retention and log level from the stage, and keeps production-like data', () => {
    const acme = stageConfig(productionContext);
    expect(acme).toMatchObject({
      productionLike: true,
      logLevel: 'INFO',
      mailFrom: 'no-reply@acme-storage.com',
    });
    expect(stageConfig(demoContext)).toMatchObject({ productionLike: false, logLevel: 'DEBUG' });
    expect(production.stacks.data.stackName).toBe('SiteWalk-acme-Data');
  });

  it.each([
    [{ ...demoContext, stage: undefined }, /-c stage=/],
    [{ ...demoContext, stage: 'Prod' }, /lower-case/],
    [{ ...demoContext, stage: '1abc' }, /starting with a letter/],
    [{ ...demoContext, stage: 'a'.repeat(30) }, /2–21/],
    [{ ...demoContext, mailDomain: 'not a domain' }, /mailDomain/],
    [{ ...demoContext, opsEmail: 'nobody' }, /opsEmail/],
  ])('refuses %j', (context, message) => {
    expect(() => stageConfig(context)).toThrow(message);
  });

  it('names the roles that must use two-step verification: Super User, Admin and Owner on production-like stages, none elsewhere, or as set', () => {
    expect(stageConfig(productionContext).mfaRequiredRoles).toEqual([50, 45, 40]);
    expect(stageConfig(demoContext).mfaRequiredRoles).toEqual([]);
    expect(stageConfig({ ...demoContext, mfaRequiredRoles: '50, 30' }).mfaRequiredRoles).toEqual([50, 30]);
    expect(stageConfig({ ...productionContext, mfaRequiredRoles: 'none' }).mfaRequiredRoles).toEqual([]);
    expect(() => stageConfig({ ...demoContext, mfaRequiredRoles: '50,7' })).toThrow(/mfaRequiredRoles.*"7"/);
    expect(() => stageConfig({ ...demoContext, mfaRequiredRoles: 'admin' })).toThrow(/mfaRequiredRoles/);
  });

  it('offers TOTP and never SMS in the user pool, and passes the stage’s MFA roles to the sign-in and company functions', () => {
    production.auth.hasResourceProperties('AWS::Cognito::UserPool', {
      MfaConfiguration: 'OPTIONAL',
      EnabledMfas: ['SOFTWARE_TOKEN_MFA'],
    });
    const functions = functionsOf(production);
    for (const resource of ['auth', 'managementCompany'] as const) {
      expect(functions.get(resource)?.props.Environment?.Variables['MFA_REQUIRED_ROLES'], resource).toBe(
        '50,45,40',
      );
    }
    expect(functions.get('user')?.props.Environment?.Variables).not.toHaveProperty('MFA_REQUIRED_ROLES');
    expect(functionsOf(demo).get('auth')?.props.Environment?.Variables['MFA_REQUIRED_ROLES']).toBe('');
  });

  it('refuses cdk.json’s placeholder mail domain and ops address for a production-like stage', () => {
    expect(() => stageConfig({ ...demoContext, stage: 'acme' })).toThrow(/acme is production-like/);
    expect(() => stageConfig({ ...productionContext, opsEmail: 'ops@sitewalk.example' })).toThrow();
  });

  it('hard-codes no physical names', () => {
    for (const template of [demo.data, demo.mail, demo.auth, demo.application, demo.operations]) {
      const named = Object.entries(
        template.toJSON().Resources as Record<string, { Properties?: Json }>,
      ).filter(([, resource]) =>
        [
          'TableName',
          'BucketName',
          'FunctionName',
          'RoleName',
          'UserPoolName',
          'TopicName',
          'AlarmName',
        ].some(
          // A reference to another resource's name is fine; a literal name is not.
          (key) => typeof resource.Properties?.[key] === 'string',
        ),
      );
      expect(named.map(([id]) => id)).toEqual([]);
    }
  });
});

describe('cdk-nag (AwsSolutions)', () => {
  it('passes for both stages: every finding is fixed or acknowledged with its reason', () => {
    // beforeAll synthesized both; an unacknowledged finding would have thrown there.
    expect(demo.assembly.stacks).toHaveLength(6);
    expect(production.assembly.stacks).toHaveLength(6);
  });

  it('fails synthesis on a finding nobody acknowledged', () => {
    const app = new App({ context: { ...cdkJsonContext, 'aws:cdk:bundling-stacks': [] } });
    const { data } = buildSiteWalk(app, {
      stage: stageConfig(demoContext),
      webDist: fakeWebDist(),
      env: { region: 'us-east-1' },
    });
    // A bucket without access logs or TLS enforcement (AwsSolutions-S1, S10).
    new Bucket(data, 'CarelessBucket');
    expect(() => app.synth()).toThrow(/AwsSolutions-S1/);
  });
});

describe('the API', () => {
  it('holds exactly the contract’s routes', () => {
    const routeKeys = Object.values(resourcesOf(demo.application, 'AWS::ApiGatewayV2::Route')).map(
      (route) => route.Properties?.['RouteKey'],
    );
    const contract = Object.values(routes as Record<string, RouteDef>).map(routeKey);
    expect(routeKeys.sort()).toEqual(contract.sort());
  });

  it('puts each route on its resource’s function, behind the Cognito authorizer unless public', () => {
    const template = demo.application;
    const functionOf = new Map([...functionsOf(demo)].map(([resource, fn]) => [fn.logicalId, resource]));
    const integrations = resourcesOf(template, 'AWS::ApiGatewayV2::Integration');
    const [authorizerId] = Object.keys(resourcesOf(template, 'AWS::ApiGatewayV2::Authorizer'));
    const byKey = new Map(
      Object.values(resourcesOf(template, 'AWS::ApiGatewayV2::Route')).map((route) => [
        route.Properties?.['RouteKey'] as string,
        route.Properties as Json,
      ]),
    );
    for (const route of Object.values(routes as Record<string, RouteDef>)) {
      const served = byKey.get(routeKey(route));
      const target = JSON.stringify(served?.['Target']);
      const integrationId = Object.keys(integrations).find((id) => target.includes(`"${id}"`)) ?? '';
      const uri = integrations[integrationId]?.Properties?.['IntegrationUri'] as { 'Fn::GetAtt': string[] };
      expect(functionOf.get(uri['Fn::GetAtt'][0] ?? ''), routeKey(route)).toBe(route.resource);
      if (route.access === 'public') {
        expect(served?.['AuthorizationType'], routeKey(route)).toBe('NONE');
      } else {
        expect(served, routeKey(route)).toMatchObject({
          AuthorizationType: 'JWT',
          AuthorizerId: { Ref: authorizerId },
        });
      }
    }
  });

  it('authorizes with the stage’s user pool and app client', () => {
    demo.application.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
      AuthorizerType: 'JWT',
      IdentitySource: ['$request.header.Authorization'],
      JwtConfiguration: {
        Audience: [{ 'Fn::ImportValue': Match.stringLikeRegexp('WebClient') }],
        Issuer: Match.anyValue(),
      },
    });
  });

  it('throttles each public auth route on its own, below the stage (issue 27)', () => {
    const publicAuth = Object.values(routes as Record<string, RouteDef>).filter(isPublicAuthRoute);
    expect(publicAuth.map(routeKey)).toEqual(
      expect.arrayContaining([
        'POST /api/auth/login',
        'POST /api/auth/refresh',
        'POST /api/auth/forgot-password',
      ]),
    );
    for (const [synth, limits] of [
      [demo, { ThrottlingRateLimit: 10, ThrottlingBurstLimit: 20 }],
      [production, { ThrottlingRateLimit: 20, ThrottlingBurstLimit: 40 }],
    ] as const) {
      const [stageId, stage] =
        Object.entries(resourcesOf(synth.application, 'AWS::ApiGatewayV2::Stage'))[0] ?? [];
      const settings = stage?.Properties?.['RouteSettings'] as Record<string, Json>;
      expect(Object.keys(settings).sort()).toEqual(publicAuth.map(routeKey).sort());
      for (const route of publicAuth) expect(settings[routeKey(route)], routeKey(route)).toEqual(limits);
      // The stage names only routes that exist when it is made.
      const routeIds = Object.entries(resourcesOf(synth.application, 'AWS::ApiGatewayV2::Route'))
        .filter(([, route]) => publicAuth.map(routeKey).includes(route.Properties?.['RouteKey'] as string))
        .map(([id]) => id);
      expect(stage?.['DependsOn'], stageId).toEqual(expect.arrayContaining(routeIds));
    }
  });

  it('throttles and writes access logs', () => {
    production.application.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingRateLimit: 200, ThrottlingBurstLimit: 400 },
      AccessLogSettings: { DestinationArn: Match.anyValue(), Format: Match.stringLikeRegexp('routeKey') },
    });
  });
});

describe('the functions', () => {
  const newestNode = Object.values(Runtime)
    .filter(
      (runtime): runtime is Runtime => runtime instanceof Runtime && /^nodejs\d+\.x$/.test(runtime.name),
    )
    .map((runtime) => runtime.name)
    .sort((a, b) => Number.parseInt(b.slice(6)) - Number.parseInt(a.slice(6)))[0];

  it('are one per resource and per worker, arm64 on the newest Node.js runtime, with JSON logs kept as the stage says', () => {
    const functions = functionsOf(production);
    expect([...functions.keys()].sort()).toEqual([...resources, ...workers].sort());
    for (const fn of functions.values()) {
      expect(fn.props).toMatchObject({
        Runtime: newestNode,
        Architectures: ['arm64'],
        LoggingConfig: { LogFormat: 'JSON', ApplicationLogLevel: 'INFO' },
      });
    }
    production.application.allResourcesProperties('AWS::Logs::LogGroup', { RetentionInDays: 365 });
  });

  it('get exactly the environment their access declares', () => {
    for (const [resource, fn] of functionsOf(demo)) {
      const variables = Object.keys(fn.props.Environment?.Variables ?? {}).filter(
        (name) =>
          ![
            'LOG_LEVEL',
            'POWERTOOLS_SERVICE_NAME',
            'POWERTOOLS_METRICS_NAMESPACE',
            'SITEWALK_STAGE',
            'NODE_OPTIONS',
            ...Object.keys(TRACER_CAPTURE_OFF),
          ].includes(name),
      );
      const origin = resource in workerAccess ? [] : ['ORIGIN_SECRET_ARN'];
      expect(variables.sort(), resource).toEqual([...environmentOf(accessOf(resource)), ...origin].sort());
    }
  });

  it('are granted exactly what their access declares, and no managed policy', () => {
    for (const [resource, fn] of functionsOf(demo)) {
      const access = accessOf(resource);
      const expected = [
        ...('stream' in access
          ? // Reading the stream, and sending a given-up batch to the dead-letter queue.
            [...STREAM_READS, 'sqs:SendMessage', 'sqs:GetQueueAttributes', 'sqs:GetQueueUrl']
          : []),
        'logs:CreateLogStream',
        'logs:PutLogEvents',
        ...XRAY_WRITES,
        ...TABLE_READS,
        ...(access.table === 'readWrite' ? TABLE_WRITES : []),
        ...(access.identity ?? []).map((action) => `cognito-idp:${action}`),
        ...(access.storage ?? []).flatMap(
          (use) =>
            ({
              put: ['s3:PutObject'],
              read: ['s3:GetObject'],
              delete: ['s3:DeleteObject'],
              export: ['s3:PutObject', 's3:PutObjectTagging', 's3:AbortMultipartUpload'],
            })[use],
        ),
        ...(access.storage?.includes('delete') ? ['s3:ListBucket'] : []),
        ...('uploadEvents' in access
          ? // Reading the objects it is notified of, and sending a given-up event to the dead-letter queue.
            ['s3:GetObject', 'sqs:SendMessage', 'sqs:GetQueueAttributes', 'sqs:GetQueueUrl']
          : []),
        ...('detectText' in access ? [DETECT_TEXT_ACTION] : []),
        ...(access.mail === 'send' ? ['ses:SendEmail'] : []),
        ...(access.geocode ? [GEOCODE_ACTION] : []),
        ...(access.pinKey ?? []).map((action) => `kms:${action}`),
        ...(access.auditWriter ? ['kms:GenerateMac'] : []),
        ...('auditAnchors' in access ? ['s3:PutObject', 's3:GetObject', 's3:ListBucket'] : []),
        ...(resource in workerAccess ? [] : ['secretsmanager:GetSecretValue']),
      ];
      expect(actionsOf(fn.statements).sort(), resource).toEqual(expected.sort());
      const role = resourcesOf(demo.application, 'AWS::IAM::Role')[fn.roleId ?? ''];
      expect(role?.Properties?.['ManagedPolicyArns'], resource).toBeUndefined();
    }
  });

  it('never get a wildcard action or resource (but X-Ray’s and DetectText’s, which have none), and reach files only under tenants/', () => {
    for (const [resource, fn] of functionsOf(demo)) {
      for (const statement of fn.statements) {
        if (JSON.stringify([statement.Action].flat().sort()) === JSON.stringify([...XRAY_WRITES].sort()))
          continue;
        if (JSON.stringify(statement.Action) === JSON.stringify(DETECT_TEXT_ACTION)) continue;
        expect(
          [statement.Action].flat().some((action) => action.includes('*')),
          resource,
        ).toBe(false);
        const resourcesJson = JSON.stringify(statement.Resource);
        expect(resourcesJson, resource).not.toMatch(/"\*"/);
        if ([statement.Action].flat().some((action) => action.startsWith('s3:'))) {
          // The audit anchor worker's objects are the anchors under logs/ of its own bucket.
          const folder = resource === 'auditAnchor' ? 'logs/*' : 'tenants/*';
          expect(
            resourcesJson.includes(`/${folder}`) ||
              JSON.stringify(statement.Condition ?? {}).includes(folder),
            resource,
          ).toBe(true);
        }
      }
    }
  });

  it('let the read-only ones only read the table', () => {
    for (const resource of ['health', 'geo'] as const) {
      const actions = actionsOf(functionsOf(demo).get(resource)?.statements ?? []);
      expect(actions).toEqual(expect.arrayContaining(TABLE_READS));
      expect(actions.filter((action) => TABLE_WRITES.includes(action))).toEqual([]);
    }
  });
});

describe('observability', () => {
  it('traces every function actively, granted only to send its segments', () => {
    for (const [resource, fn] of functionsOf(production)) {
      expect(fn.props['TracingConfig'], resource).toEqual({ Mode: 'Active' });
      const xray = fn.statements.filter((statement) =>
        [statement.Action].flat().some((action) => action.startsWith('xray:')),
      );
      expect(xray, resource).toEqual([{ Action: XRAY_WRITES, Effect: 'Allow', Resource: '*' }]);
    }
  });

  it('records no answer and no error of any traced function in its trace (they carry tokens, PINs, presigned URLs)', () => {
    const traced = [production, demo].flatMap((synth) =>
      [synth.data, synth.mail, synth.auth, synth.application, synth.operations].flatMap((template) =>
        Object.values(resourcesOf(template, 'AWS::Lambda::Function')).filter(
          (fn) => (fn.Properties?.['TracingConfig'] as Json | undefined)?.['Mode'] === 'Active',
        ),
      ),
    );
    expect(traced.length).toBe(2 * functionsOf(production).size);
    for (const fn of traced) {
      const variables = (fn.Properties?.['Environment'] as { Variables?: Json } | undefined)?.Variables;
      expect(variables).toMatchObject({
        POWERTOOLS_TRACER_CAPTURE_RESPONSE: 'false',
        POWERTOOLS_TRACER_CAPTURE_ERROR: 'false',
      });
    }
  });

  it('names the metrics namespace, the service and the stage in every function’s environment', () => {
    for (const [resource, fn] of functionsOf(production)) {
      expect(fn.props.Environment?.Variables, resource).toMatchObject({
        POWERTOOLS_METRICS_NAMESPACE: METRICS_NAMESPACE,
        POWERTOOLS_SERVICE_NAME: `sitewalk-${resource}`,
        SITEWALK_STAGE: 'acme',
      });
    }
  });

  it('shows every business metric of the stage on the dashboard', () => {
    const [dashboard] = Object.values(resourcesOf(production.operations, 'AWS::CloudWatch::Dashboard'));
    // The body is JSON joined around references to other stacks; those parts are only ids here.
    const parts = (dashboard?.Properties?.['DashboardBody'] as { 'Fn::Join': [string, unknown[]] })[
      'Fn::Join'
    ][1];
    const body = JSON.parse(parts.map((part) => (typeof part === 'string' ? part : 'ref')).join('')) as {
      widgets: { properties: { title?: string; metrics?: unknown[][] } }[];
    };
    const expressions = new Map(
      body.widgets.map(({ properties }) => [
        properties.title,
        (properties.metrics ?? [])
          .flat()
          .flatMap((metric) => (metric as { expression?: string }).expression ?? []),
      ]),
    );
    const search = (name: string) =>
      `SEARCH('{${METRICS_NAMESPACE},route,service,stage} MetricName="${name}" stage="acme"', 'Sum', 300)`;
    expect(expressions.get('Walk reports started and finished')).toEqual([
      `SUM(${search('ReportsStarted')})`,
      `SUM(${search('ReportsFinished')})`,
    ]);
    expect(expressions.get('Failed sign-ins and throttled requests')).toEqual([
      `SUM(${search('FailedSignIns')})`,
      `SUM(${search('Throttles')})`,
    ]);
    expect(expressions.get('Client errors (4xx) by route')).toEqual([search('ClientErrors')]);
    expect(expressions.get('Server errors (5xx) by route')).toEqual([search('ServerErrors')]);
    const shown = [...expressions.values()].flat().join('\n');
    for (const name of Object.keys(answerMetrics)) expect(shown).toContain(`MetricName="${name}"`);
  });
});

describe('the data', () => {
  it('builds the table from the local host’s definition: keys, every GSI, TTL, stream, encryption', () => {
    demo.data.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      KeySchema: [
        { AttributeName: tableDefinition.partitionKey, KeyType: 'HASH' },
        { AttributeName: tableDefinition.sortKey, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: tableDefinition.globalIndexes.map((index) =>
        Match.objectLike({
          IndexName: index.indexName,
          KeySchema: [
            { AttributeName: index.partitionKey, KeyType: 'HASH' },
            { AttributeName: index.sortKey, KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        }),
      ),
      TimeToLiveSpecification: { AttributeName: tableDefinition.timeToLiveAttribute, Enabled: true },
      StreamSpecification: { StreamViewType: tableDefinition.stream },
      SSESpecification: { SSEEnabled: true },
    });
  });

  it('keeps a production-like stage’s table and uploads: retained, deletion-protected, point-in-time recovery, versioned', () => {
    production.data.hasResource('AWS::DynamoDB::GlobalTable', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({
        SSESpecification: { SSEEnabled: true },
        Replicas: [
          Match.objectLike({
            DeletionProtectionEnabled: true,
            PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
          }),
        ],
      }),
    });
    const uploads = Object.entries(resourcesOf(production.application, 'AWS::S3::Bucket')).find(([id]) =>
      id.startsWith('Uploads'),
    )?.[1];
    expect(uploads).toMatchObject({
      DeletionPolicy: 'Retain',
      Properties: { VersioningConfiguration: { Status: 'Enabled' } },
    });
    production.auth.hasResource('AWS::Cognito::UserPool', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({ DeletionProtection: 'ACTIVE' }),
    });
  });

  it('seals PINs with a rotating KMS key of the data stack that only the user function may use', () => {
    const pinKeyOf = (synth: Synthesized) => {
      const keys = Object.entries(resourcesOf(synth.data, 'AWS::KMS::Key')).filter(
        ([, key]) => key.Properties?.['KeySpec'] === undefined,
      );
      expect(keys).toHaveLength(1);
      return keys[0]!;
    };
    for (const synth of [demo, production]) {
      expect(pinKeyOf(synth)[1].Properties).toMatchObject({ EnableKeyRotation: true });
    }
    expect(pinKeyOf(production)[1]['DeletionPolicy']).toBe('Retain');
    expect(pinKeyOf(demo)[1]['DeletionPolicy']).toBe('Delete');
    const [keyId] = pinKeyOf(demo);
    for (const [resource, fn] of functionsOf(demo)) {
      const kms = fn.statements.filter((statement) => JSON.stringify(statement.Resource).includes(keyId));
      if (resource !== 'user') {
        expect(kms, resource).toEqual([]);
        continue;
      }
      expect(kms).toHaveLength(1);
      expect([kms[0]?.Action].flat().sort()).toEqual(['kms:Decrypt', 'kms:Encrypt']);
      // The one key, by its ARN (imported from the data stack), and the same ARN in the environment.
      const keyArn = JSON.stringify(kms[0]?.Resource);
      expect(JSON.stringify(fn.props.Environment?.Variables['PIN_KEY_ID'])).toBe(keyArn);
    }
  });

  it('lets a disposable stage go with its stacks', () => {
    demo.data.hasResource('AWS::DynamoDB::GlobalTable', { DeletionPolicy: 'Delete' });
    for (const bucket of Object.values(resourcesOf(demo.application, 'AWS::S3::Bucket'))) {
      // But the audit anchors, which Object Lock keeps whatever the stack does.
      if (bucket.Properties?.['ObjectLockEnabled']) continue;
      expect(bucket['DeletionPolicy']).toBe('Delete');
    }
  });

  it('encrypts every bucket, blocks all public access and refuses plain HTTP', () => {
    for (const synth of [demo, production]) {
      const buckets = resourcesOf(synth.application, 'AWS::S3::Bucket');
      expect(Object.keys(buckets)).toHaveLength(4);
      for (const bucket of Object.values(buckets)) {
        expect(bucket.Properties).toMatchObject({
          BucketEncryption: {
            ServerSideEncryptionConfiguration: [
              { ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } },
            ],
          },
          PublicAccessBlockConfiguration: {
            BlockPublicAcls: true,
            BlockPublicPolicy: true,
            IgnorePublicAcls: true,
            RestrictPublicBuckets: true,
          },
        });
      }
      const policies = Object.values(resourcesOf(synth.application, 'AWS::S3::BucketPolicy'));
      expect(policies).toHaveLength(4);
      for (const policy of policies) {
        expect(JSON.stringify(policy.Properties)).toContain('"aws:SecureTransport":"false"');
      }
    }
  });

  it('lets only the app’s origin use the upload bucket from a browser, and aborts incomplete uploads', () => {
    const [uploads] = Object.entries(resourcesOf(demo.application, 'AWS::S3::Bucket')).filter(([id]) =>
      id.startsWith('Uploads'),
    );
    const distributionId = Object.keys(resourcesOf(demo.application, 'AWS::CloudFront::Distribution'))[0];
    expect(uploads?.[1].Properties).toMatchObject({
      CorsConfiguration: {
        CorsRules: [
          {
            AllowedMethods: ['PUT', 'GET'],
            AllowedOrigins: [
              { 'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [distributionId, 'DomainName'] }]] },
            ],
            AllowedHeaders: ['content-type', 'if-none-match'],
          },
        ],
      },
      LifecycleConfiguration: {
        Rules: [
          { AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 }, Status: 'Enabled' },
          {
            Id: 'ExpireExports',
            TagFilters: [{ Key: EXPORT_TAG.key, Value: EXPORT_TAG.value }],
            ExpirationInDays: EXPORT_EXPIRY_DAYS,
            NoncurrentVersionExpiration: { NoncurrentDays: EXPORT_EXPIRY_DAYS },
            Status: 'Enabled',
          },
        ],
      },
    });
  });

  it('expires export files, tagged, a day after they were made, on a production-like stage too (every version)', () => {
    const [uploads] = Object.entries(resourcesOf(production.application, 'AWS::S3::Bucket')).filter(([id]) =>
      id.startsWith('Uploads'),
    );
    expect(uploads?.[1].Properties?.['LifecycleConfiguration']).toEqual({
      Rules: expect.arrayContaining([
        {
          Id: 'ExpireExports',
          TagFilters: [{ Key: EXPORT_TAG.key, Value: EXPORT_TAG.value }],
          ExpirationInDays: 1,
          NoncurrentVersionExpiration: { NoncurrentDays: 1 },
          Status: 'Enabled',
        },
      ]),
    });
  });
});

describe('the export function', () => {
  it('writes export files only under each tenant’s exports/ folder, and reads files to sign downloads and embed photos', () => {
    const fn = functionsOf(demo).get('export');
    const writes = fn?.statements.find((statement) =>
      [statement.Action].flat().includes('s3:PutObjectTagging'),
    );
    expect([writes?.Action].flat().sort()).toEqual([
      's3:AbortMultipartUpload',
      's3:PutObject',
      's3:PutObjectTagging',
    ]);
    expect(JSON.stringify(writes?.Resource)).toContain('/tenants/*/exports/*');
    const actions = actionsOf(fn?.statements ?? []);
    expect(actions).toContain('s3:GetObject');
    expect(actions).not.toContain('s3:DeleteObject');
    expect(actions.filter((action) => TABLE_WRITES.includes(action))).toEqual([]);
  });

  it('may run as long as the HTTP API waits for it', () => {
    expect(functionsOf(demo).get('export')?.props['Timeout']).toBe(29);
  });
});

describe('sign-in', () => {
  it('allows no self sign-up and applies the shared password rule', () => {
    demo.auth.hasResourceProperties('AWS::Cognito::UserPool', {
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: true },
      Policies: {
        PasswordPolicy: {
          MinimumLength: PASSWORD_MIN_LENGTH,
          RequireLowercase: true,
          RequireUppercase: true,
          RequireNumbers: true,
          RequireSymbols: false,
        },
      },
      EmailConfiguration: {
        EmailSendingAccount: 'DEVELOPER',
        From: Match.stringLikeRegexp('no-reply@sitewalk.example'),
      },
    });
  });

  it('has one app client with the API’s flows, token revocation, short access and session-long refresh tokens', () => {
    demo.auth.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      ExplicitAuthFlows: ['ALLOW_ADMIN_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      GenerateSecret: false,
      EnableTokenRevocation: true,
      PreventUserExistenceErrors: 'ENABLED',
      AccessTokenValidity: 15,
      RefreshTokenValidity: SESSION_SECONDS / 60,
      TokenValidityUnits: Match.objectLike({ AccessToken: 'minutes', RefreshToken: 'minutes' }),
    });
  });

  it('sends from an SES identity for the stage’s mail domain, which only the mail worker may use', () => {
    demo.mail.hasResourceProperties('AWS::SES::EmailIdentity', { EmailIdentity: 'sitewalk.example' });
    const senders = [...functionsOf(demo)].filter(([, fn]) =>
      actionsOf(fn.statements).includes('ses:SendEmail'),
    );
    // Reset links (auth), the notice to the old address of a changed e-mail (user), alerts and summaries
    // (evaluator) and the assignee's notice (task) are queued in the outbox; only the mail worker sends (issue 28).
    expect(senders.map(([resource]) => resource)).toEqual(['mailOutbox']);
    const [, sender] = senders[0]!;
    const send = sender.statements.filter((st) => [st.Action].flat().includes('ses:SendEmail'));
    expect(send).toHaveLength(1);
    expect(JSON.stringify(send[0]?.Resource)).not.toContain('*');
    // The queuing functions have the app's URL for links, and no sender address.
    for (const [resource, fn] of functionsOf(demo)) {
      if (!['auth', 'user', 'task', 'evaluator'].includes(resource)) continue;
      const variables = Object.keys(fn.props.Environment?.Variables ?? {});
      expect(variables, resource).toContain('APP_URL');
      expect(variables, resource).not.toContain('MAIL_FROM');
    }
  });
});

describe('the edge: WAF and the origin secret (issue 27)', () => {
  const distributionConfigOf = (synth: Synthesized) =>
    Object.values(resourcesOf(synth.application, 'AWS::CloudFront::Distribution'))[0]?.Properties?.[
      'DistributionConfig'
    ] as Json & { CacheBehaviors: Json[]; Origins: (Json & { Id: string })[]; WebACLId: unknown };

  it('puts a web ACL for CloudFront in us-east-1, wherever the stage is', () => {
    expect(Stack.of(production.stacks.edge).region).toBe('us-east-1');
    expect(Stack.of(production.stacks.edge).account).toBe('123456789012');
    expect(production.stacks.edge.stackName).toBe('SiteWalk-acme-Edge');
    production.edge.resourceCountIs('AWS::WAFv2::WebACL', 1);
    production.edge.hasResourceProperties('AWS::WAFv2::WebACL', {
      Scope: 'CLOUDFRONT',
      DefaultAction: { Allow: {} },
    });
  });

  it('runs AWS’s common rule set, and limits each viewer address on the sign-in paths', () => {
    const acl = Object.values(resourcesOf(demo.edge, 'AWS::WAFv2::WebACL'))[0]?.Properties as Json & {
      Rules: Json[];
    };
    expect(acl.Rules).toEqual([
      expect.objectContaining({
        OverrideAction: { None: {} },
        Statement: {
          ManagedRuleGroupStatement: expect.objectContaining({
            VendorName: 'AWS',
            Name: 'AWSManagedRulesCommonRuleSet',
          }) as Json,
        },
      }),
      expect.objectContaining({
        Action: { Block: {} },
        Statement: {
          RateBasedStatement: {
            Limit: 100,
            EvaluationWindowSec: 300,
            AggregateKeyType: 'IP',
            ScopeDownStatement: {
              ByteMatchStatement: expect.objectContaining({
                FieldToMatch: { UriPath: {} },
                PositionalConstraint: 'STARTS_WITH',
                SearchString: SIGN_IN_PATH_PREFIX,
              }) as Json,
            },
          },
        },
      }),
    ]);
    // Every route of sign-in, refresh and password reset is under the limited prefix.
    for (const route of Object.values(routes as Record<string, RouteDef>).filter(isPublicAuthRoute))
      expect(route.path.startsWith(SIGN_IN_PATH_PREFIX), route.path).toBe(true);
  });

  it('puts the distribution behind the web ACL: in its region directly, from another through the CDK’s cross-region references', () => {
    const [aclId] = Object.keys(resourcesOf(demo.edge, 'AWS::WAFv2::WebACL'));
    expect(JSON.stringify(distributionConfigOf(demo).WebACLId)).toContain(aclId);
    // eu-west-1 reads the ARN the us-east-1 stack wrote to SSM.
    expect(JSON.stringify(distributionConfigOf(production).WebACLId)).toContain('ExportsReader');
    expect(Object.keys(production.edge.toJSON().Resources as Json).join()).toContain(
      'CrossRegionExportWriter',
    );
  });

  it('sends a secret generated at deploy with every request to the API, from Secrets Manager, never as text in a template', () => {
    const [secretId, secret] =
      Object.entries(resourcesOf(production.application, 'AWS::SecretsManager::Secret'))[0] ?? [];
    expect(secret?.Properties?.['GenerateSecretString']).toMatchObject({
      PasswordLength: 48,
      ExcludePunctuation: true,
    });
    const config = distributionConfigOf(production);
    const apiOrigin = config.Origins.find(
      (origin) => origin.Id === config.CacheBehaviors[0]?.['TargetOriginId'],
    );
    const headers = apiOrigin?.['OriginCustomHeaders'] as { HeaderName: string; HeaderValue: unknown }[];
    expect(headers.map((header) => header.HeaderName)).toEqual([ORIGIN_SECRET_HEADER]);
    const value = JSON.stringify(headers[0]?.HeaderValue);
    expect(value).toContain('{{resolve:secretsmanager:');
    expect(value).toContain(`"Ref":"${secretId}"`);
    // Only the API's origin gets it; the site bucket's does not.
    expect(config.Origins.filter((origin) => 'OriginCustomHeaders' in origin)).toHaveLength(1);
  });

  it('names the secret to every function behind the API, which may read that secret and no other; workers neither', () => {
    const [secretId] = Object.keys(resourcesOf(production.application, 'AWS::SecretsManager::Secret'));
    for (const [resource, fn] of functionsOf(production)) {
      const named = fn.props.Environment?.Variables['ORIGIN_SECRET_ARN'];
      const reads = fn.statements.filter((statement) =>
        [statement.Action].flat().includes('secretsmanager:GetSecretValue'),
      );
      if (resource in workerAccess) {
        expect(named, resource).toBeUndefined();
        expect(reads, resource).toEqual([]);
      } else {
        expect(named, resource).toEqual({ Ref: secretId });
        expect(
          reads.map((statement) => statement.Resource),
          resource,
        ).toEqual([{ Ref: secretId }]);
      }
    }
  });
});

describe('the web app on CloudFront', () => {
  const distributionOf = (synth: Synthesized) =>
    Object.values(resourcesOf(synth.application, 'AWS::CloudFront::Distribution'))[0]?.Properties?.[
      'DistributionConfig'
    ] as Json & {
      DefaultCacheBehavior: Json;
      CacheBehaviors: Json[];
      Origins: (Json & { Id: string })[];
    };

  it('serves the site bucket through origin access control, with the page router on viewer requests', () => {
    const config = distributionOf(demo);
    const [functionId] = Object.keys(resourcesOf(demo.application, 'AWS::CloudFront::Function'));
    expect(config.DefaultCacheBehavior).toMatchObject({
      ViewerProtocolPolicy: 'redirect-to-https',
      FunctionAssociations: [
        { EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [functionId, 'FunctionARN'] } },
      ],
    });
    const siteOrigin = config.Origins.find(
      (origin) => origin.Id === config.DefaultCacheBehavior['TargetOriginId'],
    );
    const [oacId] = Object.keys(resourcesOf(demo.application, 'AWS::CloudFront::OriginAccessControl'));
    expect(siteOrigin).toMatchObject({
      OriginAccessControlId: { 'Fn::GetAtt': [oacId, 'Id'] },
      S3OriginConfig: { OriginAccessIdentity: '' },
    });
    // The router is the build's: its code carries pages.json.
    const code = resourcesOf(demo.application, 'AWS::CloudFront::Function')[functionId ?? '']?.Properties?.[
      'FunctionCode'
    ];
    expect(code).toContain(`var PAGES = ${JSON.stringify(fakePages)};`);
    // No error-page rewrites: they would turn the API's 403 and 404 into a document.
    expect(config['CustomErrorResponses']).toBeUndefined();
  });

  it('sends /api/* to the HTTP API with caching off, every method, and the viewer’s headers but Host', () => {
    const config = distributionOf(demo);
    const [apiId] = Object.keys(resourcesOf(demo.application, 'AWS::ApiGatewayV2::Api'));
    expect(config.CacheBehaviors).toEqual([
      expect.objectContaining({
        PathPattern: '/api/*',
        AllowedMethods: ['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE'],
        CachePolicyId: '4135ea2d-6df8-44a3-9df3-4b5a84be39ad', // Managed-CachingDisabled
        OriginRequestPolicyId: 'b689b0a8-53d0-40ab-baf2-68738e2966ac', // Managed-AllViewerExceptHostHeader
        ViewerProtocolPolicy: 'https-only',
      }),
    ]);
    const apiOrigin = config.Origins.find(
      (origin) => origin.Id === config.CacheBehaviors[0]?.['TargetOriginId'],
    );
    expect(JSON.stringify(apiOrigin?.['DomainName'])).toContain(`"Ref":"${apiId}"`);
    expect(apiOrigin).toMatchObject({ CustomOriginConfig: { OriginProtocolPolicy: 'https-only' } });
  });

  it('sets CSP, HSTS, nosniff and frame-ancestors on every answer, the API’s included', () => {
    const [policyId, policy] =
      Object.entries(resourcesOf(demo.application, 'AWS::CloudFront::ResponseHeadersPolicy'))[0] ?? [];
    const headers = (policy?.Properties?.['ResponseHeadersPolicyConfig'] as Json)[
      'SecurityHeadersConfig'
    ] as Json;
    expect(headers).toMatchObject({
      StrictTransportSecurity: {
        AccessControlMaxAgeSec: 63_072_000,
        IncludeSubdomains: true,
        Override: true,
      },
      ContentTypeOptions: { Override: true },
      FrameOptions: { FrameOption: 'DENY' },
    });
    const csp = JSON.stringify((headers['ContentSecurityPolicy'] as Json)['ContentSecurityPolicy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self';");
    const config = distributionOf(demo);
    for (const behavior of [config.DefaultCacheBehavior, ...config.CacheBehaviors]) {
      expect(behavior['ResponseHeadersPolicyId']).toEqual({ Ref: policyId });
    }
  });

  it('deploys the build with config.json written from deploy-time values and invalidates the documents, the service worker and the manifest', () => {
    demo.application.hasResourceProperties('Custom::CDKBucketDeployment', {
      DistributionPaths: [
        '/404.html',
        '/app.html',
        '/index.html',
        '/login.html',
        '/sw.js',
        '/manifest.webmanifest',
        '/config.json',
      ],
      SystemMetadata: { 'cache-control': 'no-cache' },
      SourceMarkers: Match.arrayWith([
        Match.objectLike({
          // The map key's value, known only once deployed (the v2 style needs no map resource), in the
          // Standard, Satellite and Hybrid styles' URLs.
          '<<marker:0xbaba:0>>': { 'Fn::GetAtt': [Match.stringLikeRegexp('MapsReadMapKey'), 'Key'] },
          '<<marker:0xbaba:1>>': { 'Fn::GetAtt': [Match.stringLikeRegexp('MapsReadMapKey'), 'Key'] },
          '<<marker:0xbaba:2>>': { 'Fn::GetAtt': [Match.stringLikeRegexp('MapsReadMapKey'), 'Key'] },
        }),
      ]),
    });
  });

  it('caches hashed assets for a year and revalidates the documents, the service worker and the manifest, each deployed by its own deployment', () => {
    const deployments = Object.values(resourcesOf(demo.application, 'Custom::CDKBucketDeployment'));
    const filesOf = (deployment: (typeof deployments)[number]) =>
      (deployment.Properties?.['SourceObjectKeys'] as string[])
        .flatMap((key) => {
          const dir = join(demo.assembly.directory, `asset.${key.replace(/\.zip$/, '')}`);
          // Source.jsonData's file is written at deploy time: no staged directory.
          return existsSync(dir) ? readdirSync(dir, { recursive: true, withFileTypes: true }) : [];
        })
        .filter((entry) => entry.isFile())
        .map((entry) => entry.name)
        .sort();
    const byCache = new Map(
      deployments.map((deployment) => [
        (deployment.Properties?.['SystemMetadata'] as Record<string, string>)['cache-control'],
        filesOf(deployment),
      ]),
    );
    // The Workbox chunk the service worker imports has a hashed name: an asset like any other.
    expect(byCache.get('public, max-age=31536000, immutable')).toEqual(['index-abc.js', 'workbox-abc.js']);
    expect(byCache.get('no-cache')).toEqual([
      '404.html',
      'app.html',
      'config.json',
      'index.html',
      'login.html',
      'manifest.webmanifest',
      'sw.js',
    ]);
  });

  it('writes config.json with the API path and region, its map style completed at deploy time', () => {
    const [staged] = readdirSync(demo.assembly.directory, { recursive: true, encoding: 'utf8' }).filter(
      (path) => path.endsWith('config.json'),
    );
    const config = JSON.parse(readFileSync(join(demo.assembly.directory, staged ?? ''), 'utf8')) as Record<
      string,
      unknown
    >;
    expect(config).toMatchObject({
      apiBasePath: '/api',
      region: 'us-east-1',
      contactEmail: demoContext.opsEmail,
      contactName: 'the SiteWalk team',
    });
    // The Maps API v2's Standard style; the key's value is a marker the deployment fills in.
    expect(config['mapStyleUrl']).toMatch(
      /^https:\/\/maps\.geo\.us-east-1\.amazonaws\.com\/v2\/styles\/Standard\/descriptor\?key=<<marker:0xbaba:0>>$/,
    );
    // Walk setup's imagery: the Satellite and Hybrid styles, with the same key.
    expect(config['imageryStyleUrls']).toEqual({
      satellite: expect.stringMatching(
        /^https:\/\/maps\.geo\.us-east-1\.amazonaws\.com\/v2\/styles\/Satellite\/descriptor\?key=<<marker:0xbaba:1>>$/,
      ),
      hybrid: expect.stringMatching(
        /^https:\/\/maps\.geo\.us-east-1\.amazonaws\.com\/v2\/styles\/Hybrid\/descriptor\?key=<<marker:0xbaba:2>>$/,
      ),
    });
    // What the app reads it with accepts it.
    expect(runtimeConfig.safeParse(config).success).toBe(true);
  });

  /** AWS's provider of a v2 API in the stack's region (whose partition the CDK knows: `aws`). */
  const providerArn = (service: string, region: string) => `arn:aws:${service}:${region}::provider/default`;

  it('uses the Maps and Places APIs v2: no map or place index of its own', () => {
    for (const synth of [demo, production]) {
      synth.application.resourceCountIs('AWS::Location::Map', 0);
      synth.application.resourceCountIs('AWS::Location::PlaceIndex', 0);
      synth.application.resourceCountIs('AWS::Location::APIKey', 1);
    }
  });

  it('geocodes only from the geo function, on the Places provider of its region', () => {
    const geocoders = [...functionsOf(demo)].filter(([, fn]) =>
      actionsOf(fn.statements).includes(GEOCODE_ACTION),
    );
    expect(geocoders.map(([resource]) => resource)).toEqual(['geo']);
    expect(GEOCODE_ACTION).toBe('geo-places:Geocode');
    for (const [synth, region] of [
      [demo, 'us-east-1'],
      [production, 'eu-west-1'],
    ] as const) {
      const statements = functionsOf(synth).get('geo')?.statements ?? [];
      const geocoding = statements.filter((statement) => [statement.Action].flat().includes(GEOCODE_ACTION));
      expect(geocoding).toEqual([
        expect.objectContaining({ Action: GEOCODE_ACTION, Resource: providerArn('geo-places', region) }),
      ]);
      // No place index any more, so no name of one in the environment.
      expect(Object.keys(functionsOf(synth).get('geo')?.props.Environment?.Variables ?? {})).not.toContain(
        'PLACE_INDEX_NAME',
      );
    }
  });

  it('limits the map key to map tiles from the Maps provider, from the app’s origin', () => {
    // Standard (vector.basemap), Satellite (raster.satellite) and Hybrid (both) are all drawn from GetTile;
    // descriptors, glyphs and sprites need no action; no static maps. Exactly GetTile, then.
    expect(MAP_KEY_ACTIONS).toEqual(['geo-maps:GetTile']);
    expect(Object.values(MAP_STYLES)).toEqual(['Standard', 'Satellite', 'Hybrid']);
    for (const [synth, region] of [
      [demo, 'us-east-1'],
      [production, 'eu-west-1'],
    ] as const) {
      const distributionId = Object.keys(resourcesOf(synth.application, 'AWS::CloudFront::Distribution'))[0];
      synth.application.hasResourceProperties('AWS::Location::APIKey', {
        NoExpiry: true,
        Restrictions: {
          AllowActions: ['geo-maps:GetTile'],
          AllowResources: [providerArn('geo-maps', region)],
          AllowReferers: [
            { 'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [distributionId, 'DomainName'] }, '/*']] },
          ],
        },
      });
    }
  });

  it('lets the page load the style, tiles, glyphs and sprites from the Maps API host only', () => {
    const [policy] = Object.values(resourcesOf(demo.application, 'AWS::CloudFront::ResponseHeadersPolicy'));
    const csp = JSON.stringify(policy?.Properties);
    expect(csp).toContain(
      "connect-src 'self' https://*.s3.us-east-1.amazonaws.com https://maps.geo.us-east-1.amazonaws.com;",
    );
    expect(csp).toContain(
      "img-src 'self' data: blob: https://*.s3.us-east-1.amazonaws.com https://maps.geo.us-east-1.amazonaws.com;",
    );
    // MapLibre's worker comes from the app's own bundle (same origin: MapLibre makes no blob of it), and so
    // does the service worker; the web app manifest is the site's own.
    expect(csp).toContain("worker-src 'self';");
    expect(csp).not.toMatch(/worker-src[^;]*blob:/);
    expect(csp).toContain("manifest-src 'self';");
  });
});

describe('the cleanup worker', () => {
  const cleanup = () => {
    const fn = functionsOf(demo).get('cleanup');
    if (!fn) throw new Error('no cleanup function');
    return fn;
  };

  it('reads only the table’s stream, with the records its filter matches, reports partial batch failures and gives up a failing record to a queue', () => {
    const queueId = Object.keys(resourcesOf(demo.application, 'AWS::SQS::Queue')).find((id) =>
      id.startsWith('Cleanup'),
    );
    const mappings = Object.values(resourcesOf(demo.application, 'AWS::Lambda::EventSourceMapping')).filter(
      (m) => JSON.stringify(m.Properties?.['FunctionName']).includes(cleanup().logicalId),
    );
    expect(mappings).toHaveLength(1);
    expect(mappings[0]?.Properties).toMatchObject({
      FunctionName: { Ref: cleanup().logicalId },
      EventSourceArn: { 'Fn::ImportValue': expect.stringMatching(/Table\w*StreamArn/) },
      StartingPosition: 'TRIM_HORIZON',
      BisectBatchOnFunctionError: true,
      MaximumRetryAttempts: STREAM_RETRIES,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      FilterCriteria: { Filters: [{ Pattern: JSON.stringify(streamFilter) }] },
      DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [queueId, 'Arn'] } } },
    });
    const streamStatement = cleanup().statements.find((s) =>
      [s.Action].flat().includes('dynamodb:GetRecords'),
    );
    expect(JSON.stringify(streamStatement?.Resource)).toMatch(/Table\w*StreamArn/);
    // The API's functions never read the stream.
    for (const [resource, fn] of functionsOf(demo)) {
      if (resource === 'cleanup' || resource === 'mailOutbox') continue;
      expect(
        actionsOf(fn.statements).filter((a) => STREAM_READS.includes(a)),
        resource,
      ).toEqual([]);
    }
  });

  it('keeps given-up batches encrypted for two weeks, and resumes stalled cleanups on a schedule', () => {
    demo.application.hasResourceProperties('AWS::SQS::Queue', {
      SqsManagedSseEnabled: true,
      MessageRetentionPeriod: 14 * 24 * 3600,
    });
    const rules = Object.values(resourcesOf(demo.application, 'AWS::Events::Rule')).filter((rule) =>
      JSON.stringify(rule.Properties?.['Targets']).includes(cleanup().logicalId),
    );
    expect(rules).toHaveLength(1);
    expect(rules[0]?.Properties).toMatchObject({
      ScheduleExpression: 'rate(5 minutes)',
      Targets: [expect.objectContaining({ Arn: { 'Fn::GetAtt': [cleanup().logicalId, 'Arn'] } })],
    });
    expect(cleanup().props).toMatchObject({ Timeout: 300 });
  });
});

describe('the mail worker (issue 28)', () => {
  const mail = () => {
    const fn = functionsOf(demo).get('mailOutbox');
    if (!fn) throw new Error('no mail worker');
    return fn;
  };

  it('takes only new outbox items from the stream, reports partial batch failures and dead-letters given-up batches', () => {
    const queueId = Object.keys(resourcesOf(demo.application, 'AWS::SQS::Queue')).find((id) =>
      id.startsWith('Mail'),
    );
    const mappings = Object.values(resourcesOf(demo.application, 'AWS::Lambda::EventSourceMapping')).filter(
      (m) => JSON.stringify(m.Properties?.['FunctionName']).includes(mail().logicalId),
    );
    expect(mappings).toHaveLength(1);
    expect(mappings[0]?.Properties).toMatchObject({
      EventSourceArn: { 'Fn::ImportValue': expect.stringMatching(/Table\w*StreamArn/) },
      StartingPosition: 'TRIM_HORIZON',
      BisectBatchOnFunctionError: true,
      MaximumRetryAttempts: STREAM_RETRIES,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      FilterCriteria: { Filters: [{ Pattern: JSON.stringify(mailStreamFilter) }] },
      DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [queueId, 'Arn'] } } },
    });
    expect(mailStreamFilter).toMatchObject({ eventName: ['INSERT'] });
  });

  it('sweeps the mails due for another attempt every minute', () => {
    const rules = Object.values(resourcesOf(demo.application, 'AWS::Events::Rule')).filter((rule) =>
      JSON.stringify(rule.Properties?.['Targets']).includes(mail().logicalId),
    );
    expect(rules).toHaveLength(1);
    expect(rules[0]?.Properties).toMatchObject({ ScheduleExpression: 'rate(1 minute)' });
  });

  it('may send mail from the stage identity alone, read the stream, read and write the table; it needs no app URL', () => {
    const actions = actionsOf(mail().statements);
    expect(actions).toEqual(
      expect.arrayContaining(['ses:SendEmail', 'dynamodb:GetItem', 'dynamodb:UpdateItem']),
    );
    expect(
      actions.filter((a) => a.startsWith('cognito-idp:') || a.startsWith('s3:') || a.startsWith('kms:')),
    ).toEqual([]);
    const variables = Object.keys(mail().props.Environment?.Variables ?? {});
    expect(variables).toContain('MAIL_FROM');
    expect(variables).not.toContain('APP_URL');
  });

  it('raises alarms on its errors, a given-up batch and falling behind the stream', () => {
    const alarms = Object.values(resourcesOf(demo.operations, 'AWS::CloudWatch::Alarm')).map((a) =>
      JSON.stringify(a.Properties),
    );
    expect(alarms.some((a) => a.includes('mailOutbox worker gave up a batch'))).toBe(true);
    expect(alarms.some((a) => a.includes('mailOutbox worker is more than 15 minutes behind'))).toBe(true);
  });
});

describe('the missed-walk evaluator', () => {
  const evaluator = () => {
    const fn = functionsOf(demo).get('evaluator');
    if (!fn) throw new Error('no evaluator function');
    return fn;
  };
  const schedule = () => {
    const schedules = Object.values(resourcesOf(demo.application, 'AWS::Scheduler::Schedule')).filter(
      (schedule) => JSON.stringify(schedule.Properties?.['Target']).includes(evaluator().logicalId),
    );
    expect(schedules).toHaveLength(1);
    return schedules[0]!.Properties as {
      ScheduleExpression: string;
      State: string;
      Target: {
        Arn: unknown;
        RoleArn: { 'Fn::GetAtt': [string, string] };
        DeadLetterConfig: { Arn: unknown };
      };
    } & Record<string, unknown>;
  };

  it(`is invoked by EventBridge Scheduler every ${EVALUATOR_INTERVAL_MINUTES} minutes, failures kept in an encrypted queue`, () => {
    const queueId = Object.keys(resourcesOf(demo.application, 'AWS::SQS::Queue')).find((id) =>
      id.startsWith('Evaluator'),
    );
    expect(queueId).toBeDefined();
    expect(schedule()).toMatchObject({
      ScheduleExpression: `rate(${EVALUATOR_INTERVAL_MINUTES} minutes)`,
      State: 'ENABLED',
      Target: {
        Arn: { 'Fn::GetAtt': [evaluator().logicalId, 'Arn'] },
        RetryPolicy: {
          MaximumRetryAttempts: SCHEDULE_RETRIES,
          MaximumEventAgeInSeconds: EVALUATOR_INTERVAL_MINUTES * 60,
        },
        DeadLetterConfig: { Arn: { 'Fn::GetAtt': [queueId, 'Arn'] } },
      },
    });
    expect(resourcesOf(demo.application, 'AWS::SQS::Queue')[queueId!]?.Properties).toMatchObject({
      SqsManagedSseEnabled: true,
    });
  });

  it('invokes through a role of its own that may invoke the evaluator and nothing else', () => {
    const [roleId] = schedule().Target.RoleArn['Fn::GetAtt'];
    const role = resourcesOf(demo.application, 'AWS::IAM::Role')[roleId];
    expect(JSON.stringify(role?.Properties)).toContain('scheduler.amazonaws.com');
    const statements = Object.values(resourcesOf(demo.application, 'AWS::IAM::Policy'))
      .filter((policy) =>
        (policy.Properties as { Roles: { Ref: string }[] }).Roles.some((r) => r.Ref === roleId),
      )
      .flatMap(
        (policy) =>
          (policy.Properties as { PolicyDocument: { Statement: { Action: unknown; Resource: unknown }[] } })
            .PolicyDocument.Statement,
      );
    const actions = statements.flatMap((st) => [st.Action].flat());
    expect(new Set(actions)).toEqual(new Set(['lambda:InvokeFunction', 'sqs:SendMessage']));
    const invoke = statements.filter((st) => [st.Action].flat().includes('lambda:InvokeFunction'));
    // The function, and its versions (`<arn>:*`): no other function.
    const functions = invoke.flatMap((st) => [st.Resource].flat());
    expect(functions).toHaveLength(2);
    for (const resource of functions) expect(JSON.stringify(resource)).toContain(evaluator().logicalId);
    const send = statements.filter((st) => [st.Action].flat().includes('sqs:SendMessage'));
    expect(JSON.stringify(send.map((st) => st.Resource))).toMatch(/"Evaluator\w*Failed\w*"/);
  });

  it('queues mails, reads and writes the table, and reads no stream', () => {
    const { Environment } = evaluator().props as { Environment: { Variables: Record<string, unknown> } };
    expect(Object.keys(Environment.Variables)).toEqual(expect.arrayContaining(['APP_URL', 'TABLE_NAME']));
    const actions = actionsOf(evaluator().statements);
    expect(actions).toEqual(expect.arrayContaining(['dynamodb:PutItem', 'dynamodb:Query']));
    expect(actions).not.toContain('ses:SendEmail');
    expect(actions.filter((a) => STREAM_READS.includes(a))).toEqual([]);
  });

  it('raises an alarm when the scheduler gives up a run, and shows its runs on the dashboard', () => {
    const alarms = Object.values(resourcesOf(demo.operations, 'AWS::CloudWatch::Alarm')).map(
      (a) => (a.Properties as { AlarmDescription: string }).AlarmDescription,
    );
    expect(alarms).toEqual(
      expect.arrayContaining([
        'SiteWalk demo: the scheduler gave up invoking the evaluator',
        'SiteWalk demo: the evaluator Lambda failed',
      ]),
    );
    const dashboard = JSON.stringify(resourcesOf(demo.operations, 'AWS::CloudWatch::Dashboard'));
    expect(dashboard).toContain('AlertsRaised');
    expect(dashboard).toContain('SchedulesChecked');
  });
});

describe('the audit log', () => {
  const auditKeyOf = (synth: Synthesized) => {
    const keys = Object.entries(resourcesOf(synth.data, 'AWS::KMS::Key')).filter(
      ([, key]) => key.Properties?.['KeySpec'] === 'HMAC_256',
    );
    expect(keys).toHaveLength(1);
    return keys[0]!;
  };
  const anchorBucketOf = (synth: Synthesized) => {
    const buckets = Object.entries(resourcesOf(synth.application, 'AWS::S3::Bucket')).filter(
      ([, bucket]) => bucket.Properties?.['ObjectLockEnabled'] === true,
    );
    expect(buckets).toHaveLength(1);
    return buckets[0]!;
  };
  const anchorWorker = () => {
    const fn = functionsOf(demo).get('auditAnchor');
    if (!fn) throw new Error('no auditAnchor function');
    return fn;
  };

  it('signs entries with an HMAC_256 KMS key of the data stack, kept as long as the table, its ARN an output', () => {
    for (const synth of [demo, production]) {
      expect(auditKeyOf(synth)[1].Properties).toMatchObject({
        KeySpec: 'HMAC_256',
        KeyUsage: 'GENERATE_VERIFY_MAC',
      });
      synth.data.hasOutput('AuditKeyArn', {});
    }
    expect(auditKeyOf(production)[1]['DeletionPolicy']).toBe('Retain');
  });

  it('lets only the functions that write audit entries GenerateMac with it, and none VerifyMac', () => {
    const [keyId] = auditKeyOf(demo);
    const signers: string[] = [];
    for (const [resource, fn] of functionsOf(demo)) {
      const actions = actionsOf(fn.statements);
      expect(actions, resource).not.toContain('kms:VerifyMac');
      const onKey = fn.statements.filter((statement) => JSON.stringify(statement.Resource).includes(keyId));
      if (onKey.length === 0) continue;
      signers.push(resource);
      expect(
        onKey.flatMap((statement) => [statement.Action].flat()),
        resource,
      ).toEqual(['kms:GenerateMac']);
      expect(JSON.stringify(fn.props.Environment?.Variables['AUDIT_KEY_ID'])).toBe(
        JSON.stringify(onKey[0]?.Resource),
      );
    }
    const writers = Object.entries({ ...resourceAccess, ...workerAccess })
      .filter(([, access]) => 'auditWriter' in access)
      .map(([name]) => name);
    expect(signers.sort()).toEqual(writers.sort());
    expect(signers).toEqual(expect.arrayContaining(['auth', 'user', 'walk', 'incident', 'task']));
    expect(signers).not.toContain('export');
    expect(signers).not.toContain('auditAnchor');
  });

  it('anchors heads in a bucket with Object Lock in compliance mode, versioned, logged and kept on every stage', () => {
    for (const synth of [demo, production]) {
      const [, bucket] = anchorBucketOf(synth);
      expect(bucket['DeletionPolicy']).toBe('Retain');
      expect(bucket.Properties).toMatchObject({
        ObjectLockEnabled: true,
        ObjectLockConfiguration: {
          ObjectLockEnabled: 'Enabled',
          Rule: { DefaultRetention: { Mode: 'COMPLIANCE', Days: AUDIT_ANCHOR_RETENTION_DAYS } },
        },
        VersioningConfiguration: { Status: 'Enabled' },
        LoggingConfiguration: { LogFilePrefix: 's3/AuditAnchors/' },
      });
      synth.application.hasOutput('AuditAnchorBucketName', {});
    }
  });

  it(`runs the anchor worker every ${AUDIT_ANCHOR_INTERVAL_MINUTES} minutes; it reads the table and adds anchors to that bucket only`, () => {
    const [bucketId] = anchorBucketOf(demo);
    const schedules = Object.values(resourcesOf(demo.application, 'AWS::Scheduler::Schedule')).filter(
      (schedule) => JSON.stringify(schedule.Properties?.['Target']).includes(anchorWorker().logicalId),
    );
    expect(schedules).toHaveLength(1);
    expect(schedules[0]?.Properties).toMatchObject({
      ScheduleExpression: `rate(${AUDIT_ANCHOR_INTERVAL_MINUTES / 60} hour)`,
      State: 'ENABLED',
      Target: { Arn: { 'Fn::GetAtt': [anchorWorker().logicalId, 'Arn'] } },
    });
    const { statements, props } = anchorWorker();
    expect(props.Environment?.Variables['AUDIT_ANCHOR_BUCKET']).toEqual({ Ref: bucketId });
    const actions = actionsOf(statements);
    expect(actions.filter((action) => TABLE_WRITES.includes(action))).toEqual([]);
    for (const statement of statements.filter((st) => actionsOf([st]).some((a) => a.startsWith('s3:')))) {
      expect(JSON.stringify(statement.Resource)).toContain(bucketId);
    }
    expect(actions).not.toContain('s3:DeleteObject');
  });
});

describe('the walk-photo worker', () => {
  const walkPhoto = () => {
    const fn = functionsOf(demo).get('walkPhoto');
    if (!fn) throw new Error('no walkPhoto function');
    return fn;
  };

  it('is notified by the upload bucket of every object created under tenants/, and by nothing else', () => {
    const notifications = Object.values(resourcesOf(demo.application, 'Custom::S3BucketNotifications'));
    expect(notifications).toHaveLength(1);
    const configuration = notifications[0]?.Properties?.['NotificationConfiguration'] as {
      LambdaFunctionConfigurations: unknown[];
    };
    expect(configuration.LambdaFunctionConfigurations).toEqual([
      {
        Events: ['s3:ObjectCreated:*'],
        Filter: { Key: { FilterRules: [{ Name: 'prefix', Value: 'tenants/' }] } },
        LambdaFunctionArn: { 'Fn::GetAtt': [walkPhoto().logicalId, 'Arn'] },
      },
    ]);
    expect(JSON.stringify(notifications[0]?.Properties?.['BucketName'])).toMatch(/Uploads/);
    // Only S3, for this bucket and account, may invoke it.
    const permissions = Object.values(resourcesOf(demo.application, 'AWS::Lambda::Permission')).filter(
      (permission) => JSON.stringify(permission.Properties?.['FunctionName']).includes(walkPhoto().logicalId),
    );
    expect(permissions).toHaveLength(1);
    expect(permissions[0]?.Properties).toMatchObject({
      Action: 'lambda:InvokeFunction',
      Principal: 's3.amazonaws.com',
      SourceAccount: { Ref: 'AWS::AccountId' },
      SourceArn: { 'Fn::GetAtt': [expect.stringMatching(/^Uploads/), 'Arn'] },
    });
  });

  it('tries a failed event again, then gives it up to an encrypted queue kept two weeks', () => {
    const queueId = Object.keys(resourcesOf(demo.application, 'AWS::SQS::Queue')).find((id) =>
      id.startsWith('WalkPhotos'),
    );
    expect(queueId).toBeDefined();
    expect(resourcesOf(demo.application, 'AWS::SQS::Queue')[queueId!]?.Properties).toMatchObject({
      SqsManagedSseEnabled: true,
      MessageRetentionPeriod: 14 * 24 * 3600,
    });
    demo.application.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
      FunctionName: { Ref: walkPhoto().logicalId },
      MaximumRetryAttempts: UPLOAD_EVENT_RETRIES,
      DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [queueId, 'Arn'] } } },
    });
  });

  it('reads only walk and lock check photos, detects text, writes the table, and nothing else', () => {
    const statements = walkPhoto().statements;
    const reads = statements.filter((s) => [s.Action].flat().includes('s3:GetObject'));
    expect(reads).toHaveLength(1);
    expect(JSON.stringify(reads[0]?.Resource)).toContain('/tenants/*/walk-photo/*');
    expect(JSON.stringify(reads[0]?.Resource)).toContain('/tenants/*/lock-photo/*');
    expect(JSON.stringify(reads[0]?.Resource)).not.toContain('incident-photo');
    const detect = statements.filter((s) => [s.Action].flat().includes(DETECT_TEXT_ACTION));
    expect(detect.map((s) => s.Action)).toEqual([DETECT_TEXT_ACTION]);
    const actions = actionsOf(statements);
    expect(actions).toEqual(expect.arrayContaining(['dynamodb:UpdateItem', 'dynamodb:Query']));
    expect(actions.filter((a) => ['s3:PutObject', 's3:DeleteObject', 's3:ListBucket'].includes(a))).toEqual(
      [],
    );
    expect(actions.filter((a) => STREAM_READS.includes(a))).toEqual([]);
    // No other function may call Rekognition.
    for (const [resource, fn] of functionsOf(demo)) {
      if (resource !== 'walkPhoto')
        expect(actionsOf(fn.statements), resource).not.toContain(DETECT_TEXT_ACTION);
    }
  });

  it('raises an alarm when an upload event is given up, and on the function’s errors', () => {
    const alarms = Object.values(resourcesOf(demo.operations, 'AWS::CloudWatch::Alarm')).map(
      (a) => (a.Properties as { AlarmDescription: string }).AlarmDescription,
    );
    expect(alarms).toEqual(
      expect.arrayContaining([
        'SiteWalk demo: the walkPhoto worker gave up an upload event',
        'SiteWalk demo: the walkPhoto Lambda failed',
      ]),
    );
  });
});

describe('the page router (the CloudFront Function, and the local host)', () => {
  const served = createPageRouter(fakePages);

  it.each([
    ['/', '/index.html'],
    ['/login', '/login.html'],
    ['/login/', '/login.html'],
    ['/app', '/app.html'],
    ['/app/', '/app.html'],
    ['/app/locations/12', '/app.html'],
    ['/app/locations/12/walk-report/7', '/app.html'],
    ['/reset-password/confirm/abc-DEF_123', '/login.html'],
    ['/application', '/404.html'],
    ['/no-such-page', '/404.html'],
  ])('gives %s the document %s', (uri, document) => expect(served(uri)).toBe(document));

  it.each([
    '/index.html',
    '/config.json',
    '/assets/index-B2x9.js',
    '/favicon.ico',
    '/app/v1.2/x.css',
    // The installable app's files: the service worker, its Workbox chunk, the manifest, the icons.
    '/sw.js',
    '/workbox-790d44ab.js',
    '/manifest.webmanifest',
    '/icons/maskable-512.png',
  ])('leaves the file %s alone', (uri) => expect(served(uri)).toBe(uri));
});

describe('operations', () => {
  it('alarms on API 5xx, every function’s errors and throttles, and table throttling, to the ops address', () => {
    const alarms = Object.values(resourcesOf(production.operations, 'AWS::CloudWatch::Alarm'));
    const metrics = alarms.map(
      (alarm) => (alarm.Properties?.['MetricName'] as string | undefined) ?? 'expression',
    );
    expect(metrics.filter((name) => name === '5xx')).toHaveLength(1);
    expect(metrics.filter((name) => name === 'Errors')).toHaveLength(resources.length + workers.length);
    expect(metrics.filter((name) => name === 'Throttles')).toHaveLength(resources.length + workers.length);
    expect(metrics.filter((name) => name === 'ApproximateNumberOfMessagesVisible')).toHaveLength(
      workers.length,
    );
    const streamWorkers = workers.filter((worker) => 'stream' in workerAccess[worker]);
    expect(metrics.filter((name) => name === 'IteratorAge')).toHaveLength(streamWorkers.length);
    expect(JSON.stringify(alarms)).toContain('ReadThrottleEvents');
    expect(JSON.stringify(alarms)).toContain('WriteThrottleEvents');
    const [topicId] = Object.keys(resourcesOf(production.operations, 'AWS::SNS::Topic'));
    for (const alarm of alarms) {
      expect(alarm.Properties?.['AlarmActions']).toEqual([{ Ref: topicId }]);
      if (alarm.Properties?.['MetricName'] !== 'IteratorAge') expect(alarm.Properties?.['Threshold']).toBe(1);
    }
    production.operations.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: 'ops@acme-storage.com',
    });
    production.operations.hasResourceProperties('AWS::SNS::Topic', { KmsMasterKeyId: Match.anyValue() });
    production.operations.resourceCountIs('AWS::CloudWatch::Dashboard', 1);
  });

  it('builds in any region and account: the stacks name their environment', () => {
    expect(Stack.of(production.stacks.application).region).toBe('eu-west-1');
  });

  it('outputs what create-super-user reads: the table, the user pool and client, the URL', () => {
    expect(Object.keys(production.data.toJSON().Outputs)).toContain('TableName');
    expect(Object.keys(production.auth.toJSON().Outputs)).toEqual(
      expect.arrayContaining(['UserPoolId', 'UserPoolClientId']),
    );
    expect(Object.keys(production.application.toJSON().Outputs)).toContain('AppUrl');
  });
});
