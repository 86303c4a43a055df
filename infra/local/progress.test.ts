import { describe, expect, it } from 'vitest';
import { progress, progressLine } from './progress.ts';

describe('the progress bar', () => {
  it('shows counts, the share done and the time left at the rate so far', () => {
    expect(progressLine('items', 250, 1_000, 10_000)).toBe(
      'items [######------------------] 250/1,000  25%  30s left',
    );
    expect(progressLine('items', 0, 1_000, 0)).toBe('items [------------------------] 0/1,000  0%');
    expect(progressLine('items', 1_000, 1_000, 90_000)).toBe(
      'items [########################] 1,000/1,000  100%',
    );
  });

  it('reads minutes, and never passes the whole when more is counted than expected', () => {
    expect(progressLine('items', 1, 3, 60_000)).toContain('2m 00s left');
    expect(progressLine('items', 5, 3, 1_000)).toBe('items [########################] 5/3  100%');
    expect(progressLine('nothing to do', 0, 0, 0)).toBe('nothing to do [########################] 0/0  100%');
  });

  it('prints a line now and then in a log, and the time taken at the end', () => {
    const lines: string[] = [];
    const out = { isTTY: false, write: (text: string) => lines.push(text) } as unknown as NodeJS.WriteStream;
    let now = 0;
    const bar = progress('items', 10, out, () => now);
    for (let i = 0; i < 10; i++) {
      now += 1_000;
      bar.add();
    }
    bar.finish();
    // At the start, after 5 s, after 10 s, and the end.
    expect(lines).toEqual([
      'items [------------------------] 0/10  0%\n',
      'items [############------------] 5/10  50%  5s left\n',
      'items [########################] 10/10  100%\n',
      'items [########################] 10/10  100%  in 10s\n',
    ]);
  });

  it('redraws one line on a terminal', () => {
    const written: string[] = [];
    const out = { isTTY: true, write: (text: string) => written.push(text) } as unknown as NodeJS.WriteStream;
    const bar = progress('items', 2, out, () => 0);
    bar.finish();
    expect(written.at(-1)).toBe('\ritems [------------------------] 0/2  0%  in 0s\x1b[K\n');
  });
});
