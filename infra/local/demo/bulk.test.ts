import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { onRamDisk } from './bulk.ts';

let root: string;
let dataDir: string;
let ramDisk: string;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'sitewalk-bulk-'));
  dataDir = join(root, 'data');
  ramDisk = join(root, 'shm');
  mkdirSync(join(dataDir, 'dynamodb'), { recursive: true });
  mkdirSync(ramDisk);
  writeFileSync(join(dataDir, 'dynamodb', 'local.db'), 'before');
  writeFileSync(join(dataDir, 'pin-key'), 'key');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const read = (...path: string[]) => readFileSync(join(dataDir, ...path), 'utf8');

describe('a bulk load on the RAM disk', () => {
  it("works on a copy of the stand-ins' data and copies it back, leaving the rest of the data directory alone", async () => {
    const result = await onRamDisk(
      dataDir,
      async (copy) => {
        expect(copy.startsWith(ramDisk)).toBe(true);
        expect(readFileSync(join(copy, 'dynamodb', 'local.db'), 'utf8')).toBe('before');
        expect(readdirSync(copy)).toEqual(['dynamodb']);
        writeFileSync(join(copy, 'dynamodb', 'local.db'), 'after');
        mkdirSync(join(copy, 's3'));
        writeFileSync(join(copy, 's3', 'photo.png'), 'png');
        return 42;
      },
      ramDisk,
    );
    expect(result).toBe(42);
    expect(read('dynamodb', 'local.db')).toBe('after');
    expect(read('s3', 'photo.png')).toBe('png');
    expect(read('pin-key')).toBe('key');
    expect(readdirSync(dataDir).sort()).toEqual(['dynamodb', 'pin-key', 's3']);
    expect(readdirSync(ramDisk)).toEqual([]);
  });

  it('leaves the data directory as it was when the load fails, and removes the copy', async () => {
    const failed = onRamDisk(
      dataDir,
      async (copy) => {
        writeFileSync(join(copy, 'dynamodb', 'local.db'), 'half written');
        throw new Error('DynamoDB Local died');
      },
      ramDisk,
    );
    await expect(failed).rejects.toThrow('DynamoDB Local died');
    expect(read('dynamodb', 'local.db')).toBe('before');
    expect(readdirSync(dataDir).sort()).toEqual(['dynamodb', 'pin-key']);
    expect(readdirSync(ramDisk)).toEqual([]);
  });

  it('works on the data directory itself where there is no RAM disk', async () => {
    await onRamDisk(
      dataDir,
      async (dir) => {
        expect(dir).toBe(dataDir);
        writeFileSync(join(dir, 'dynamodb', 'local.db'), 'in place');
      },
      join(root, 'no-such-ram-disk'),
    );
    expect(read('dynamodb', 'local.db')).toBe('in place');
  });
});
