import { beforeAll, describe, expect, it, vi } from 'vitest';
import { randomBytes } from 'node:crypto';
import { messages } from '@sitewalk/shared/messages';
import { Role, type RoleId } from '@sitewalk/shared/roles';
import { isolatedEnvironment } from '../../../test/support/isolated.ts';
import { readEnv, tableEnv } from '../env.ts';
import { createDocumentClient } from '../db/client.ts';
import { createService, type DataService } from '../db/service.ts';
import type { IdentityProvider, SignInResult, Tokens } from '../ports/identity.ts';
import { createAccounts } from './accounts.ts';
import { UnauthorizedError } from './errors.ts';
import {
  heldForMfaSetup,
  holdForMfaSetup,
  MFA_SETUP_TTL_SECONDS,
  mfaRequiredOf,
  releaseMfaSetup,
} from './mfa.ts';
import { createSessions } from './sessions.ts';

/** The sign-in's MFA steps against the identity port, with a scripted identity provider and the real table. */

let db: DataService;
const heldTokens: Tokens = { accessToken: 'access.jwt', refreshToken: 'refresh.jwt', expiresIn: 900 };

/** An identity provider whose answers a test scripts; every call is recorded. */
const scriptedIdentity = () => {
  // Each its own refresh token: a session is stored by its hash.
  const tokens: Tokens = { ...heldTokens, refreshToken: `refresh-${randomBytes(8).toString('hex')}` };
  const identity = {
    createUser: vi.fn(async () => undefined),
    setPassword: vi.fn(async () => undefined),
    signOutEverywhere: vi.fn(async () => true),
    deleteUser: vi.fn(async () => undefined),
    disableUser: vi.fn(async () => undefined),
    enableUser: vi.fn(async () => undefined),
    exists: vi.fn(async () => true),
    signIn: vi.fn(async (): Promise<SignInResult> => ({ kind: 'signed-in', tokens })),
    completeNewPassword: vi.fn(async (): Promise<SignInResult> => ({ kind: 'refused' })),
    answerMfaCode: vi.fn(async (): Promise<SignInResult> => ({ kind: 'refused' })),
    associateSoftwareToken: vi.fn(async () => 'JBSWY3DPEHPK3PXP'),
    verifySoftwareToken: vi.fn(async (_token: string, code: string) => code === '123456'),
    setMfa: vi.fn(async () => undefined),
    mfaEnabled: vi.fn(async () => false),
    refresh: vi.fn(async () => null),
    revoke: vi.fn(async () => undefined),
  } satisfies IdentityProvider;
  return { identity, tokens };
};

const setUp = async (roleId: RoleId, companyRoles?: RoleId[]) => {
  const { identity, tokens } = scriptedIdentity();
  const managementCompanyId = 1000 + Math.floor(Math.random() * 1e6);
  if (companyRoles) {
    await db.entities.managementCompany
      .create({ managementCompanyId, name: 'Acme', email: 'a@example.com', mfaRequiredRoles: companyRoles })
      .go();
  }
  const email = `mfa-${randomBytes(4).toString('hex')}@example.com`;
  const user = await createAccounts(db, identity).create({
    firstName: 'Mo',
    lastName: 'Fa',
    email,
    roleId,
    managementCompanyId: companyRoles ? managementCompanyId : undefined,
    password: { value: 'Passw0rdTest', temporary: false },
    locations: [],
    organizations: [],
  });
  const sessions = createSessions({ db, identity, appUrl: 'http://localhost' });
  const sessionCount = async () =>
    (await db.entities.session.query.byUser({ userId: user.userId }).go()).data.length;
  return { identity, tokens, sessions, email, user, sessionCount };
};

const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UnauthorizedError);
  return (error as Error).message;
};

beforeAll(async () => {
  await isolatedEnvironment();
  const env = readEnv(tableEnv);
  db = createService(createDocumentClient(env), env.TABLE_NAME);
});

describe('who must use two-step verification', () => {
  it('is a role the stage names, or one the user’s company adds', () => {
    expect(mfaRequiredOf(Role.Owner, null, [Role.SuperUser, Role.Admin, Role.Owner])).toBe(true);
    expect(mfaRequiredOf(Role.Manager, null, [Role.Owner])).toBe(false);
    expect(mfaRequiredOf(Role.Manager, { mfaRequiredRoles: [Role.Manager] }, [])).toBe(true);
    expect(mfaRequiredOf(Role.Employee, { mfaRequiredRoles: [Role.Manager] }, [])).toBe(false);
    expect(mfaRequiredOf(Role.Employee, { mfaRequiredRoles: undefined }, [])).toBe(false);
  });
});

describe('a sign-in held for its set-up', () => {
  it('keeps the tokens sealed under the session, found only by its hash, for its user only', async () => {
    const now = new Date();
    const tokens = heldTokens;
    const session = await holdForMfaSetup(db, 71, tokens, now);
    expect(Buffer.from(session, 'base64url')).toHaveLength(32);
    const { data } = await db.entities.mfaSetup.scan.go();
    const stored = JSON.stringify(data);
    expect(stored).not.toContain(session);
    expect(stored).not.toContain(tokens.accessToken);
    expect(stored).not.toContain(tokens.refreshToken);

    expect(await heldForMfaSetup(db, 71, session, now)).toEqual(tokens);
    expect(await heldForMfaSetup(db, 72, session, now)).toBeNull();
    const tampered = `${session.slice(0, -1)}${session.endsWith('A') ? 'B' : 'A'}`;
    expect(await heldForMfaSetup(db, 71, tampered, now)).toBeNull();
    expect(await heldForMfaSetup(db, 71, 'not a session', now)).toBeNull();
    const later = new Date(now.getTime() + MFA_SETUP_TTL_SECONDS * 1000);
    expect(await heldForMfaSetup(db, 71, session, later)).toBeNull();

    await releaseMfaSetup(db, session);
    expect(await heldForMfaSetup(db, 71, session, now)).toBeNull();
  });
});

describe('signing in with two-step verification', () => {
  it('passes Cognito’s code challenge on, and starts a session only once the code is right', async () => {
    const { identity, tokens, sessions, email, user, sessionCount } = await setUp(Role.Employee);
    identity.signIn.mockResolvedValue({ kind: 'mfa-code', session: 'cognito-step' });
    expect(await sessions.login(email, 'Passw0rdTest', '10.0.0.1')).toMatchObject({
      kind: 'mfa-code',
      session: 'cognito-step',
    });
    expect(await sessionCount()).toBe(0);

    identity.answerMfaCode.mockResolvedValueOnce({ kind: 'wrong-code' });
    expect(await refusal(sessions.answerMfaCode(email, 'cognito-step', '000000', '10.0.0.1'))).toBe(
      messages.auth.mfaCodeWrong,
    );
    identity.answerMfaCode.mockResolvedValueOnce({ kind: 'refused' });
    expect(await refusal(sessions.answerMfaCode(email, 'cognito-step', '000000', '10.0.0.1'))).toBe(
      messages.auth.sessionExpired,
    );
    expect(await sessionCount()).toBe(0);

    identity.answerMfaCode.mockResolvedValueOnce({ kind: 'signed-in', tokens });
    const signedIn = await sessions.answerMfaCode(email, 'cognito-step', '123456', '10.0.0.1');
    expect(signedIn).toMatchObject({ kind: 'signed-in', accessToken: tokens.accessToken });
    expect(identity.answerMfaCode).toHaveBeenLastCalledWith(user.userId, 'cognito-step', '123456');
    expect(await sessionCount()).toBe(1);
  });

  it('holds a required role’s tokens until a code of the new key checks out, then turns it on', async () => {
    const { identity, tokens, sessions, email, user, sessionCount } = await setUp(Role.Manager, [
      Role.Manager,
    ]);
    const step = await sessions.login(email, 'Passw0rdTest', '10.0.0.2');
    expect(step.kind).toBe('mfa-setup');
    const session = 'session' in step ? step.session : '';
    expect(await sessionCount()).toBe(0);

    const secret = await sessions.startMfaSetup(email, session);
    expect(secret.secretCode).toBe('JBSWY3DPEHPK3PXP');
    expect(identity.associateSoftwareToken).toHaveBeenCalledWith(tokens.accessToken);

    expect(await refusal(sessions.finishMfaSetup(email, session, '999999', '10.0.0.2'))).toBe(
      messages.auth.mfaCodeWrong,
    );
    expect(identity.setMfa).not.toHaveBeenCalled();
    expect(await sessionCount()).toBe(0);

    const signedIn = await sessions.finishMfaSetup(email, session, '123456', '10.0.0.2');
    expect(signedIn).toMatchObject({ kind: 'signed-in', refreshToken: tokens.refreshToken });
    expect(identity.setMfa).toHaveBeenCalledWith(user.userId, true);
    expect(await sessionCount()).toBe(1);
    // Spent: neither step works again.
    expect(await refusal(sessions.startMfaSetup(email, session))).toBe(messages.auth.sessionExpired);
    expect(await refusal(sessions.finishMfaSetup(email, session, '123456', '10.0.0.2'))).toBe(
      messages.auth.sessionExpired,
    );
  });

  it('signs a role nobody requires it of straight in', async () => {
    const { sessions, email, sessionCount } = await setUp(Role.Employee, [Role.Manager]);
    expect(await sessions.login(email, 'Passw0rdTest', '10.0.0.3')).toMatchObject({ kind: 'signed-in' });
    expect(await sessionCount()).toBe(1);
  });
});
