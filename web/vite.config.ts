import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// `npm run dev` at the root starts the API on PORT and this dev server, which forwards /api and the runtime
// config (/config.json) to it.
const host = `http://127.0.0.1:${process.env.API_PORT ?? 3000}`;
export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
  server: {
    proxy: { '/api': host, '/config.json': host },
  },
});
