import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser } from 'playwright-core';
import { e2e } from './support/journey.ts';
import { scriptsOf, sourcesOf } from './support/route-scripts.ts';

/**
 * Routes are split by code (issue 12), read from the source maps of the scripts a fresh visit loads: the
 * landing page and /login load no code of /app and no map code. The public pages are prerendered and load
 * no React at all; the sign-in pages load React but no MUI, no router, no query cache, and their schemas
 * (zod) only once someone uses a form.
 */
const APP_CODE = [
  /^src\/features\/(?!marketing\/|auth\/)/,
  // The data layer, but for the sign-in pages' own client of the public auth routes.
  /^src\/api\/(?!auth-client\.ts$)/,
  /^src\/components\/layouts\//,
  /^node_modules\/(maplibre-gl|react-map-gl|@vis\.gl|@dnd-kit)\//,
];
const NOT_LOADED: Record<string, RegExp[]> = {
  '/': [/^node_modules\/(react|react-dom|@mui|@emotion|zod)\//],
  '/login': [/^node_modules\/(@mui|@emotion|react-router|@tanstack|zod)\//],
};
/** The route's own module, so the source maps are known to be read right. */
const OWN_MODULE: Record<string, string> = {
  '/': 'src/features/marketing/enhance.ts',
  '/login': 'src/features/auth/login-page.tsx',
};

let browser: Browser;
beforeAll(async () => {
  browser = await chromium.connect(e2e().browserWsEndpoint);
});
afterAll(() => browser.close());

describe('the public entry', () => {
  it.each(['/', '/login'])(
    '%s loads no code of /app and no map code, and only what it needs',
    async (path) => {
      const scripts = await scriptsOf(browser, e2e().url, path);
      expect(scripts.length).toBeGreaterThan(0);
      const sources = (await Promise.all(scripts.map(sourcesOf))).flat();
      expect(sources).toContain(OWN_MODULE[path]);
      // A production build: React's development build is several times the size.
      const unwanted = [...APP_CODE, ...(NOT_LOADED[path] ?? []), /\.development\.js$/];
      expect(sources.filter((source) => unwanted.some((pattern) => pattern.test(source)))).toEqual([]);
    },
  );
});
