import { QueryClient } from '@tanstack/react-query';
import { render, screen, within, type RenderResult } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import type { RuntimeConfig } from '@sitewalk/shared/runtime-config';
import { Role } from '@sitewalk/shared/roles';
import type { User } from '@sitewalk/shared/schemas/user';
import { AppProviders } from '../app/app-providers.tsx';
import { setAccessToken } from '../lib/api.ts';
import '../lib/auth.tsx'; // registers the 401 handler, as the app's first protected page does
import { createQueryClient, queryKeyOf } from '../lib/query.ts';
import { setSessionHost } from '../lib/session-host.ts';
import { createFakeFetch, type FakeHandlers } from './fake-api.ts';
import { aPerson } from './fixtures.ts';

export const testConfig: RuntimeConfig = {
  apiBasePath: '/api',
  region: 'local',
  mapStyleUrl: 'https://tiles.example/style.json',
  contactEmail: 'hello@sitewalk.test',
  contactName: 'Pat Example',
};

/** The Company Manager of management company 1 (the default tenant of `testing/fixtures.ts`). */
export const testCompanyManager = aPerson({ id: 100, roleId: Role.CompanyManager });

/** The Area Manager of area 3 ('North Area') in management company 1. */
export const testAreaManager = aPerson({
  id: 101,
  roleId: Role.AreaManager,
  userToOrganization: [{ organizationId: 3, organization: { name: 'North Area' } }],
});

/** The Manager of location 11 ('Harbor Self Storage') in management company 1. */
export const testLocationManager = aPerson({
  id: 102,
  roleId: Role.Manager,
  userToLocation: [{ locationId: 11, location: { name: 'Harbor Self Storage', organizationId: 3 } }],
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
    <AppProviders config={{ ...testConfig, ...options.config }} queryClient={queryClient} router={router} />,
  );
  const user = userEvent.setup({
    advanceTimers: (ms) => (vi.isFakeTimers() ? vi.advanceTimersByTime(ms) : undefined),
  });
  return { ...result, router, queryClient, user };
};

/** `renderWithProviders` with `fetch` answered by `handlers` (see `fake-api.ts`); also returns the fake. */
export const renderWithFakeApi = (
  ui: ReactElement,
  handlers: FakeHandlers,
  options: RenderWithProvidersOptions = {},
) => {
  const fake = createFakeFetch(handlers);
  vi.stubGlobal('fetch', fake.fetch);
  return { ...renderWithProviders(ui, options), fake };
};

/** The texts in one column of a table's body rows (its header row left out), top to bottom. */
export const columnTexts = (column: number, table: HTMLElement = screen.getByRole('table')) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[column]?.textContent);

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
