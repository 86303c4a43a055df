/**
 * `npm start`: SiteWalk on one machine. Starts the stand-ins for DynamoDB, Cognito, S3, SES and Rekognition (data kept
 * under .data/), provisions the table, user pool and bucket if absent, builds the SPA when stale and serves
 * it with the API on one port. `npm run dev` serves the SPA from Vite's dev server instead.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { startStandIns, type StandIns } from './standins/index.ts';
import { localEnvironment } from './standins/env.ts';
import { provision } from './provision.ts';
import { run, webBuildIsStale } from './web-build.ts';
import type { LocalHost } from './host.ts';
import type { StreamWorker } from './stream-worker.ts';
import type { LocalEvaluator } from './evaluator.ts';
import type { UploadEvents } from './upload-events.ts';
import { LOCAL_RESOURCE_NAMES, localAudit, localPinKey, localSettings } from './settings.ts';

// Lambda runs the newest Node.js; the SDK's notice about Node 20 on a developer's machine is noise here.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const root = fileURLToPath(new URL('../..', import.meta.url));
const dev = process.argv.includes('--dev');
/** The test-only clock control (docs/local-host.md): to try alerts without waiting for a window to pass. */
const clockControl = process.argv.includes('--clock-control') || process.env.SITEWALK_CLOCK_CONTROL === '1';
/**
 * Also HTTPS on every interface (a phone on the same network needs a secure context), with a self-signed
 * certificate kept under .data/ (infra/local/lan.ts); without it, 127.0.0.1 only. Plain http stays on 127.0.0.1.
 */
const lan = process.argv.includes('--lan');
const settings = localSettings(process.env, dev);

let standIns: StandIns | undefined;
let host: LocalHost | undefined;
let worker: StreamWorker | undefined;
let evaluator: LocalEvaluator | undefined;
let uploadEvents: UploadEvents | undefined;
let auditAnchor: { stop: () => Promise<void> } | undefined;
let vite: ChildProcess | undefined;
let stopping = false;

const stop = async (code: number) => {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping SiteWalk…');
  vite?.kill('SIGTERM');
  await evaluator?.stop().catch(() => undefined);
  await auditAnchor?.stop().catch(() => undefined);
  await uploadEvents?.stop().catch(() => undefined);
  await worker?.stop().catch(() => undefined);
  await host?.close().catch(() => undefined);
  await standIns?.stop().catch(() => undefined);
  process.exit(code);
};
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));

try {
  console.log(
    'Starting the local stand-ins (DynamoDB Local, cognito-local, s3rver, aws-ses-v2-local, DetectText)…',
  );
  standIns = await startStandIns({
    dataDir: join(root, '.data'),
    ports: settings.standInPorts,
    workload: 'bulk',
  });
  const provisioned = await provision(standIns, { ...LOCAL_RESOURCE_NAMES, appOrigin: settings.appUrl });
  Object.assign(
    process.env,
    localEnvironment(standIns, provisioned, {
      appUrl: settings.appUrl,
      mailFrom: settings.mailFrom,
      pinKey: localPinKey(join(root, '.data')),
      mfaRequiredRoles: settings.mfaRequiredRoles,
      ...localAudit(join(root, '.data')),
    }),
  );

  const { seedSuperUser } = await import('../seed-super-user.ts');
  const seeded = await seedSuperUser({ email: settings.adminEmail, password: settings.adminPassword });
  // Items written by an older version get what this one reads (schedules, the stage lists' keys).
  const { backfillStage } = await import('../backfills.ts');
  const { dataFromEnv } = await import('@sitewalk/functions/composition');
  await backfillStage(dataFromEnv());

  if (!dev && webBuildIsStale(root)) {
    console.log('Building the web app…');
    await run('npm', ['run', 'build', '-w', 'web'], root, { ...process.env, NODE_ENV: 'production' });
  }

  // The missed-walk evaluator (in AWS a Lambda EventBridge Scheduler invokes): every few minutes.
  const { startLocalEvaluator } = await import('./evaluator.ts');
  evaluator = startLocalEvaluator();
  const runEvaluator = evaluator;

  // The audit logs' heads into .data/audit-anchors/ (in AWS a Lambda writing to an Object Lock bucket).
  const { startLocalAuditAnchor } = await import('./audit-anchor.ts');
  auditAnchor = startLocalAuditAnchor();

  const { startLocalHost } = await import('./host.ts');
  const { standInStorage } = await import('./storage-proxy.ts');
  const { lanAddresses, lanCertificate, lanNotice } = await import('./lan.ts');
  const addresses = lan ? lanAddresses() : [];
  const certificate = lan ? await lanCertificate(join(root, '.data'), addresses) : undefined;
  host = await startLocalHost({
    ...(clockControl ? { clockControl: { evaluate: () => runEvaluator.runNow() } } : {}),
    port: settings.port,
    ...(certificate
      ? {
          https: {
            port: settings.lanPort,
            hostname: '0.0.0.0',
            key: certificate.key,
            cert: certificate.cert,
          },
        }
      : {}),
    // Uploads and photo views on the page's own origin, whichever it was opened at.
    storage: standInStorage(standIns, provisioned.bucketName),
    auth: {
      jwksUrl: provisioned.jwksUrl,
      issuer: provisioned.issuer,
      clientId: provisioned.userPoolClientId,
    },
    ...(dev ? {} : { webDist: join(root, 'web/dist') }),
    mapStyleUrl: settings.mapStyleUrl,
  });

  // The table's stream consumer (in AWS a Lambda on the stream): it finishes what deletes leave to do.
  const { startStreamWorker } = await import('./stream-worker.ts');
  worker = await startStreamWorker({ standIns, tableName: provisioned.tableName });

  // The upload bucket's events (in AWS, S3 notifying the walkPhoto Lambda): door photos get their unit read.
  const { startUploadEvents } = await import('./upload-events.ts');
  uploadEvents = await startUploadEvents({
    s3Endpoint: standIns.endpoints.s3,
    bucket: provisioned.bucketName,
  });

  if (dev) {
    vite = spawn(
      'npm',
      ['run', 'dev', '-w', 'web', '--', '--port', String(settings.devPort), '--strictPort'],
      {
        cwd: root,
        env: { ...process.env, API_PORT: String(settings.port) },
        stdio: 'inherit',
      },
    );
  }

  const app = dev ? `http://localhost:${settings.devPort}` : `http://localhost:${settings.port}`;
  console.log(`
SiteWalk is running.
  App            ${app}
  API            http://localhost:${settings.port}/api   (health: http://localhost:${settings.port}/api/health)
  Mail viewer    ${standIns.endpoints.ses}
  DynamoDB Local ${standIns.endpoints.dynamodb}   table ${provisioned.tableName}
  cognito-local  ${standIns.endpoints.cognito}   pool ${provisioned.userPoolId}
  S3 (s3rver)    ${standIns.endpoints.s3}   bucket ${provisioned.bucketName}
  DetectText     ${standIns.endpoints.rekognition}   (Rekognition's stand-in: tesseract.js)
  Super User     ${settings.adminEmail} / ${settings.adminPasswordIsDefault ? `${settings.adminPassword} (default)` : '(from SITEWALK_ADMIN_PASSWORD)'}${seeded ? '   (created now)' : ''}
  Sign in        ${app}/login
${certificate ? `${lanNotice(addresses, settings.lanPort, certificate)}\n` : ''}${clockControl ? `  Clock control  http://localhost:${settings.port}/__local/clock   (test only: POST {"advanceMinutes": N})\n` : ''}Data is kept under .data/ (delete it to start afresh). Press Ctrl-C to stop.`);
} catch (error) {
  console.error(`\nSiteWalk could not start: ${error instanceof Error ? error.message : String(error)}`);
  await stop(1);
}
