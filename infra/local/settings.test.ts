import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { localPinKey } from './settings.ts';

describe('localPinKey', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('makes a 32-byte key once under the data directory, readable by its owner only, and keeps it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sitewalk-pin-key-'));
    dirs.push(dir);
    const dataDir = join(dir, '.data');
    const key = localPinKey(dataDir);
    expect(Buffer.from(key, 'base64')).toHaveLength(32);
    expect(statSync(join(dataDir, 'pin-key')).mode & 0o777).toBe(0o600);
    expect(localPinKey(dataDir)).toBe(key);
    const elsewhere = mkdtempSync(join(tmpdir(), 'sitewalk-pin-key-'));
    dirs.push(elsewhere);
    expect(localPinKey(elsewhere)).not.toBe(key);
  });
});
