import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// `npm run dev` at the root starts the API on PORT and this dev server, which forwards /api and the runtime
// config (/config.json) to it.
const host = `http://127.0.0.1:${process.env.API_PORT ?? 3000}`;
export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // Every browser SiteWalk supports preloads modules itself (Safari since 17, Firefox since 115).
    modulePreload: { polyfill: false },
    // Three kinds of document (web/src/prerender.tsx): the app under /app, the sign-in pages, and the
    // public pages; scripts/prerender.ts fills the last two templates with each page.
    rollupOptions: { input: ['app.html', 'sign-in.html', 'public-page.html'] },
  },
  server: {
    proxy: { '/api': host, '/config.json': host },
  },
});
