import { describe, expect, it, vi } from 'vitest';
import { Role } from '@sitewalk/shared/roles';
import { takeEarlyAnswer } from '../../lib/early-requests.ts';
import { firstScreenRequests, startFirstScreenRequests } from './first-requests.ts';

const ME = '/api/auth/me';
const VIEW = '/api/user/dashboard-view';
const at = (address: string) => `http://localhost${address}`;

describe("the first screen's requests, read from the address", () => {
  it("are the user, the dashboard's first page as the data layer asks for it, and the view on /app/dashboard", () => {
    expect(firstScreenRequests(at('/app/dashboard/?area=4&q=%20north%20&show=missed'), undefined)).toEqual([
      ME,
      '/api/incident/portfolio/locations?organizationId=4&show=missed&searchTerm=north&order=attention',
      VIEW,
    ]);
  });

  it('are the dashboard at /app for a role that lands there, the user alone for one that records walks', () => {
    expect(firstScreenRequests(at('/app'), Role.Owner)).toEqual([
      ME,
      '/api/incident/portfolio/locations?order=attention',
      VIEW,
    ]);
    expect(firstScreenRequests(at('/app'), Role.Employee)).toEqual([ME]);
    // Nothing saved on this device, or something that is no role: the user alone.
    expect(firstScreenRequests(at('/app'), undefined)).toEqual([ME]);
    expect(firstScreenRequests(at('/app'), 41)).toEqual([ME]);
  });

  it('leave out what the dashboard refuses to send (a range that runs backwards, a bad area)', () => {
    expect(
      firstScreenRequests(at('/app/dashboard?from=2026-11-10&to=2026-11-01&area=x'), Role.Owner),
    ).toEqual([ME, '/api/incident/portfolio/locations?order=attention', VIEW]);
  });

  it('are the user alone on any other page of the app, and nothing outside it', () => {
    expect(firstScreenRequests(at('/app/incidents'), Role.Owner)).toEqual([ME]);
    expect(firstScreenRequests(at('/application'), Role.Owner)).toEqual([]);
    expect(firstScreenRequests(at('/login'), Role.Owner)).toEqual([]);
  });
});

describe("the first screen's requests, sent", () => {
  const refreshAnswer = (status: number, body: unknown) =>
    Promise.resolve(new Response(JSON.stringify(body), { status }));

  it('go with the token the refresh brings, and the app takes their answers (and the refresh body) once', async () => {
    const answers = new Map<string, Response>();
    const fetchFn = vi.fn(async (url: RequestInfo | URL, _init?: RequestInit) => {
      const answer = new Response('{}', { status: 200 });
      answers.set(String(url), answer);
      return answer;
    });
    const refreshed = refreshAnswer(200, { accessToken: 'renewed', expiresIn: 900 });

    await startFirstScreenRequests(refreshed, ['/api/early/me', '/api/early/page?order=attention'], fetchFn);

    expect(
      fetchFn.mock.calls.map(([url, init]) => [url, new Headers(init?.headers).get('authorization')]),
    ).toEqual([
      ['/api/early/me', 'Bearer renewed'],
      ['/api/early/page?order=attention', 'Bearer renewed'],
    ]);
    await expect(takeEarlyAnswer('GET', '/api/early/page?order=attention')).resolves.toBe(
      answers.get('/api/early/page?order=attention'),
    );
    expect(takeEarlyAnswer('GET', '/api/early/page?order=attention')).toBeUndefined();
    // The refresh's own answer is still the app's to read.
    await expect((await refreshed).json()).resolves.toEqual({ accessToken: 'renewed', expiresIn: 900 });
  });

  it('are not sent when the refresh is refused, fails or brings no token', async () => {
    const fetchFn = vi.fn(async () => new Response('{}'));
    await startFirstScreenRequests(
      refreshAnswer(401, { message: 'Unauthorized' }),
      ['/api/early/a'],
      fetchFn,
    );
    await startFirstScreenRequests(
      Promise.reject(new TypeError('Failed to fetch')),
      ['/api/early/b'],
      fetchFn,
    );
    await startFirstScreenRequests(refreshAnswer(200, { accessToken: 7 }), ['/api/early/c'], fetchFn);
    await startFirstScreenRequests(Promise.resolve(new Response('not json')), ['/api/early/d'], fetchFn);
    expect(fetchFn).not.toHaveBeenCalled();
    expect(takeEarlyAnswer('GET', '/api/early/a')).toBeUndefined();
  });
});
