import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { OutboxIndicator } from './outbox-indicator.tsx';
import type { FailedWrite, Outbox, OutboxStatus, OutboxWrite } from './types.ts';

/** An outbox whose status the test sets. */
const fake = await vi.hoisted(async () => {
  const listeners = new Set<(status: OutboxStatus) => void>();
  const retried: number[] = [];
  const discarded: number[] = [];
  const { idleOutboxStatus } = await import('./outbox.ts');
  let status = idleOutboxStatus(true);
  return {
    set: (change: Partial<OutboxStatus>) => {
      status = { ...status, ...change };
      listeners.forEach((listener) => listener(status));
    },
    reset: () => {
      status = idleOutboxStatus(true);
      retried.length = 0;
      discarded.length = 0;
    },
    outbox: {
      flush: async () => undefined,
      status: () => status,
      subscribe: (listener: (status: OutboxStatus) => void) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      walkReportIdOf: async () => null,
      lockCheckIdOf: async () => null,
      doorUnitsOf: async () => null,
      retry: async (seq: number) => void retried.push(seq),
      discard: async (seq: number) => void discarded.push(seq),
      stop: () => undefined,
    } as Outbox,
    retried,
    discarded,
  };
});

vi.mock('./index.ts', () => ({ getOutbox: () => fake.outbox }));

const note: OutboxWrite = {
  session: 's1',
  kind: 'note',
  note: { clientId: 'c1', markerId: 3, note: 'Gate open', at: '2026-11-23T09:00:00.000Z' },
};
const completedMarker: OutboxWrite = {
  session: 's1',
  kind: 'checkpoint',
  isDoor: false,
  arrival: {
    clientId: 'c2',
    markerId: 99,
    arrivedAt: '2026-11-23T09:00:00.000Z',
    lat: 1,
    lng: 2,
    accuracy: 5,
    method: 'hand',
    distance: 0,
  },
};

const photo: OutboxWrite = {
  session: 's1',
  kind: 'photo',
  contentType: 'image/jpeg',
  blob: new Blob([new Uint8Array(10)], { type: 'image/jpeg' }),
  photo: { clientId: 'c3', markerId: 41, takenAt: '2026-11-23T09:00:00.000Z', door: true },
};
const start: OutboxWrite = { session: 's1', kind: 'start', walkId: 7, startedAt: '2026-11-23T09:00:00.000Z' };

const failure = (
  seq: number,
  write: OutboxWrite,
  status: number,
  message: string,
  markerLabel: number | null,
): FailedWrite => ({ seq, write, status, message, markerLabel, reported: true });

describe('OutboxIndicator', () => {
  beforeEach(() => fake.reset());

  it('says what waits, and follows the outbox as it changes', () => {
    render(<OutboxIndicator />);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('All sent');
    act(() => fake.set({ waiting: 1 }));
    expect(status).toHaveTextContent('1 item waiting to send');
    act(() => fake.set({ waiting: 3 }));
    expect(status).toHaveTextContent('3 items waiting to send');
    act(() => fake.set({ sending: true }));
    expect(status).toHaveTextContent('Sending…');
    act(() => fake.set({ sending: false, online: false }));
    expect(status).toHaveTextContent('Offline — 3 items waiting to send');
    act(() => fake.set({ online: true, waiting: 0 }));
    expect(status).toHaveTextContent('All sent');
  });

  it('shows when the next attempt is due', () => {
    fake.set({ waiting: 2, retryAt: new Date(2026, 10, 23, 9, 30, 15).getTime() });
    render(<OutboxIndicator />);
    expect(screen.getByRole('status')).toHaveTextContent(/2 items waiting to send\s*Next try at .*30.*15/);
  });

  it('says how much is waiting in MB as well as in items', () => {
    render(<OutboxIndicator />);
    const status = screen.getByRole('status');
    act(() => fake.set({ waiting: 3, bytes: 4_200_000 }));
    expect(status).toHaveTextContent('3 items waiting to send · 4.2 MB');
    act(() => fake.set({ online: false }));
    expect(status).toHaveTextContent('Offline — 3 items waiting to send · 4.2 MB');
    // A small photo is not '0.0 MB'; no photo, no size.
    act(() => fake.set({ online: true, waiting: 1, bytes: 40_000 }));
    expect(status).toHaveTextContent('1 item waiting to send · < 0.1 MB');
    act(() => fake.set({ waiting: 2, bytes: 0 }));
    expect(status.textContent).toBe('2 items waiting to send');
  });

  it('lists the failed writes with their reasons, a photo saying it could not be uploaded', () => {
    fake.set({
      failed: [
        failure(1, completedMarker, 400, 'markerId: not a marker of this walk', 2),
        failure(2, note, 409, 'A finished walk report cannot be changed', 3),
        failure(3, photo, 0, 'the upload did not reach the storage (Failed to fetch)', 4),
      ],
    });
    render(<OutboxIndicator />);
    const list = screen.getByRole('list', { name: '3 items could not be sent' });
    expect(
      within(list)
        .getAllByTestId('failed-write')
        .map((li) => li.querySelector('p')?.textContent),
    ).toEqual([
      'Arrival: markerId: not a marker of this walk',
      'Note: A finished walk report cannot be changed',
      'The photo could not be uploaded: the upload did not reach the storage (Failed to fetch)',
    ]);
    expect(within(list).getByRole('button', { name: 'Retry the photo of checkpoint 4' })).toBeEnabled();
    expect(within(list).getByRole('button', { name: 'Discard the arrival at checkpoint 2' })).toBeEnabled();
    // Nothing failed: no list.
    act(() => fake.set({ failed: [] }));
    expect(screen.queryByTestId('failed-writes')).not.toBeInTheDocument();
  });

  it('retries a failed write at once', async () => {
    fake.set({ failed: [failure(7, photo, 0, 'the storage refused it (HTTP 403)', 4)] });
    render(<OutboxIndicator />);
    await userEvent.click(screen.getByRole('button', { name: 'Retry the photo of checkpoint 4' }));
    expect(fake.retried).toEqual([7]);
    expect(fake.discarded).toEqual([]);
  });

  it('discards only after a confirmation that says what is lost', async () => {
    fake.set({ failed: [failure(7, photo, 0, 'the storage refused it (HTTP 403)', 4)] });
    render(<OutboxIndicator />);
    await userEvent.click(screen.getByRole('button', { name: 'Discard the photo of checkpoint 4' }));
    const dialog = screen.getByRole('dialog', { name: 'Discard the photo of checkpoint 4?' });
    expect(dialog).toHaveAccessibleDescription(
      'It will not be sent. The walk report will show that an item was discarded on this phone.',
    );
    // Kept: nothing discarded.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fake.discarded).toEqual([]);
    // Confirmed: discarded.
    await userEvent.click(screen.getByRole('button', { name: 'Discard the photo of checkpoint 4' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Discard' }));
    expect(fake.discarded).toEqual([7]);
    expect(fake.retried).toEqual([]);
  });

  it('says what discarding loses when the walk never reached the server, or the marker is not known', async () => {
    fake.set({
      failed: [
        { ...failure(1, start, 403, 'Walk not found', null), reported: false },
        failure(2, { ...note }, 409, 'A finished walk report cannot be changed', null),
      ],
    });
    render(<OutboxIndicator />);
    await userEvent.click(screen.getByRole('button', { name: 'Discard the start of the walk' }));
    expect(
      screen.getByRole('dialog', { name: 'Discard the start of the walk?' }),
    ).toHaveAccessibleDescription(
      'It will not be sent, and nothing recorded on this walk can be sent without it.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Discard the note' }));
    expect(screen.getByRole('dialog', { name: 'Discard the note?' })).toBeInTheDocument();
  });
});
