import { screen } from '@testing-library/react';
import { onlineManager, useQuery } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createTestQueryClient,
  errorResponse,
  jsonResponse,
  renderWithProviders,
  stubFetch,
} from '../testing/test-utils.tsx';
import { api, getAccessToken, setAccessToken } from './api.ts';
import { currentUserQuery, useLogout } from './auth.tsx';
import { savedUser, saveUser } from './saved-session.ts';
import { startEarly } from './early-requests.ts';
import { SESSION_REFRESH_PATH } from '@sitewalk/shared/contract/session-paths';
import { Role } from '@sitewalk/shared/roles';
import { aPerson } from '../testing/fixtures.ts';

const employee = aPerson({ id: 7, firstName: 'Sam', roleId: Role.Manager, roleName: 'Employee' });
const networkDown = () => {
  throw new TypeError('Failed to fetch');
};

beforeEach(() => {
  localStorage.clear();
  setAccessToken(null);
  onlineManager.setOnline(true);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  onlineManager.setOnline(true);
});

/** The start of a reload: no token in memory, the user asked for. */
const start = () => createTestQueryClient().fetchQuery(currentUserQuery());

describe('the session at start', () => {
  it('keeps each answer of auth.me on the device', async () => {
    stubFetch({
      'POST /api/auth/refresh': () => jsonResponse(200, { accessToken: 'fresh', expiresIn: 900 }),
      'GET /api/auth/me': () => jsonResponse(200, employee),
    });
    await expect(start()).resolves.toEqual(employee);
    expect(savedUser()).toEqual(employee);
  });

  it('takes the refresh the document sent before the app had loaded, and asks no second time', async () => {
    const { calls } = stubFetch({
      'POST /api/auth/refresh': () => jsonResponse(200, { accessToken: 'sent-early', expiresIn: 900 }),
      'GET /api/auth/me': () => jsonResponse(200, employee),
    });
    startEarly(SESSION_REFRESH_PATH, { method: 'POST', credentials: 'same-origin' });
    await expect(start()).resolves.toEqual(employee);
    expect(calls).toEqual(['POST /api/auth/refresh', 'GET /api/auth/me']);
    expect(getAccessToken()).toBe('sent-early');
  });

  it('starts offline as the saved user when the refresh sent early found no network', async () => {
    saveUser(employee);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { calls } = stubFetch({ 'POST /api/auth/refresh': networkDown });
    startEarly(SESSION_REFRESH_PATH, { method: 'POST', credentials: 'same-origin' });
    await expect(start()).resolves.toEqual(employee);
    expect(calls).toEqual(['POST /api/auth/refresh']);
    expect(getAccessToken()).toBeNull();
  });

  it('with no network, starts signed in as the saved user, offline, without a token', async () => {
    saveUser(employee);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { calls } = stubFetch({ 'POST /api/auth/refresh': networkDown });
    await expect(start()).resolves.toEqual(employee);
    expect(calls).toEqual(['POST /api/auth/refresh']);
    expect(getAccessToken()).toBeNull();
    expect(onlineManager.isOnline()).toBe(false);
    expect(savedUser()).toEqual(employee);
  });

  it('with no network and no saved user, fails with the network error', async () => {
    stubFetch({ 'POST /api/auth/refresh': networkDown });
    await expect(start()).rejects.toBeInstanceOf(TypeError);
  });

  it('when the network drops between the refresh and auth.me, is the saved user', async () => {
    saveUser(employee);
    stubFetch({
      'POST /api/auth/refresh': () => jsonResponse(200, { accessToken: 'fresh', expiresIn: 900 }),
      'GET /api/auth/me': networkDown,
    });
    await expect(start()).resolves.toEqual(employee);
  });

  it('on a 401 from the refresh, is signed out and forgets the saved user', async () => {
    saveUser(employee);
    stubFetch({ 'POST /api/auth/refresh': () => errorResponse(401, 'Unauthorized', 'Unauthorized') });
    await expect(start()).rejects.toMatchObject({ status: 401 });
    expect(savedUser()).toBeNull();
  });

  it('on a 500 from the refresh, does not start offline (the server answered) and keeps the saved user', async () => {
    saveUser(employee);
    stubFetch({ 'POST /api/auth/refresh': () => errorResponse(500, 'Internal Server Error', 'Boom') });
    await expect(start()).rejects.toMatchObject({ status: 401 });
    expect(onlineManager.isOnline()).toBe(true);
    expect(savedUser()).toEqual(employee);
  });

  it('on a 401 from auth.me, forgets the saved user', async () => {
    saveUser(employee);
    stubFetch({
      'POST /api/auth/refresh': () => jsonResponse(200, { accessToken: 'fresh', expiresIn: 900 }),
      'GET /api/auth/me': () => errorResponse(401, 'Unauthorized', 'Unauthorized'),
      'GET /api/user/7': () => jsonResponse(200, employee),
    });
    await expect(start()).rejects.toMatchObject({ status: 401 });
    expect(savedUser()).toBeNull();
  });

  it('ignores a saved user that no longer reads as a user', async () => {
    localStorage.setItem('sitewalk.user', JSON.stringify({ id: 'seven' }));
    stubFetch({ 'POST /api/auth/refresh': networkDown });
    await expect(start()).rejects.toBeInstanceOf(TypeError);
  });
});

const Profile = () => {
  const user = useQuery({
    queryKey: ['user.get', 7],
    queryFn: () => api('user.get', { params: { id: 7 } }),
    retry: false,
  });
  return <p>{user.isSuccess ? `user ${user.data.firstName}` : user.status}</p>;
};

describe('after an offline start', () => {
  it('the first call once the network is back gets its 401, refreshes and repeats, as today', async () => {
    saveUser(employee);
    const { calls } = stubFetch({
      'GET /api/user/7': (init) =>
        new Headers(init?.headers).get('authorization') === 'Bearer renewed'
          ? jsonResponse(200, employee)
          : errorResponse(401, 'Unauthorized', 'Unauthorized'),
      'POST /api/auth/refresh': () => jsonResponse(200, { accessToken: 'renewed', expiresIn: 900 }),
    });
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(['auth.me'], employee);
    renderWithProviders(<Profile />, { route: '/app', queryClient });
    expect(await screen.findByText('user Sam')).toBeInTheDocument();
    expect(calls).toEqual(['GET /api/user/7', 'POST /api/auth/refresh', 'GET /api/user/7']);
  });

  it('a 401 whose refresh gets no answer does not end the session', async () => {
    saveUser(employee);
    stubFetch({
      'GET /api/user/7': () => errorResponse(401, 'Unauthorized', 'Unauthorized'),
      'POST /api/auth/refresh': networkDown,
    });
    const { router } = renderWithProviders(<Profile />, {
      path: '/app',
      route: '/app',
      user: employee,
      routes: [{ path: '/login', element: <p>login page</p> }],
    });
    expect(await screen.findByText('error')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app');
    expect(savedUser()).toEqual(employee);
  });
});

const LogoutButton = () => {
  const logout = useLogout();
  return (
    <button type="button" onClick={() => void logout()}>
      Log out
    </button>
  );
};

describe('logout', () => {
  it('forgets the saved user', async () => {
    saveUser(employee);
    stubFetch({ 'POST /api/auth/logout': () => new Response(null, { status: 204 }) });
    const { user } = renderWithProviders(<LogoutButton />, {
      path: '/app',
      route: '/app',
      user: employee,
      routes: [{ path: '/login', element: <p>login page</p> }],
    });
    await user.click(screen.getByRole('button', { name: 'Log out' }));
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(savedUser()).toBeNull();
  });
});
