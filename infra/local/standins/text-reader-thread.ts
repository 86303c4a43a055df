import { Worker } from 'node:worker_threads';
import type { ReadWord, TextReader } from './text-reader.ts';

type Answer = { id: number } & ({ words: ReadWord[] } | { error: string } | { closed: true });

/**
 * The local text reader (text-reader.ts) in a worker thread of its own, started at the first read: the host's
 * main thread only passes the image bytes over and gets the words back. Reads run one at a time in the thread.
 */
export const createThreadedTextReader = (): TextReader => {
  let thread: Worker | null = null;
  let nextId = 0;
  const waiting = new Map<number, { resolve: (answer: Answer) => void; reject: (error: Error) => void }>();

  const failAll = (error: Error) => {
    for (const { reject } of waiting.values()) reject(error);
    waiting.clear();
  };
  const started = (): Worker => {
    if (thread) return thread;
    const created = new Worker(new URL('./text-reader-thread.mjs', import.meta.url));
    created.on('message', (answer: Answer) => {
      const entry = waiting.get(answer.id);
      waiting.delete(answer.id);
      if (waiting.size === 0) created.unref();
      entry?.resolve(answer);
    });
    created.on('error', (error) => {
      thread = null;
      failAll(error);
    });
    created.on('exit', (code) => {
      if (thread === created) thread = null;
      failAll(new Error(`The text reader's thread stopped (exit code ${code})`));
    });
    thread = created;
    return created;
  };
  const ask = (message: { image?: Uint8Array; close?: true }, worker: Worker) =>
    new Promise<Answer>((resolve, reject) => {
      const id = nextId++;
      waiting.set(id, { resolve, reject });
      // A read under way keeps the process alive; an idle thread keeps nobody's.
      worker.ref();
      worker.postMessage({ id, ...message });
    });

  return {
    read: async (image) => {
      const answer = await ask({ image: new Uint8Array(image) }, started());
      if ('error' in answer) throw new Error(answer.error);
      return 'words' in answer ? answer.words : [];
    },
    close: async () => {
      const worker = thread;
      if (!worker) return;
      await ask({ close: true }, worker).catch(() => undefined);
      thread = null;
      await worker.terminate();
    },
  };
};
