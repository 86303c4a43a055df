import type { PagesManifest } from '@sitewalk/shared/web-pages';
import { paths } from './config/paths.ts';

/** The document of any path nothing else serves. */
export const NOT_FOUND_FILE = '404.html';
/** The SPA: /app and everything under it. */
export const APP_FILE = 'app.html';

/** Which paths a prerendered document serves: these exact paths and, with `prefix`, every path below it. */
export interface PageRoute {
  paths: readonly string[];
  prefix?: string;
}

const confirmPrefix = paths.resetConfirm.build('token').replace(/\/token$/, '');

/**
 * The prerendered documents' paths (web/src/prerender.tsx renders them), apart from their React, so that the
 * service worker's navigation rules (web/pwa.config.ts) read the same table the hosts route by.
 */
export const pageRoutes = {
  'index.html': { paths: [paths.home.path] },
  'register.html': { paths: [paths.register.path] },
  'terms-of-service.html': { paths: [paths.terms.path] },
  'privacy-policy.html': { paths: [paths.privacy.path] },
  'error.html': { paths: [paths.error.path] },
  [NOT_FOUND_FILE]: { paths: [] },
  'login.html': { paths: [paths.login.path] },
  'reset-password.html': { paths: [paths.resetPassword.path, paths.resetPasswordLegacy.path] },
  'reset-email-sent.html': { paths: [paths.resetEmailSent.path, paths.resetEmailSentLegacy.path] },
  'reset-confirm.html': { paths: [confirmPrefix], prefix: `${confirmPrefix}/` },
} as const satisfies Record<string, PageRoute>;

export type PrerenderedFile = keyof typeof pageRoutes;

/** Which document serves which path (the exact paths of the pages above, their prefixes, /app, the 404). */
export const pagesManifest = (): PagesManifest => {
  const routes = Object.entries(pageRoutes) as [string, PageRoute][];
  return {
    exact: Object.fromEntries([
      ...routes.flatMap(([file, route]) => route.paths.map((path) => [path, file] as const)),
      [paths.app.root.path, APP_FILE],
    ]),
    prefixes: [
      ...routes.flatMap(([file, route]) => (route.prefix ? [[route.prefix, file] as [string, string]] : [])),
      [`${paths.app.root.path}/`, APP_FILE],
    ],
    fallback: NOT_FOUND_FILE,
  };
};
