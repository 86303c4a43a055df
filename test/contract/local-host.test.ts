import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrivateKey } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { createRequire } from 'node:module';
import { SignJWT, generateKeyPair, decodeJwt, importJWK, type JWTPayload } from 'jose';
import {
  AdminInitiateAuthCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { errorBody } from '@sitewalk/shared/envelope';
import { routes } from '@sitewalk/shared/contract/index';
import { buildPath, type RouteDef } from '@sitewalk/shared/contract/route';
import { Role } from '@sitewalk/shared/roles';
import { dataFromEnv, identityFromEnv } from '@sitewalk/functions/composition';
import { createAccounts } from '@sitewalk/functions/domain/accounts';
import { startOwnTestHost } from '../support/host.ts';
import type { LocalHost } from '../../infra/local/host.ts';
import { LOCAL_CONTACT } from '../../infra/local/settings.ts';
import { LOCAL_REGION, type StandInsInfo } from '../../infra/local/standins/index.ts';
import { HASHED_ASSET_CACHE_CONTROL, HASHED_ASSETS_DIR } from '../../infra/web-pages.ts';
import { runtimeConfig } from '@sitewalk/shared/runtime-config';
import { PAGES_MANIFEST_FILE, type PagesManifest } from '@sitewalk/shared/web-pages';

let host: LocalHost;
let tokens: { access: string; id: string };
let standInsInfo: StandInsInfo;

/** A protected route of the contract, with its path filled with plausible ids. */
const protectedRoute = (Object.values(routes) as RouteDef[]).find(
  (r) => r.access !== 'public' && r.method === 'GET',
);
const protectedPath = protectedRoute
  ? buildPath(protectedRoute.path, new Proxy({}, { get: () => '1' }) as Record<string, string>)
  : undefined;

beforeAll(async () => {
  const webDist = mkdtempSync(join(tmpdir(), 'sitewalk-web-'));
  // A build in small: three documents and the pages.json that says which serves which path.
  for (const [file, title] of [
    ['index.html', 'landing'],
    ['app.html', 'app shell'],
    ['404.html', 'not found'],
  ] as const) {
    writeFileSync(join(webDist, file), `<!doctype html><title>SiteWalk ${title}</title>`);
  }
  writeFileSync(join(webDist, 'app.js'), 'console.log(1)');
  writeFileSync(join(webDist, 'app.js.br'), brotliCompressSync('console.log(1)'));
  mkdirSync(join(webDist, HASHED_ASSETS_DIR));
  writeFileSync(join(webDist, HASHED_ASSETS_DIR, 'app-Bx3kQ9.js'), 'console.log(2)');
  const pages: PagesManifest = {
    exact: { '/': 'index.html', '/app': 'app.html' },
    prefixes: [['/app/', 'app.html']],
    fallback: '404.html',
  };
  writeFileSync(join(webDist, PAGES_MANIFEST_FILE), JSON.stringify(pages));
  const t = await startOwnTestHost({ webDist });
  host = t.host;
  const { provisioned, standIns } = t;
  standInsInfo = standIns;

  // A real SiteWalk user (table and Cognito), so that a valid token resolves to an actor.
  const user = await createAccounts(dataFromEnv(), identityFromEnv()).create({
    firstName: 'Host',
    lastName: 'Tester',
    email: 'host-tester@example.com',
    roleId: Role.SuperUser,
    password: { value: 'Passw0rdOk', temporary: false },
    locations: [],
    organizations: [],
  });
  const cognito = new CognitoIdentityProviderClient({
    region: standIns.region,
    endpoint: standIns.endpoints.cognito,
    credentials: { ...standIns.credentials },
  });
  const auth = await cognito.send(
    new AdminInitiateAuthCommand({
      UserPoolId: provisioned.userPoolId,
      ClientId: provisioned.userPoolClientId,
      AuthFlow: 'ADMIN_USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: String(user.userId), PASSWORD: 'Passw0rdOk' },
    }),
  );
  tokens = {
    access: auth.AuthenticationResult?.AccessToken ?? '',
    id: auth.AuthenticationResult?.IdToken ?? '',
  };
});

afterAll(async () => {
  await host?.close();
});

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${host.url}${path}`, { headers });

const expectEnvelope = async (response: Response, status: number) => {
  expect(response.status).toBe(status);
  const body = errorBody.parse(await response.json());
  expect(body.success).toBe(false);
  return body;
};

describe('the local host', () => {
  it('listens on 127.0.0.1 only unless told otherwise (npm start --lan)', () => {
    expect(host.server.address()).toMatchObject({ address: '127.0.0.1' });
  });

  it('answers GET /api/health through the health Lambda', async () => {
    const response = await get('/api/health');
    expect(response.status).toBe(200);
    const body = (await response.json()) as { status: string; time: string };
    expect(body.status).toBe('ok');
    expect(Math.abs(Date.parse(body.time) - Date.now())).toBeLessThan(60_000);
  });

  describe('as the JWT authorizer', () => {
    it('has a protected route to check', () => {
      expect(protectedPath).toBeDefined();
    });

    it('refuses a protected route without a token with a 401 in the envelope', async () => {
      const body = await expectEnvelope(await get(protectedPath ?? ''), 401);
      expect(body.error).toBe('Unauthorized');
    });

    it('lets a valid Cognito access token through to the handler, with the claims where API Gateway puts them', async () => {
      const response = await get('/api/authenticate', { authorization: `Bearer ${tokens.access}` });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ authenticated: true, roleId: Role.SuperUser });
    });

    it('refuses a tampered token', async () => {
      const [header, payload, signature] = tokens.access.split('.');
      const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as Record<
        string,
        unknown
      >;
      const forged = Buffer.from(JSON.stringify({ ...claims, sub: 'someone-else' })).toString('base64url');
      await expectEnvelope(
        await get(protectedPath ?? '', { authorization: `Bearer ${header}.${forged}.${signature}` }),
        401,
      );
    });

    it('refuses an ID token where an access token is needed', async () => {
      await expectEnvelope(await get(protectedPath ?? '', { authorization: `Bearer ${tokens.id}` }), 401);
    });

    it("refuses a token signed with a key that is not the pool's", async () => {
      const { privateKey } = await generateKeyPair('RS256');
      const forged = await new SignJWT(decodeJwt(tokens.access))
        .setProtectedHeader({ alg: 'RS256', kid: 'CognitoLocal' })
        .sign(privateKey);
      await expectEnvelope(await get(protectedPath ?? '', { authorization: `Bearer ${forged}` }), 401);
    });

    // The Cognito stand-in signs with a key made for its data directory (the test run's): with it, a test
    // can mint tokens that are correctly signed but wrong in exactly one claim.
    const signedWith = async (key: Parameters<SignJWT['sign']>[0], changes: JWTPayload) =>
      new SignJWT({ ...decodeJwt(tokens.access), ...changes })
        .setProtectedHeader({ alg: 'RS256', kid: 'CognitoLocal' })
        .sign(key);
    const signedByPoolKey = (changes: JWTPayload) =>
      signedWith(createPrivateKey(readFileSync(standInsInfo.cognitoSigningKeyFile, 'utf8')), changes);

    it('refuses a token signed with the key shipped inside the cognito-local package (issue 27)', async () => {
      const require = createRequire(import.meta.url);
      const { jwk } = require('cognito-local/lib/keys/cognitoLocal.private.json') as {
        jwk: Record<string, string>;
      };
      // The Super User's own claims, as anyone with the npm package could sign them.
      const minted = await signedWith(await importJWK(jwk, 'RS256'), {});
      await expectEnvelope(await get(protectedPath ?? '', { authorization: `Bearer ${minted}` }), 401);
      // A real sign-in's token still works.
      expect((await get(protectedPath ?? '', { authorization: `Bearer ${tokens.access}` })).status).not.toBe(
        401,
      );
    });

    it('accepts a token minted with the pool key and unchanged claims (the control for the next three)', async () => {
      const control = await signedByPoolKey({});
      expect((await get(protectedPath ?? '', { authorization: `Bearer ${control}` })).status).not.toBe(401);
    });

    it('refuses an expired token', async () => {
      const expired = await signedByPoolKey({ exp: Math.floor(Date.now() / 1000) - 60 });
      await expectEnvelope(await get(protectedPath ?? '', { authorization: `Bearer ${expired}` }), 401);
    });

    it('refuses a token from a foreign issuer', async () => {
      const foreign = await signedByPoolKey({
        iss: 'https://cognito-idp.us-east-1.amazonaws.com/us-east-1_other',
      });
      await expectEnvelope(await get(protectedPath ?? '', { authorization: `Bearer ${foreign}` }), 401);
    });

    it('refuses a token issued to another app client', async () => {
      const otherClient = await signedByPoolKey({ client_id: 'another-client' });
      await expectEnvelope(await get(protectedPath ?? '', { authorization: `Bearer ${otherClient}` }), 401);
    });

    it('refuses a malformed Authorization header', async () => {
      await expectEnvelope(await get(protectedPath ?? '', { authorization: 'Basic abc' }), 401);
      await expectEnvelope(await get(protectedPath ?? '', { authorization: 'Bearer not-a-jwt' }), 401);
    });
  });

  it('answers an unknown API path with a 404 in the envelope', async () => {
    await expectEnvelope(await get('/api/no-such-thing'), 404);
  });

  it('answers a known path with the wrong method with a 405', async () => {
    await expectEnvelope(await fetch(`${host.url}/api/health`, { method: 'DELETE' }), 405);
  });

  it('serves the runtime config the SPA starts from, as the deployed app does', async () => {
    const response = await get('/config.json');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(runtimeConfig.parse(await response.json())).toEqual({
      apiBasePath: '/api',
      region: LOCAL_REGION,
      mapStyleUrl: `${host.url}/map/style.json`,
      contactEmail: LOCAL_CONTACT.email,
      contactName: LOCAL_CONTACT.name,
    });
  });

  it('serves each path the document pages.json names, as the CloudFront Function does, and files as files', async () => {
    expect(await (await get('/')).text()).toContain('SiteWalk landing');
    const deep = await get('/app/locations/12');
    expect(deep.status).toBe(200);
    expect(await deep.text()).toContain('SiteWalk app shell');
    expect(await (await get('/app/')).text()).toContain('SiteWalk app shell');
    expect(await (await get('/no-such-page')).text()).toContain('SiteWalk not found');
    const asset = await get('/app.js');
    expect(await asset.text()).toBe('console.log(1)');
    expect((await get('/missing.js')).status).toBe(404);
    // Compressed as CloudFront compresses, from the build's brotli copy.
    const compressed = await get('/app.js', { 'accept-encoding': 'br' });
    expect(compressed.headers.get('content-encoding')).toBe('br');
    expect(await compressed.text()).toBe('console.log(1)');
  });

  it('caches the hashed assets for a year and has the documents revalidated, as CloudFront does', async () => {
    const hashed = await get(`/${HASHED_ASSETS_DIR}/app-Bx3kQ9.js`);
    expect(await hashed.text()).toBe('console.log(2)');
    expect(hashed.headers.get('cache-control')).toBe(HASHED_ASSET_CACHE_CONTROL);
    expect((await get('/app/dashboard')).headers.get('cache-control')).toBe('no-cache');
    expect((await get('/')).headers.get('cache-control')).toBe('no-cache');
    // A file outside the build's hashed folder keeps its name across builds: not kept.
    expect((await get('/app.js')).headers.get('cache-control')).not.toBe(HASHED_ASSET_CACHE_CONTROL);
  });
});
