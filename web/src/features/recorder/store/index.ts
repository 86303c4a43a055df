import type { User } from '@sitewalk/shared/schemas/user';
import { api, subscribeAccessToken } from '../../../lib/api.ts';
import { refreshSession } from '../../../lib/auth.tsx';
import { queryKeyOf } from '../../../lib/query.ts';
import { getSessionHost } from '../../../lib/session-host.ts';
import { createOutbox } from './outbox.ts';
import { openRecorderStore, type LocalRecorderStore } from './recorder-store.ts';
import type { Outbox, RecorderStore } from './types.ts';

/**
 * The recorder's store and outbox for the app: one of each per tab, made on first use. Tests and the bench
 * make their own with `openRecorderStore` and `createOutbox`.
 */
export { openRecorderStore } from './recorder-store.ts';
export { createOutbox } from './outbox.ts';

let store: LocalRecorderStore | null = null;
let outbox: Outbox | null = null;

const localStore = () => (store ??= openRecorderStore());

export const getRecorderStore = (): RecorderStore => localStore();

/** The signed-in user, as the session knows it (writes recorded by someone else on this phone wait). */
const signedInUserId = () =>
  getSessionHost()?.queryClient.getQueryData<User>(queryKeyOf('auth.me'))?.id ?? null;

/** Sends again when the session changes: a new access token, the signed-in user loaded. */
const sessionTriggers = (flush: () => void) => {
  const unsubscribeToken = subscribeAccessToken(flush);
  const unsubscribeUser = getSessionHost()
    ?.queryClient.getQueryCache()
    .subscribe((event) => {
      if (event.type === 'updated' && event.query.queryKey[0] === 'auth.me') flush();
    });
  return () => {
    unsubscribeToken();
    unsubscribeUser?.();
  };
};

export const getOutbox = (): Outbox =>
  (outbox ??= createOutbox({
    store: localStore(),
    call: api,
    refresh: refreshSession,
    userId: signedInUserId,
    triggers: sessionTriggers,
  }));
