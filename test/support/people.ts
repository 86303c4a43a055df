import { randomBytes } from 'node:crypto';
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

/** A user made as `account` makes one, signed in over HTTP. */
export const person = async (baseUrl: string, roleId: RoleId, scope: Scope = {}): Promise<Person> => {
  const { id, email } = await account(roleId, scope);
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
