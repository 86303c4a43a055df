import type { RosterCsv } from './roster-csv.ts';
import type { RosterCsvAnswer, RosterCsvRequest } from './roster-csv.worker.ts';

/** Reads a chosen CSV file into rows off the main thread (the roster screen takes it as a prop; tests pass their own). */
export type ParseRosterCsv = (file: Blob) => Promise<RosterCsv>;

let worker: Worker | null = null;
let nextId = 1;
const pending = new Map<number, { resolve: (csv: RosterCsv) => void; reject: (error: Error) => void }>();

/** Every file waiting fails with `message` (the worker could not start, or crashed), and the next starts anew. */
const giveUp = (message: string) => {
  for (const { reject } of pending.values()) reject(new Error(message));
  pending.clear();
  worker?.terminate();
  worker = null;
};

const theWorker = (): Worker => {
  if (worker) return worker;
  const started = new Worker(new URL('./roster-csv.worker.ts', import.meta.url), { type: 'module' });
  started.onmessage = ({ data }: MessageEvent<RosterCsvAnswer>) => {
    const waiting = pending.get(data.id);
    pending.delete(data.id);
    if ('csv' in data) waiting?.resolve(data.csv);
    else waiting?.reject(new Error(data.failure));
  };
  started.onerror = () => giveUp('This browser could not read the file');
  worker = started;
  return started;
};

/**
 * Parses the file with Papa Parse in one Web Worker, started on first use and kept for the next file, so a
 * 5,000-row rent roll never freezes the screen. Rejects with a message to show when the file cannot be read.
 */
export const parseRosterCsvInWorker: ParseRosterCsv = (file) =>
  new Promise((resolve, reject) => {
    if (typeof Worker === 'undefined') {
      reject(new Error('This browser cannot read files in the background'));
      return;
    }
    const id = nextId++;
    pending.set(id, { resolve, reject });
    try {
      theWorker().postMessage({ id, file } satisfies RosterCsvRequest);
    } catch {
      giveUp('This browser could not read the file');
    }
  });
