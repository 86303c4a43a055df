import type { VitePWAOptions } from 'vite-plugin-pwa';
import { BRAND_BLUE } from './src/app/brand.ts';

/** The paths the service worker never answers from a cache: the API and the runtime configuration. */
export const NEVER_CACHED = [/^\/api(\/|$)/, /^\/config\.json$/];

/** The navigations the service worker answers with the SPA's document when the network cannot: /app and below. */
export const SPA_NAVIGATIONS = [/^\/app(\/|$)/];

/** The local host's offline map style (infra/local/map-style.ts): not a build file, so cached as it is used. */
export const MAP_STYLE_PATH = '/map/style.json';
export const MAP_STYLE_CACHE = 'sitewalk-map-style';

/**
 * The installable app (vite-plugin-pwa, docs/recorder.md "Offline and the installed app"): the web app manifest
 * and a generated service worker that precaches the SPA's shell — app.html, its scripts and styles, MapLibre's
 * worker (.mjs, which Workbox's default patterns leave out), the icons — and answers every navigation under
 * /app with app.html when offline. The API and /config.json are never answered from a cache: no route of the
 * worker matches them (it leaves them to the browser), and navigations to them are excluded from the fallback.
 * The worker takes over at once (skipWaiting, clientsClaim): a new build is used from the next load.
 * The SPA registers it after its first render (src/lib/service-worker.ts); the public and sign-in pages never do.
 */
export const pwaOptions: Partial<VitePWAOptions> = {
  strategies: 'generateSW',
  registerType: 'autoUpdate',
  // Registered by the SPA alone (src/main.tsx), not by a script in every document.
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
    navigateFallbackAllowlist: SPA_NAVIGATIONS,
    navigateFallbackDenylist: NEVER_CACHED,
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
    ],
  },
};
