import { screen } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse, renderWithProviders, stubFetch } from '../testing/test-utils.tsx';
import { api, getAccessToken } from './api.ts';
import { aPerson, ada } from '../testing/fixtures.ts';

const Profile = () => {
  const user = useQuery({ queryKey: ['user.get', 2], queryFn: () => api('user.get', { params: { id: 2 } }) });
  return <p>{user.isSuccess ? `user ${user.data.firstName}` : user.status}</p>;
};

afterEach(() => vi.unstubAllGlobals());

describe('a 401 on a protected call', () => {
  it('refreshes the session once and repeats the call with the new token', async () => {
    const tokens: (string | null)[] = [];
    let first = true;
    const { calls } = stubFetch({
      'GET /api/user/2': (init) => {
        tokens.push(new Headers(init?.headers).get('authorization'));
        if (first) {
          first = false;
          return errorResponse(401, 'Unauthorized', 'Unauthorized');
        }
        return jsonResponse(200, aPerson({ ...ada, id: 2, firstName: 'Grace' }));
      },
      'POST /api/auth/refresh': () => jsonResponse(200, { accessToken: 'renewed', expiresIn: 900 }),
    });
    renderWithProviders(<Profile />, { user: aPerson(ada), route: '/app' });
    expect(await screen.findByText('user Grace')).toBeInTheDocument();
    expect(calls).toEqual(['GET /api/user/2', 'POST /api/auth/refresh', 'GET /api/user/2']);
    expect(tokens).toEqual(['Bearer test-access-token', 'Bearer renewed']);
    expect(getAccessToken()).toBe('renewed');
  });

  it('clears everything and goes to /login when the refresh fails', async () => {
    const { calls } = stubFetch({
      'GET /api/user/2': () => errorResponse(401, 'Unauthorized', 'Unauthorized'),
      'POST /api/auth/refresh': () => errorResponse(401, 'Unauthorized', 'Unauthorized'),
    });
    const { router, queryClient } = renderWithProviders(<Profile />, {
      path: '/app',
      route: '/app',
      user: aPerson(ada),
      routes: [{ path: '/login', element: <p>login page</p> }],
    });
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(calls).toEqual(['GET /api/user/2', 'POST /api/auth/refresh']);
    expect(router.state.location.pathname).toBe('/login');
    expect(getAccessToken()).toBeNull();
    expect(queryClient.getQueryData(['auth.me'])).toBeUndefined();
  });

  it('does not refresh for a public call such as a wrong sign-in', async () => {
    const { calls } = stubFetch({
      'POST /api/auth/login': () => errorResponse(401, 'Unauthorized', 'Invalid email or password'),
    });
    await expect(api('auth.login', { body: { email: 'a@b.co', password: 'x' } })).rejects.toMatchObject({
      status: 401,
    });
    expect(calls).toEqual(['POST /api/auth/login']);
  });
});
