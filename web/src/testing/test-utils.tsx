import { CssBaseline, ThemeProvider } from '@mui/material';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import type { RuntimeConfig } from '@sitewalk/shared/runtime-config';
import type { User } from '@sitewalk/shared/schemas/user';
import { theme } from '../app/theme.ts';
import { setAccessToken } from '../lib/api.ts';
import '../lib/auth.tsx'; // registers the 401 handler, as the app's first protected page does
import { createQueryClient, queryKeyOf } from '../lib/query.ts';
import { RuntimeConfigProvider } from '../lib/runtime-config.tsx';
import { setSessionHost } from '../lib/session-host.ts';

export const testConfig: RuntimeConfig = {
  apiBasePath: '/api',
  region: 'local',
  mapStyleUrl: 'https://tiles.example/style.json',
  contactEmail: 'hello@sitewalk.test',
  contactName: 'Pat Example',
};

/** A signed-in user as `GET /api/auth/me` answers; the Super User unless told otherwise. */
export const testUser = (overrides: Partial<User> = {}): User => ({
  id: 1,
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@sitewalk.test',
  phone: null,
  roleId: 50,
  roleName: 'Super User',
  needsPasswordReset: false,
  companyEmail: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  defaultLocationId: null,
  managementCompanyId: null,
  managementCompany: null,
  userToLocation: [],
  userToOrganization: [],
  hasProfileImage: false,
  hasPin: false,
  ...overrides,
});

/** The app's query client (its retry and freshness rules), without retries so failures show at once. */
export const createTestQueryClient = (): QueryClient => {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({
    queries: { ...queryClient.getDefaultOptions().queries, retry: false, gcTime: Infinity },
    mutations: { retry: false },
  });
  return queryClient;
};

export interface RenderWithProvidersOptions {
  /** The URL the test starts at. */
  route?: string;
  /** The route pattern `ui` is mounted on (so `useParams` works). */
  path?: string;
  /** More routes, such as `{ path: '/login', element: <p>login</p> }` to see a redirect land. */
  routes?: RouteObject[];
  /** Signed in as this user (a token in memory and the user in the cache); null or absent: signed out. */
  user?: User | null;
  config?: Partial<RuntimeConfig>;
  queryClient?: QueryClient;
}

/**
 * Renders `ui` with the app's real providers: theme, runtime config, query client, a memory router and
 * the session wired to them. Returns Testing Library's result, the router, the query client and a
 * user-event instance (which follows Vitest's fake timers when they are on).
 */
export const renderWithProviders = (ui: ReactElement, options: RenderWithProvidersOptions = {}) => {
  const queryClient = options.queryClient ?? createTestQueryClient();
  const router = createMemoryRouter([{ path: options.path ?? '*', element: ui }, ...(options.routes ?? [])], {
    initialEntries: [options.route ?? '/'],
  });
  setSessionHost({
    queryClient,
    navigate: (to) => router.navigate(to, { replace: true }),
    pathname: () => router.state.location.pathname,
  });
  if (options.user) {
    setAccessToken('test-access-token', 3600);
    queryClient.setQueryData(queryKeyOf('auth.me'), options.user);
  } else {
    setAccessToken(null);
  }
  const result: RenderResult = render(
    <RuntimeConfigProvider value={{ ...testConfig, ...options.config }}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </ThemeProvider>
    </RuntimeConfigProvider>,
  );
  const user = userEvent.setup({
    advanceTimers: (ms) => (vi.isFakeTimers() ? vi.advanceTimersByTime(ms) : undefined),
  });
  return { ...result, router, queryClient, user };
};

/** A `fetch` stub answering by `METHOD /path`; unlisted calls answer 599 and are recorded. */
export const stubFetch = (
  answers: Record<string, (init: RequestInit | undefined) => Response | Promise<Response>>,
) => {
  const calls: string[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input.toString(), 'http://localhost');
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    calls.push(key);
    const answer = answers[key];
    return answer ? answer(init) : new Response(null, { status: 599 });
  });
  vi.stubGlobal('fetch', fetchStub);
  return { calls, fetch: fetchStub };
};

export const jsonResponse = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    statusText: status === 200 ? 'OK' : undefined,
    headers: { 'content-type': 'application/json', ...headers },
  });

/** The API's error envelope. */
export const errorResponse = (
  status: number,
  error: string,
  message: string,
  headers: Record<string, string> = {},
  validationErrors: Record<string, string[]> | null = null,
) => jsonResponse(status, { success: false, error, message, validationErrors }, headers);
