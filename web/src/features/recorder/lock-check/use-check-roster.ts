import { useQuery } from '@tanstack/react-query';
import type { RosterVersion } from '@sitewalk/shared/schemas/lockCheck';
import { api } from '../../../lib/api.ts';
import { ApiError } from '../../../lib/api-error.ts';
import type { RecorderStore } from '../store/types.ts';

export interface CheckRosterAnswer {
  /** The location's current roster; null when it has none (a manager imports one first). */
  roster: RosterVersion | null;
  /** True when the network failed and the roster is the one saved on this device. */
  offline: boolean;
}

/** A failure the saved roster may stand in for: no network, a timeout, or a server error. */
const passes = (error: unknown) =>
  !(error instanceof ApiError) || error.status >= 500 || error.status === 408;

/**
 * A location's roster for a lock check (`roster.get`): from the API when online (then saved on the device),
 * from the device when offline or the network fails, as the recorder's catalog is.
 */
export const useCheckRoster = (locationId: number | null, store: RecorderStore) =>
  useQuery({
    queryKey: ['recorder', 'roster', locationId],
    enabled: locationId !== null,
    networkMode: 'always',
    retry: false,
    refetchOnReconnect: false,
    queryFn: async ({ signal }): Promise<CheckRosterAnswer> => {
      const id = locationId ?? 0;
      const saved = async (error: unknown) => {
        const roster = await store.loadRoster(id);
        if (!roster) throw error;
        return { roster, offline: true };
      };
      if (typeof navigator !== 'undefined' && navigator.onLine === false)
        return saved(
          new Error(
            'You are offline, and this location’s units are not saved on this device yet: open it once online',
          ),
        );
      try {
        const roster = await api('roster.get', { params: { locationId: id }, signal });
        await store.saveRoster(roster);
        return { roster, offline: false };
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return { roster: null, offline: false };
        if (!passes(error)) throw error;
        return saved(error);
      }
    },
  });

/** The roster a lock check in progress lists: the one saved on the device when it started. */
export const useSavedRoster = (locationId: number, store: RecorderStore) =>
  useQuery({
    queryKey: ['recorder', 'saved-roster', locationId],
    networkMode: 'always',
    staleTime: Infinity,
    retry: false,
    queryFn: () => store.loadRoster(locationId),
  });

/**
 * The location's walks as the lock check's list may follow them: each walk's door markers' unit ranges, in marker
 * order (from the catalog saved on the device, so offline too); walks without a door marker left out.
 */
export const useDoorWalks = (userId: number, locationId: number, store: RecorderStore) =>
  useQuery({
    queryKey: ['recorder', 'door-walks', userId, locationId],
    networkMode: 'always',
    staleTime: Infinity,
    retry: false,
    queryFn: async () =>
      ((await store.loadCatalog(userId))?.locations.find(({ id }) => id === locationId)?.walks ?? [])
        .map((walk) =>
          [...walk.markers]
            .sort((a, b) => a.order - b.order)
            .filter((marker) => marker.isDoor && marker.unitNumberRange.trim() !== '')
            .map((marker) => marker.unitNumberRange),
        )
        .filter((ranges) => ranges.length > 0),
  });
