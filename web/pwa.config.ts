import type { VitePWAOptions } from 'vite-plugin-pwa';
import type { PagesManifest } from '@sitewalk/shared/web-pages';
import { BRAND_BLUE } from './src/app/brand.ts';
import { APP_FILE, pagesManifest } from './src/page-table.ts';

/** The paths the service worker never answers from a cache: the API and the runtime configuration. */
export const NEVER_CACHED = [/^\/api(\/|$)/, /^\/config\.json$/];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
/** An exact path of pages.json, as the router matches it: with or without one trailing slash, any query. */
const exactPath = (path: string) => new RegExp(`^${escapeRegExp(path === '/' ? '' : path)}\\/?(\\?|$)`);
const prefixPath = (prefix: string) => new RegExp(`^${escapeRegExp(prefix)}`);
/** A path whose last segment has a dot: the router answers it with that file, never a document. */
const FILE_PATH = /^[^?]*\/[^/?]*\.[^/?]*(\?|$)/;

/**
 * The navigations the service worker answers with the SPA's document (Workbox matches them against path and
 * query: allowed and not denied), read from the page table the hosts route by (pages.json): the paths whose
 * document is app.html are allowed; every path that pages.json gives another document (the sign-in pages
 * under /app, such as the legacy /app/resetPassword/emailSent), every file, the API and /config.json are
 * denied, so the browser asks the host for them as if there were no worker. The router tries exact paths
 * before prefixes and the app's prefix comes last, so a denied path never shadows an allowed one.
 */
export const navigationRules = (manifest: PagesManifest) => {
  const exact = Object.entries(manifest.exact);
  return {
    allowlist: [
      ...exact.filter(([, file]) => file === APP_FILE).map(([path]) => exactPath(path)),
      ...manifest.prefixes.filter(([, file]) => file === APP_FILE).map(([prefix]) => prefixPath(prefix)),
    ],
    denylist: [
      ...NEVER_CACHED,
      FILE_PATH,
      ...exact.filter(([, file]) => file !== APP_FILE).map(([path]) => exactPath(path)),
      ...manifest.prefixes.filter(([, file]) => file !== APP_FILE).map(([prefix]) => prefixPath(prefix)),
    ],
  };
};

const navigations = navigationRules(pagesManifest());
/** The navigations the service worker answers with the SPA's document when the network cannot: /app and below. */
export const SPA_NAVIGATIONS = navigations.allowlist;

/** The local host's offline map style (infra/local/map-style.ts): not a build file, so cached as it is used. */
export const MAP_STYLE_PATH = '/map/style.json';
export const MAP_STYLE_CACHE = 'sitewalk-map-style';

/**
 * The base map kept for offline (src/components/map/offline-base-map.ts asks for a walk's files when the
 * recorder opens it online): Amazon Location's style, glyphs, sprites and tiles, and a map style under /map/
 * on the app's own or a loopback origin (the local host's styles). Kept at most MAP_CACHE_MAX_AGE_SECONDS
 * from when it was fetched — AWS's Service Terms for Amazon Location restrict storing and caching its data,
 * so the time is short and this one constant says it: a walk's map is needed on the day it is walked — and
 * at most MAP_CACHE_MAX_ENTRIES files, the least recently used going first (some 60 MB at ~30 kB a tile).
 */
export const MAP_CACHE = 'sitewalk-map';
export const MAP_CACHE_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;
export const MAP_CACHE_MAX_ENTRIES = 2000;
/** When a kept file was fetched: a CORS response hides its Date header, so the worker stamps its own. */
export const MAP_CACHED_AT_HEADER = 'x-sitewalk-cached-at';

/**
 * Whether a request is for the base map's files: Amazon Location's Maps API v2 (maps.geo.<region>.amazonaws
 * .com), or /map/ but the offline style. A service worker route's urlPattern: it names nothing outside it.
 */
export const isBaseMapRequest = ({ url, sameOrigin }: { url: URL; sameOrigin: boolean }): boolean =>
  /^maps\.geo\.[a-z0-9-]+\.amazonaws\.com$/.test(url.hostname) ||
  (url.pathname.startsWith('/map/') &&
    (sameOrigin || url.hostname === 'localhost' || url.hostname === '127.0.0.1') &&
    !(sameOrigin && url.pathname === '/map/style.json'));

// Workbox writes the plugins' functions into the worker as source, so they name no outer constant: these
// are made with the constants written into their code.
/** Keeps only a 200, stamped with the time it was fetched. */
const stampOnStore = new Function(
  '{ response }',
  `if (!response || response.status !== 200) return Promise.resolve(null);
  return response.blob().then((body) => {
    const headers = new Headers(response.headers);
    headers.set(${JSON.stringify(MAP_CACHED_AT_HEADER)}, String(Date.now()));
    return new Response(body, { status: 200, statusText: response.statusText, headers });
  });`,
) as (options: { response?: Response }) => Promise<Response | null>;
/** Uses a kept file only within its time; an older or unstamped one is not used (the network is asked). */
const freshOnly = new Function(
  '{ cachedResponse }',
  `if (!cachedResponse) return Promise.resolve(null);
  const cachedAt = Number(cachedResponse.headers.get(${JSON.stringify(MAP_CACHED_AT_HEADER)}));
  return Promise.resolve(
    cachedAt > 0 && Date.now() - cachedAt < ${MAP_CACHE_MAX_AGE_SECONDS * 1000} ? cachedResponse : null,
  );`,
) as (options: { cachedResponse?: Response }) => Promise<Response | null>;
export const baseMapPlugins = { stampOnStore, freshOnly };

/**
 * The installable app (vite-plugin-pwa, docs/recorder.md "Offline and the installed app"): the web app manifest
 * and a generated service worker that precaches the SPA's shell — app.html, its scripts and styles, MapLibre's
 * worker (.mjs, which Workbox's default patterns leave out), the icons — and answers the navigations whose
 * document is the SPA's (by pages.json: see navigationRules) with app.html. The API and /config.json are
 * never answered from a cache: no route of the worker matches them (it leaves them to the browser), and
 * navigations to them are excluded from the fallback.
 * The worker takes over at once (skipWaiting, clientsClaim): a new build is used from the next load.
 * The SPA registers it after its first render (src/lib/service-worker.ts); the public and sign-in pages never do.
 */
export const pwaOptions: Partial<VitePWAOptions> = {
  strategies: 'generateSW',
  registerType: 'autoUpdate',
  // Registered by the SPA alone (src/start-app.tsx), not by a script in every document.
  injectRegister: false,
  manifest: {
    id: '/app',
    name: 'SiteWalk',
    short_name: 'SiteWalk',
    description: 'Walk, track, report — your site, secure.',
    // The app's home serves every role (the recorder is one of its sections, not everyone's); the
    // 'Record a Walk' shortcut opens the recorder straight away for those who walk.
    start_url: '/app',
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    theme_color: BRAND_BLUE,
    background_color: '#f5f7fa',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
    shortcuts: [
      {
        name: 'Record a Walk',
        url: '/app/record',
        icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
      },
    ],
  },
  workbox: {
    // The SPA's document and every script and style of the build (.mjs: MapLibre's worker); not the
    // templates of the prerendered pages (removed after the build), not the demo pictures, not pages.json.
    // The manifest's icons are added by the plugin (includeManifestIcons).
    globPatterns: ['app.html', 'assets/**/*.{js,mjs,css}', 'favicon.svg'],
    globIgnores: ['**/*.map', 'sign-in.html', 'public-page.html'],
    // MapLibre's main chunk is over 1 MB.
    maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
    // Hashed names: the name is the revision.
    dontCacheBustURLsMatching: /^assets\//,
    navigateFallback: '/app.html',
    navigateFallbackAllowlist: navigations.allowlist,
    navigateFallbackDenylist: navigations.denylist,
    cleanupOutdatedCaches: true,
    // A new build takes over at once: the next load runs it.
    skipWaiting: true,
    clientsClaim: true,
    sourcemap: false,
    runtimeCaching: [
      {
        urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname === '/map/style.json',
        handler: 'StaleWhileRevalidate',
        options: { cacheName: 'sitewalk-map-style', cacheableResponse: { statuses: [200] } },
      },
      {
        // Tiles change seldom: a kept one is used (no network, no charge) until it is too old.
        urlPattern: isBaseMapRequest,
        handler: 'CacheFirst',
        options: {
          cacheName: MAP_CACHE,
          expiration: {
            maxEntries: MAP_CACHE_MAX_ENTRIES,
            maxAgeSeconds: MAP_CACHE_MAX_AGE_SECONDS,
            purgeOnQuotaError: true,
          },
          plugins: [{ cacheWillUpdate: stampOnStore, cachedResponseWillBeUsed: freshOnly }],
        },
      },
    ],
  },
};
