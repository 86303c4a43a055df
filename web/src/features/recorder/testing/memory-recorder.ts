/**
 * An in-memory RecorderStore and Outbox for the recorder's component tests (test-only): what the screen
 * recorded is in `sessions` and `writes`, the outbox's status is set by the test, and nothing is sent.
 */
import { vi, type Mock } from 'vitest';
import type { ShrinkPhoto } from '../photos/shrink-photo.ts';
import { idleOutboxStatus } from '../store/outbox.ts';
import type { RosterVersion } from '@sitewalk/shared/schemas/lockCheck';
import type {
  LockCheckSession,
  Outbox,
  OutboxStatus,
  OutboxWrite,
  RecorderCatalog,
  RecorderStore,
  RecordingSession,
} from '../store/types.ts';
import type { DoorUnit } from '@sitewalk/shared/schemas/walkReport';

export interface MemoryRecorder {
  store: RecorderStore;
  outbox: Outbox;
  /** Keeps every photo as it is ('fits') unless a test tells it otherwise (jsdom cannot decode images). */
  shrinkPhoto: Mock<ShrinkPhoto>;
  /** Every session as last recorded, by key. */
  sessions: Map<string, RecordingSession>;
  /** Every lock check as last recorded, by key. */
  lockChecks: Map<string, LockCheckSession>;
  /** The rosters saved on the device, by location. */
  rosters: Map<number, RosterVersion>;
  /** Every write queued, in order. */
  writes: OutboxWrite[];
  catalogs: Map<number, RecorderCatalog>;
  closed: string[];
  /** Changes what the outbox says, and tells its listeners. */
  setStatus: (status: Partial<OutboxStatus>) => void;
  /** The API's id of a session's report, as the outbox would learn it. */
  reportIds: Map<string, number>;
  /** The units the API drew for a session's door checks, as the outbox would learn them (absent: not yet). */
  doorUnits: Map<string, DoorUnit[]>;
}

export const createMemoryRecorder = (
  initial: {
    sessions?: RecordingSession[];
    catalogs?: RecorderCatalog[];
    lockChecks?: LockCheckSession[];
    rosters?: RosterVersion[];
    status?: Partial<OutboxStatus>;
  } = {},
): MemoryRecorder => {
  const sessions = new Map((initial.sessions ?? []).map((session) => [session.key, session]));
  const catalogs = new Map((initial.catalogs ?? []).map((catalog) => [catalog.userId, catalog]));
  const lockChecks = new Map((initial.lockChecks ?? []).map((check) => [check.key, check]));
  const rosters = new Map((initial.rosters ?? []).map((roster) => [roster.locationId, roster]));
  const writes: OutboxWrite[] = [];
  const closed: string[] = [];
  const reportIds = new Map<string, number>();
  const doorUnits = new Map<string, DoorUnit[]>();
  const listeners = new Set<(status: OutboxStatus) => void>();
  let status: OutboxStatus = { ...idleOutboxStatus(true), ...initial.status };
  const setStatus = (change: Partial<OutboxStatus>) => {
    status = { ...status, ...change };
    for (const listener of listeners) listener(status);
  };
  const store: RecorderStore = {
    activeSession: vi.fn(
      async (userId: number) =>
        [...sessions.values()].find(
          (session) =>
            session.userId === userId && session.finishedAt === null && !closed.includes(session.key),
        ) ?? null,
    ),
    record: vi.fn(async (session: RecordingSession, added: OutboxWrite[]) => {
      sessions.set(session.key, structuredClone(session));
      writes.push(...added);
      setStatus({ waiting: status.waiting + added.length });
    }),
    closeSession: vi.fn(async (key: string) => void closed.push(key)),
    saveCatalog: vi.fn(async (catalog: RecorderCatalog) => void catalogs.set(catalog.userId, catalog)),
    loadCatalog: vi.fn(async (userId: number) => catalogs.get(userId) ?? null),
    activeLockCheck: vi.fn(
      async (userId: number) =>
        [...lockChecks.values()].find(
          (check) => check.userId === userId && check.finishedAt === null && !closed.includes(check.key),
        ) ?? null,
    ),
    recordLockCheck: vi.fn(async (check: LockCheckSession, added: OutboxWrite[]) => {
      lockChecks.set(check.key, structuredClone(check));
      writes.push(...added);
      setStatus({ waiting: status.waiting + added.length });
    }),
    closeLockCheck: vi.fn(async (key: string) => void closed.push(key)),
    saveRoster: vi.fn(async (roster: RosterVersion) => void rosters.set(roster.locationId, roster)),
    loadRoster: vi.fn(async (locationId: number) => rosters.get(locationId) ?? null),
  };
  const outbox: Outbox = {
    flush: vi.fn(async () => undefined),
    status: () => status,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    walkReportIdOf: vi.fn(async (key: string) => reportIds.get(key) ?? null),
    lockCheckIdOf: vi.fn(async (key: string) => reportIds.get(key) ?? null),
    doorUnitsOf: vi.fn(async (key: string) => doorUnits.get(key) ?? null),
    retry: vi.fn(async () => undefined),
    discard: vi.fn(async () => undefined),
    stop: vi.fn(),
  };
  const shrinkPhoto = vi.fn<ShrinkPhoto>(async () => ({ kind: 'fits' }));
  return {
    store,
    outbox,
    shrinkPhoto,
    sessions,
    lockChecks,
    rosters,
    writes,
    catalogs,
    closed,
    setStatus,
    reportIds,
    doorUnits,
  };
};
