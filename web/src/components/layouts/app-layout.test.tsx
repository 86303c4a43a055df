import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Role, type RoleId } from '@sitewalk/shared/roles';
import type { User } from '@sitewalk/shared/schemas/user';
import { useLocation } from 'react-router';
import { getAccessToken } from '../../lib/api.ts';
import { errorResponse, jsonResponse, renderWithProviders, stubFetch } from '../../testing/test-utils.tsx';
import { AppLayout } from './app-layout.tsx';
import { aPerson, ada } from '../../testing/fixtures.ts';

const ShowState = () => <pre data-testid="state">{JSON.stringify(useLocation().state)}</pre>;

const routes = [
  { path: '/login', element: <p>login page</p> },
  {
    path: '/app',
    element: <AppLayout />,
    children: [
      { index: true, element: <p>inside the app</p> },
      { path: 'users/:id', element: <ShowState /> },
    ],
  },
];

const renderApp = (options: Parameters<typeof renderWithProviders>[1] = {}) =>
  renderWithProviders(<p>unused</p>, { path: '/unused', route: '/app', routes, ...options });

afterEach(() => vi.unstubAllGlobals());

describe('the guard of /app', () => {
  it('sends a visitor without a session to /login after one refresh attempt', async () => {
    const { calls } = stubFetch({
      'POST /api/auth/refresh': () => errorResponse(401, 'Unauthorized', 'Unauthorized'),
    });
    renderApp();
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(calls).toEqual(['POST /api/auth/refresh']);
  });

  it('keeps the session over a reload: a refresh, then the signed-in user', async () => {
    const { calls } = stubFetch({
      'POST /api/auth/refresh': () => jsonResponse(200, { accessToken: 'fresh', expiresIn: 900 }),
      'GET /api/auth/me': () => jsonResponse(200, aPerson(ada)),
    });
    renderApp();
    expect(await screen.findByText('inside the app')).toBeInTheDocument();
    // Then the top bar's bell asks for the unread alerts.
    expect(calls.filter((c) => !c.includes('/api/alert/'))).toEqual([
      'POST /api/auth/refresh',
      'GET /api/auth/me',
    ]);
    expect(getAccessToken()).toBe('fresh');
  });

  it.each([
    ['a user id of 0', aPerson({ ...ada, id: 0 })],
    ['no role', { ...aPerson(ada), roleId: undefined } as unknown as User],
  ])('clears the cache and auth state and goes to /login for %s', async (_case, user) => {
    stubFetch({});
    const { queryClient } = renderApp({ user });
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(getAccessToken()).toBeNull();
    expect(queryClient.getQueryCache().getAll()).toEqual([]);
  });

  it('sends an expired session to /login when the refresh fails', async () => {
    stubFetch({
      'POST /api/auth/refresh': () => errorResponse(401, 'Unauthorized', 'Unauthorized'),
    });
    const { router } = renderApp({ user: aPerson(ada) });
    expect(await screen.findByText('inside the app')).toBeInTheDocument();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 2 * 3600_000);
    try {
      await router.navigate('/app/users/1');
      expect(await screen.findByText('login page')).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the shell', () => {
  it("shows the user's name, linking to their profile with the user as state", async () => {
    stubFetch({});
    const user = aPerson({ ...ada, id: 7, firstName: 'Grace', lastName: 'Hopper' });
    const { user: pointer } = renderApp({ user });
    const name = await screen.findByRole('link', { name: 'Grace Hopper' });
    expect(name).toHaveAttribute('href', '/app/users/7');
    await pointer.click(name);
    expect(JSON.parse(screen.getByTestId('state').textContent ?? '')).toEqual({ user });
  });

  it.each<[string, RoleId, string[]]>([
    ['an Employee', Role.Employee, ['Home', 'Dashboard', 'Locations', 'Tasks', 'Alerts', 'Record a Walk']],
    ['a Manager', Role.Manager, ['Home', 'Dashboard', 'Locations', 'Tasks', 'Alerts', 'Record a Walk']],
    [
      'an Area Manager',
      Role.AreaManager,
      ['Home', 'Dashboard', 'Locations', 'Tasks', 'Alerts', 'Record a Walk', 'Areas', 'Users'],
    ],
    [
      'a Company Manager',
      Role.CompanyManager,
      ['Dashboard', 'Locations', 'Tasks', 'Alerts', 'Areas', 'Users', 'Activity'],
    ],
    ['an Owner', Role.Owner, ['Dashboard', 'Locations', 'Tasks', 'Alerts', 'Areas', 'Users', 'Activity']],
    [
      'an Admin',
      Role.Admin,
      ['Dashboard', 'Locations', 'Tasks', 'Alerts', 'Management Companies', 'Areas', 'Users', 'Activity'],
    ],
    [
      'the Super User',
      Role.SuperUser,
      ['Dashboard', 'Locations', 'Tasks', 'Alerts', 'Management Companies', 'Areas', 'Users', 'Activity'],
    ],
  ])('shows %s the sidebar entries the policy allows', async (_who, roleId, expected) => {
    stubFetch({});
    renderApp({ user: aPerson({ ...ada, roleId }) });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.getAttribute('aria-label')),
    ).toEqual(expected);
  });

  it('logs out: revokes the session on the server, clears the cache and goes to /login', async () => {
    const { calls } = stubFetch({
      'POST /api/auth/logout': () => jsonResponse(200, { success: true, message: 'Signed out' }),
    });
    const { user, queryClient } = renderApp({ user: aPerson(ada) });
    await user.click((await screen.findAllByRole('button', { name: 'Logout' }))[0]!);
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(calls.filter((c) => !c.includes('/api/alert/'))).toEqual(['POST /api/auth/logout']);
    await waitFor(() => expect(queryClient.getQueryCache().getAll()).toEqual([]));
    expect(getAccessToken()).toBeNull();
  });
});
