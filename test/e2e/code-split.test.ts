import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser } from 'playwright-core';
import { e2e } from './support/journey.ts';
import { scriptsOf, sourcesOf } from './support/route-scripts.ts';

/**
 * Routes are split by code (issue 12): the landing page and /login load no code of /app and no map code,
 * read from the source maps of the scripts a fresh visit loads.
 */
const APP_CODE = [
  /^src\/features\/(?!marketing\/|auth\/)/,
  /^src\/components\/layouts\//,
  /^node_modules\/(maplibre-gl|react-map-gl|@vis\.gl|@dnd-kit)\//,
];
/** The route's own module, so the source maps are known to be read right. */
const OWN_MODULE: Record<string, string> = {
  '/': 'src/features/marketing/landing-page.tsx',
  '/login': 'src/features/auth/login-page.tsx',
};

let browser: Browser;
beforeAll(async () => {
  browser = await chromium.connect(e2e().browserWsEndpoint);
});
afterAll(() => browser.close());

describe('the public entry', () => {
  it.each(['/', '/login'])('%s loads no code of /app and no map code', async (path) => {
    const scripts = await scriptsOf(browser, e2e().url, path);
    expect(scripts.length).toBeGreaterThan(0);
    const sources = (await Promise.all(scripts.map(sourcesOf))).flat();
    expect(sources).toContain(OWN_MODULE[path]);
    expect(sources.filter((source) => APP_CODE.some((pattern) => pattern.test(source)))).toEqual([]);
  });
});
