import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import {
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  UpdateUserPoolCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { messages } from '@sitewalk/shared/messages';
import { Role, type RoleId } from '@sitewalk/shared/roles';
import { dataFromEnv, identityFromEnv } from '@sitewalk/functions/composition';
import { createAccounts, type Accounts } from '@sitewalk/functions/domain/accounts';
import { issueResetToken } from '@sitewalk/functions/domain/reset-tokens';
import type { DataService } from '@sitewalk/functions/db/service';
import { apiAs, type Api, type BodyOf } from '../support/api.ts';
import { mailsTo, startOwnTestHost, type TestHost } from '../support/host.ts';
import { callAs, person, type Person, useApiSignIns } from '../support/people.ts';

// Sign-in is what this file is about: its people sign in through the API.
useApiSignIns();

const COOKIE = 'sitewalk_refresh';
let t: TestHost;
let db: DataService;
let accounts: Accounts;
let cognito: CognitoIdentityProviderClient;
let call: ReturnType<typeof callAs>;
let api: Api;
let superUser: Person;

const unique = (label: string) => `${label}-${randomBytes(4).toString('hex')}@example.com`;
const claims = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as Record<string, number>;

interface Answer {
  status: number;
  body: Record<string, unknown>;
  refreshToken: string | null;
  accessToken: string;
}

/** POST /api/auth/login from a chosen local source address (127.0.0.0/8 is all loopback). */
const loginFrom = (sourceIp: string, email: string, password: string, headers: Record<string, string> = {}) =>
  new Promise<Answer>((resolve, reject) => {
    const url = new URL(t.url('/api/auth/login'));
    const payload = JSON.stringify({ email, password });
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        localAddress: sourceIp,
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const body = JSON.parse(Buffer.concat(chunks).toString()) as Record<string, unknown>;
          const cookie = (res.headers['set-cookie'] ?? []).find((c) => c.startsWith(`${COOKIE}=`));
          resolve({
            status: res.statusCode ?? 0,
            body,
            refreshToken: cookie
              ? decodeURIComponent(cookie.split(';')[0]?.slice(COOKIE.length + 1) ?? '')
              : null,
            accessToken: typeof body.accessToken === 'string' ? body.accessToken : '',
          });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
const login = (email: string, password: string) => loginFrom('127.0.0.1', email, password);

const post = (path: string, body: unknown) =>
  fetch(t.url(path), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
const me = async (accessToken: string) =>
  (await fetch(t.url('/api/auth/me'), { headers: { authorization: `Bearer ${accessToken}` } })).status;
const refreshAtApi = async (refreshToken: string | null) =>
  (
    await fetch(t.url('/api/auth/refresh'), {
      method: 'POST',
      headers: { cookie: `${COOKIE}=${encodeURIComponent(refreshToken ?? '')}` },
    })
  ).status;
/** What anyone holding a refresh token can do: the app client is public. */
const refreshAtCognito = async (refreshToken: string | null) => {
  try {
    const answer = await cognito.send(
      new InitiateAuthCommand({
        ClientId: t.provisioned.userPoolClientId,
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        AuthParameters: { REFRESH_TOKEN: refreshToken ?? '' },
      }),
    );
    return answer.AuthenticationResult?.AccessToken ?? null;
  } catch (error) {
    if (error instanceof Error && error.name === 'NotAuthorizedException') return null;
    throw error;
  }
};

const newUser = async (password: string, roleId: RoleId = Role.Employee, managementCompanyId?: number) => {
  const email = unique('user');
  const user = await accounts.create({
    firstName: 'Sam',
    lastName: 'Session',
    email,
    roleId,
    managementCompanyId,
    password: { value: password, temporary: false },
    locations: [],
    organizations: [],
  });
  const signedIn = await login(email, password);
  expect(signedIn.status).toBe(200);
  const who: Person = { id: user.userId, email, token: signedIn.accessToken, roleId };
  return { ...who, who, signedIn };
};

/** Asks for a reset link, as the sign-in page does (the answer is the same for any address). */
const forgotPassword = (email: string) => api(null, 'auth.forgotPassword', { body: { email } });
const resetLinks = async (email: string) =>
  (await mailsTo(t.standIns.endpoints.ses, email)).map(
    (mail) => /\/reset-password\/confirm\/([\w-]+)/.exec(mail.body.text ?? '')?.[1] ?? '',
  );

beforeAll(async () => {
  t = await startOwnTestHost();
  db = dataFromEnv();
  accounts = createAccounts(db, identityFromEnv());
  cognito = new CognitoIdentityProviderClient({
    endpoint: t.standIns.endpoints.cognito,
    region: t.standIns.region,
    credentials: t.standIns.credentials,
  });
  call = callAs(t.host.url);
  api = apiAs(t.host.url);
  superUser = await person(t.host.url, Role.SuperUser);
});
afterAll(() => t.host.close());

describe('a password change, a reset and a delete end every session', () => {
  it('a password set by a superior ends every session, at the API and at Cognito, and is temporary', async () => {
    const victim = await newUser('Before1Pass');
    const minted = await refreshAtCognito(victim.signedIn.refreshToken);
    expect(minted).not.toBeNull();
    expect(await me(minted ?? '')).toBe(200);

    const changed = await api(superUser, 'user.update', {
      params: { id: victim.id },
      body: { userInfo: { id: victim.id, password: 'Chosen2Pass' } },
    });
    expect(changed.data).toMatchObject({ needsPasswordReset: true });

    expect(await me(victim.token)).toBe(401);
    expect(await me(minted ?? '')).toBe(401);
    expect(await refreshAtApi(victim.signedIn.refreshToken)).toBe(401);
    expect(await refreshAtCognito(victim.signedIn.refreshToken)).toBeNull();
    const { data: records } = await db.entities.session.query.byUser({ userId: victim.id }).go();
    expect(records).toEqual([]);

    // The superior's password is temporary: the user must choose their own at once.
    expect((await login(victim.email, 'Before1Pass')).status).toBe(401);
    const next = await login(victim.email, 'Chosen2Pass');
    expect(next.status).toBe(200);
    expect(next.body).toMatchObject({ needsPasswordReset: true });
    expect(next.refreshToken).toBeNull();
    const own = await api(null, 'auth.completeNewPassword', {
      body: { email: victim.email, session: String(next.body.session), newPassword: 'MyOwn3Pass' },
    });
    expect(own).not.toHaveProperty('mfa');
    expect(await me('accessToken' in own ? own.accessToken : '')).toBe(200);
  });

  it('judges an access token by its sign-in (auth_time), so refreshing an ended session gives nothing', async () => {
    const victim = await newUser('Judge1Pass');
    const signedInAt = claims(victim.token).auth_time ?? 0;
    // Another account's reset answers only after the next whole second has begun.
    const other = await newUser('Other1Pass');
    await forgotPassword(other.email);
    const [token] = await resetLinks(other.email);
    await api(null, 'auth.resetPassword', { body: { token: token ?? '', password: 'Other2Pass' } });

    // A refresh token that Cognito still honours (as if its global sign-out had failed) ...
    const refreshed = (await refreshAtCognito(victim.signedIn.refreshToken)) ?? '';
    expect(claims(refreshed).auth_time).toBe(signedInAt); // Cognito keeps the sign-in time
    expect(claims(refreshed).iat).toBeGreaterThan(signedInAt);
    expect(await me(refreshed)).toBe(200);
    // ... after a cut-off later than the sign-in but earlier than the refresh: refused.
    await db.entities.user
      .patch({ userId: victim.id })
      .set({ tokensValidAfter: (signedInAt + 1) * 1000 })
      .go();
    expect(await me(refreshed)).toBe(401);
    expect(await me(victim.token)).toBe(401);
  });

  it('a delete ends the sessions: the refresh token and reset link work nowhere, no session record is left', async () => {
    const victim = await newUser('Delete1Pass');
    await forgotPassword(victim.email);
    const [link] = await resetLinks(victim.email);
    await api(superUser, 'user.delete', { params: { id: victim.id } });
    expect(await refreshAtApi(victim.signedIn.refreshToken)).toBe(401);
    expect(await refreshAtCognito(victim.signedIn.refreshToken)).toBeNull();
    expect(await me(victim.token)).toBe(401);
    const { data: records } = await db.entities.session.query.byUser({ userId: victim.id }).go();
    expect(records).toEqual([]);
    // Its reset link went with it.
    const reset = await post('/api/auth/reset-password', { token: link, password: 'Delete2Pass' });
    expect(reset.status).toBe(400);
  });
});

describe('a logout', () => {
  const logout = (refreshToken: string | null) =>
    fetch(t.url('/api/auth/logout'), {
      method: 'POST',
      headers: { cookie: `${COOKIE}=${encodeURIComponent(refreshToken ?? '')}` },
    });
  const refreshed = async (refreshToken: string | null) => {
    const answer = await fetch(t.url('/api/auth/refresh'), {
      method: 'POST',
      headers: { cookie: `${COOKIE}=${encodeURIComponent(refreshToken ?? '')}` },
    });
    expect(answer.status).toBe(200);
    return ((await answer.json()) as { accessToken: string }).accessToken;
  };
  const origin = (token: string) => (claims(token) as unknown as Record<string, unknown>).origin_jti;

  it('ends that session’s access tokens, refreshed ones too, and no other session of the user', async () => {
    // Prepare: two sessions of one user (a phone and a laptop), one of them refreshed.
    const user = await newUser('Leave1Pass');
    const phone = user.signedIn;
    const phoneRefreshed = await refreshed(phone.refreshToken);
    const laptop = await login(user.email, 'Leave1Pass');
    expect(origin(phoneRefreshed)).toBe(origin(phone.accessToken));
    expect(origin(laptop.accessToken)).not.toBe(origin(phone.accessToken));

    // Act
    const before = Math.floor(Date.now() / 1000);
    expect((await logout(phone.refreshToken)).status).toBe(200);

    // Assess: the phone's tokens are refused at once; the laptop works on.
    expect(await me(phone.accessToken)).toBe(401);
    expect(await me(phoneRefreshed)).toBe(401);
    expect(await refreshAtApi(phone.refreshToken)).toBe(401);
    expect(await me(laptop.accessToken)).toBe(200);
    expect(await me(await refreshed(laptop.refreshToken))).toBe(200);
    // The record goes when the phone's last access token would have expired anyway.
    const { data: ended } = await db.entities.endedSession.query.primary({ userId: user.id }).go();
    const lifetime = claims(phone.accessToken).exp! - claims(phone.accessToken).iat!;
    expect(ended).toEqual([expect.objectContaining({ originJti: origin(phone.accessToken) })]);
    expect(ended[0]!.expiresAt).toBeGreaterThanOrEqual(before + lifetime);
    expect(ended[0]!.expiresAt).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000) + lifetime);
  });

  it('ends nothing for a refresh token that is unknown or already logged out', async () => {
    const user = await newUser('Twice1Pass');
    expect((await logout('not-a-refresh-token')).status).toBe(200);
    expect((await logout(user.signedIn.refreshToken)).status).toBe(200);
    expect((await logout(user.signedIn.refreshToken)).status).toBe(200);
    const { data: ended } = await db.entities.endedSession.query.primary({ userId: user.id }).go();
    expect(ended).toHaveLength(1);
    expect(await me(user.token)).toBe(401);
    const next = await login(user.email, 'Twice1Pass');
    expect(await me(next.accessToken)).toBe(200);
  });
});

describe('a sign-in right after a reset', () => {
  it('works at once, while every token from before the reset, even the same second, is refused', async () => {
    const user = await newUser('Reset0Pass');
    for (const [round, password] of ['Reset1Pass', 'Reset2Pass'].entries()) {
      const before = await login(user.email, round === 0 ? 'Reset0Pass' : 'Reset1Pass');
      expect(before.status).toBe(200);
      await forgotPassword(user.email);
      const token = (await resetLinks(user.email)).at(-1);
      await api(null, 'auth.resetPassword', { body: { token: token ?? '', password } });
      const after = await login(user.email, password);
      expect(after.status).toBe(200);
      expect(await me(after.accessToken)).toBe(200);
      expect(await refreshAtApi(after.refreshToken)).toBe(200);
      expect(await me(before.accessToken)).toBe(401);
      expect(await refreshAtApi(before.refreshToken)).toBe(401);
      expect(await refreshAtCognito(before.refreshToken)).toBeNull();
    }
  });
});

describe('changing one’s own password or e-mail', () => {
  /** One's own update, answered as it comes (refusals are what most of these tests look at). */
  const update = (who: Person, userInfo: Record<string, unknown>) =>
    call(who, 'PUT', `/api/user/update/user/${who.id}`, { userInfo: { id: who.id, ...userInfo } });
  /** One's own update that must succeed, its answer checked against the contract. */
  const updateOwn = (who: Person, userInfo: Omit<BodyOf<'user.update'>['userInfo'], 'id'>) =>
    api(who, 'user.update', { params: { id: who.id }, body: { userInfo: { id: who.id, ...userInfo } } });

  it.each([
    ['a new password', { password: 'Next1Pass' }],
    ['a new e-mail', { email: unique('moved') }],
  ])(
    'needs the current password for %s: 400 without it, 403 when wrong, each naming the field',
    async (_, change) => {
      const user = await newUser('Current1Pass');
      const missing = await update(user.who, change);
      expect(missing.status).toBe(400);
      expect(missing.body).toMatchObject({
        message: messages.auth.currentPasswordRequired,
        validationErrors: { 'userInfo.currentPassword': [messages.auth.currentPasswordRequired] },
      });
      const empty = await update(user.who, { ...change, currentPassword: '' });
      expect(empty.status).toBe(400);
      const wrong = await update(user.who, { ...change, currentPassword: 'Wrong1Pass' });
      expect(wrong.status).toBe(403);
      expect(wrong.body).toMatchObject({
        message: messages.auth.currentPasswordWrong,
        validationErrors: { 'userInfo.currentPassword': [messages.auth.currentPasswordWrong] },
      });
      // Nothing changed: the old password still signs in, the e-mail is the same.
      expect((await login(user.email, 'Current1Pass')).status).toBe(200);
      // Other fields need no password.
      expect((await updateOwn(user.who, { firstName: 'Renamed' })).data.firstName).toBe('Renamed');
    },
  );

  it('refuses guessing the current password after five wrong ones', async () => {
    const user = await newUser('Guess1Pass');
    const statuses = [];
    for (let i = 0; i < 6; i += 1) {
      statuses.push(
        (await update(user.who, { password: 'Next1Pass', currentPassword: `Wrong${i}Pass` })).status,
      );
    }
    expect(statuses).toEqual([403, 403, 403, 403, 403, 429]);
    expect((await update(user.who, { password: 'Next1Pass', currentPassword: 'Guess1Pass' })).status).toBe(
      429,
    );
  });

  it('with it, sets a permanent password and ends every session, the caller’s too', async () => {
    const user = await newUser('Mine1Pass');
    await updateOwn(user.who, { password: 'Mine2Pass', currentPassword: 'Mine1Pass' });
    expect(await me(user.token)).toBe(401);
    expect(await refreshAtApi(user.signedIn.refreshToken)).toBe(401);
    const next = await login(user.email, 'Mine2Pass');
    expect(next.body).toMatchObject({ needsPasswordReset: false });
    expect(await me(next.accessToken)).toBe(200);
  });

  it('with it, changes the e-mail and tells the old address, in HTML and text', async () => {
    const user = await newUser('Mail1Pass');
    const newEmail = unique('new');
    const changed = await updateOwn(user.who, { email: newEmail, currentPassword: 'Mail1Pass' });
    expect(changed.data).toMatchObject({ email: newEmail });
    const [notice] = await mailsTo(t.standIns.endpoints.ses, user.email);
    expect(notice?.subject).toBe('Your SiteWalk e-mail address was changed');
    expect(notice?.body.text).toContain(newEmail);
    expect(notice?.body.html).toContain(newEmail);
    expect(notice?.body.text).toContain(t.env.APP_URL);
    expect(await mailsTo(t.standIns.endpoints.ses, newEmail)).toEqual([]);
    expect((await login(newEmail, 'Mail1Pass')).status).toBe(200);
  });

  it('a superior needs no current password, and the old address is told of an e-mail change too', async () => {
    const user = await newUser('Boss1Pass');
    const newEmail = unique('bossmoved');
    await api(superUser, 'user.update', {
      params: { id: user.id },
      body: { userInfo: { id: user.id, email: newEmail } },
    });
    expect((await mailsTo(t.standIns.endpoints.ses, user.email)).map((m) => m.subject)).toEqual([
      'Your SiteWalk e-mail address was changed',
    ]);
  });
});

describe('reset links', () => {
  const setSymbolsRequired = (required: boolean) =>
    cognito.send(
      new UpdateUserPoolCommand({
        UserPoolId: t.provisioned.userPoolId,
        AdminCreateUserConfig: { AllowAdminCreateUserOnly: true },
        Policies: {
          PasswordPolicy: {
            MinimumLength: 8,
            RequireUppercase: true,
            RequireLowercase: true,
            RequireNumbers: true,
            RequireSymbols: required,
            TemporaryPasswordValidityDays: 7,
          },
        },
      }),
    );

  it.each([
    ['a superior changes their e-mail and password at once', 'superior', { email: true, password: true }],
    ['a superior changes their e-mail', 'superior', { email: true, password: false }],
    ['a superior sets their password', 'superior', { email: false, password: true }],
    ['they change their own e-mail', 'self', { email: true, password: false }],
    ['they change their own password', 'self', { email: false, password: true }],
  ] as const)('a link mailed before dies when %s', async (_, by, change) => {
    // Prepare: a reset link in the mailbox.
    const user = await newUser('Mailed1Pass');
    await forgotPassword(user.email);
    const [link] = await resetLinks(user.email);
    const newEmail = unique('changed');

    // Act
    await api(by === 'self' ? user.who : superUser, 'user.update', {
      params: { id: user.id },
      body: {
        userInfo: {
          id: user.id,
          ...(change.email ? { email: newEmail } : {}),
          ...(change.password ? { password: 'Changed2Pass' } : {}),
          ...(by === 'self' ? { currentPassword: 'Mailed1Pass' } : {}),
        },
      },
    });

    // Assess: the link sets nothing, and nobody signs in with what it tried.
    const reset = await post('/api/auth/reset-password', { token: link, password: 'Taken3Pass' });
    expect(reset.status).toBe(400);
    expect(await reset.json()).toMatchObject({ message: messages.auth.resetLinkInvalid });
    expect((await login(change.email ? newEmail : user.email, 'Taken3Pass')).status).toBe(401);
    const { data: left } = await db.entities.passwordReset.query.byUser({ userId: user.id }).go();
    expect(left).toEqual([]);
  });

  it('a link mailed to the old address is dead even when it was written after the change’s clean-up', async () => {
    // Prepare: a forgot-password that read the old address just before the change and wrote its link after.
    const user = await newUser('Raced1Pass');
    const newEmail = unique('raced');
    await api(superUser, 'user.update', {
      params: { id: user.id },
      body: { userInfo: { id: user.id, email: newEmail } },
    });
    const late = await issueResetToken(db, user.id, new Date(), user.email);

    // Act
    const reset = await post('/api/auth/reset-password', { token: late.token, password: 'Raced2Pass' });

    // Assess: refused, nothing set; a link to the address the user has now works.
    expect(reset.status).toBe(400);
    expect((await login(newEmail, 'Raced2Pass')).status).toBe(401);
    const current = await issueResetToken(db, user.id, new Date(), newEmail);
    await api(null, 'auth.resetPassword', { body: { token: current.token, password: 'Raced3Pass' } });
    expect((await login(newEmail, 'Raced3Pass')).status).toBe(200);
  });

  it('a new mail makes earlier links invalid; a password Cognito refuses leaves the link usable', async () => {
    const user = await newUser('Link1Pass');
    await forgotPassword(user.email);
    await forgotPassword(user.email);
    const [first, second] = await resetLinks(user.email);
    expect(first).not.toBe(second);
    const stale = await post('/api/auth/reset-password', { token: first, password: 'Link2Pass' });
    expect(stale.status).toBe(400);

    // Cognito's own policy may be stricter than the app's rule: its refusal spends nothing.
    await setSymbolsRequired(true);
    try {
      const refused = await post('/api/auth/reset-password', { token: second, password: 'NoSymbol2Pass' });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({
        validationErrors: { password: [messages.password.rule] },
      });
      await api(null, 'auth.resetPassword', { body: { token: second ?? '', password: 'With$ymbol2' } });
    } finally {
      await setSymbolsRequired(false);
    }
    expect((await login(user.email, 'With$ymbol2')).status).toBe(200);
    expect((await post('/api/auth/reset-password', { token: second, password: 'Again3Pass' })).status).toBe(
      400,
    );
  });
});

describe('login throttling', () => {
  it('counts before checking: of twenty parallel wrong attempts five are checked, and only that place is stopped', async () => {
    const user = await newUser('Throttle1Pass');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => login(user.email, `Wrong${i}Pass`)),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
    expect((await login(user.email, 'Throttle1Pass')).status).toBe(429);
    // Six wrong passwords from one place do not lock the owner out from everywhere.
    expect((await loginFrom('127.0.0.2', user.email, 'Throttle1Pass')).status).toBe(200);
  });

  it('limits one source address across e-mails, in parallel too, without stopping other places', async () => {
    const user = await newUser('Source1Pass');
    const answers = await Promise.all(
      Array.from({ length: 35 }, () => loginFrom('127.0.0.3', unique('guess'), 'Wrong1Pass')),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(30);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    const blocked = await loginFrom('127.0.0.3', user.email, 'Source1Pass');
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({ message: messages.auth.tooManyAttempts });
    expect((await loginFrom('127.0.0.4', user.email, 'Source1Pass')).status).toBe(200);
  });

  it('counts the connection’s address on the local host, whatever viewer address a caller claims (issue 27)', async () => {
    const user = await newUser('Claimed1Pass');
    // Only a request proven to come through CloudFront may name its viewer; here none is.
    for (let i = 0; i < 5; i += 1) {
      const claimed = { 'CloudFront-Viewer-Address': `198.51.100.${i + 1}:4${i}000` };
      expect((await loginFrom('127.0.0.6', user.email, `Wrong${i}Pass`, claimed)).status).toBe(401);
    }
    const sixth = await loginFrom('127.0.0.6', user.email, 'Claimed1Pass', {
      'CloudFront-Viewer-Address': '203.0.113.99:443',
    });
    expect(sixth.status).toBe(429);
  });

  it('bounds guessing one account from many places, far above what one place may try', async () => {
    const user = await newUser('Spread1Pass');
    const places = Array.from({ length: 11 }, (_, i) => `127.0.1.${i + 1}`);
    const answers = await Promise.all(
      places
        .slice(0, 10)
        .flatMap((ip) => Array.from({ length: 5 }, (_, i) => loginFrom(ip, user.email, `Wrong${i}Pass`))),
    );
    expect(answers.map((a) => a.status).filter((s) => s === 401)).toHaveLength(50);
    expect((await loginFrom(places[10] ?? '', user.email, 'Spread1Pass')).status).toBe(429);
  });

  it('a success gives its attempts back: typos before a good sign-in do not add up', async () => {
    const user = await newUser('Typo1Pass');
    for (let round = 0; round < 3; round += 1) {
      for (let i = 0; i < 4; i += 1)
        expect((await loginFrom('127.0.0.5', user.email, 'Typo9Pass')).status).toBe(401);
      expect((await loginFrom('127.0.0.5', user.email, 'Typo1Pass')).status).toBe(200);
    }
  });
});

describe('a taken e-mail', () => {
  let companyA: number;
  let companyB: number;
  let ownerA: Person;
  let employeeB: Awaited<ReturnType<typeof newUser>>;
  let employeeA: Awaited<ReturnType<typeof newUser>>;

  beforeAll(async () => {
    const company = async (name: string) =>
      (await api(superUser, 'managementCompany.create', { body: { name, email: unique('co') } })).id;
    companyA = await company('Taken A');
    companyB = await company('Taken B');
    ownerA = await person(t.host.url, Role.Owner, { managementCompanyId: companyA });
    employeeA = await newUser('TakenA1Pass', Role.Employee, companyA);
    employeeB = await newUser('TakenB1Pass', Role.Employee, companyB);
  });

  const create = (email: string) =>
    call(ownerA, 'POST', '/api/user/employee', {
      userInfo: {
        firstName: 'New',
        lastName: 'Hire',
        email,
        password: 'Temp0rary1',
        managementCompanyId: companyA,
      },
    });

  it('answers 409 without the id of another company’s user, on create and on update', async () => {
    const created = await create(employeeB.email);
    expect(created.status).toBe(409);
    expect(created.body).toMatchObject({ message: messages.auth.emailTaken });
    expect(created.body.validationErrors ?? {}).not.toHaveProperty('existingUserId');

    const updated = await call(ownerA, 'PUT', `/api/user/update/user/${employeeA.id}`, {
      userInfo: { id: employeeA.id, email: employeeB.email },
    });
    expect(updated.status).toBe(409);
    expect(updated.body.validationErrors ?? {}).not.toHaveProperty('existingUserId');
    expect(JSON.stringify(updated.body)).not.toContain(String(employeeB.id));
  });

  it('gives the id to a caller who may see that user', async () => {
    const created = await create(employeeA.email);
    expect(created.status).toBe(409);
    expect(created.body.validationErrors).toEqual({ existingUserId: employeeA.id });
    const other = await newUser('TakenA2Pass', Role.Employee, companyA);
    const updated = await call(ownerA, 'PUT', `/api/user/update/user/${other.id}`, {
      userInfo: { id: other.id, email: employeeA.email },
    });
    expect(updated.status).toBe(409);
    expect(updated.body.validationErrors).toEqual({ existingUserId: employeeA.id });
    const bySuperUser = await call(superUser, 'PUT', `/api/user/update/user/${other.id}`, {
      userInfo: { id: other.id, email: employeeB.email },
    });
    expect(bySuperUser.body.validationErrors).toEqual({ existingUserId: employeeB.id });
    // A refused change changes nothing, not even a password sent with it.
    const both = await call(superUser, 'PUT', `/api/user/update/user/${other.id}`, {
      userInfo: { id: other.id, email: employeeB.email, password: 'Changed1Pass' },
    });
    expect(both.status).toBe(409);
    expect((await login(other.email, 'TakenA2Pass')).status).toBe(200);
  });
});
