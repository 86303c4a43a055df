import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { loadRuntimeConfig } from './lib/load-runtime-config.ts';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The runtime configuration comes before the first render: every screen may read it synchronously.
loadRuntimeConfig().then(
  (config) =>
    createRoot(root).render(
      <StrictMode>
        <App config={config} />
      </StrictMode>,
    ),
  (error: unknown) => {
    console.error(error);
    root.textContent = 'SiteWalk could not start: its configuration did not load. Please reload the page.';
  },
);
