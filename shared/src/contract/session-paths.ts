/**
 * The session's paths, with no import: the SPA's first script asks for them before the contract (and zod) has
 * loaded (web/src/main.tsx); the contract's `auth.refresh` and `auth.me` routes name the same.
 */
export const SESSION_REFRESH_PATH = '/api/auth/refresh';

/** The signed-in user, which every page of the app waits for (its shell). */
export const SESSION_USER_PATH = '/api/auth/me';
