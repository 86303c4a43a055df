import type { RuntimeConfig } from '@sitewalk/shared/runtime-config';

/** The generated service worker (web/pwa.config.ts), at the site's root so its scope is the whole site. */
export const SERVICE_WORKER_URL = '/sw.js';

/**
 * Registers the service worker: the SPA only (start-app.tsx, after its first render), never the public or sign-in
 * pages. workbox-window is a chunk of its own, loaded here. The worker takes over at once; the page is not
 * reloaded under the user's feet: the new build runs from the next load.
 *
 * When it first takes control, the map style is fetched once through it, so the offline map style (the local
 * host's /map/style.json, same origin) is cached before the recorder needs it with no network.
 */
export const registerServiceWorker = async (config: RuntimeConfig): Promise<void> => {
  if (!('serviceWorker' in navigator)) return;
  const { Workbox } = await import('workbox-window');
  const workbox = new Workbox(SERVICE_WORKER_URL, { scope: '/' });
  workbox.addEventListener('controlling', () => {
    const style = new URL(config.mapStyleUrl, window.location.href);
    if (style.origin === window.location.origin) void fetch(style).catch(() => undefined);
  });
  await workbox.register();
};
