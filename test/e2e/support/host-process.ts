/**
 * The browser journeys' local host, as `npm start` runs it but on the test run's stand-ins: its own table,
 * user pool and bucket, the Super User seeded, the built SPA and the API on one port, the table's stream
 * worker beside it. Started once per test run by ./global-setup.ts as a child process (so the handlers'
 * environment stays out of vitest's own process); it prints one JSON line ({@link HostReady}) when it
 * answers, and stops on SIGTERM.
 *
 * Input: E2E_STANDINS (the stand-ins' StandInsInfo as JSON), E2E_WEB_DIST (the built SPA).
 */
import { createServer } from 'node:net';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { StandInsInfo } from '../../../infra/local/standins/index.ts';
import { localEnvironment } from '../../../infra/local/standins/env.ts';
import { provision } from '../../../infra/local/provision.ts';

export interface HostReady {
  /** The app's origin, e.g. http://localhost:41234. */
  url: string;
  /** The handlers' environment: test files set it to make people straight in the table and user pool. */
  env: Record<string, string>;
  superUser: { email: string; password: string };
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

const standIns = JSON.parse(process.env.E2E_STANDINS ?? 'null') as StandInsInfo | null;
const webDist = process.env.E2E_WEB_DIST;
if (!standIns || !webDist) throw new Error('host-process.ts needs E2E_STANDINS and E2E_WEB_DIST');

const port = await freePort();
const url = `http://localhost:${port}`;
const suffix = randomBytes(5).toString('hex');
const provisioned = await provision(standIns, {
  tableName: `e2e-${suffix}`,
  bucketName: `e2e-${suffix}`,
  userPoolName: `e2e-${suffix}`,
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
const { seedSuperUser } = await import('../../../infra/seed-super-user.ts');
const superUser = { email: `admin-${suffix}@sitewalk.local`, password: `SiteWalk${suffix}A1` };
await seedSuperUser(superUser);

const { startLocalHost } = await import('../../../infra/local/host.ts');
const { standInStorage } = await import('../../../infra/local/storage-proxy.ts');
const { startStreamWorker } = await import('../../../infra/local/stream-worker.ts');
const { startLocalEvaluator } = await import('../../../infra/local/evaluator.ts');
const evaluator = startLocalEvaluator();
const host = await startLocalHost({
  clockControl: { evaluate: () => evaluator.runNow() },
  port,
  auth: {
    jwksUrl: provisioned.jwksUrl,
    issuer: provisioned.issuer,
    clientId: provisioned.userPoolClientId,
  },
  webDist,
  storage: standInStorage(standIns, provisioned.bucketName),
});
// Sweeps every few seconds, not every minute: a mail whose stream record a busy DynamoDB Local trimmed away is
// sent by the sweep while a journey still waits for it.
const worker = await startStreamWorker({ standIns, tableName: provisioned.tableName, sweepMs: 5_000 });
const { startUploadEvents } = await import('../../../infra/local/upload-events.ts');
const uploadEvents = await startUploadEvents({
  s3Endpoint: standIns.endpoints.s3,
  bucket: provisioned.bucketName,
});

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await evaluator.stop().catch(() => undefined);
  await uploadEvents.stop().catch(() => undefined);
  await worker.stop().catch(() => undefined);
  await host.close().catch(() => undefined);
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
// The parent's end: when vitest goes, so does the host.
process.on('disconnect', () => void stop());

const ready: HostReady = { url: host.url, env, superUser };
process.stdout.write(`${JSON.stringify(ready)}\n`);
