import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DeleteStatus, useDeleteStatus } from './delete-status.tsx';
import { SaveStatus, useSaveStatus } from './save-status.tsx';

const SaveHarness = ({ work, onSaved }: { work: () => Promise<unknown>; onSaved: () => void }) => {
  const { status, run } = useSaveStatus({ onSaved });
  return (
    <>
      <button onClick={() => void run(work)}>save</button>
      <SaveStatus status={status} />
    </>
  );
};

const DeleteHarness = ({ work, onDeleted }: { work: () => Promise<unknown>; onDeleted: () => void }) => {
  const { status, run } = useDeleteStatus({ onDeleted });
  return (
    <>
      <button onClick={() => void run(work)}>delete</button>
      <DeleteStatus status={status} />
    </>
  );
};

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const deferred = () => {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
};

const click = (name: string) => act(() => screen.getByRole('button', { name }).click());

describe('SaveStatus', () => {
  it("shows nothing, then 'Saving...', then 'Saved!' in green, and continues after 1 s", async () => {
    const work = deferred();
    const onSaved = vi.fn();
    render(<SaveHarness work={() => work.promise} onSaved={onSaved} />);
    expect(screen.getByRole('status')).toHaveTextContent('');
    await click('save');
    expect(screen.getByRole('status')).toHaveTextContent('Saving...');
    await act(async () => work.resolve());
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Saved!');
    expect(getComputedStyle(status).color).toBe('rgb(46, 125, 50)');
    await act(() => vi.advanceTimersByTimeAsync(999));
    expect(onSaved).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(onSaved).toHaveBeenCalledOnce();
  });

  it("shows 'Error' in red and clears it after 1.5 s, without continuing", async () => {
    const work = deferred();
    const onSaved = vi.fn();
    render(<SaveHarness work={() => work.promise} onSaved={onSaved} />);
    await click('save');
    await act(async () => work.reject(new Error('boom')));
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Error');
    expect(getComputedStyle(status).color).toBe('rgb(211, 47, 47)');
    await act(() => vi.advanceTimersByTimeAsync(1499));
    expect(screen.getByRole('status')).toHaveTextContent('Error');
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByRole('status')).toHaveTextContent('');
    expect(onSaved).not.toHaveBeenCalled();
  });
});

describe('DeleteStatus', () => {
  it("shows 'Deleting...', then 'Deleted!', and continues after 1.5 s", async () => {
    const work = deferred();
    const onDeleted = vi.fn();
    render(<DeleteHarness work={() => work.promise} onDeleted={onDeleted} />);
    await click('delete');
    expect(screen.getByRole('status')).toHaveTextContent('Deleting...');
    await act(async () => work.resolve());
    expect(screen.getByRole('status')).toHaveTextContent('Deleted!');
    await act(() => vi.advanceTimersByTimeAsync(1499));
    expect(onDeleted).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(onDeleted).toHaveBeenCalledOnce();
  });

  it("shows 'Error' and clears it after 1.5 s", async () => {
    const work = deferred();
    const onDeleted = vi.fn();
    render(<DeleteHarness work={() => work.promise} onDeleted={onDeleted} />);
    await click('delete');
    await act(async () => work.reject(new Error('boom')));
    expect(screen.getByRole('status')).toHaveTextContent('Error');
    await act(() => vi.advanceTimersByTimeAsync(1500));
    expect(screen.getByRole('status')).toHaveTextContent('');
    expect(onDeleted).not.toHaveBeenCalled();
  });
});
