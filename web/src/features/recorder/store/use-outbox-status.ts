import { useSyncExternalStore } from 'react';
import { getOutbox } from './index.ts';
import type { Outbox, OutboxStatus } from './types.ts';

/** The outbox's status, re-rendering when it changes (the app's outbox unless one is given). */
export const useOutboxStatus = (outbox: Outbox = getOutbox()): OutboxStatus =>
  useSyncExternalStore(outbox.subscribe, outbox.status, outbox.status);
