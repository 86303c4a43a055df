/**
 * The session refresh's path, with no import: the SPA's first script asks for it before the contract (and
 * zod) has loaded (web/src/main.tsx); the contract's `auth.refresh` route names the same.
 */
export const SESSION_REFRESH_PATH = '/api/auth/refresh';
