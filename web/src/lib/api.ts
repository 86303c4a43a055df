import type { Routes } from '@sitewalk/shared/contract/index';
import { ApiError, createApiClient } from './api-client.ts';
import { takeEarlyAnswer } from './early-requests.ts';
import { routeOf } from './routes.ts';

/**
 * The access token lives in memory only; the refresh token is an HttpOnly cookie the SPA never sees. A reload
 * starts without a token and gets one from `POST /api/auth/refresh` (lib/auth.tsx).
 */
interface AccessToken {
  token: string;
  /** Epoch milliseconds; a token counts as expired a little before Cognito says it is. */
  expiresAt: number;
}

const EXPIRY_MARGIN_MS = 10_000;
let accessToken: AccessToken | null = null;
const listeners = new Set<() => void>();

export const setAccessToken = (token: string | null, expiresInSeconds = 3600) => {
  accessToken = token ? { token, expiresAt: Date.now() + expiresInSeconds * 1000 - EXPIRY_MARGIN_MS } : null;
  listeners.forEach((listener) => listener());
};

export const getAccessToken = (): string | null => accessToken?.token ?? null;

/** A token is held and not yet expired. */
export const hasValidAccessToken = (): boolean => accessToken !== null && accessToken.expiresAt > Date.now();

export const subscribeAccessToken = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** What to do when a call is refused with 401: refresh the session once and say whether that worked. */
let unauthorizedHandler: () => Promise<boolean> = async () => false;
export const onUnauthorized = (handler: () => Promise<boolean>) => {
  unauthorizedHandler = handler;
};

/**
 * The contract's client without the session handling: lib/auth.tsx uses it for the session calls. A call the
 * document sent before this code loaded (the start's session refresh: main.tsx) takes that answer.
 */
export const rawApi = createApiClient<Routes>({
  routes: routeOf,
  getToken: getAccessToken,
  fetch: (input, init) => takeEarlyAnswer(init?.method ?? 'GET', String(input)) ?? fetch(input, init),
});

/**
 * The typed client every feature uses: `api('user.get', { params: { id } })`. A 401 on a protected route
 * refreshes the session once and repeats the call; when the refresh fails, the session handler has already
 * cleared everything and gone to /login, and the 401 is thrown.
 */
export const api: typeof rawApi = async (name, ...input) => {
  try {
    return await rawApi(name, ...input);
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 401 || (await routeOf(name)).access === 'public') {
      throw error;
    }
    if (!(await unauthorizedHandler())) throw error;
    return rawApi(name, ...input);
  }
};
