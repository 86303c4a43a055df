import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RuntimeConfigProvider } from '../../lib/runtime-config.tsx';
import { testConfig } from '../../testing/test-utils.tsx';
import { OFFLINE_MAP_MARK, useOfflineBaseMap } from './offline-base-map.ts';

const wrapper = ({ children }: { children: ReactNode }) => (
  <RuntimeConfigProvider value={testConfig}>{children}</RuntimeConfigProvider>
);
const walk = [
  { lat: 36.8, lng: -119.7 },
  { lat: 36.801, lng: -119.699 },
];

/** A service worker container: controlling the page or not, and able to start controlling it. */
const serviceWorker = (controlling: boolean) => {
  const target = new EventTarget();
  return Object.assign(target, { controller: controlling ? {} : null });
};

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn(async () => new Response(JSON.stringify({ version: 8, sources: {}, layers: [] })));
  vi.stubGlobal('fetch', fetchMock);
  performance.clearMarks(OFFLINE_MAP_MARK);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const setNavigator = (worker: EventTarget | undefined, onLine: boolean) => {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(onLine);
  Object.defineProperty(navigator, 'serviceWorker', { value: worker, configurable: true });
};

describe('useOfflineBaseMap', () => {
  it('online with a worker in control: asks for the style once, and marks it done', async () => {
    setNavigator(serviceWorker(true), true);
    const { rerender } = renderHook(() => useOfflineBaseMap(walk), { wrapper });
    await waitFor(() => expect(performance.getEntriesByName(OFFLINE_MAP_MARK)).toHaveLength(1));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe(testConfig.mapStyleUrl);
    // The same walk shown again asks for nothing more.
    rerender();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('waits for a worker to take control, and asks nothing offline, without a worker or without markers', async () => {
    const worker = serviceWorker(false);
    setNavigator(worker, true);
    renderHook(() => useOfflineBaseMap(walk), { wrapper });
    expect(fetchMock).not.toHaveBeenCalled();
    worker.dispatchEvent(new Event('controllerchange'));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));

    fetchMock.mockClear();
    setNavigator(serviceWorker(true), false);
    renderHook(() => useOfflineBaseMap(walk), { wrapper });
    setNavigator(undefined, true);
    renderHook(() => useOfflineBaseMap(walk), { wrapper });
    setNavigator(serviceWorker(true), true);
    renderHook(() => useOfflineBaseMap([]), { wrapper });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
