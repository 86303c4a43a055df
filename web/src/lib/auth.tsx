import {
  onlineManager,
  queryOptions,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { useCallback } from 'react';
import type { User } from '@sitewalk/shared/schemas/user';
import { paths } from '../config/paths.ts';
import { api, hasValidAccessToken, onUnauthorized, rawApi, setAccessToken } from './api.ts';
import { ApiError } from './api-client.ts';
import { isNetworkError } from './network-error.ts';
import { queryKeyOf } from './query.ts';
import { forgetUser, savedUser, saveUser } from './saved-session.ts';
import { getSessionHost } from './session-host.ts';

/**
 * The session: an access token in memory (lib/api.ts), the signed-in user in the query cache under
 * `['auth.me']`, and the refresh token in an HttpOnly cookie. At start and on a 401 the SPA tries
 * `POST /api/auth/refresh` once; when the server refuses it (401) it clears everything and goes to /login.
 *
 * Offline start (docs/recorder.md): the last `auth.me` answer is kept on the device (lib/saved-session.ts).
 * When the refresh at start gets no answer at all (a network error, not a 401 or a 500), the app starts
 * signed in as that user, without a token; the next API call once the network is back gets a 401, refreshes
 * and repeats, as any call with an expired token does.
 */
let refreshing: Promise<RefreshOutcome> | null = null;

/** 'ok': a new token; 'refused': the server said no (401); 'offline': no answer; 'failed': any other answer. */
export type RefreshOutcome = 'ok' | 'refused' | 'offline' | 'failed';

/** One refresh at a time: concurrent 401s share it. */
export const refreshSessionOutcome = (): Promise<RefreshOutcome> => {
  refreshing ??= rawApi('auth.refresh')
    .then(({ accessToken, expiresIn }): RefreshOutcome => {
      setAccessToken(accessToken, expiresIn);
      return 'ok';
    })
    .catch((error: unknown): RefreshOutcome => {
      if (error instanceof ApiError) return error.status === 401 ? 'refused' : 'failed';
      return isNetworkError(error) ? 'offline' : 'failed';
    })
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
};

/** The refresh as a yes or no. A refusal forgets the saved user: the session is over on the server. */
export const refreshSession = async (): Promise<boolean> => {
  const outcome = await refreshSessionOutcome();
  if (outcome === 'refused') forgetUser();
  return outcome === 'ok';
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

// A 401 on a protected call: one refresh, else the session is over. Without a network for the refresh
// the 401 stands but the session does not end: the next call tries again.
onUnauthorized(async () => {
  const outcome = await refreshSessionOutcome();
  if (outcome === 'ok') return true;
  if (outcome === 'offline') return false;
  if (outcome === 'refused') forgetUser();
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
  saveUser(session.user);
};

const unauthorized = () => new ApiError(401, 'Unauthorized', null);

/**
 * Offline: the saved user, and TanStack Query told the browser is offline (its queries and mutations wait
 * for the 'online' event instead of failing). Without a saved user, the network error stands.
 */
const startOffline = (error: unknown): User => {
  const user = savedUser();
  if (!user) throw error;
  if (typeof navigator !== 'undefined' && navigator.onLine === false) onlineManager.setOnline(false);
  return user;
};

/**
 * `GET /api/auth/me`, after a refresh when there is no valid token (a reload). It never retries. Each answer
 * is saved for an offline start; with no network it is the saved user (see above); a 401 forgets it.
 */
export const currentUserQuery = () =>
  queryOptions({
    queryKey: queryKeyOf('auth.me'),
    queryFn: async (): Promise<User> => {
      if (!hasValidAccessToken()) {
        const outcome = await refreshSessionOutcome();
        if (outcome === 'offline') return startOffline(new TypeError('No network for the session refresh'));
        if (outcome !== 'ok') {
          if (outcome === 'refused') forgetUser();
          throw unauthorized();
        }
      }
      try {
        const user = await api('auth.me');
        saveUser(user);
        return user;
      } catch (error) {
        if (isNetworkError(error)) return startOffline(error);
        if (error instanceof ApiError && error.status === 401) forgetUser();
        throw error;
      }
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
    forgetUser();
    if (getSessionHost()) {
      await endSession();
    } else {
      clearSession(queryClient);
    }
  }, [queryClient]);
};
