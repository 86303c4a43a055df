/**
 * What makes a bulk load into the local stand-ins fast, measured on a 2-core machine (docs/benchmarks.md):
 * DynamoDB Local keeps its data in SQLite and syncs every write, so on disk it writes 46–68 items a second
 * at 1, 8 or 64 batches in flight; on a RAM disk it writes 6 times as many, and without the table's stream
 * half as many again. Then DynamoDB Local's own CPU is the bound (about 3 times the seeding process's).
 */
import { cpSync, existsSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { DynamoDBClient, UpdateTableCommand } from '@aws-sdk/client-dynamodb';
import { tableDefinition } from '@sitewalk/functions/db/table';
import type { StandInsInfo } from '../standins/index.ts';
import { removeTempDirs, trackTempDir } from '../standins/process-groups.ts';

/** The directories the stand-ins keep under their data directory (standins/index.ts). */
const STAND_IN_DIRECTORIES = ['dynamodb', 'cognito', 's3'] as const;

/** Linux's RAM disk; where it is absent (macOS), a load works in place. */
export const RAM_DISK = '/dev/shm';

/**
 * Runs `work` on a copy of the stand-ins' data in `dataDir`, made on the RAM disk, and copies it back only
 * when `work` succeeds: a failed load leaves `dataDir` as it was. Where there is no RAM disk, `work` runs
 * on `dataDir` itself. The stand-ins must be stopped when `work` resolves.
 */
export const onRamDisk = async <T>(
  dataDir: string,
  work: (dir: string) => Promise<T>,
  ramDisk: string = RAM_DISK,
): Promise<T> => {
  if (!existsSync(ramDisk)) return work(dataDir);
  const copy = mkdtempSync(join(ramDisk, 'sitewalk-data-'));
  trackTempDir(copy); // removed on Ctrl-C too: it holds memory
  try {
    for (const name of STAND_IN_DIRECTORIES) {
      if (existsSync(join(dataDir, name))) cpSync(join(dataDir, name), join(copy, name), { recursive: true });
    }
    const result = await work(copy);
    for (const name of STAND_IN_DIRECTORIES) {
      if (!existsSync(join(copy, name))) continue;
      const target = join(dataDir, name);
      // Copied beside the old one first, so an interrupted copy never leaves half a database.
      cpSync(join(copy, name), `${target}.new`, { recursive: true });
      rmSync(target, { recursive: true, force: true });
      renameSync(`${target}.new`, target);
    }
    return result;
  } finally {
    removeTempDirs([copy]);
  }
};

/**
 * Runs `work` with the table's stream turned off, then turns a new one on. Only when nothing reads the
 * stream (the local host is not running): its reader would keep the old stream. The local host's stream
 * reader starts from the oldest record, so the load's records would otherwise all pass through it on its next
 * start; a cleanup whose record it had not read yet is resumed by its sweep for stalled cleanups.
 */
export const withoutStream = async <T>(
  standIns: StandInsInfo,
  tableName: string,
  work: () => Promise<T>,
): Promise<T> => {
  const dynamodb = new DynamoDBClient({
    endpoint: standIns.endpoints.dynamodb,
    region: standIns.region,
    credentials: { ...standIns.credentials },
  });
  const stream = (enabled: boolean) =>
    dynamodb.send(
      new UpdateTableCommand({
        TableName: tableName,
        StreamSpecification: enabled
          ? { StreamEnabled: true, StreamViewType: tableDefinition.stream }
          : { StreamEnabled: false },
      }),
    );
  try {
    await stream(false);
    try {
      return await work();
    } finally {
      await stream(true);
    }
  } finally {
    dynamodb.destroy();
  }
};
