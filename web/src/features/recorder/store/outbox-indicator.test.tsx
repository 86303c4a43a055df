import { act, render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { OutboxIndicator } from './outbox-indicator.tsx';
import type { Outbox, OutboxStatus, OutboxWrite } from './types.ts';

/** An outbox whose status the test sets. */
const fake = vi.hoisted(() => {
  const listeners = new Set<(status: OutboxStatus) => void>();
  let status: OutboxStatus = { waiting: 0, sending: false, online: true, retryAt: null, failed: [] };
  return {
    set: (change: Partial<OutboxStatus>) => {
      status = { ...status, ...change };
      listeners.forEach((listener) => listener(status));
    },
    reset: () => {
      status = { waiting: 0, sending: false, online: true, retryAt: null, failed: [] };
    },
    outbox: {
      flush: async () => undefined,
      status: () => status,
      subscribe: (listener: (status: OutboxStatus) => void) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      walkReportIdOf: async () => null,
      doorUnitsOf: async () => null,
      stop: () => undefined,
    } as Outbox,
  };
});

vi.mock('./index.ts', () => ({ getOutbox: () => fake.outbox }));

const note: OutboxWrite = {
  session: 's1',
  kind: 'note',
  note: { clientId: 'c1', markerId: 3, note: 'Gate open', at: '2026-11-23T09:00:00.000Z' },
};
const checkpoint: OutboxWrite = {
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

  it('lists the writes the API refused, with its message', () => {
    fake.set({
      failed: [
        { write: checkpoint, status: 400, message: 'markerId: not a marker of this walk' },
        { write: note, status: 409, message: 'A finished walk report cannot be changed' },
      ],
    });
    render(<OutboxIndicator />);
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('2 items could not be sent')).toBeInTheDocument();
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Arrival: markerId: not a marker of this walk',
      'Note: A finished walk report cannot be changed',
    ]);
    // Nothing failed: no alert.
    act(() => fake.set({ failed: [] }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
