import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ShrinkAnswer, ShrinkRequest } from './downscale.worker.ts';

/** A stand-in for the browser's Worker (Node has none): records what it is sent; the test answers. */
class FakeWorker {
  static started: FakeWorker[] = [];
  onmessage: ((event: { data: ShrinkAnswer }) => void) | null = null;
  onerror: (() => void) | null = null;
  sent: ShrinkRequest[] = [];
  terminated = false;
  constructor(
    readonly url: URL,
    readonly options: WorkerOptions,
  ) {
    FakeWorker.started.push(this);
  }
  postMessage(request: ShrinkRequest) {
    this.sent.push(request);
  }
  terminate() {
    this.terminated = true;
  }
  answer(id: number, result: ShrinkAnswer['result']) {
    this.onmessage?.({ data: { id, result } });
  }
}

/** The module afresh (it keeps its worker between calls), with the fake Worker in place. */
const load = async () => {
  vi.resetModules();
  FakeWorker.started = [];
  vi.stubGlobal('Worker', FakeWorker);
  return import('./shrink-photo.ts');
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('shrinking photos in a worker', () => {
  it('starts one module worker and matches each answer to its photo, whatever their order', async () => {
    const { shrinkPhotoInWorker } = await load();
    const first = shrinkPhotoInWorker(new Blob(['a']));
    const second = shrinkPhotoInWorker(new Blob(['b']));
    expect(FakeWorker.started).toHaveLength(1);
    const [worker] = FakeWorker.started;
    expect(worker?.options).toEqual({ type: 'module' });
    expect(worker?.url.pathname).toMatch(/downscale\.worker\.ts$/);
    const [a, b] = worker?.sent ?? [];
    const smaller = new Blob(['small'], { type: 'image/jpeg' });
    worker?.answer(b!.id, { kind: 'fits' });
    worker?.answer(a!.id, { kind: 'shrunk', blob: smaller, width: 2048, height: 1536 });
    expect(await first).toEqual({ kind: 'shrunk', blob: smaller, width: 2048, height: 1536 });
    expect(await second).toEqual({ kind: 'fits' });
  });

  it('answers undecodable for every waiting photo when the worker fails, and starts a new one next time', async () => {
    const { shrinkPhotoInWorker } = await load();
    const waiting = [shrinkPhotoInWorker(new Blob(['a'])), shrinkPhotoInWorker(new Blob(['b']))];
    const [broken] = FakeWorker.started;
    broken?.onerror?.();
    expect(await Promise.all(waiting)).toEqual([{ kind: 'undecodable' }, { kind: 'undecodable' }]);
    expect(broken?.terminated).toBe(true);
    const next = shrinkPhotoInWorker(new Blob(['c']));
    expect(FakeWorker.started).toHaveLength(2);
    FakeWorker.started[1]?.answer(FakeWorker.started[1].sent[0]!.id, { kind: 'fits' });
    expect(await next).toEqual({ kind: 'fits' });
  });

  it('gives up on a worker silent for too long (a photo never hangs the screen)', async () => {
    vi.useFakeTimers();
    const { shrinkPhotoInWorker, SHRINK_TIMEOUT_MS } = await load();
    const waiting = shrinkPhotoInWorker(new Blob(['a']));
    vi.advanceTimersByTime(SHRINK_TIMEOUT_MS);
    expect(await waiting).toEqual({ kind: 'undecodable' });
    expect(FakeWorker.started[0]?.terminated).toBe(true);
  });

  it('answers undecodable at once where there are no workers', async () => {
    const { shrinkPhotoInWorker } = await load();
    vi.stubGlobal('Worker', undefined);
    expect(await shrinkPhotoInWorker(new Blob(['a']))).toEqual({ kind: 'undecodable' });
  });
});
