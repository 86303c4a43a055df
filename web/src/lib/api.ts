import { routes } from '@sitewalk/shared/contract/index';
import { createApiClient } from './api-client.ts';

let accessToken: string | null = null;
let unauthorizedHandler: () => void = () => undefined;

/** The access token lives in memory only; the refresh token is an HttpOnly cookie the SPA never sees. */
export const setAccessToken = (token: string | null) => {
  accessToken = token;
};
export const onUnauthorized = (handler: () => void) => {
  unauthorizedHandler = handler;
};

export const api = createApiClient({
  routes,
  getToken: () => accessToken,
  onUnauthorized: () => unauthorizedHandler(),
});
