/**
 * Creates, if absent, what the CDK app creates in AWS: the table, the user pool and its app client, and
 * the upload bucket with its CORS rule. Safe to run on every start (data kept under .data/ survives).
 *
 * Quirks measured against the stand-ins (see also docs/architecture.md, The local host, and
 * standins/cognito-local.mjs):
 * - Readiness on this machine: DynamoDB Local ~3.0–3.7 s, cognito-local ~1–1.8 s, s3rver and
 *   aws-ses-v2-local at once (~1.5 s on a cold module load); stop() ~1.5 s (Java shuts down on SIGTERM).
 * - DynamoDB Local creates tables ACTIVE at once; UpdateTimeToLive works and DescribeTimeToLive reports it.
 *   Its database file is `<accessKey>_<region>.db`, hence the one fixed key and region.
 * - cognito-local signs tokens with `iss` = `<TokenConfig.IssuerDomain>/<poolId>`; the stand-ins pin
 *   IssuerDomain to the cognito endpoint, so the issuer is `${endpoints.cognito}/${userPoolId}`, e.g.
 *   `http://127.0.0.1:3002/local_7cqOAbim` (AWS: `https://cognito-idp.<region>.amazonaws.com/<poolId>`).
 *   Its openid-configuration document hard-codes localhost:9229: use jwksUrl below, never discovery.
 * - cognito-local gives new pools UsernameAttributes ["email"] unless its config says otherwise (the
 *   stand-ins' config does); with it, AdminCreateUser refuses any username that is not an e-mail.
 * - cognito-local keeps but does not enforce the password policy; the API checks passwords itself.
 *   Without an app-client validity it issues 24 h tokens; the client below asks for AWS's 60 min.
 * - s3rver serves virtual-host-style only under *.amazonaws.com (clients: forcePathStyle), never checks
 *   SigV4 signatures but refuses unknown access keys, and answers an allowed CORS preflight with `*`.
 * - S3 presigning (SDK 3.11xx): content-type is signed only with `signableHeaders: new Set(['content-type'])`,
 *   and unless the client has `requestChecksumCalculation: 'WHEN_REQUIRED'` the URL carries the CRC32 of an
 *   empty body, which real S3 rejects for any other body (s3rver ignores it).
 * - cognito-local has TOTP only half-way (a user with a verified key still signs in without a code through
 *   AdminInitiateAuth, MFA sessions are not checked, AdminSetUserMFAPreference and the MFA_SETUP flow are
 *   missing); standins/cognito-local.mjs answers them as Cognito does, with otplib.
 * - aws-ses-v2-local keeps mails in memory per process, shared by every test file: find yours by recipient.
 */
import {
  CreateTableCommand,
  DescribeTableCommand,
  DescribeTimeToLiveCommand,
  DynamoDBClient,
  ResourceNotFoundException,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
  type TableDescription,
} from '@aws-sdk/client-dynamodb';
import {
  CognitoIdentityProviderClient,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  DescribeUserPoolCommand,
  ListUserPoolClientsCommand,
  ListUserPoolsCommand,
  UpdateUserPoolClientCommand,
  type ExplicitAuthFlowsType,
  type ListUserPoolClientsCommandOutput,
  type ListUserPoolsCommandOutput,
  type UserPoolClientDescription,
} from '@aws-sdk/client-cognito-identity-provider';
import {
  CreateBucketCommand,
  HeadBucketCommand,
  PutBucketCorsCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { createTableInput, tableDefinition } from '@sitewalk/functions/db/table';
import type { StandInsInfo } from './standins/index.ts';

export interface ProvisionNames {
  tableName: string;
  bucketName: string;
  userPoolName: string;
  /** The origin the SPA is served from; the bucket's CORS rule allows it to PUT and GET. */
  appOrigin: string;
}

export interface Provisioned {
  tableName: string;
  bucketName: string;
  userPoolId: string;
  userPoolClientId: string;
  jwksUrl: string;
  /** The `iss` claim of the pool's tokens. */
  issuer: string;
}

const EXPLICIT_AUTH_FLOWS: ExplicitAuthFlowsType[] = [
  'ALLOW_ADMIN_USER_PASSWORD_AUTH',
  'ALLOW_USER_PASSWORD_AUTH',
  'ALLOW_REFRESH_TOKEN_AUTH',
];

const clientConfig = (standIns: StandInsInfo, endpoint: string) => ({
  endpoint,
  region: standIns.region,
  credentials: { ...standIns.credentials }, // a copy: the SDK writes into it
});

const provisionTable = async (standIns: StandInsInfo, tableName: string): Promise<void> => {
  const dynamodb = new DynamoDBClient(clientConfig(standIns, standIns.endpoints.dynamodb));
  try {
    const input = createTableInput(tableName);
    let existing: TableDescription | undefined;
    try {
      existing = (await dynamodb.send(new DescribeTableCommand({ TableName: tableName }))).Table;
    } catch (error) {
      if (!(error instanceof ResourceNotFoundException)) throw error;
    }
    if (!existing) {
      await dynamodb.send(new CreateTableCommand(input));
    } else {
      // A table kept from an older run may lack an index added since.
      const present = new Set((existing.GlobalSecondaryIndexes ?? []).map((index) => index.IndexName));
      for (const index of input.GlobalSecondaryIndexes ?? []) {
        if (present.has(index.IndexName)) continue;
        await dynamodb.send(
          new UpdateTableCommand({
            TableName: tableName,
            AttributeDefinitions: input.AttributeDefinitions,
            GlobalSecondaryIndexUpdates: [{ Create: index }],
          }),
        );
      }
    }
    const ttl = await dynamodb.send(new DescribeTimeToLiveCommand({ TableName: tableName }));
    const status = ttl.TimeToLiveDescription?.TimeToLiveStatus;
    if (status !== 'ENABLED' && status !== 'ENABLING') {
      await dynamodb.send(
        new UpdateTimeToLiveCommand({
          TableName: tableName,
          TimeToLiveSpecification: { AttributeName: tableDefinition.timeToLiveAttribute, Enabled: true },
        }),
      );
    }
  } finally {
    dynamodb.destroy();
  }
};

const provisionUserPool = async (
  standIns: StandInsInfo,
  userPoolName: string,
): Promise<{ userPoolId: string; userPoolClientId: string }> => {
  const cognito = new CognitoIdentityProviderClient(clientConfig(standIns, standIns.endpoints.cognito));
  try {
    let userPoolId: string | undefined;
    let nextToken: string | undefined;
    do {
      const page: ListUserPoolsCommandOutput = await cognito.send(
        new ListUserPoolsCommand({ MaxResults: 60, NextToken: nextToken }),
      );
      userPoolId = page.UserPools?.find((pool) => pool.Name === userPoolName)?.Id;
      nextToken = page.NextToken;
    } while (!userPoolId && nextToken);

    if (userPoolId) {
      const pool = (await cognito.send(new DescribeUserPoolCommand({ UserPoolId: userPoolId }))).UserPool;
      if (pool?.UsernameAttributes?.length) {
        throw new Error(
          `The local user pool "${userPoolName}" (${userPoolId}) signs users in by ${pool.UsernameAttributes.join(', ')}, ` +
            'but SiteWalk uses the user id as username. Delete the cognito data (.data/cognito) and start again.',
        );
      }
    } else {
      const created = await cognito.send(
        new CreateUserPoolCommand({
          PoolName: userPoolName,
          // No UsernameAttributes: the username is SiteWalk's user id; the e-mail is just an attribute.
          Policies: {
            PasswordPolicy: {
              MinimumLength: 8,
              RequireUppercase: true,
              RequireLowercase: true,
              RequireNumbers: true,
              RequireSymbols: false,
              TemporaryPasswordValidityDays: 7,
            },
          },
          AdminCreateUserConfig: { AllowAdminCreateUserOnly: true },
        }),
      );
      userPoolId = created.UserPool?.Id;
      if (!userPoolId) throw new Error('cognito-local did not return the id of the new user pool.');
    }

    const clientName = `${userPoolName}-app`;
    let client: UserPoolClientDescription | undefined;
    nextToken = undefined;
    do {
      const page: ListUserPoolClientsCommandOutput = await cognito.send(
        new ListUserPoolClientsCommand({ UserPoolId: userPoolId, MaxResults: 60, NextToken: nextToken }),
      );
      client = page.UserPoolClients?.find((c) => c.ClientName === clientName);
      nextToken = page.NextToken;
    } while (!client && nextToken);

    // Token lifetimes as in AWS's defaults (cognito-local would otherwise issue 24 h access tokens).
    const settings = {
      ExplicitAuthFlows: EXPLICIT_AUTH_FLOWS,
      AccessTokenValidity: 60,
      IdTokenValidity: 60,
      RefreshTokenValidity: 30,
      TokenValidityUnits: { AccessToken: 'minutes', IdToken: 'minutes', RefreshToken: 'days' },
      EnableTokenRevocation: true,
    } as const;
    let userPoolClientId = client?.ClientId;
    if (!userPoolClientId) {
      const created = await cognito.send(
        new CreateUserPoolClientCommand({
          UserPoolId: userPoolId,
          ClientName: clientName,
          GenerateSecret: false,
          ...settings,
          ExplicitAuthFlows: [...settings.ExplicitAuthFlows],
        }),
      );
      userPoolClientId = created.UserPoolClient?.ClientId;
      if (!userPoolClientId) throw new Error('cognito-local did not return the id of the new app client.');
    } else {
      await cognito.send(
        new UpdateUserPoolClientCommand({
          UserPoolId: userPoolId,
          ClientId: userPoolClientId,
          ClientName: clientName,
          ...settings,
          ExplicitAuthFlows: [...settings.ExplicitAuthFlows],
        }),
      );
    }
    return { userPoolId, userPoolClientId };
  } finally {
    cognito.destroy();
  }
};

const provisionBucket = async (
  standIns: StandInsInfo,
  bucketName: string,
  appOrigin: string,
): Promise<void> => {
  const s3 = new S3Client({ ...clientConfig(standIns, standIns.endpoints.s3), forcePathStyle: true });
  try {
    try {
      await s3.send(new HeadBucketCommand({ Bucket: bucketName }));
    } catch (error) {
      if (!(error instanceof S3ServiceException) || error.$metadata.httpStatusCode !== 404) throw error;
      await s3.send(new CreateBucketCommand({ Bucket: bucketName }));
    }
    await s3.send(
      new PutBucketCorsCommand({
        Bucket: bucketName,
        CORSConfiguration: {
          CORSRules: [
            {
              AllowedOrigins: [new URL(appOrigin).origin],
              AllowedMethods: ['PUT', 'GET'],
              // Presigned PUTs are write-once (`If-None-Match: *`, functions/src/ports/storage.ts).
              AllowedHeaders: ['Content-Type', 'If-None-Match'],
              ExposeHeaders: ['ETag'],
              MaxAgeSeconds: 3000,
            },
          ],
        },
      }),
    );
  } finally {
    s3.destroy();
  }
};

/** Idempotently creates the table, user pool + app client and bucket on the stand-ins. */
export const provision = async (standIns: StandInsInfo, names: ProvisionNames): Promise<Provisioned> => {
  const [, pool] = await Promise.all([
    provisionTable(standIns, names.tableName),
    provisionUserPool(standIns, names.userPoolName),
    provisionBucket(standIns, names.bucketName, names.appOrigin),
  ]);
  const issuer = `${standIns.endpoints.cognito}/${pool.userPoolId}`;
  return {
    tableName: names.tableName,
    bucketName: names.bucketName,
    userPoolId: pool.userPoolId,
    userPoolClientId: pool.userPoolClientId,
    jwksUrl: `${issuer}/.well-known/jwks.json`,
    issuer,
  };
};
