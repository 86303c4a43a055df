import type { ShrinkResult } from './downscale.ts';
import type { ShrinkAnswer, ShrinkRequest } from './downscale.worker.ts';

/** Makes a photo fit to send, off the main thread (the recorder's services carry it; tests pass a fake). */
export type ShrinkPhoto = (file: Blob) => Promise<ShrinkResult>;

/**
 * Longer than a slow phone takes for a 48 MP photo (about 1.2 s on a desktop core): a worker silent for this
 * long (killed for memory, or stuck) is given up, and the photos waiting are ones it could not shrink.
 */
export const SHRINK_TIMEOUT_MS = 60_000;

let worker: Worker | null = null;
let nextId = 1;
const pending = new Map<number, (result: ShrinkResult) => void>();

/** Every photo waiting is one this browser cannot shrink (the worker failed to start or crashed). */
const giveUp = () => {
  for (const resolve of pending.values()) resolve({ kind: 'undecodable' });
  pending.clear();
  worker?.terminate();
  worker = null;
};

const theWorker = (): Worker => {
  if (worker) return worker;
  const started = new Worker(new URL('./downscale.worker.ts', import.meta.url), { type: 'module' });
  started.onmessage = ({ data: { id, result } }: MessageEvent<ShrinkAnswer>) => {
    pending.get(id)?.(result);
    pending.delete(id);
  };
  started.onerror = giveUp;
  worker = started;
  return started;
};

/**
 * Shrinks a photo in one Web Worker, started on first use and kept for the next photo, so decoding a 48 MP
 * picture never freezes the screen. Never rejects: a browser without workers answers 'undecodable'.
 */
export const shrinkPhotoInWorker: ShrinkPhoto = (file) => {
  if (typeof Worker === 'undefined') return Promise.resolve({ kind: 'undecodable' });
  return new Promise((resolve) => {
    const id = nextId++;
    const timer = setTimeout(giveUp, SHRINK_TIMEOUT_MS);
    pending.set(id, (result) => {
      clearTimeout(timer);
      resolve(result);
    });
    try {
      theWorker().postMessage({ id, file } satisfies ShrinkRequest);
    } catch {
      giveUp();
    }
  });
};
