/**
 * A progress bar for long jobs (seeding, bench data): `label [######------] 1,200/3,000  40%  12s left`. On a
 * terminal it redraws one line; in a log (not a TTY) it prints a line every few seconds, so a job is never
 * silent for long.
 */

const WIDTH = 24;
const LOG_EVERY_MS = 5_000;
const REDRAW_EVERY_MS = 100;

const duration = (ms: number) => {
  const seconds = Math.round(ms / 1000);
  return seconds < 60
    ? `${seconds}s`
    : `${Math.floor(seconds / 60)}m ${String(seconds % 60).padStart(2, '0')}s`;
};

export interface Progress {
  /** `count` more units done. */
  add: (count?: number) => void;
  /** Ends the bar with the time the job took. */
  finish: () => void;
}

/** The line a bar shows after `done` of `total` units, `elapsed` ms in. */
export const progressLine = (label: string, done: number, total: number, elapsed: number) => {
  const share = total > 0 ? Math.min(done / total, 1) : 1;
  const filled = Math.round(share * WIDTH);
  const left = done > 0 && done < total ? `  ${duration((elapsed / done) * (total - done))} left` : '';
  return `${label} [${'#'.repeat(filled)}${'-'.repeat(WIDTH - filled)}] ${done.toLocaleString('en-US')}/${total.toLocaleString('en-US')}  ${Math.floor(share * 100)}%${left}`;
};

export const progress = (
  label: string,
  total: number,
  out: NodeJS.WriteStream = process.stdout,
  now: () => number = Date.now,
): Progress => {
  const started = now();
  let done = 0;
  let shownAt = -Infinity;
  const show = (final = false) => {
    const at = now();
    if (!final && at - shownAt < (out.isTTY ? REDRAW_EVERY_MS : LOG_EVERY_MS)) return;
    shownAt = at;
    const line = progressLine(label, done, total, at - started);
    const took = final ? `  in ${duration(at - started)}` : '';
    out.write(out.isTTY ? `\r${line}${took}\x1b[K${final ? '\n' : ''}` : `${line}${took}\n`);
  };
  show();
  return {
    add: (count = 1) => {
      done += count;
      show();
    },
    finish: () => show(true),
  };
};
