import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { ApiError } from '../../../lib/api-error.ts';
import type { RecorderCatalog, RecorderStore } from '../store/types.ts';

export interface CatalogAnswer {
  catalog: RecorderCatalog;
  /** True when the network failed and the catalog is the one saved on this device. */
  offline: boolean;
}

/**
 * What the user may record (`walk.catalog`, one request however many locations): each location of their scope
 * with its walks that have markers, both by name.
 */
export const fetchCatalog = async (userId: number, signal?: AbortSignal): Promise<RecorderCatalog> => ({
  userId,
  savedAt: new Date().toISOString(),
  locations: await api('walk.catalog', { signal }),
});

/** A failure the saved catalog may stand in for: no network, a timeout, or a server error. */
const passes = (error: unknown) =>
  !(error instanceof ApiError) || error.status >= 500 || error.status === 408;

/**
 * The catalog: from the API when online (then saved on the device with `store.saveCatalog`), from
 * `store.loadCatalog` when the browser is offline or the network fails. Runs offline too (networkMode
 * 'always'): the store answers without a network.
 */
export const useRecorderCatalog = (userId: number, store: RecorderStore) =>
  useQuery({
    queryKey: ['recorder', 'catalog', userId],
    networkMode: 'always',
    retry: false,
    refetchOnReconnect: false,
    queryFn: async ({ signal }): Promise<CatalogAnswer> => {
      const saved = async (error: unknown) => {
        const catalog = await store.loadCatalog(userId);
        if (!catalog) throw error;
        return { catalog, offline: true };
      };
      if (typeof navigator !== 'undefined' && navigator.onLine === false)
        return saved(
          new Error('You are offline, and no walks are saved on this device yet: open this page once online'),
        );
      try {
        const catalog = await fetchCatalog(userId, signal);
        await store.saveCatalog(catalog);
        return { catalog, offline: false };
      } catch (error) {
        if (!passes(error)) throw error;
        return saved(error);
      }
    },
  });
