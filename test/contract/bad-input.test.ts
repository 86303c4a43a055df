import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { errorBody, type ErrorBody } from '@sitewalk/shared/envelope';
import { EMAIL_MAX_LENGTH } from '@sitewalk/shared/constants';
import { messages } from '@sitewalk/shared/messages';
import { Role } from '@sitewalk/shared/roles';
import { startTestHost, type TestHost } from '../support/host.ts';
import { callAs, type Person } from '../support/people.ts';
import { parseRawAnswer, rawRequest, rawSocket, type RawAnswer } from '../support/raw-http.ts';
import { seedSite, type Site } from '../support/site.ts';

/**
 * Bad input never breaks anything (issue 11, items 17 to 20 and 22): whatever a client sends, the host
 * answers in the error envelope, below 500, and stays up; a path parameter is a value, never a path.
 */
let t: TestHost;
let call: ReturnType<typeof callAs>;
let site: Site;

beforeAll(async () => {
  t = await startTestHost();
  call = callAs(t.host.url);
  site = await seedSite(t.host.url);
});

afterAll(async () => {
  await t?.host.close();
});

const raw = (
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
) => rawRequest(t.host.url, { path, ...options });
const bearer = (who: Person) => ({ authorization: `Bearer ${who.token}` });

/** The answer is the error envelope with this status. */
const envelope = (answer: RawAnswer, status: number): ErrorBody => {
  expect(answer.status, answer.text).toBe(status);
  expect(answer.headers['content-type']).toContain('application/json');
  return errorBody.parse(JSON.parse(answer.text));
};

const healthy = async () => {
  const answer = await raw('/api/health');
  expect(answer.status).toBe(200);
  expect(JSON.parse(answer.text)).toMatchObject({ status: 'ok' });
};

describe('a malformed percent-escape in a path parameter (item 17)', () => {
  it('is refused with 401 without a token: the token is checked before anything is decoded', async () => {
    envelope(await raw('/api/walk/%E0%A4%A'), 401);
  });

  it.each(['/api/walk/%E0%A4%A', '/api/walk/%', '/api/walk/%zz', '/api/user/profile-image/%C0%AF/face.png'])(
    'is a 400 naming the parameter with a token, never a 500: %s',
    async (path) => {
      const body = envelope(await raw(path, { headers: bearer(site.superUser) }), 400);
      expect(Object.keys(body.validationErrors ?? {})).toHaveLength(1);
    },
  );

  it('says which parameter and why', async () => {
    const body = envelope(await raw('/api/walk/%E0%A4%A', { headers: bearer(site.superUser) }), 400);
    expect(body.validationErrors).toEqual({ id: ['Malformed percent-encoding'] });
  });
});

describe('every string has a maximum (item 17)', () => {
  const longEmail = (length: number) => `${'a'.repeat(length - '@example.com'.length)}@example.com`;

  const emailCalls = [
    ['POST', '/api/auth/login', (email: string) => ({ email, password: 'Passw0rdTest' })],
    ['POST', '/api/auth/forgot-password', (email: string) => ({ email })],
  ] as const;
  it.each(
    emailCalls.flatMap(([method, path, body]) =>
      [EMAIL_MAX_LENGTH + 1, 3000, 100_000].map((length) => [method, path, length, body] as const),
    ),
  )(
    '%s %s refuses an e-mail of %i characters (over 254) with a 400, not a DynamoDB error',
    async (method, path, length, body) => {
      const answer = await call(null, method, path, body(longEmail(length)));
      expect(answer.status).toBe(400);
      expect(errorBody.parse(answer.body).validationErrors).toEqual({
        email: [messages.validation.emailTooLong],
      });
    },
  );

  it('keeps a company from storing a 100,000-character e-mail', async () => {
    const answer = await call(site.superUser, 'POST', '/api/managementCompany', {
      name: 'Long Mail Co',
      email: longEmail(100_000),
    });
    expect(answer.status).toBe(400);
    expect(errorBody.parse(answer.body).validationErrors).toHaveProperty('email');
    const update = await call(site.superUser, 'PUT', '/api/managementCompany', {
      id: site.companyId,
      name: 'Long Mail Co',
      email: longEmail(EMAIL_MAX_LENGTH + 1),
    });
    expect(update.status).toBe(400);
  });

  it('takes an e-mail of exactly 254 characters', async () => {
    const answer = await call(null, 'POST', '/api/auth/forgot-password', {
      email: longEmail(EMAIL_MAX_LENGTH),
    });
    expect(answer.status).toBeLessThan(300);
  });

  it('refuses an over-long sign-in password, reset token and challenge session with a 400', async () => {
    const login = await call(null, 'POST', '/api/auth/login', {
      email: 'someone@example.com',
      password: 'P4ss'.repeat(10_000),
    });
    expect(login.status).toBe(400);
    const reset = await call(null, 'POST', '/api/auth/reset-password', {
      token: 'x'.repeat(10_000),
      password: 'Passw0rdNew',
    });
    expect(reset.status).toBe(400);
    const session = await call(null, 'POST', '/api/auth/complete-new-password', {
      email: 'someone@example.com',
      session: 's'.repeat(100_000),
      newPassword: 'Passw0rdNew',
    });
    expect(session.status).toBe(400);
  });
});

describe('the host survives any header (item 18)', () => {
  it('answers a request with `Host: a b` and keeps serving', async () => {
    const answer = await raw('/api/health', { headers: { host: 'a b' } });
    expect(answer.status).toBe(200);
    const api = await raw('/api/no-such-route', { headers: { host: 'a b' } });
    envelope(api, 404);
    const spa = await raw('/config.json', { headers: { host: '::::' } });
    expect(spa.status).toBe(200);
    await healthy();
  });

  it('answers a request target that is not a path with a 400 in the envelope', async () => {
    const answer = parseRawAnswer(
      await rawSocket(t.host.url, 'GET http://x/api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'),
    );
    expect(answer.status).toBe(400);
    errorBody.parse(answer.body);
    await healthy();
  });

  it.each([
    ['a space in a header name', 'GET /api/health HTTP/1.1\r\nHost: x\r\nBad Header: y\r\n\r\n'],
    ['HTTP/9.9', 'GET /api/health HTTP/9.9\r\n\r\n'],
    [
      'two Content-Lengths',
      'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nContent-Length: 7\r\n\r\nabcde',
    ],
    ['no request line', 'NONSENSE\r\n\r\n'],
  ])('answers a request the HTTP parser refuses (%s) with a 400 in the envelope', async (_, bytes) => {
    const answer = parseRawAnswer(await rawSocket(t.host.url, bytes));
    expect(answer.status).toBe(400);
    errorBody.parse(answer.body);
    await healthy();
  });
});

describe('a path parameter is a value, never a path (item 19)', () => {
  it.each(['%2E%2E', '%2e%2e', '.%2E', '..'])(
    'DELETE /api/user/remove-from-location/%s/{id} does not delete user {id}',
    async (dots) => {
      const victim = await site.person(Role.Employee);
      const answer = await raw(`/api/user/remove-from-location/${dots}/${victim.id}`, {
        method: 'DELETE',
        headers: bearer(site.superUser),
      });
      envelope(answer, 400);
      expect((await call(site.superUser, 'GET', `/api/user/${victim.id}`)).status).toBe(200);
    },
  );

  it('keeps an encoded slash inside its segment', async () => {
    const body = envelope(
      await raw(
        `/api/user/remove-from-location/${site.employee.id}%2F${site.locationId}/${site.locationId}`,
        {
          method: 'DELETE',
          headers: bearer(site.superUser),
        },
      ),
      400,
    );
    expect(Object.keys(body.validationErrors ?? {})).toEqual(['userId']);
    // `/api/user/some%2Fby-user%2F{id}` is not the literal route `/api/user/some/by-user/{id}`.
    envelope(
      await raw(`/api/user/some%2Fby-user%2F${site.employee.id}`, { headers: bearer(site.superUser) }),
      400,
    );
  });

  it('does not resolve a single dot segment either', async () => {
    envelope(await raw(`/api/walk/./${site.walkId}`, { headers: bearer(site.superUser) }), 404);
    envelope(await raw(`/api/walk/%2E`, { headers: bearer(site.superUser) }), 400);
  });

  it('still decodes a parameter once', async () => {
    // A file name with a space, sent as %20: decoded once into the parameter, and the call goes through.
    const answer = await raw(`/api/user/profile-image/${site.employee.id}/my%20face.png`, {
      headers: bearer(site.employee),
    });
    expect(answer.status).toBe(200);
  });
});

describe('over-long headers and over-size bodies answer in the envelope (item 20)', () => {
  it('answers 431 with the envelope for headers over the limit', async () => {
    const body = envelope(await raw('/api/health', { headers: { 'x-filler': 'a'.repeat(20_000) } }), 431);
    expect(body.error).toBe('Request Header Fields Too Large');
    await healthy();
  });

  it('answers an 11 MB body with its 413 in the envelope, not a reset connection', async () => {
    const response = await fetch(`${t.host.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(11 * 1024 * 1024) }),
    });
    expect(response.status).toBe(413);
    expect(errorBody.parse(await response.json()).error).toBe('Payload Too Large');
    await healthy();
  });

  it('takes a body just under the limit to its handler', async () => {
    const response = await fetch(`${t.host.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'a@example.com', password: 'x', padding: 'y'.repeat(9 * 1024 * 1024) }),
    });
    expect(response.status).toBe(401);
  });
});

describe('ids are plain positive decimal integers (item 22)', () => {
  const spellings: [string, (id: number) => string][] = [
    ['a leading space', (id) => `%20${id}`],
    ['a trailing space', (id) => `${id}%20`],
    ['a plus sign', (id) => `+${id}`],
    ['a leading zero', (id) => `0${id}`],
    ['hexadecimal', (id) => `0x${id.toString(16)}`],
    ['an exponent', (id) => `${id}e0`],
    ['a decimal point', (id) => `${id}.0`],
  ];

  it('takes the plain spelling of an id, in a path and in a query string', async () => {
    expect((await call(site.superUser, 'GET', `/api/walk/${site.walkId}`)).status).toBe(200);
    const path = `/api/incident/user-locations/${site.superUser.id}?locationId=${site.locationId}`;
    expect((await raw(path, { headers: bearer(site.superUser) })).status).toBe(200);
  });

  it.each(spellings)('refuses an id in a path with %s', async (_, spell) => {
    const body = envelope(
      await raw(`/api/walk/${spell(site.walkId)}`, { headers: bearer(site.superUser) }),
      400,
    );
    expect(body.validationErrors).toEqual({ id: [messages.validation.noId] });
  });

  it.each(spellings)('refuses an id in a query string with %s', async (_, spell) => {
    const path = `/api/incident/user-locations/${site.superUser.id}?locationId=${spell(site.locationId)}`;
    const body = envelope(await raw(path, { headers: bearer(site.superUser) }), 400);
    expect(Object.keys(body.validationErrors ?? {})).toEqual(['locationId']);
  });

  const photoAt = () => ({
    path: `/api/walk/walk-report/${site.walkReportId}/photo`,
    photo: { clientId: randomUUID(), markerId: site.markerId, contentType: 'image/png', contentLength: 10 },
  });

  it.each<[string, (id: number) => unknown]>([
    ['a string', (id) => String(id)],
    ['a fraction', (id) => id + 0.5],
    ['an unsafe integer', () => 2 ** 53],
    ['a negative number', (id) => -id],
    ['zero', () => 0],
  ])('refuses %s where a JSON body takes an id', async (_, markerId) => {
    const { path, photo } = photoAt();
    const answer = await call(site.employee, 'POST', path, { ...photo, markerId: markerId(site.markerId) });
    expect(answer.status).toBe(400);
    expect(Object.keys(errorBody.parse(answer.body).validationErrors ?? {})).toEqual(['markerId']);
  });

  it('refuses a number sent as a string, and takes the body with plain numbers', async () => {
    const { path, photo } = photoAt();
    const size = await call(site.employee, 'POST', path, { ...photo, contentLength: '10' });
    expect(Object.keys(errorBody.parse(size.body).validationErrors ?? {})).toEqual(['contentLength']);
    expect((await call(site.employee, 'POST', path, photo)).status).toBe(200);
  });

  it('takes limit and offset as plain decimal text', async () => {
    const path = `/api/location/some/by-organization/${site.organizationId}?limit=10&offset=0`;
    expect((await raw(path, { headers: bearer(site.superUser) })).status).toBe(200);
  });

  it.each(['limit=%2010', 'limit=1e1', 'limit=0x10', 'offset=-0', 'offset=+1', 'offset=01'])(
    'refuses ?%s',
    async (query) => {
      const path = `/api/location/some/by-organization/${site.organizationId}?${query}`;
      envelope(await raw(path, { headers: bearer(site.superUser) }), 400);
    },
  );
});
