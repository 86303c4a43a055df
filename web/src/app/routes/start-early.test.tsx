import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { errorResponse, jsonResponse, stubFetch } from '../../testing/test-utils.tsx';
import { aPerson, aPortfolioSummary, dana } from '../../testing/fixtures.ts';
import { setAccessToken } from '../../lib/api.ts';
import { queryClient } from '../query-client.ts';
import { dashboardLoader, startForAddress } from './start-early.ts';

const FIRST_PAGE = 'GET /api/incident/portfolio/locations';

const arrive = (address: string) => dashboardLoader({ request: new Request(`http://localhost${address}`) });

afterEach(() => {
  vi.unstubAllGlobals();
  setAccessToken(null);
  queryClient.clear();
});

describe("the dashboard's loader", () => {
  it('asks for the first page (with its summary) with the token the refresh brings, before /api/auth/me answers', async () => {
    // Prepare: a reload (no token); the user's answer held back.
    let answerMe: (response: Response) => void = () => undefined;
    const tokens: (string | null)[] = [];
    const { calls } = stubFetch({
      'POST /api/auth/refresh': () => jsonResponse(200, { accessToken: 'renewed', expiresIn: 900 }),
      'GET /api/auth/me': () => new Promise<Response>((resolve) => (answerMe = resolve)),
      'GET /api/incident/portfolio/locations': (init) => {
        tokens.push(new Headers(init?.headers).get('authorization'));
        return errorResponse(404, 'Not found', 'Not found');
      },
    });

    // Act
    expect(arrive('/app/dashboard?area=4')).toBeNull();

    // Assess
    await waitFor(() => expect(calls).toContain(FIRST_PAGE));
    expect(calls.indexOf('POST /api/auth/refresh')).toBeLessThan(calls.indexOf(FIRST_PAGE));
    expect(tokens).toEqual(['Bearer renewed']);
    answerMe(jsonResponse(200, aPerson({ ...dana, id: 7 })));
  });

  it('asks for nothing of the portfolio when the session is refused', async () => {
    // Prepare
    const { calls } = stubFetch({
      'POST /api/auth/refresh': () => errorResponse(401, 'Unauthorized', 'Unauthorized'),
    });

    // Act
    arrive('/app/dashboard');

    // Assess: the refresh settles, and nothing follows it.
    await waitFor(() => expect(queryClient.getQueryState(['auth.me'])?.status).toBe('error'));
    expect(calls).toEqual(['POST /api/auth/refresh']);
  });
});

describe('the first screen asked for from the address, before the router has loaded', () => {
  const answers = () =>
    stubFetch({
      'POST /api/auth/refresh': () => jsonResponse(200, { accessToken: 'renewed', expiresIn: 900 }),
      'GET /api/auth/me': () => jsonResponse(200, aPerson({ ...dana, id: 7 })),
      [FIRST_PAGE]: () =>
        jsonResponse(200, { locations: [], nextCursor: null, totalCount: 0, summary: aPortfolioSummary() }),
      'GET /api/user/dashboard-view': () => jsonResponse(200, { view: 'cards' }),
    });

  it("asks the dashboard's first page once, though its loader then asks too", async () => {
    const { calls } = answers();
    startForAddress('http://localhost/app/dashboard/?area=4');
    await waitFor(() => expect(calls).toContain(FIRST_PAGE));
    await waitFor(() =>
      expect(queryClient.getQueryState(['user.dashboardView'])?.status).not.toBe('pending'),
    );
    arrive('/app/dashboard?area=4');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.filter((call) => call === FIRST_PAGE)).toHaveLength(1);
  });

  it('asks nothing for a page that is not the dashboard', async () => {
    const { calls } = answers();
    startForAddress('http://localhost/app/incidents');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toEqual([]);
  });
});
