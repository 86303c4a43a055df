import { SESSION_REFRESH_PATH } from '@sitewalk/shared/contract/session-paths';
import { startEarly } from './lib/early-requests.ts';
import { firstScreenRequests, startFirstScreenRequests } from './app/routes/first-requests.ts';

// The SPA's document always starts without an access token (it lives in memory: lib/api.ts), so the app's
// first call is the session's refresh, and every screen's data waits for it. It is sent now, before the
// app's code (half a megabyte of scripts to load and run) is there, as lib/auth.tsx would send it; that
// code's own refresh then takes this answer. With the token it brings, the first screen's own requests.
const refreshed = startEarly(SESSION_REFRESH_PATH, {
  method: 'POST',
  headers: { accept: 'application/json' },
  credentials: 'same-origin',
});
void startFirstScreenRequests(refreshed, firstScreenRequests(window.location.href));

// The first screen's data put in the query cache by its route's loader as soon as the session has a token,
// while the rest of the app (React, the theme, the shell) still loads.
import('./app/routes/start-early.ts')
  .then(({ startForAddress }) => startForAddress(window.location.href))
  .catch(() => undefined); // the router's loader asks again

import('./start-app.tsx').catch((error: unknown) => {
  console.error(error);
  const root = document.getElementById('root');
  if (root) root.textContent = 'SiteWalk could not start: its code did not load. Please reload the page.';
});
