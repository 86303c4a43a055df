import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { errorBody } from '@sitewalk/shared/envelope';
import { messages } from '@sitewalk/shared/messages';
import { Role, type RoleId } from '@sitewalk/shared/roles';
import { dataFromEnv, identityFromEnv, pinsFromEnv } from '@sitewalk/functions/composition';
import { createAccounts, type Accounts } from '@sitewalk/functions/domain/accounts';
import { issueResetToken, RESET_TOKEN_TTL_SECONDS } from '@sitewalk/functions/domain/reset-tokens';
import type { DataService } from '@sitewalk/functions/db/service';
import type { IdentityProvider } from '@sitewalk/functions/ports/identity';
import { mailsTo, setCookie, startTestHost, type TestHost } from '../support/host.ts';

const COOKIE = 'sitewalk_refresh';
let t: TestHost;
let db: DataService;
let identity: IdentityProvider;
let accounts: Accounts;

const unique = (label: string) => `${label}-${randomBytes(4).toString('hex')}@example.com`;

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(t.url(path), {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
const get = (path: string, token?: string) =>
  fetch(t.url(path), { headers: token ? { authorization: `Bearer ${token}` } : {} });

interface LoginAnswer {
  needsPasswordReset: boolean;
  accessToken: string;
  session: string;
  user: { id: number; email: string; roleId: number; roleName: string; needsPasswordReset: boolean };
}
const login = async (email: string, password: string) => {
  const response = await post('/api/auth/login', { email, password });
  return { response, body: (await response.json()) as LoginAnswer };
};

const newUser = async (password: string, temporary = false, roleId: RoleId = Role.Employee) => {
  const email = unique('user');
  const user = await accounts.create({
    firstName: 'Test',
    lastName: 'User',
    email,
    roleId,
    password: { value: password, temporary },
    locations: [],
    organizations: [],
  });
  return { email, id: user.userId };
};

beforeAll(async () => {
  t = await startTestHost();
  db = dataFromEnv();
  identity = identityFromEnv();
  accounts = createAccounts(db, identity, pinsFromEnv());
});
afterAll(() => t.host.close());

describe('login and the signed-in user', () => {
  it('signs in, sets the refresh cookie as DESIGN says, and /auth/me answers the user', async () => {
    const { email, id } = await newUser('Passw0rdOne');
    const { response, body } = await login(email.toUpperCase(), 'Passw0rdOne');
    expect(response.status).toBe(200);
    expect(body.needsPasswordReset).toBe(false);
    expect(body.user).toMatchObject({ id, email, roleId: Role.Employee, roleName: 'Employee' });
    const cookie = setCookie(response, COOKIE);
    expect(cookie?.value).toBeTruthy();
    expect(cookie?.attributes).toEqual(
      expect.arrayContaining(['Path=/api/auth', 'HttpOnly', 'Secure', 'SameSite=Strict']),
    );
    expect(JSON.stringify(body)).not.toContain(cookie?.value ?? 'missing');

    const me = await get('/api/auth/me', body.accessToken);
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ id, email });
    const authenticated = await get('/api/authenticate', body.accessToken);
    expect(await authenticated.json()).toEqual({ authenticated: true, userId: id, roleId: Role.Employee });
  });

  it('answers a wrong password and an unknown e-mail the same 401', async () => {
    const { email } = await newUser('Passw0rdTwo');
    const wrong = await login(email, 'Wr0ngPassword');
    const unknown = await login(unique('nobody'), 'Passw0rdTwo');
    expect(wrong.response.status).toBe(401);
    expect(unknown.response.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(errorBody.parse(wrong.body).message).toBe(messages.auth.invalidCredentials);
  });

  it('answers a login without e-mail or password with a 400 naming the fields', async () => {
    const response = await post('/api/auth/login', { email: 'not-an-email' });
    expect(response.status).toBe(400);
    expect(Object.keys(errorBody.parse(await response.json()).validationErrors ?? {}).sort()).toEqual([
      'email',
      'password',
    ]);
  });

  it("refuses a token whose user was deleted, and deleting removes the user's sign-in", async () => {
    const { email, id } = await newUser('Passw0rdDel');
    const { body } = await login(email, 'Passw0rdDel');
    await accounts.delete(id);
    expect((await get('/api/auth/me', body.accessToken)).status).toBe(401);
    expect((await login(email, 'Passw0rdDel')).response.status).toBe(401);
    expect(await identity.exists(id)).toBe(false);
  });
});

describe('a temporary password', () => {
  it('must be replaced at first login, after which the new password signs in', async () => {
    const admin = await newUser('Adm1nPassword', false, Role.SuperUser);
    const adminToken = (await login(admin.email, 'Adm1nPassword')).body.accessToken;
    const { email, id } = await newUser('Temp0rary1', true);

    const required = await get(`/api/users/${id}/password-reset-required`, adminToken);
    expect(await required.json()).toEqual({ requiresReset: true });

    const first = await login(email, 'Temp0rary1');
    expect(first.response.status).toBe(200);
    expect(first.body).toMatchObject({ needsPasswordReset: true });
    expect(first.body.session).toBeTruthy();
    expect(setCookie(first.response, COOKIE)).toBeNull();

    const weak = await post('/api/auth/complete-new-password', {
      email,
      session: first.body.session,
      newPassword: 'weak',
    });
    expect(weak.status).toBe(400);
    expect(errorBody.parse(await weak.json()).validationErrors).toHaveProperty('newPassword', [
      messages.password.rule,
    ]);

    const done = await post('/api/auth/complete-new-password', {
      email,
      session: first.body.session,
      newPassword: 'Chosen2Pass',
    });
    expect(done.status).toBe(200);
    expect(setCookie(done, COOKIE)?.value).toBeTruthy();
    const session = (await done.json()) as { accessToken: string; user: { needsPasswordReset: boolean } };
    expect(session.user.needsPasswordReset).toBe(false);
    expect((await get('/api/auth/me', session.accessToken)).status).toBe(200);

    expect((await login(email, 'Chosen2Pass')).body.needsPasswordReset).toBe(false);
    expect((await login(email, 'Temp0rary1')).response.status).toBe(401);
    expect(await (await get(`/api/users/${id}/password-reset-required`, adminToken)).json()).toEqual({
      requiresReset: false,
    });
  });

  it('refuses a made-up challenge session', async () => {
    const { email } = await newUser('Temp0rary3', true);
    await login(email, 'Temp0rary3');
    const response = await post('/api/auth/complete-new-password', {
      email,
      session: 'made-up',
      newPassword: 'Chosen3Pass',
    });
    expect(response.status).toBe(401);
  });

  it("hides another tenant's users from password-reset-required", async () => {
    const employee = await newUser('Passw0rdEmp');
    const other = await newUser('Passw0rdOther');
    const token = (await login(employee.email, 'Passw0rdEmp')).body.accessToken;
    expect((await get(`/api/users/${other.id}/password-reset-required`, token)).status).toBe(404);
    expect((await get(`/api/users/${employee.id}/password-reset-required`, token)).status).toBe(200);
  });
});

describe('forgot password', () => {
  const resetLink = async (email: string) => {
    const mails = await mailsTo(t.standIns.endpoints.ses, email);
    const mail = mails.at(-1);
    const token = /\/reset-password\/confirm\/([\w-]+)/.exec(mail?.body.text ?? '')?.[1];
    return { mail, token, count: mails.length };
  };

  it('e-mails a link, and the link sets a new password once, signing out the other sessions', async () => {
    const { email } = await newUser('Before1Pass');
    const before = await login(email, 'Before1Pass');
    const oldCookie = setCookie(before.response, COOKIE)?.value ?? '';

    const asked = await post('/api/auth/forgot-password', { email });
    expect(asked.status).toBe(200);
    const { mail, token } = await resetLink(email);
    expect(mail?.subject).toBe('Reset your SiteWalk password');
    expect(mail?.body.html).toContain(`${t.env.APP_URL}/reset-password/confirm/${token}`);
    expect(mail?.body.text).toContain(`${t.env.APP_URL}/reset-password/confirm/${token}`);

    const weak = await post('/api/auth/reset-password', { token, password: 'short' });
    expect(weak.status).toBe(400);

    const reset = await post('/api/auth/reset-password', { token, password: 'After2Pass' });
    expect(reset.status).toBe(200);
    expect(await reset.json()).toEqual({ success: true, message: messages.password.resetSuccess });

    // The old session is over: its access token and its refresh cookie are refused.
    expect((await get('/api/auth/me', before.body.accessToken)).status).toBe(401);
    const refresh = await fetch(t.url('/api/auth/refresh'), {
      method: 'POST',
      headers: { cookie: `${COOKIE}=${encodeURIComponent(oldCookie)}` },
    });
    expect(refresh.status).toBe(401);

    // The reset answers once a sign-in gets a working token (test/contract/sessions.test.ts).
    const after = await login(email, 'After2Pass');
    expect(after.response.status).toBe(200);
    expect((await get('/api/auth/me', after.body.accessToken)).status).toBe(200);
    expect((await login(email, 'Before1Pass')).response.status).toBe(401);

    const reused = await post('/api/auth/reset-password', { token, password: 'Again3Pass' });
    expect(reused.status).toBe(400);
    expect(errorBody.parse(await reused.json()).message).toBe(messages.auth.resetLinkInvalid);
  });

  it('answers an unknown e-mail exactly as a known one, and sends it nothing', async () => {
    const known = await newUser('Known1Pass');
    const stranger = unique('stranger');
    const a = await post('/api/auth/forgot-password', { email: known.email });
    const b = await post('/api/auth/forgot-password', { email: stranger });
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(await a.json()).toEqual(await b.json());
    expect(await mailsTo(t.standIns.endpoints.ses, stranger)).toEqual([]);
  });

  it.each(['made-up', 'A'.repeat(43), ''])('refuses the made-up token %j', async (token) => {
    const response = await post('/api/auth/reset-password', { token, password: 'Valid1Pass' });
    expect(response.status).toBe(400);
  });

  it('refuses an expired token', async () => {
    const { id } = await newUser('Expire1Pass');
    const { token } = await issueResetToken(
      db,
      id,
      new Date(Date.now() - (RESET_TOKEN_TTL_SECONDS + 60) * 1000),
    );
    const response = await post('/api/auth/reset-password', { token, password: 'Valid1Pass' });
    expect(response.status).toBe(400);
  });

  it('sends at most three reset mails an hour to one address, answering the same every time', async () => {
    const { email } = await newUser('Many1Pass');
    const answers = [];
    for (let i = 0; i < 5; i += 1) answers.push((await post('/api/auth/forgot-password', { email })).status);
    expect(answers).toEqual([200, 200, 200, 200, 200]);
    expect((await resetLink(email)).count).toBe(3);
  });
});

describe('refresh and logout', () => {
  it('refreshes from the cookie, and a logged-out refresh token no longer works', async () => {
    const { email } = await newUser('Refresh1Pass');
    const { response } = await login(email, 'Refresh1Pass');
    const cookie = `${COOKIE}=${encodeURIComponent(setCookie(response, COOKIE)?.value ?? '')}`;

    const refreshed = await fetch(t.url('/api/auth/refresh'), { method: 'POST', headers: { cookie } });
    expect(refreshed.status).toBe(200);
    const { accessToken } = (await refreshed.json()) as { accessToken: string };
    expect((await get('/api/auth/me', accessToken)).status).toBe(200);

    const loggedOut = await fetch(t.url('/api/auth/logout'), { method: 'POST', headers: { cookie } });
    expect(loggedOut.status).toBe(200);
    expect(setCookie(loggedOut, COOKIE)?.attributes).toContain('Max-Age=0');

    const again = await fetch(t.url('/api/auth/refresh'), { method: 'POST', headers: { cookie } });
    expect(again.status).toBe(401);
  });

  it('refuses a refresh without a cookie or with a made-up one', async () => {
    expect((await fetch(t.url('/api/auth/refresh'), { method: 'POST' })).status).toBe(401);
    const madeUp = await fetch(t.url('/api/auth/refresh'), {
      method: 'POST',
      headers: { cookie: `${COOKIE}=abc` },
    });
    expect(madeUp.status).toBe(401);
  });
});

describe('throttled login', () => {
  it('answers 429 with Retry-After after five failures, even to the right password, and only for that account', async () => {
    const { email } = await newUser('Throttle1Pass');
    const other = await newUser('Throttle2Pass');
    const statuses = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await login(email, 'Wrong1Pass')).response.status);
    expect(statuses).toEqual([401, 401, 401, 401, 401]);

    const sixth = await login(email, 'Wrong1Pass');
    expect(sixth.response.status).toBe(429);
    const retryAfter = Number(sixth.response.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);

    expect((await login(email, 'Throttle1Pass')).response.status).toBe(429);
    expect((await login(other.email, 'Throttle2Pass')).response.status).toBe(200);
  });
});

describe('accounts stay in step with Cognito', () => {
  it('creates the sign-in with the user, and a failed create leaves no sign-in behind', async () => {
    const { id } = await newUser('Step1Pass');
    expect(await identity.exists(id)).toBe(true);

    const location = { locationId: 5, organizationId: 2, managementCompanyId: 1 };
    await expect(
      accounts.create({
        firstName: 'Half',
        lastName: 'Way',
        email: unique('halfway'),
        roleId: Role.Employee,
        password: { value: 'Step2Pass', temporary: true },
        locations: [location, location], // the same item twice: DynamoDB refuses the transaction
        organizations: [],
      }),
    ).rejects.toThrow();
    const { data: counter } = await db.entities.counter.get({ name: 'user' }).go();
    const failedId = counter?.value ?? 0;
    expect(await identity.exists(failedId)).toBe(false);
    expect((await db.entities.user.get({ userId: failedId }).go()).data).toBeNull();
  });

  it('answers a taken e-mail with a conflict naming the existing user only to the caller', async () => {
    const { email, id } = await newUser('Taken1Pass');
    await expect(
      accounts.create({
        firstName: 'A',
        lastName: 'B',
        email,
        roleId: Role.Employee,
        locations: [],
        organizations: [],
      }),
    ).rejects.toMatchObject({ status: 409, validationErrors: null, existingUserId: id });
  });

  it('undoes a delete whose table transaction fails: the user keeps both the record and the sign-in', async () => {
    const { email, id } = await newUser('Keep1Pass');
    const failingTable = new Proxy(db, {
      get: (target, property) =>
        property === 'transaction'
          ? { write: () => ({ go: async () => Promise.reject(new Error('table unavailable')) }) }
          : Reflect.get(target, property),
    });
    await expect(createAccounts(failingTable, identity).delete(id)).rejects.toThrow('table unavailable');
    expect((await db.entities.user.get({ userId: id }).go()).data).not.toBeNull();
    expect(await identity.exists(id)).toBe(true);
    expect((await login(email, 'Keep1Pass')).response.status).toBe(200); // enabled again
  });

  it('gives a user without a sign-in one when their password is set', async () => {
    const email = unique('pinonly');
    const user = await accounts.create({
      firstName: 'Pin',
      lastName: 'Only',
      email,
      pin: '1234',
      roleId: Role.Employee,
      locations: [],
      organizations: [],
    });
    expect(await identity.exists(user.userId)).toBe(false);
    await accounts.changePassword(user.userId, 'NowSet1Pass', { temporary: false });
    expect((await login(email, 'NowSet1Pass')).response.status).toBe(200);
  });
});
