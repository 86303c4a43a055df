import { beforeAll, describe, expect, it } from 'vitest';
import { createPublicKey, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { connect } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import {
  DescribeTableCommand,
  DescribeTimeToLiveCommand,
  DynamoDBClient,
  GetItemCommand,
  PutItemCommand,
} from '@aws-sdk/client-dynamodb';
import {
  AdminCreateUserCommand,
  AdminDisableUserCommand,
  AdminGetUserCommand,
  AdminInitiateAuthCommand,
  AdminRespondToAuthChallengeCommand,
  AdminSetUserMFAPreferenceCommand,
  AdminSetUserPasswordCommand,
  AssociateSoftwareTokenCommand,
  CodeMismatchException,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  NotAuthorizedException,
  RespondToAuthChallengeCommand,
  SetUserPoolMfaConfigCommand,
  VerifySoftwareTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { generateSync } from 'otplib';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { createRemoteJWKSet, decodeJwt, jwtVerify } from 'jose';
import { tableDefinition } from '@sitewalk/functions/db/table';
import { isolatedEnvironment, type IsolatedEnvironment } from './standins/isolated.ts';
import { startStandIns } from './standins/index.ts';
import { localSigningKey } from './standins/cognito.ts';

let isolated: IsolatedEnvironment;

beforeAll(async () => {
  isolated = await isolatedEnvironment();
});

const clientConfig = (endpoint: string) => ({
  endpoint,
  region: isolated.standIns.region,
  credentials: { ...isolated.standIns.credentials },
});

const processExists = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'ESRCH';
  }
};

describe('isolatedEnvironment', () => {
  it('points process.env at this file’s own table, pool and bucket on the stand-ins', () => {
    const { env, provisioned, standIns } = isolated;
    expect(process.env.TABLE_NAME).toBe(provisioned.tableName);
    expect(env).toMatchObject({
      AWS_REGION: 'us-east-1',
      USER_POOL_ID: provisioned.userPoolId,
      USER_POOL_CLIENT_ID: provisioned.userPoolClientId,
      UPLOAD_BUCKET: provisioned.bucketName,
      DYNAMODB_ENDPOINT: standIns.endpoints.dynamodb,
      COGNITO_ENDPOINT: standIns.endpoints.cognito,
      S3_ENDPOINT: standIns.endpoints.s3,
      SES_ENDPOINT: standIns.endpoints.ses,
      GEOCODER: 'offline',
    });
    for (const endpoint of Object.values(standIns.endpoints))
      expect(endpoint).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });
});

describe('DynamoDB Local', () => {
  it('has the table with all three GSIs and TTL on expiresAt', async () => {
    const dynamodb = new DynamoDBClient(clientConfig(isolated.standIns.endpoints.dynamodb));
    const table = (
      await dynamodb.send(new DescribeTableCommand({ TableName: isolated.provisioned.tableName }))
    ).Table;
    expect(table?.GlobalSecondaryIndexes?.map((index) => index.IndexName).sort()).toEqual(
      tableDefinition.globalIndexes.map((index) => index.indexName),
    );
    const ttl = await dynamodb.send(
      new DescribeTimeToLiveCommand({ TableName: isolated.provisioned.tableName }),
    );
    expect(ttl.TimeToLiveDescription).toMatchObject({
      TimeToLiveStatus: 'ENABLED',
      AttributeName: tableDefinition.timeToLiveAttribute,
    });
    dynamodb.destroy();
  });

  it('puts and gets an item', async () => {
    const dynamodb = new DynamoDBClient(clientConfig(isolated.standIns.endpoints.dynamodb));
    const item = {
      pk: { S: 'probe#1' },
      sk: { S: 'probe' },
      gsi1pk: { S: 'probe' },
      gsi1sk: { S: '1' },
      label: { S: 'hello' },
    };
    await dynamodb.send(new PutItemCommand({ TableName: isolated.provisioned.tableName, Item: item }));
    const got = await dynamodb.send(
      new GetItemCommand({
        TableName: isolated.provisioned.tableName,
        Key: { pk: item.pk, sk: item.sk },
        ConsistentRead: true,
      }),
    );
    expect(got.Item).toEqual(item);
    dynamodb.destroy();
  });
});

describe('cognito-local', () => {
  it('forces a new password, then issues tokens that verify against the JWKS with the provisioned issuer', async () => {
    const { provisioned } = isolated;
    const cognito = new CognitoIdentityProviderClient(clientConfig(isolated.standIns.endpoints.cognito));
    // The username is SiteWalk's user id, not an e-mail.
    const username = '1001';
    await cognito.send(
      new AdminCreateUserCommand({
        UserPoolId: provisioned.userPoolId,
        Username: username,
        TemporaryPassword: 'Temp0rary1',
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: 'walker@example.com' },
          { Name: 'email_verified', Value: 'true' },
        ],
      }),
    );

    const first = await cognito.send(
      new AdminInitiateAuthCommand({
        UserPoolId: provisioned.userPoolId,
        ClientId: provisioned.userPoolClientId,
        AuthFlow: 'ADMIN_USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: username, PASSWORD: 'Temp0rary1' },
      }),
    );
    expect(first.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
    expect(first.Session).toBeTruthy();

    const answered = await cognito.send(
      new RespondToAuthChallengeCommand({
        ClientId: provisioned.userPoolClientId,
        ChallengeName: 'NEW_PASSWORD_REQUIRED',
        Session: first.Session,
        ChallengeResponses: { USERNAME: username, NEW_PASSWORD: 'Chosen1Password' },
      }),
    );
    expect(answered.AuthenticationResult?.AccessToken).toBeTruthy();

    const login = await cognito.send(
      new InitiateAuthCommand({
        ClientId: provisioned.userPoolClientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: username, PASSWORD: 'Chosen1Password' },
      }),
    );
    const tokens = login.AuthenticationResult;
    expect(tokens?.AccessToken && tokens.IdToken && tokens.RefreshToken).toBeTruthy();
    const accessToken = tokens?.AccessToken ?? '';
    const idToken = tokens?.IdToken ?? '';
    expect(decodeJwt(accessToken).iss).toBe(provisioned.issuer);

    const jwks = createRemoteJWKSet(new URL(provisioned.jwksUrl));
    const access = await jwtVerify(accessToken, jwks, { issuer: provisioned.issuer });
    expect(access.payload).toMatchObject({
      token_use: 'access',
      client_id: provisioned.userPoolClientId,
      username,
    });
    // Access tokens last an hour, as in AWS.
    expect((access.payload.exp ?? 0) - (access.payload.iat ?? 0)).toBe(3600);
    const id = await jwtVerify(idToken, jwks, {
      issuer: provisioned.issuer,
      audience: provisioned.userPoolClientId,
    });
    expect(id.payload).toMatchObject({
      token_use: 'id',
      'cognito:username': username,
      email: 'walker@example.com',
    });

    const refreshed = await cognito.send(
      new AdminInitiateAuthCommand({
        UserPoolId: provisioned.userPoolId,
        ClientId: provisioned.userPoolClientId,
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        AuthParameters: { REFRESH_TOKEN: tokens?.RefreshToken ?? '' },
      }),
    );
    expect(refreshed.AuthenticationResult?.AccessToken).toBeTruthy();
    cognito.destroy();
  });
});

describe('cognito-local, brought in line with Cognito (standins/cognito-local.mjs)', () => {
  it('checks the temporary password and the session, stores the challenge’s refresh token, honours disabling', async () => {
    const { provisioned } = isolated;
    const cognito = new CognitoIdentityProviderClient(clientConfig(isolated.standIns.endpoints.cognito));
    const username = '1002';
    await cognito.send(
      new AdminCreateUserCommand({
        UserPoolId: provisioned.userPoolId,
        Username: username,
        TemporaryPassword: 'Temp0rary2',
        MessageAction: 'SUPPRESS',
      }),
    );
    const adminLogin = (password: string) =>
      cognito.send(
        new AdminInitiateAuthCommand({
          UserPoolId: provisioned.userPoolId,
          ClientId: provisioned.userPoolClientId,
          AuthFlow: 'ADMIN_USER_PASSWORD_AUTH',
          AuthParameters: { USERNAME: username, PASSWORD: password },
        }),
      );
    await expect(adminLogin('Wr0ngPassword')).rejects.toThrow(NotAuthorizedException);
    await expect(
      cognito.send(
        new InitiateAuthCommand({
          ClientId: provisioned.userPoolClientId,
          AuthFlow: 'USER_PASSWORD_AUTH',
          AuthParameters: { USERNAME: username, PASSWORD: 'Wr0ngPassword' },
        }),
      ),
    ).rejects.toThrow(NotAuthorizedException);

    const challenge = await adminLogin('Temp0rary2');
    expect(challenge.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
    const answer = (session: string) =>
      cognito.send(
        new AdminRespondToAuthChallengeCommand({
          UserPoolId: provisioned.userPoolId,
          ClientId: provisioned.userPoolClientId,
          ChallengeName: 'NEW_PASSWORD_REQUIRED',
          Session: session,
          ChallengeResponses: { USERNAME: username, NEW_PASSWORD: 'Chosen2Password' },
        }),
      );
    await expect(answer('made-up-session')).rejects.toThrow(NotAuthorizedException);
    const answered = await answer(challenge.Session ?? '');
    await expect(answer(challenge.Session ?? '')).rejects.toThrow(NotAuthorizedException); // used once

    const refresh = () =>
      cognito.send(
        new AdminInitiateAuthCommand({
          UserPoolId: provisioned.userPoolId,
          ClientId: provisioned.userPoolClientId,
          AuthFlow: 'REFRESH_TOKEN_AUTH',
          AuthParameters: { REFRESH_TOKEN: answered.AuthenticationResult?.RefreshToken ?? '' },
        }),
      );
    expect((await refresh()).AuthenticationResult?.AccessToken).toBeTruthy();
    expect((await adminLogin('Chosen2Password')).AuthenticationResult?.AccessToken).toBeTruthy();

    await cognito.send(
      new AdminDisableUserCommand({ UserPoolId: provisioned.userPoolId, Username: username }),
    );
    await expect(adminLogin('Chosen2Password')).rejects.toThrow('User is disabled.');
    await expect(refresh()).rejects.toThrow('User is disabled.');
    cognito.destroy();
  });
});

describe('cognito-local’s two-step verification (TOTP), brought in line with Cognito', () => {
  const totp = (secret: string) => generateSync({ secret });
  const stale = (secret: string) => generateSync({ secret, epoch: Math.floor(Date.now() / 1000) - 3600 });

  const withUser = async (username: string) => {
    const { provisioned } = isolated;
    const cognito = new CognitoIdentityProviderClient(clientConfig(isolated.standIns.endpoints.cognito));
    const pool = { UserPoolId: provisioned.userPoolId };
    await cognito.send(
      new AdminCreateUserCommand({ ...pool, Username: username, MessageAction: 'SUPPRESS' }),
    );
    await cognito.send(
      new AdminSetUserPasswordCommand({
        ...pool,
        Username: username,
        Password: 'Passw0rdMfa',
        Permanent: true,
      }),
    );
    const login = () =>
      cognito.send(
        new AdminInitiateAuthCommand({
          ...pool,
          ClientId: provisioned.userPoolClientId,
          AuthFlow: 'ADMIN_USER_PASSWORD_AUTH',
          AuthParameters: { USERNAME: username, PASSWORD: 'Passw0rdMfa' },
        }),
      );
    const respond = (ChallengeName: 'SOFTWARE_TOKEN_MFA' | 'MFA_SETUP', Session: string, code?: string) =>
      cognito.send(
        new AdminRespondToAuthChallengeCommand({
          ...pool,
          ClientId: provisioned.userPoolClientId,
          ChallengeName,
          Session,
          ChallengeResponses: { USERNAME: username, ...(code ? { SOFTWARE_TOKEN_MFA_CODE: code } : {}) },
        }),
      );
    return { cognito, pool, login, respond };
  };

  it('asks a user with a verified key for the code, checks it and the session, and stops when it is turned off', async () => {
    const { cognito, pool, login, respond } = await withUser('1003');
    const AccessToken = (await login()).AuthenticationResult?.AccessToken ?? '';
    const { SecretCode = '' } = await cognito.send(new AssociateSoftwareTokenCommand({ AccessToken }));
    await expect(
      cognito.send(new VerifySoftwareTokenCommand({ AccessToken, UserCode: stale(SecretCode) })),
    ).rejects.toThrow(CodeMismatchException);
    expect(
      (await cognito.send(new VerifySoftwareTokenCommand({ AccessToken, UserCode: totp(SecretCode) })))
        .Status,
    ).toBe('SUCCESS');
    await cognito.send(
      new AdminSetUserMFAPreferenceCommand({
        ...pool,
        Username: '1003',
        SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
      }),
    );

    const challenge = await login();
    expect(challenge.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
    expect(challenge.AuthenticationResult).toBeUndefined();
    const session = challenge.Session ?? '';
    await expect(respond('SOFTWARE_TOKEN_MFA', 'made-up', totp(SecretCode))).rejects.toThrow(
      NotAuthorizedException,
    );
    await expect(respond('SOFTWARE_TOKEN_MFA', session, stale(SecretCode))).rejects.toThrow(
      CodeMismatchException,
    );
    await expect(respond('SOFTWARE_TOKEN_MFA', session)).rejects.toThrow(CodeMismatchException);
    const answered = await respond('SOFTWARE_TOKEN_MFA', session, totp(SecretCode));
    expect(answered.AuthenticationResult?.RefreshToken).toBeTruthy();
    await expect(respond('SOFTWARE_TOKEN_MFA', session, totp(SecretCode))).rejects.toThrow(
      NotAuthorizedException,
    ); // used once

    await cognito.send(
      new AdminSetUserMFAPreferenceCommand({
        ...pool,
        Username: '1003',
        SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false },
      }),
    );
    expect((await login()).AuthenticationResult?.AccessToken).toBeTruthy();
    expect(
      (await cognito.send(new AdminGetUserCommand({ ...pool, Username: '1003' }))).UserMFASettingList,
    ).toEqual([]);
    // Turning it on needs a verified key again: the old one was forgotten.
    await expect(
      cognito.send(
        new AdminSetUserMFAPreferenceCommand({
          ...pool,
          Username: '1003',
          SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
        }),
      ),
    ).rejects.toThrow(/not verified/);
    cognito.destroy();
  });

  it('sets up through MFA_SETUP with a session when the pool requires MFA', async () => {
    const { cognito, pool, login, respond } = await withUser('1004');
    await cognito.send(new SetUserPoolMfaConfigCommand({ ...pool, MfaConfiguration: 'ON' }));
    try {
      const challenge = await login();
      expect(challenge.ChallengeName).toBe('MFA_SETUP');
      const Session = challenge.Session ?? '';
      await expect(respond('MFA_SETUP', Session)).rejects.toThrow(NotAuthorizedException); // not verified yet
      const { SecretCode = '' } = await cognito.send(new AssociateSoftwareTokenCommand({ Session }));
      await expect(
        cognito.send(new VerifySoftwareTokenCommand({ Session, UserCode: stale(SecretCode) })),
      ).rejects.toThrow(CodeMismatchException);
      await cognito.send(new VerifySoftwareTokenCommand({ Session, UserCode: totp(SecretCode) }));
      expect((await respond('MFA_SETUP', Session)).AuthenticationResult?.AccessToken).toBeTruthy();
      expect((await login()).ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
    } finally {
      await cognito.send(new SetUserPoolMfaConfigCommand({ ...pool, MfaConfiguration: 'OFF' }));
      cognito.destroy();
    }
  });
});

describe('s3rver', () => {
  it('accepts a presigned PUT (content type and length signed) and serves the bytes on a presigned GET', async () => {
    const { provisioned, names } = isolated;
    // forcePathStyle: s3rver serves virtual-host buckets only under *.amazonaws.com. WHEN_REQUIRED: otherwise
    // the SDK puts the CRC32 of an empty body into presigned PUT URLs, which S3 (not s3rver) then rejects.
    const s3 = new S3Client({
      ...clientConfig(isolated.standIns.endpoints.s3),
      forcePathStyle: true,
      requestChecksumCalculation: 'WHEN_REQUIRED',
    });
    const bytes = randomBytes(1024);
    const key = 'tenant-1/logo.png';

    const putUrl = await getSignedUrl(
      s3,
      new PutObjectCommand({
        Bucket: provisioned.bucketName,
        Key: key,
        ContentType: 'image/png',
        ContentLength: bytes.length,
      }),
      // The presigner leaves content-type out unless told to sign it.
      { expiresIn: 300, signableHeaders: new Set(['content-type']) },
    );
    // s3rver does not check signatures, so assert what the URL signs.
    const query = new URL(putUrl).searchParams;
    expect(query.get('X-Amz-SignedHeaders')?.split(';')).toEqual(
      expect.arrayContaining(['content-type', 'content-length', 'host']),
    );
    expect(query.has('x-amz-checksum-crc32')).toBe(false);

    const preflight = (origin: string) =>
      fetch(putUrl, {
        method: 'OPTIONS',
        headers: {
          Origin: origin,
          'Access-Control-Request-Method': 'PUT',
          'Access-Control-Request-Headers': 'content-type',
        },
      });
    const allowed = await preflight(names.appOrigin);
    expect(allowed.status).toBe(200);
    // s3rver answers an allowed preflight with `*` (S3 echoes the origin); it does check the origin.
    expect(allowed.headers.get('access-control-allow-origin')).toMatch(/^(\*|http:\/\/localhost:3000)$/);
    expect(allowed.headers.get('access-control-allow-methods')).toContain('PUT');
    expect((await preflight('http://elsewhere.example')).status).toBe(403);

    const put = await fetch(putUrl, { method: 'PUT', headers: { 'Content-Type': 'image/png' }, body: bytes });
    expect(put.status).toBe(200);

    const getUrl = await getSignedUrl(
      s3,
      new GetObjectCommand({ Bucket: provisioned.bucketName, Key: key }),
      {
        expiresIn: 60,
      },
    );
    const got = await fetch(getUrl, { headers: { Origin: names.appOrigin } });
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('image/png');
    expect(got.headers.get('access-control-allow-origin')).toBe(names.appOrigin);
    expect(Buffer.from(await got.arrayBuffer()).equals(bytes)).toBe(true);
    s3.destroy();
  });

  it('refuses to replace an object on a PUT with If-None-Match: * (412 PreconditionFailed, as S3)', async () => {
    const { provisioned, names } = isolated;
    const s3 = new S3Client({
      ...clientConfig(isolated.standIns.endpoints.s3),
      forcePathStyle: true,
      requestChecksumCalculation: 'WHEN_REQUIRED',
    });
    const key = `tenants/1/walk-photo/1/${randomBytes(6).toString('hex')}.png`;
    const writeOnceUrl = (objectKey: string) =>
      getSignedUrl(
        s3,
        new PutObjectCommand({ Bucket: provisioned.bucketName, Key: objectKey, IfNoneMatch: '*' }),
        { expiresIn: 300, signableHeaders: new Set(['if-none-match']) },
      );
    const put = (url: string, body: Buffer, headers: Record<string, string> = { 'If-None-Match': '*' }) =>
      fetch(url, { method: 'PUT', headers: { Origin: names.appOrigin, ...headers }, body });
    const read = async (objectKey: string) =>
      Buffer.from(
        await (
          await fetch(
            await getSignedUrl(s3, new GetObjectCommand({ Bucket: provisioned.bucketName, Key: objectKey })),
          )
        ).arrayBuffer(),
      );
    const [first, second] = [randomBytes(2048), randomBytes(4096)];
    const url = await writeOnceUrl(key);

    expect((await put(url, first)).status).toBe(200);
    const refused = await put(url, second);
    expect(refused.status).toBe(412);
    // S3's error, readable by the app's page (the CORS headers are kept).
    expect(await refused.text()).toMatch(
      /<Code>PreconditionFailed<\/Code>.*<Condition>If-None-Match<\/Condition>/s,
    );
    expect(refused.headers.get('access-control-allow-origin')).toMatch(/^(\*|http:\/\/localhost:3000)$/);
    expect((await read(key)).equals(first)).toBe(true);
    // A PUT without the condition replaces the object, as in S3 (the upload URLs always sign the condition).
    expect((await put(url, second, {})).status).toBe(200);
    expect((await read(key)).equals(second)).toBe(true);

    // Racing conditional PUTs of one new key: exactly one lands.
    const raced = `${key}.raced`;
    const racedUrl = await writeOnceUrl(raced);
    const bodies = [1, 2, 3, 4].map(() => randomBytes(64 * 1024));
    const statuses = await Promise.all(bodies.map(async (body) => (await put(racedUrl, body)).status));
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 412)).toHaveLength(3);
    expect((await read(raced)).equals(bodies[statuses.indexOf(200)] ?? Buffer.alloc(0))).toBe(true);
    s3.destroy();
  });
});

describe('aws-ses-v2-local', () => {
  it('stores a sent mail with its HTML and text parts, readable at GET /store', async () => {
    const ses = new SESv2Client(clientConfig(isolated.standIns.endpoints.ses));
    const to = `reader-${randomBytes(4).toString('hex')}@example.com`;
    const sent = await ses.send(
      new SendEmailCommand({
        FromEmailAddress: isolated.env.MAIL_FROM,
        Destination: { ToAddresses: [to] },
        Content: {
          Simple: {
            Subject: { Data: 'Reset your password' },
            Body: {
              Html: { Data: '<p><a href="http://localhost:3000/reset-password/confirm/abc">Reset</a></p>' },
              Text: { Data: 'Reset: http://localhost:3000/reset-password/confirm/abc' },
            },
          },
        },
      }),
    );
    expect(sent.MessageId).toBeTruthy();

    const store = (await (await fetch(`${isolated.standIns.endpoints.ses}/store`)).json()) as {
      emails: {
        messageId: string;
        from: string;
        destination: { to: string[] };
        subject: string;
        body: { html?: string; text?: string };
      }[];
    };
    // The store is shared by every test file of the run: find this mail by its recipient.
    const mail = store.emails.find((email) => email.destination.to.includes(to));
    expect(mail).toMatchObject({
      messageId: sent.MessageId,
      from: isolated.env.MAIL_FROM,
      subject: 'Reset your password',
      body: {
        html: expect.stringContaining('/reset-password/confirm/abc'),
        text: 'Reset: http://localhost:3000/reset-password/confirm/abc',
      },
    });
    ses.destroy();
  });
});

/** How a TCP connection to host:port ends: 'connected', or the error code (ECONNREFUSED when nothing listens there). */
const connectTo = (host: string, port: number): Promise<string> =>
  new Promise((resolve) => {
    const socket = connect({ host, port, timeout: 2_000 });
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve('timeout');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });

/** Linux's table of listening TCP sockets on `port`: the addresses they are bound to, as IPv4/IPv6 text. */
const listeningAddresses = (port: number): string[] | undefined => {
  const read = (file: string) => {
    try {
      return readFileSync(file, 'utf8').split('\n').slice(1);
    } catch {
      return undefined;
    }
  };
  const v4 = read('/proc/net/tcp');
  const v6 = read('/proc/net/tcp6');
  if (!v4 || !v6) return undefined; // not Linux: the connection test below is the proof
  // Each 32-bit word is in host (little-endian) byte order.
  const word = (hex: string) => (hex.match(/../g) ?? []).reverse().map((h) => parseInt(h, 16));
  const address = (hex: string) =>
    hex.length === 8
      ? word(hex).join('.')
      : (hex.match(/.{8}/g) ?? [])
          .flatMap(word)
          .map((b) => b.toString(16).padStart(2, '0'))
          .join('')
          .replace(/(.{4})(?!$)/g, '$1:');
  return [...v4, ...v6]
    .map((line) => line.trim().split(/\s+/))
    .filter((fields) => fields[3] === '0A' && parseInt(fields[1]?.split(':')[1] ?? '', 16) === port)
    .map((fields) => address(fields[1]?.split(':')[0] ?? ''));
};

const LOOPBACK = [
  '127.0.0.1',
  '0000:0000:0000:0000:0000:ffff:7f00:0001',
  '0000:0000:0000:0000:0000:0000:0000:0001',
];

describe('every stand-in listens on 127.0.0.1 only (issue 27)', () => {
  const ports = () =>
    Object.entries(isolated.standIns.endpoints).map(
      ([name, endpoint]) => [name, Number(new URL(endpoint).port)] as const,
    );

  it('is bound to a loopback address and nothing else', () => {
    for (const [name, port] of ports()) {
      const addresses = listeningAddresses(port);
      if (addresses === undefined) return;
      expect(addresses.length, name).toBeGreaterThan(0);
      for (const address of addresses) expect(LOOPBACK, `${name} listens on ${address}`).toContain(address);
    }
  });

  it('refuses a connection to any other address of this machine', async () => {
    const others = Object.values(networkInterfaces())
      .flat()
      .filter((nic) => nic !== undefined && !nic.internal && nic.family === 'IPv4')
      .map((nic) => nic?.address ?? '');
    for (const [name, port] of ports()) {
      expect(await connectTo('127.0.0.1', port), name).toBe('connected');
      // On a machine without another address, the bound addresses above are the proof.
      for (const address of others.slice(0, 1))
        expect(await connectTo(address, port), `${name} on ${address}:${port}`).toBe('ECONNREFUSED');
    }
  });
});

describe('the Cognito stand-in’s signing key (issue 27)', () => {
  const publicModulus = (pem: string) => createPublicKey(pem).export({ format: 'jwk' }).n;

  it('is made once per data directory, readable by its owner only, and differs between two directories', () => {
    const [first, second] = [0, 1].map(() => mkdtempSync(join(tmpdir(), 'sitewalk-key-')));
    const firstKey = readFileSync(localSigningKey(first ?? ''), 'utf8');
    const secondKey = readFileSync(localSigningKey(second ?? ''), 'utf8');
    expect(firstKey).toMatch(/^-----BEGIN PRIVATE KEY-----/);
    expect(secondKey).not.toBe(firstKey);
    expect(readFileSync(localSigningKey(first ?? ''), 'utf8')).toBe(firstKey); // kept between runs
    expect(statSync(localSigningKey(first ?? '')).mode & 0o777).toBe(0o600);
  });

  it('is the only key in the JWKS, and not the one shipped inside the cognito-local package', async () => {
    const require = createRequire(import.meta.url);
    const shipped = require('cognito-local/lib/keys/cognitoLocal.public.json') as { jwk: { n: string } };
    const jwks = (await (await fetch(isolated.provisioned.jwksUrl)).json()) as { keys: { n: string }[] };
    const own = publicModulus(readFileSync(isolated.standIns.cognitoSigningKeyFile, 'utf8'));
    expect(jwks.keys.map((key) => key.n)).toEqual([own]);
    expect(own).not.toBe(shipped.jwk.n);
  });
});

describe('startStandIns / stop', () => {
  it('leaves no Java (or cognito-local) process behind and frees the ports', async () => {
    const standIns = await startStandIns();
    const { dynamodb, cognito } = standIns.processes;
    expect(processExists(dynamodb)).toBe(true);
    expect(processExists(cognito)).toBe(true);

    await standIns.stop();

    for (const pid of [dynamodb, cognito]) {
      expect(processExists(pid)).toBe(false);
      expect(processExists(-pid)).toBe(false); // nothing left in its process group either
    }
    for (const endpoint of Object.values(standIns.endpoints)) {
      await expect(fetch(endpoint, { signal: AbortSignal.timeout(2_000) })).rejects.toThrow();
    }
  });
});
