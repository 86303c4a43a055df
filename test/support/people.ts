import { createPrivateKey, randomBytes, randomUUID, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { SignJWT } from 'jose';
import { inject } from 'vitest';
import type { RoleId } from '@sitewalk/shared/roles';
import { dataFromEnv, identityFromEnv } from '@sitewalk/functions/composition';
import { createAccounts } from '@sitewalk/functions/domain/accounts';

/** The password of every person made here (the browser journeys sign in with it). */
export const PERSON_PASSWORD = 'Passw0rdTest';

export interface Person {
  id: number;
  email: string;
  token: string;
  roleId: RoleId;
}

export interface Scope {
  managementCompanyId?: number;
  locations?: { locationId: number; organizationId: number; managementCompanyId: number }[];
  organizations?: { organizationId: number; managementCompanyId: number }[];
  defaultLocationId?: number;
}

/**
 * A user made straight in the table and Cognito (the user API is tested on its own), not signed in: for tests
 * that need many users but none of their sessions. Each gets a unique e-mail, so tests never collide.
 */
export const account = async (roleId: RoleId, scope: Scope = {}) => {
  const email = `role${roleId}-${randomBytes(4).toString('hex')}@example.com`;
  const user = await createAccounts(dataFromEnv(), identityFromEnv()).create({
    firstName: `Role${roleId}`,
    lastName: randomBytes(3).toString('hex'),
    email,
    roleId,
    managementCompanyId: scope.managementCompanyId,
    password: { value: PERSON_PASSWORD, temporary: false },
    locations: scope.locations ?? [],
    organizations: scope.organizations ?? [],
    defaultLocationId: scope.defaultLocationId,
  });
  return { id: user.userId, email, roleId };
};

let signInsThroughTheApi = false;
/** The Cognito stand-in's key, read once a file. */
let signingKey: KeyObject | undefined;

/**
 * From now on in this file, `person` signs in through POST /api/auth/login as a browser does: for the files
 * whose claims are about sign-in itself (sessions, refresh, MFA, throttles) or that hand the token to Cognito.
 */
export const useApiSignIns = () => {
  signInsThroughTheApi = true;
};

/**
 * An access token for a user, as the Cognito stand-in issues one at a sign-in: signed with the stand-in's own
 * key (the one the host verifies against), for the pool and app client of process.env, with a sign-in of its
 * own (`origin_jti`) at this second (`auth_time`). What the host sees is what a sign-in gives; no sign-in's
 * throttles, session records or Cognito calls are made, so it is not a token Cognito itself would take.
 */
export const mintAccessToken = async (userId: number): Promise<string> => {
  const { cognitoSigningKeyFile, endpoints } = inject('standIns');
  const { USER_POOL_ID, USER_POOL_CLIENT_ID } = process.env;
  if (!USER_POOL_ID || !USER_POOL_CLIENT_ID)
    throw new Error('No user pool in process.env: start a host first');
  signingKey ??= createPrivateKey(readFileSync(cognitoSigningKeyFile, 'utf8'));
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({
    event_id: randomUUID(),
    token_use: 'access',
    scope: 'aws.cognito.signin.user.admin',
    auth_time: now,
    client_id: USER_POOL_CLIENT_ID,
    username: String(userId),
    origin_jti: randomUUID(),
  })
    .setProtectedHeader({ alg: 'RS256', kid: 'CognitoLocal' })
    .setSubject(randomUUID())
    .setIssuer(`${endpoints.cognito}/${USER_POOL_ID}`)
    .setIssuedAt(now)
    .setExpirationTime(now + 3600)
    .setJti(randomUUID())
    .sign(signingKey);
};

/**
 * A user made as `account` makes one, signed in: with a minted token ({@link mintAccessToken}), or through the
 * API in a file that asked for it ({@link useApiSignIns}).
 */
export const person = async (baseUrl: string, roleId: RoleId, scope: Scope = {}): Promise<Person> => {
  const { id, email } = await account(roleId, scope);
  if (!signInsThroughTheApi) return { id, email, token: await mintAccessToken(id), roleId };
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PERSON_PASSWORD }),
  });
  const { accessToken } = (await response.json()) as { accessToken: string };
  return { id, email, token: accessToken, roleId };
};

/** A JSON call with a person's token. */
export const callAs =
  (baseUrl: string) => async (who: Person | null, method: string, path: string, body?: unknown) => {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        ...(who ? { authorization: `Bearer ${who.token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return {
      status: response.status,
      body: (text ? JSON.parse(text) : null) as Record<string, unknown> & unknown[],
    };
  };
