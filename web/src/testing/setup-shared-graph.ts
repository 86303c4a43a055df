import { withEmotionCache } from '@emotion/react';
import { focusManager, onlineManager } from '@tanstack/react-query';
import { act } from '@testing-library/react';
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { vi } from 'vitest';
import { queryClient } from '../app/query-client.ts';
import { setAccessToken } from '../lib/api.ts';
import { mapCalls } from './react-map-gl-stub.tsx';

/**
 * The `web` project runs its files without isolation (vitest.config.ts): the files a worker takes share one
 * jsdom window and one module graph. This runs before each file (a setup file is evaluated anew for every
 * file) and gives it what a fresh window and fresh modules would: nothing the files before it left behind.
 * Files that need more than this (a module mocked with `vi.mock`, a module's first load) are in `web-isolated`.
 */

// Vitest's own doubles: timers, globals and environment variables (spies are restored after every file).
vi.useRealTimers();
vi.unstubAllGlobals();
vi.unstubAllEnvs();

// The window's storage and performance timeline.
localStorage.clear();
sessionStorage.clear();
performance.clearMarks();
performance.clearMeasures();

// The styles the files before inserted (emotion's default cache, which every MUI component writes to, keeps a
// rule in the page once inserted). jsdom's getComputedStyle, which Testing Library's role queries and
// user-event's clicks call for an element and its ancestors, goes through every rule of the page, in order
// (the last matching rule wins): a file starts with none, as in a fresh window, and its own tests insert theirs.
const emotionCache = (() => {
  let cache: Parameters<Parameters<typeof withEmotionCache>[0]>[1] | undefined;
  const root = createRoot(document.createElement('div'));
  const Probe = withEmotionCache((_props: object, found) => {
    cache = found;
    return null;
  });
  act(() => root.render(createElement(Probe)));
  act(() => root.unmount());
  if (!cache) throw new Error("Emotion's cache was not found");
  return cache;
})();
emotionCache.sheet.flush();
for (const name of Object.keys(emotionCache.inserted)) delete emotionCache.inserted[name];

// Properties a file defined on navigator or document (geolocation, wakeLock, visibilityState…): the first
// file's window had none of its own but those jsdom gives it.
const baselineKey = Symbol.for('sitewalk.web.own-properties');
type Baseline = Map<object, Set<PropertyKey>>;
const holder = globalThis as typeof globalThis & { [baselineKey]?: Baseline };
const baseline = (holder[baselineKey] ??= new Map<object, Set<PropertyKey>>([
  [navigator, new Set(Reflect.ownKeys(navigator))],
  [document, new Set(Reflect.ownKeys(document))],
]));
for (const [target, keys] of baseline) {
  for (const key of Reflect.ownKeys(target)) {
    if (!keys.has(key)) Reflect.deleteProperty(target, key);
  }
}

// The modules' own state, as a fresh import has it: no session token, an empty app query cache, the network
// and the page's focus as the browser tells them, and the map stand-in's record of calls.
setAccessToken(null);
queryClient.clear();
onlineManager.setOnline(true);
focusManager.setFocused(undefined);
mapCalls.flyTo.length = 0;
mapCalls.fitBounds.length = 0;
