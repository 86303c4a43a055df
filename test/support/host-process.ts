/**
 * A local host shared by many test files, as `npm start` runs it but on the test run's stand-ins: its own
 * table, user pool and bucket, the Super User seeded, the API (and, for the browser journeys, the built SPA)
 * on one port, the table's stream worker and the upload events beside it. Started once per test run as a
 * child process (./host-child.ts), so the handlers' environment stays out of vitest's own process and no test
 * file pays for provisioning or for importing the handlers; each file makes its own tenants on it. It prints
 * one JSON line ({@link HostReady}) when it answers, and stops on SIGTERM or when its parent goes.
 *
 * Input: HOST_STANDINS (the stand-ins' StandInsInfo as JSON), HOST_WEB_DIST (the built SPA; none: API only),
 * HOST_NAME (what its table, bucket and pool are named after), HOST_CLOCK_CONTROL=1 (the evaluator on its
 * timer and the clock control, as `npm start -- --clock-control`).
 */
import { createServer as createHttpServer } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { StandInsInfo } from '../../infra/local/standins/index.ts';
import { localEnvironment } from '../../infra/local/standins/env.ts';
import { provision, type Provisioned } from '../../infra/local/provision.ts';

export interface HostReady {
  /** The app's origin, e.g. http://localhost:41234. */
  url: string;
  /** The handlers' environment: test files set it to make people straight in the table and user pool. */
  env: Record<string, string>;
  provisioned: Provisioned;
  superUser: { email: string; password: string };
  /** GET here answers 204 once every upload event delivered so far has been handled (UploadEvents.settled). */
  uploadsSettledUrl: string;
}

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
process.env.POWERTOOLS_LOG_LEVEL ??= 'SILENT';

/** A free port, so APP_URL (the links in mails) names the host's real address before it starts. */
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });

const standIns = JSON.parse(process.env.HOST_STANDINS ?? 'null') as StandInsInfo | null;
const webDist = process.env.HOST_WEB_DIST || undefined;
const name = process.env.HOST_NAME ?? 'shared';
if (!standIns) throw new Error('host-process.ts needs HOST_STANDINS');

const port = await freePort();
const url = `http://localhost:${port}`;
const suffix = randomBytes(5).toString('hex');
const provisioned = await provision(standIns, {
  tableName: `${name}-${suffix}`,
  bucketName: `${name}-${suffix}`,
  userPoolName: `${name}-${suffix}`,
  appOrigin: url,
});
const env = localEnvironment(standIns, provisioned, {
  appUrl: url,
  mailFrom: 'no-reply@sitewalk.local',
  pinKey: randomBytes(32).toString('base64'),
  auditKey: randomBytes(32).toString('base64'),
  anchorDir: mkdtempSync(join(tmpdir(), 'sitewalk-anchors-')),
});
Object.assign(process.env, env);

// Imported once the environment is set: the handler modules read it when they first load.
const { seedSuperUser } = await import('../../infra/seed-super-user.ts');
const superUser = { email: `admin-${suffix}@sitewalk.local`, password: `SiteWalk${suffix}A1` };
await seedSuperUser(superUser);

const { startLocalHost } = await import('../../infra/local/host.ts');
const { standInStorage } = await import('../../infra/local/storage-proxy.ts');
const { startStreamWorker } = await import('../../infra/local/stream-worker.ts');
const { startLocalEvaluator } = await import('../../infra/local/evaluator.ts');
// The evaluator and the clock control act on the whole stage: only a host whose files may move its clock
// (the journeys') runs them.
const evaluator = process.env.HOST_CLOCK_CONTROL === '1' ? startLocalEvaluator() : null;
const host = await startLocalHost({
  ...(evaluator ? { clockControl: { evaluate: () => evaluator.runNow() } } : {}),
  port,
  auth: {
    jwksUrl: provisioned.jwksUrl,
    issuer: provisioned.issuer,
    clientId: provisioned.userPoolClientId,
  },
  ...(webDist ? { webDist } : {}),
  storage: standInStorage(standIns, provisioned.bucketName),
});
// Sweeps every few seconds, not every minute: a mail whose stream record a busy DynamoDB Local trimmed away is
// sent by the sweep while a journey still waits for it.
const worker = await startStreamWorker({ standIns, tableName: provisioned.tableName, sweepMs: 5_000 });
const { startUploadEvents } = await import('../../infra/local/upload-events.ts');
const uploadEvents = await startUploadEvents({
  s3Endpoint: standIns.endpoints.s3,
  bucket: provisioned.bucketName,
});

// The test files' way to wait for the upload events (they run in other processes).
const control = createHttpServer((request, response) => {
  if (request.url !== '/uploads-settled') return void response.writeHead(404).end();
  void uploadEvents.settled().then(() => response.writeHead(204).end());
});
await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', resolve));
const controlPort = (control.address() as AddressInfo).port;

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  control.close();
  await evaluator?.stop().catch(() => undefined);
  await uploadEvents.stop().catch(() => undefined);
  await worker.stop().catch(() => undefined);
  await host.close().catch(() => undefined);
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
// The parent's end: when vitest goes, so does the host.
process.on('disconnect', () => void stop());

const ready: HostReady = {
  url: host.url,
  env,
  provisioned,
  superUser,
  uploadsSettledUrl: `http://127.0.0.1:${controlPort}/uploads-settled`,
};
process.stdout.write(`${JSON.stringify(ready)}\n`);
