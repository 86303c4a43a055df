import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSW, getManifest } from 'workbox-build';
import type { RouteMatchCallbackOptions } from 'workbox-core';
import { createPageRouter } from '../infra/web-pages.ts';
import {
  baseMapPlugins,
  isBaseMapRequest,
  MAP_CACHE,
  MAP_CACHE_MAX_AGE_SECONDS,
  MAP_CACHED_AT_HEADER,
  MAP_STYLE_PATH,
  navigationRules,
  NEVER_CACHED,
  pwaOptions,
} from './pwa.config.ts';
import { APP_FILE, pagesManifest } from './src/page-table.ts';

const workbox = pwaOptions.workbox ?? {};
const origin = 'https://app.sitewalk.test';

/** A build's files, as vite leaves them before web/scripts/prerender.ts. */
const BUILD = [
  'app.html',
  'sign-in.html',
  'public-page.html',
  'pages.json',
  'favicon.svg',
  'demo/dashboard.png',
  'assets/app-abc123.js',
  'assets/app-abc123.js.map',
  'assets/site-map-def456.css',
  'assets/maplibre-gl-worker-CZtFQQIV.mjs',
];

let dist: string;
beforeAll(() => {
  dist = mkdtempSync(join(tmpdir(), 'sitewalk-pwa-'));
  for (const file of BUILD) {
    mkdirSync(dirname(join(dist, file)), { recursive: true });
    writeFileSync(join(dist, file), file);
  }
});
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const matchOptions = (path: string, sameOrigin = true) =>
  ({
    url: new URL(path, sameOrigin ? origin : 'https://elsewhere.test'),
    sameOrigin,
    request: new Request(new URL(path, origin)),
    event: {} as RouteMatchCallbackOptions['event'],
  }) as unknown as RouteMatchCallbackOptions;

describe('the service worker’s precache', () => {
  it('holds the SPA’s document, its scripts and styles and MapLibre’s .mjs worker, nothing else', async () => {
    const { manifestEntries } = await getManifest({
      globDirectory: dist,
      globPatterns: workbox.globPatterns,
      globIgnores: workbox.globIgnores,
    });
    expect(manifestEntries?.map((entry) => entry.url).sort()).toEqual([
      'app.html',
      'assets/app-abc123.js',
      'assets/maplibre-gl-worker-CZtFQQIV.mjs',
      'assets/site-map-def456.css',
      'favicon.svg',
    ]);
  });
});

describe('what the service worker never answers from a cache', () => {
  it.each(['/api', '/api/auth/me', '/api/walk-report/3', '/config.json'])('%s', (path) => {
    expect(NEVER_CACHED.some((pattern) => pattern.test(path))).toBe(true);
    // No runtime route claims it (the browser fetches it as if there were no worker)…
    for (const route of workbox.runtimeCaching ?? []) {
      const pattern = route.urlPattern;
      const claims =
        typeof pattern === 'function'
          ? pattern(matchOptions(path))
          : pattern instanceof RegExp
            ? pattern.test(`${origin}${path}`)
            : `${origin}${path}` === pattern;
      expect(claims, `runtime route ${String(pattern)}`).toBeFalsy();
    }
    // …and a navigation to it never gets the SPA's document.
    expect(workbox.navigateFallbackDenylist?.some((pattern) => pattern.test(path))).toBe(true);
  });

  it('the built worker names neither in its precache nor in a cache route', async () => {
    const swDest = join(dist, 'sw.js');
    await generateSW({ ...workbox, globDirectory: dist, swDest, mode: 'production' } as Parameters<
      typeof generateSW
    >[0]);
    const sw = readFileSync(swDest, 'utf8');
    const precached = [...sw.matchAll(/url:"([^"]+)"/g)].map((match) => match[1]);
    expect(precached).toContain('app.html');
    expect(precached.filter((url) => /^\/?(api\/|config\.json)/.test(url ?? ''))).toEqual([]);
    // The runtime routes: the offline map style and the base map's files (and the navigations).
    expect(sw.match(/registerRoute\(/g)).toHaveLength(3);
    expect(sw).toContain('"/map/style.json"===');
    expect(sw).toContain(`cacheName:"${MAP_CACHE}"`);
    expect(sw).toContain(`maxAgeSeconds:${MAP_CACHE_MAX_AGE_SECONDS}`);
    expect(sw).toContain(`"${MAP_CACHED_AT_HEADER}"`);
    expect(sw).toContain('denylist:[/^\\/api(\\/|$)/,/^\\/config\\.json$/,');
    expect(sw).toContain('/^\\/app\\/resetPassword\\/emailSent\\/?(\\?|$)/');
  });
});

describe('navigations', () => {
  // The hosts' own router (the CloudFront Function's code) over the same page table.
  const manifest = pagesManifest();
  const documentOf = createPageRouter(manifest);
  const answeredWithApp = (pathAndQuery: string) =>
    (workbox.navigateFallbackAllowlist ?? []).some((pattern) => pattern.test(pathAndQuery)) &&
    !(workbox.navigateFallbackDenylist ?? []).some((pattern) => pattern.test(pathAndQuery));

  it.each(['/app', '/app/', '/app/record', '/app/walk-report/3', '/app/record?walk=4', '/app/resetPassword'])(
    '%s falls back to the SPA',
    (path) => {
      expect(answeredWithApp(path)).toBe(true);
      expect(workbox.navigateFallback).toBe('/app.html');
    },
  );

  it.each([
    '/',
    '/login',
    '/reset-password',
    '/resetPassword',
    '/app/resetPassword/emailSent',
    '/app/resetPassword/emailSent/',
    '/app/resetPassword/emailSent?email=a',
    '/reset-password/confirm/abc123',
    '/apple',
    '/api/app',
    '/app/icon.png',
    '/config.json',
  ])('%s is left to the host', (path) => {
    expect(answeredWithApp(path)).toBe(false);
  });

  it('answer with the SPA exactly the paths pages.json gives the SPA, as the hosts route them', () => {
    const samples = [
      ...Object.keys(manifest.exact).flatMap((path) => [path, `${path}/`, `${path}/x`, `${path}?q=1`]),
      ...manifest.prefixes.flatMap(([prefix]) => [prefix, `${prefix}abc`, `${prefix}abc/def`]),
      '/nowhere',
      '/app/settings/profile',
      '/app2',
      '/app/file.txt',
    ];
    for (const sample of samples) {
      const path = sample.split('?')[0] ?? sample;
      expect(answeredWithApp(sample), sample).toBe(documentOf(path) === `/${APP_FILE}`);
    }
  });

  it('say nothing of a manifest without pages under /app but the app', () => {
    const rules = navigationRules({
      exact: { '/': 'index.html', '/app': APP_FILE },
      prefixes: [['/app/', APP_FILE]],
      fallback: '404.html',
    });
    expect(rules.allowlist.map(String)).toEqual(['/^\\/app\\/?(\\?|$)/', '/^\\/app\\//']);
    expect(rules.denylist.some((pattern) => pattern.test('/app/anything'))).toBe(false);
  });
});

describe('the map style', () => {
  const route = workbox.runtimeCaching?.[0];

  it('is kept as it is used, from this origin only, and refreshed each time', () => {
    expect(route?.handler).toBe('StaleWhileRevalidate');
    const pattern = route?.urlPattern as (options: RouteMatchCallbackOptions) => boolean;
    expect(pattern(matchOptions(MAP_STYLE_PATH))).toBe(true);
    expect(pattern(matchOptions(MAP_STYLE_PATH, false))).toBe(false);
    expect(pattern(matchOptions('/map/other.json'))).toBe(false);
  });
});

describe('the web app manifest', () => {
  it('installs SiteWalk standalone with its icons, a maskable one among them', () => {
    const manifest = pwaOptions.manifest || {};
    expect(manifest).toMatchObject({ name: 'SiteWalk', display: 'standalone', start_url: '/app' });
    expect(manifest.theme_color).toBe('#1d4e89');
    const icons = manifest.icons ?? [];
    for (const icon of icons) {
      const file = readFileSync(new URL(`public${icon.src}`, import.meta.url));
      // A PNG of the size it says.
      expect(file.subarray(1, 4).toString()).toBe('PNG');
      const [width, height] = [file.readUInt32BE(16), file.readUInt32BE(20)];
      expect(`${width}x${height}`).toBe(icon.sizes);
    }
    expect(icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(icons.some((icon) => icon.purpose === 'maskable')).toBe(true);
  });
});

describe('the base map kept for offline', () => {
  const route = workbox.runtimeCaching?.[1];
  const at = (href: string, pageOrigin = origin) => {
    const url = new URL(href);
    return isBaseMapRequest({ url, sameOrigin: url.origin === pageOrigin });
  };

  it('takes Amazon Location’s style, glyphs, sprites and tiles, and /map/ files of local origins', () => {
    expect(route?.urlPattern).toBe(isBaseMapRequest);
    expect(route?.handler).toBe('CacheFirst');
    for (const href of [
      'https://maps.geo.us-east-1.amazonaws.com/v2/styles/Standard/descriptor?key=v1.public.x',
      'https://maps.geo.eu-central-1.amazonaws.com/v2/tiles/vector.basemap/15/5000/12000?key=k',
      'https://maps.geo.us-east-1.amazonaws.com/v2/glyphs/Amazon%20Ember%20Regular/0-255.pbf?key=k',
      'http://127.0.0.1:4173/map/stand-in/style.json',
      'http://localhost:4173/map/stand-in/tiles/3/1/2.png',
      `${origin}/map/tiles/3/1/2.png`,
    ])
      expect(at(href), href).toBe(true);
  });

  it('leaves alone the API, photos on S3, other hosts, look-alike names and the offline style’s own route', () => {
    for (const href of [
      `${origin}/api/walk/walk-report/3`,
      `${origin}${MAP_STYLE_PATH}`,
      'https://sitewalk-uploads.s3.us-east-1.amazonaws.com/map/photo.jpg?X-Amz-Signature=s',
      'https://maps.geo.us-east-1.amazonaws.com.evil.test/v2/tiles/1/1/1',
      'https://tiles.example/map/style.json',
      'https://geo.us-east-1.amazonaws.com/v2/tiles/vector.basemap/1/1/1',
    ])
      expect(at(href), href).toBe(false);
  });

  it('keeps a 200 stamped with the time it was fetched, nothing else', async () => {
    const stored = await baseMapPlugins.stampOnStore({
      response: new Response('tile', { headers: { 'content-type': 'image/png' } }),
    });
    expect(await stored?.text()).toBe('tile');
    expect(stored?.headers.get('content-type')).toBe('image/png');
    expect(Math.abs(Number(stored?.headers.get(MAP_CACHED_AT_HEADER)) - Date.now())).toBeLessThan(1000);
    for (const status of [204, 304, 403, 500])
      expect(await baseMapPlugins.stampOnStore({ response: new Response(null, { status }) })).toBeNull();
    expect(await baseMapPlugins.stampOnStore({})).toBeNull();
  });

  it('uses a kept file only within its time: not older, not unstamped', async () => {
    const keptAt = (ms: number | string) =>
      new Response('tile', { headers: { [MAP_CACHED_AT_HEADER]: String(ms) } });
    const maxAge = MAP_CACHE_MAX_AGE_SECONDS * 1000;
    const fresh = keptAt(Date.now() - maxAge + 60_000);
    expect(await baseMapPlugins.freshOnly({ cachedResponse: fresh })).toBe(fresh);
    expect(await baseMapPlugins.freshOnly({ cachedResponse: keptAt(Date.now() - maxAge - 1) })).toBeNull();
    expect(await baseMapPlugins.freshOnly({ cachedResponse: keptAt('soon') })).toBeNull();
    expect(await baseMapPlugins.freshOnly({ cachedResponse: new Response('tile') })).toBeNull();
    expect(await baseMapPlugins.freshOnly({})).toBeNull();
  });

  it('is bounded in count and time, within a week', () => {
    const options = route?.options;
    expect(options?.cacheName).toBe(MAP_CACHE);
    expect(options?.expiration).toMatchObject({ maxEntries: expect.any(Number), purgeOnQuotaError: true });
    expect(options?.expiration?.maxEntries).toBeLessThanOrEqual(2000);
    expect(MAP_CACHE_MAX_AGE_SECONDS).toBeLessThanOrEqual(7 * 24 * 3600);
  });
});
