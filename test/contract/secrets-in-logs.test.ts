import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { randomUUID } from 'node:crypto';
import { Role } from '@sitewalk/shared/roles';
import { apiAs, type Api } from '../support/api.ts';
import { mailsTo, setCookie, startOwnTestHost, type TestHost } from '../support/host.ts';
import { PERSON_PASSWORD, person, type Person, useApiSignIns } from '../support/people.ts';
import { seedTenant, type Tenant } from '../support/site.ts';
import { marker } from '../support/walks.ts';

// Sign-in is what this file is about: its people sign in through the API.
useApiSignIns();

/**
 * No secret in any log line (issue 27): sign-in, refresh, a password reset, a PIN reveal and uploads, driven
 * through the real handlers with the logger at its most talkative (DEBUG, and request events turned on as
 * an operator might to debug), and everything the process wrote scanned for the secrets those flows made.
 */

// Read by each Logger when the handlers load (startOwnTestHost imports them only then).
vi.stubEnv('POWERTOOLS_LOG_LEVEL', 'DEBUG');
vi.stubEnv('POWERTOOLS_LOGGER_LOG_EVENT', 'true');

const COOKIE = 'sitewalk_refresh';
const written: string[] = [];
/** What the flows handed out or were sent, by what it is. */
const secrets = new Map<string, string>();
const keep = (what: string, value: string | null | undefined) => {
  expect(value, what).toBeTruthy();
  secrets.set(what, value ?? '');
};

let t: TestHost;
let api: Api;
let tenant: Tenant;
let manager: Person;
let employee: Person;

beforeAll(async () => {
  for (const stream of [process.stdout, process.stderr]) {
    vi.spyOn(stream, 'write').mockImplementation((chunk: string | Uint8Array) => {
      written.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString());
      return true;
    });
  }
  t = await startOwnTestHost();
  api = apiAs(t.host.url);
  const admin = await person(t.host.url, Role.Admin);
  tenant = await seedTenant(t.host.url, { by: admin, label: 'Logged' });
  manager = await tenant.person(Role.Manager);
  employee = await tenant.person(Role.Employee);
  keep('a password', PERSON_PASSWORD);
  keep("the Manager's access token", manager.token);
});
afterAll(async () => {
  await t.host.close();
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

const post = (path: string, body?: unknown, headers: Record<string, string> = {}) =>
  fetch(t.url(path), {
    method: 'POST',
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

describe('the log lines of', () => {
  it('a sign-in, a refresh and a logout', async () => {
    const login = await post('/api/auth/login', { email: employee.email, password: PERSON_PASSWORD });
    expect(login.status).toBe(200);
    keep('an access token', ((await login.json()) as { accessToken: string }).accessToken);
    const refreshToken = setCookie(login, COOKIE)?.value;
    keep('a refresh token', refreshToken);
    const cookie = { cookie: `${COOKIE}=${encodeURIComponent(refreshToken ?? '')}` };

    const refreshed = await post('/api/auth/refresh', undefined, cookie);
    expect(refreshed.status).toBe(200);
    keep('a refreshed access token', ((await refreshed.json()) as { accessToken: string }).accessToken);
    expect((await post('/api/auth/logout', undefined, cookie)).status).toBe(200);
  });

  it('a password reset', async () => {
    const user = await tenant.person(Role.Employee);
    await api(null, 'auth.forgotPassword', { body: { email: user.email } });
    const [mail] = await mailsTo(t.standIns.endpoints.ses, user.email);
    const token = /\/reset-password\/confirm\/([\w-]+)/.exec(mail?.body.text ?? '')?.[1];
    keep('a reset token', token);
    keep('a new password', 'Reset9Secret');
    await api(null, 'auth.resetPassword', { body: { token: token ?? '', password: 'Reset9Secret' } });
    const login = await post('/api/auth/login', { email: user.email, password: 'Reset9Secret' });
    expect(login.status).toBe(200);
    keep('an access token after the reset', ((await login.json()) as { accessToken: string }).accessToken);
  });

  it('a PIN set and revealed', async () => {
    keep('a PIN', '48150927');
    await api(manager, 'user.update', {
      params: { id: employee.id },
      body: { userInfo: { id: employee.id, pin: '48150927' } },
    });
    expect(await api(manager, 'user.revealPin', { params: { id: employee.id } })).toEqual({
      pin: '48150927',
    });
  });

  it('uploads, and the walk-photo worker that sees them arrive', async () => {
    const profile = await api(manager, 'user.profilePictureUpload', {
      params: { userId: manager.id, name: 'me.png' },
      query: { contentType: 'image/png', contentLength: 64 },
    });
    keep('a presigned upload URL', profile.uploadUrl);

    const walk = await api(manager, 'walk.create', {
      body: { name: 'Logged walk', locationId: tenant.locationId, markers: [marker(1)] },
    });
    const report = await api(employee, 'walkReport.start', {
      body: { walkId: walk.id, clientId: randomUUID(), startedAt: new Date().toISOString() },
    });
    const photo = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(61, 1)]);
    const ticket = await api(employee, 'walkReport.photoUpload', {
      params: { walkReportId: report.id },
      body: {
        clientId: randomUUID(),
        markerId: walk.markers[0]?.id ?? 0,
        contentType: 'image/jpeg',
        contentLength: photo.length,
      },
    });
    keep('a presigned photo upload URL', ticket.uploadUrl);
    keep('its signature', new URL(ticket.uploadUrl).searchParams.get('X-Amz-Signature'));
    const put = await fetch(ticket.uploadUrl, { method: 'PUT', headers: ticket.headers, body: photo });
    expect(put.status).toBe(200);
    // The S3 stand-in notifies the worker a moment after the upload.
    await vi.waitFor(() => expect(written.join('')).toContain('Walk photo arrived'), { timeout: 15_000 });
    const [image] = (await api(manager, 'walkReport.get', { params: { walkReportId: report.id } }))
      .markerImage;
    keep('a presigned view URL', image?.imageUrl);
  });

  it('hold none of the secrets those flows made', () => {
    const logs = written.join('');
    // The scan read the handlers' real log lines (the worker's, at least).
    expect(logs).toContain('"service":"sitewalk-walkPhoto"');
    expect(secrets.size).toBeGreaterThanOrEqual(12);
    const found = [...secrets].filter(([, value]) => logs.includes(value)).map(([what]) => what);
    expect(found).toEqual([]);
  });
});
