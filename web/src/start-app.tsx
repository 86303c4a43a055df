import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { loadRuntimeConfig } from './lib/load-runtime-config.ts';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The runtime configuration comes before the first render: every screen may read it synchronously.
loadRuntimeConfig().then(
  (config) => {
    createRoot(root).render(
      <StrictMode>
        <App config={config} />
      </StrictMode>,
    );
    // The installable app's service worker, after the first render and only from the SPA (web/pwa.config.ts).
    if (import.meta.env.PROD)
      void import('./lib/service-worker.ts')
        .then(({ registerServiceWorker }) => registerServiceWorker(config))
        .catch((error: unknown) => console.error('The service worker did not register', error));
  },
  (error: unknown) => {
    console.error(error);
    root.textContent = 'SiteWalk could not start: its configuration did not load. Please reload the page.';
  },
);
