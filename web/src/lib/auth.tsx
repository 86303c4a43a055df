import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { User } from '@sitewalk/shared/schemas/user';
import { paths } from '../config/paths.ts';
import { api, hasValidAccessToken, onUnauthorized, rawApi, setAccessToken } from './api.ts';
import { ApiError } from './api-client.ts';
import { queryKeyOf } from './query.ts';
import { getSessionHost } from './session-host.ts';

/**
 * The session: an access token in memory (lib/api.ts), the signed-in user in the query cache under
 * `['auth.me']`, and the refresh token in an HttpOnly cookie. At start and on a 401 the SPA tries
 * `POST /api/auth/refresh` once; when that fails it clears everything and goes to /login.
 */
let refreshing: Promise<boolean> | null = null;

/** One refresh at a time: concurrent 401s share it. */
export const refreshSession = (): Promise<boolean> => {
  refreshing ??= rawApi('auth.refresh')
    .then(({ accessToken, expiresIn }) => {
      setAccessToken(accessToken, expiresIn);
      return true;
    })
    .catch(() => false)
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
};

/** Forget the token and every cached answer. */
export const clearSession = (queryClient: QueryClient) => {
  setAccessToken(null);
  queryClient.clear();
};

/** The session is over: go to /login (unless there already), then clear the token and the cache. */
export const endSession = async () => {
  const host = getSessionHost();
  if (!host) {
    setAccessToken(null);
    return;
  }
  const { queryClient, navigate, pathname } = host;
  setAccessToken(null);
  if (pathname() !== paths.login.path) await navigate(paths.login.build());
  queryClient.clear();
};

// A 401 on a protected call: one refresh, else the session is over.
onUnauthorized(async () => {
  if (await refreshSession()) return true;
  await endSession();
  return false;
});

/** After a sign-in (or a completed password reset): keep the token and the user. */
export const startSession = (
  queryClient: QueryClient,
  session: { accessToken: string; expiresIn: number; user: User },
) => {
  setAccessToken(session.accessToken, session.expiresIn);
  queryClient.setQueryData(queryKeyOf('auth.me'), session.user);
};

const unauthorized = () => new ApiError(401, 'Unauthorized', null);

/** `GET /api/auth/me`, after a refresh when there is no valid token (a reload). It never retries. */
export const currentUserQuery = () =>
  queryOptions({
    queryKey: queryKeyOf('auth.me'),
    queryFn: async (): Promise<User> => {
      if (!hasValidAccessToken() && !(await refreshSession())) throw unauthorized();
      return api('auth.me');
    },
    retry: false,
    staleTime: 5 * 60_000,
  });

/** A user the guard lets in: an id above 0 and a role. */
export const isUsableUser = (user: Partial<User> | null | undefined): user is User =>
  !!user && typeof user.id === 'number' && user.id > 0 && typeof user.roleId === 'number' && user.roleId > 0;

/**
 * The signed-in user. Inside the protected area (under AppLayout's guard) it is always loaded; elsewhere
 * it throws.
 */
export const useCurrentUser = (): User => {
  const { data } = useQuery(currentUserQuery());
  if (!data) throw new Error('useCurrentUser is for the protected area, under AppLayout');
  return data;
};

/** Logout: revoke the session on the server, clear the cache and go to /login. */
export const useLogout = () => {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await rawApi('auth.logout').catch(() => undefined); // signed out here whatever the server says
    if (getSessionHost()) {
      await endSession();
    } else {
      clearSession(queryClient);
    }
  }, [queryClient]);
};
