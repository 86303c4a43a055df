import { defineConfig, type Plugin, type ViteDevServer } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { readFile } from 'node:fs/promises';
import { pwaOptions } from './pwa.config.ts';
import { chunkGroups } from './chunk-groups.ts';

// `npm run dev` at the root starts the API on PORT and this dev server, which forwards /api, the runtime
// config (/config.json), the offline map style and the upload bucket (infra/local/storage-proxy.ts) to it:
// the host names them on the page's own origin, this server's.
const host = `http://127.0.0.1:${process.env.API_PORT ?? 3000}`;
/** LOCAL_RESOURCE_NAMES.bucketName (infra/local/settings.ts; Vite's config loader cannot import it from there). */
const LOCAL_BUCKET = 'sitewalk-local-uploads';

/**
 * The dev server routes as the hosts do (web/src/prerender.tsx's pages.json): the app under /app, the
 * sign-in pages, and the public pages, rendered on each request here instead of at build time.
 */
const devPages = (): Plugin => ({
  name: 'sitewalk-dev-pages',
  apply: 'serve',
  configureServer: (server: ViteDevServer) => {
    server.middlewares.use(async (req, res, next) => {
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      if (req.method !== 'GET' || path.includes('.') || path.startsWith('/@') || path.startsWith('/api')) {
        next();
        return;
      }
      try {
        const { pagesManifest, prerenderedPages, APP_FILE } = (await server.ssrLoadModule(
          '/src/prerender.tsx',
        )) as typeof import('./src/prerender.tsx');
        const manifest = pagesManifest();
        const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
        const file =
          manifest.exact[trimmed] ??
          manifest.prefixes.find(([prefix]) => trimmed.startsWith(prefix))?.[1] ??
          manifest.fallback;
        const page = prerenderedPages.find((candidate) => candidate.file === file);
        const template = file === APP_FILE ? 'app.html' : (page?.template ?? 'app.html');
        let html = await readFile(new URL(template, import.meta.url), 'utf8');
        if (page?.template === 'public-page.html') {
          const { head, body } = page.render();
          html = html.replace('<!--page-head-->', head).replace('<!--page-body-->', body);
        }
        res.setHeader('content-type', 'text/html');
        res.end(await server.transformIndexHtml(req.url ?? path, html));
      } catch (error) {
        next(error);
      }
    });
  },
});

export default defineConfig({
  // The installable app and its service worker (pwa.config.ts): built, never in the dev server.
  plugins: [react(), devPages(), VitePWA(pwaOptions)],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // Every browser SiteWalk supports preloads modules itself (Safari since 17, Firefox since 115). A dynamic
    // import's dependencies keep their preload links: without them a first visit finds its chunks level by
    // level, a round trip each, which a phone on a weak network pays most. Each link costs the page's thread
    // (about 300 ms at 4× CPU slowdown for the ~60 the dashboard had, issue 30): its first screen is now a few
    // large chunks (chunk-groups.ts).
    modulePreload: { polyfill: false },
    // Three kinds of document (web/src/prerender.tsx): the app under /app, the sign-in pages, and the
    // public pages; scripts/prerender.ts fills the last two templates with each page.
    rollupOptions: {
      input: ['app.html', 'sign-in.html', 'public-page.html'],
      output: { codeSplitting: { groups: chunkGroups } },
    },
  },
  server: {
    // The Host kept (Vite's default for a bare target changes it), so the host names this server's origin.
    proxy: {
      '/api': { target: host, changeOrigin: false },
      '/config.json': { target: host, changeOrigin: false },
      '/map/style.json': { target: host, changeOrigin: false },
      [`/${LOCAL_BUCKET}/`]: {
        target: host,
        changeOrigin: false,
        // Vite logs a failed request's URL: its query (the signature) is dropped first.
        configure: (proxy) => {
          proxy.prependListener('error', (_error, req) => {
            req.url = req.url?.split('?')[0];
          });
        },
      },
    },
  },
});
