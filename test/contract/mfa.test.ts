import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'node:http';
import { generateSync } from 'otplib';
import { messages } from '@sitewalk/shared/messages';
import { Role, type RoleId } from '@sitewalk/shared/roles';
import { startTestHost, type TestHost } from '../support/host.ts';
import { apiAs, type Api } from '../support/api.ts';
import { callAs, person, PERSON_PASSWORD, type Person, useApiSignIns } from '../support/people.ts';

// Sign-in is what this file is about: its people sign in through the API.
useApiSignIns();

/**
 * Two-step verification (TOTP): set up from the profile, the code asked after the password, a required role
 * sent to set-up first, and a superior's reset after a lost phone. Codes come from otplib, as an
 * authenticator app makes them.
 */

const COOKIE = 'sitewalk_refresh';
let t: TestHost;
let call: ReturnType<typeof callAs>;
let api: Api;
let admin: Person;
let companyA: number;
let companyB: number;
/** Each test's own loopback source address, so the per-source sign-in limit of one never meets another's. */
let nextSource = 10;

const code = (secret: string) => generateSync({ secret });
/** A code of the key that is not the current one (nor one step either side). */
const wrongCodeFor = (secret: string) =>
  generateSync({ secret, epoch: Math.floor(Date.now() / 1000) - 3600 });

interface Answer {
  status: number;
  body: Record<string, unknown>;
  cookie: string | null;
}

/** A public auth call from a chosen loopback address (the sign-in limits count per source). */
const postFrom = (sourceIp: string, path: string, body: unknown) =>
  new Promise<Answer>((resolve, reject) => {
    const url = new URL(t.url(path));
    const payload = JSON.stringify(body);
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        localAddress: sourceIp,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const cookie = (res.headers['set-cookie'] ?? []).find((c) => c.startsWith(`${COOKIE}=`)) ?? null;
          resolve({
            status: res.statusCode ?? 0,
            body: JSON.parse(Buffer.concat(chunks).toString()) as Record<string, unknown>,
            cookie,
          });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });

/** A client at its own source address. */
const client = () => {
  const source = `127.0.0.${nextSource++}`;
  return {
    login: (email: string, password = PERSON_PASSWORD) =>
      postFrom(source, '/api/auth/login', { email, password }),
    mfaCode: (email: string, session: unknown, value: string) =>
      postFrom(source, '/api/auth/mfa-code', { email, session, code: value }),
    setupStart: (email: string, session: unknown) =>
      postFrom(source, '/api/auth/mfa-setup', { email, session }),
    setupVerify: (email: string, session: unknown, value: string) =>
      postFrom(source, '/api/auth/mfa-setup/verify', { email, session, code: value }),
  };
};

/** Turns two-step verification on from the profile, as the signed-in user; answers the key. */
const setUpFromProfile = async (who: Person) => {
  const { secretCode, otpauthUri } = await api(who, 'auth.mfaAssociate');
  expect(await api(who, 'auth.mfaVerify', { body: { code: code(secretCode) } })).toMatchObject({
    enabled: true,
  });
  return { secretCode, otpauthUri };
};

const status = (who: Person, id: number) => api(who, 'auth.mfaStatus', { params: { id } });
const me = async (accessToken: unknown) =>
  (await fetch(t.url('/api/auth/me'), { headers: { authorization: `Bearer ${String(accessToken)}` } }))
    .status;

beforeAll(async () => {
  t = await startTestHost();
  call = callAs(t.host.url);
  api = apiAs(t.host.url);
  admin = await person(t.host.url, Role.Admin);
  const company = (name: string) => ({ name, email: `${name.replace(/\W/g, '').toLowerCase()}@example.com` });
  companyA = (await api(admin, 'managementCompany.create', { body: company('Acme Storage') })).id;
  companyB = (await api(admin, 'managementCompany.create', { body: company('Bolt Units') })).id;
});

afterAll(() => t.host.close());

describe('setting up two-step verification from the profile', () => {
  it('hands out a key with its otpauth:// URI, refuses a wrong code, and turns it on with the right one', async () => {
    const employee = await person(t.host.url, Role.Employee, { managementCompanyId: companyA });
    expect(await status(employee, employee.id)).toEqual({ enabled: false, required: false });

    const { secretCode, otpauthUri } = await api(employee, 'auth.mfaAssociate');
    expect(secretCode).toMatch(/^[A-Z2-7]{16,}$/);
    const uri = new URL(otpauthUri);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe(`/SiteWalk:${employee.email}`);
    expect(uri.searchParams.get('secret')).toBe(secretCode);
    expect(uri.searchParams.get('issuer')).toBe('SiteWalk');

    const wrong = await call(employee, 'POST', '/api/auth/mfa/verify', { code: wrongCodeFor(secretCode) });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(messages.auth.mfaCodeWrong);
    expect(JSON.stringify(wrong.body)).not.toContain(secretCode);
    expect(await status(employee, employee.id)).toMatchObject({ enabled: false });

    expect(await api(employee, 'auth.mfaVerify', { body: { code: code(secretCode) } })).toEqual({
      enabled: true,
      required: false,
    });
    expect(await status(employee, employee.id)).toMatchObject({ enabled: true });
  });

  it.each([
    ['', messages.auth.mfaCodeFormat],
    ['12345', messages.auth.mfaCodeFormat],
    ['1234567', messages.auth.mfaCodeFormat],
    ['12a456', messages.auth.mfaCodeFormat],
  ])('refuses the code %j before asking Cognito', async (value, message) => {
    const employee = await person(t.host.url, Role.Employee, { managementCompanyId: companyA });
    await api(employee, 'auth.mfaAssociate');
    const answer = await call(employee, 'POST', '/api/auth/mfa/verify', { code: value });
    expect(answer.status).toBe(400);
    expect(answer.body.validationErrors).toMatchObject({ code: [message] });
  });

  it('refuses a second key while one is on (a lost phone goes through a superior), and needs a sign-in', async () => {
    const employee = await person(t.host.url, Role.Employee, { managementCompanyId: companyA });
    await setUpFromProfile(employee);
    const again = await call(employee, 'POST', '/api/auth/mfa');
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(messages.auth.mfaAlreadyOn);
    expect((await call(null, 'POST', '/api/auth/mfa')).status).toBe(401);
    expect((await call(null, 'POST', '/api/auth/mfa/verify', { code: '123456' })).status).toBe(401);
  });
});

describe('signing in with two-step verification on', () => {
  it('asks for the code after the password, refuses a wrong one clearly, and signs in with the right one', async () => {
    const employee = await person(t.host.url, Role.Employee, { managementCompanyId: companyA });
    const { secretCode } = await setUpFromProfile(employee);
    const browser = client();

    const first = await browser.login(employee.email);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      needsPasswordReset: false,
      mfa: 'code',
      session: expect.any(String),
      email: employee.email,
    });
    expect(first.cookie).toBeNull(); // no session before the code

    const wrong = await browser.mfaCode(employee.email, first.body.session, wrongCodeFor(secretCode));
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe(messages.auth.mfaCodeWrong);
    expect(wrong.cookie).toBeNull();

    // The same step may be answered again while it lasts.
    const right = await browser.mfaCode(employee.email, first.body.session, code(secretCode));
    expect(right.status).toBe(200);
    expect(right.body).toMatchObject({ accessToken: expect.any(String), user: { id: employee.id } });
    expect(right.cookie).toMatch(/HttpOnly/);
    expect(await me(right.body.accessToken)).toBe(200);
  });

  it('refuses a code sent with another user’s step, a made-up step, or a used one', async () => {
    const [one, two] = await Promise.all([
      person(t.host.url, Role.Employee, { managementCompanyId: companyA }),
      person(t.host.url, Role.Employee, { managementCompanyId: companyA }),
    ]);
    const [keyOne, keyTwo] = [await setUpFromProfile(one), await setUpFromProfile(two)];
    const browser = client();
    const stepOne = (await browser.login(one.email)).body.session;

    const crossed = await browser.mfaCode(two.email, stepOne, code(keyTwo.secretCode));
    expect(crossed.status).toBe(401);
    expect(crossed.body.message).toBe(messages.auth.sessionExpired);
    const madeUp = await browser.mfaCode(one.email, 'not-a-session', code(keyOne.secretCode));
    expect(madeUp.status).toBe(401);
    expect(madeUp.body.message).toBe(messages.auth.sessionExpired);

    expect((await browser.mfaCode(one.email, stepOne, code(keyOne.secretCode))).status).toBe(200);
    const reused = await browser.mfaCode(one.email, stepOne, code(keyOne.secretCode));
    expect(reused.status).toBe(401);
    expect(reused.body.message).toBe(messages.auth.sessionExpired);
  });

  it('counts wrong codes in the sign-in limits: the sixth try in the window is a 429, even with the right code', async () => {
    const employee = await person(t.host.url, Role.Employee, { managementCompanyId: companyA });
    const { secretCode } = await setUpFromProfile(employee);
    const browser = client();
    const step = (await browser.login(employee.email)).body.session;
    for (let i = 0; i < 5; i++) {
      expect((await browser.mfaCode(employee.email, step, wrongCodeFor(secretCode))).status).toBe(401);
    }
    const blocked = await browser.mfaCode(employee.email, step, code(secretCode));
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe(messages.auth.tooManyAttempts);
  });

  it('never asks a user without it for a code', async () => {
    const employee = await person(t.host.url, Role.Employee, { managementCompanyId: companyA });
    const answer = await client().login(employee.email);
    expect(answer.body).toMatchObject({ needsPasswordReset: false, accessToken: expect.any(String) });
    expect(answer.body).not.toHaveProperty('mfa');
  });
});

describe('a role that must use two-step verification', () => {
  const requireOf = (companyId: number, roles: RoleId[]) =>
    api(admin, 'managementCompany.update', { body: { id: companyId, mfaRequiredRoles: roles } });

  it('is sent to set-up right after the password, and signed in once a code of the new key checks out', async () => {
    // Before the company requires it, a Manager signs in with a password.
    const manager = await person(t.host.url, Role.Manager, { managementCompanyId: companyB });
    expect(await requireOf(companyB, [Role.Manager, Role.CompanyManager])).toMatchObject({
      mfaRequiredRoles: [Role.Manager, Role.CompanyManager],
      mfaRequiredByStage: [],
    });
    expect(await status(admin, manager.id)).toEqual({ enabled: false, required: true });
    const browser = client();

    const first = await browser.login(manager.email);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      needsPasswordReset: false,
      mfa: 'setup',
      session: expect.stringMatching(/^[\w-]{43}$/),
      email: manager.email,
    });
    expect(first.cookie).toBeNull();

    expect((await browser.setupStart(manager.email, 'x'.repeat(43))).status).toBe(401);
    const started = await browser.setupStart(manager.email, first.body.session);
    expect(started.status).toBe(200);
    const secretCode = String(started.body.secretCode);
    expect(String(started.body.otpauthUri)).toContain(`secret=${secretCode}`);

    const wrong = await browser.setupVerify(manager.email, first.body.session, wrongCodeFor(secretCode));
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe(messages.auth.mfaCodeWrong);
    expect(wrong.cookie).toBeNull();

    const done = await browser.setupVerify(manager.email, first.body.session, code(secretCode));
    expect(done.status).toBe(200);
    expect(done.cookie).toMatch(/HttpOnly/);
    expect(await me(done.body.accessToken)).toBe(200);
    expect(await status(admin, manager.id)).toEqual({ enabled: true, required: true });

    // The set-up session is spent; the next sign-in asks for the code.
    expect((await browser.setupStart(manager.email, first.body.session)).status).toBe(401);
    expect((await browser.login(manager.email)).body).toMatchObject({ mfa: 'code' });
  });

  it('holds the set-up session to its user', async () => {
    const [one, two] = await Promise.all([
      person(t.host.url, Role.CompanyManager, { managementCompanyId: companyB }),
      person(t.host.url, Role.CompanyManager, { managementCompanyId: companyB }),
    ]);
    const browser = client();
    const stepOne = (await browser.login(one.email)).body.session;
    expect((await browser.setupStart(two.email, stepOne)).status).toBe(401);
    expect((await browser.setupVerify(two.email, stepOne, '123456')).status).toBe(401);
  });

  it('is a setting of the company for its own roles only (Owner and below), each once', async () => {
    for (const roles of [[Role.Admin], [Role.SuperUser], [7], [Role.Manager, Role.Manager]]) {
      const answer = await call(admin, 'PUT', '/api/managementCompany', {
        id: companyA,
        mfaRequiredRoles: roles,
      });
      expect(answer.status, JSON.stringify(roles)).toBe(400);
    }
    const employee = await person(t.host.url, Role.Employee, { managementCompanyId: companyA });
    const refused = await call(employee, 'PUT', '/api/managementCompany', {
      id: companyA,
      mfaRequiredRoles: [],
    });
    expect(refused.status).toBe(403);
    const owner = await person(t.host.url, Role.Owner, { managementCompanyId: companyA });
    const elsewhere = await call(owner, 'PUT', '/api/managementCompany', {
      id: companyB,
      mfaRequiredRoles: [],
    });
    expect(elsewhere.status).toBe(404);
    expect(
      await api(owner, 'managementCompany.update', { body: { id: companyA, mfaRequiredRoles: [] } }),
    ).toMatchObject({ mfaRequiredRoles: [] });
  });
});

describe('resetting two-step verification after a lost phone', () => {
  it('is done by a superior, recorded in the audit log, and the user signs in with the password again', async () => {
    const owner = await person(t.host.url, Role.Owner, { managementCompanyId: companyA });
    const employee = await person(t.host.url, Role.Employee, { managementCompanyId: companyA });
    await setUpFromProfile(employee);

    expect(await api(owner, 'auth.mfaReset', { params: { id: employee.id } })).toEqual({
      success: true,
      message: messages.auth.mfaReset,
    });
    expect(await status(owner, employee.id)).toEqual({ enabled: false, required: false });

    const { entries } = await api(admin, 'activity.someByManagementCompany', {
      params: { id: companyA },
      query: { limit: 5 },
    });
    expect(entries.find((entry) => entry.objectId === employee.id)).toMatchObject({
      action: 'update',
      objectKind: 'user',
      actor: { id: owner.id, roleId: Role.Owner },
      after: { mfaReset: true },
    });

    const signIn = await client().login(employee.email);
    expect(signIn.body).toMatchObject({ accessToken: expect.any(String) });
    // And a new key can be set up from the profile.
    await setUpFromProfile({ ...employee, token: String(signIn.body.accessToken) });
  });

  it('is 404 for a user of another management company and 403 for oneself or someone not below', async () => {
    const ownerB = await person(t.host.url, Role.Owner, { managementCompanyId: companyB });
    const managerA = await person(t.host.url, Role.Manager, { managementCompanyId: companyA });
    const ownerA = await person(t.host.url, Role.Owner, { managementCompanyId: companyA });
    const companyManagerA = await person(t.host.url, Role.CompanyManager, { managementCompanyId: companyA });
    const employeeA = await person(t.host.url, Role.Employee, { managementCompanyId: companyA });

    const reset = (who: Person, id: number) => call(who, 'DELETE', `/api/users/${id}/mfa`);
    expect((await reset(ownerB, managerA.id)).status).toBe(404);
    expect((await reset(ownerB, 987654321)).status).toBe(404);
    expect((await reset(companyManagerA, companyManagerA.id)).status).toBe(403);
    expect((await reset(companyManagerA, ownerA.id)).status).toBe(403);
    expect((await reset(managerA, companyManagerA.id)).status).toBe(404); // outside a manager's scope
    expect((await reset(employeeA, employeeA.id)).status).toBe(403);
    expect((await reset(null as unknown as Person, employeeA.id)).status).toBe(401);
    expect((await call(ownerB, 'GET', `/api/users/${managerA.id}/mfa`)).status).toBe(404);
  });
});
