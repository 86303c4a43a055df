/**
 * `npm run audit:verify [-- --stage <tenant>]`: walks every audit log (each management company's, deleted
 * companies' included, every anchored one, and the system log) and reports the first problem of each: a
 * gap, an edited entry, a broken link, a forged entry (its MAC does not verify), a truncated log (behind
 * its latest anchor) or a deleted one (anchored, now gone); exits 1 when any log fails. Without `--stage` it
 * reads the local host's data (.data/: the table through the stand-ins of a running `npm start`, or by
 * starting them itself, like `seed:demo`; the audit key and the anchors from files). With `--stage` it reads
 * a deployed stage's table and anchor bucket and verifies MACs with its audit key, all found from its stack
 * outputs (as `create-super-user` does), with the caller's AWS credentials (kms:VerifyMac on the audit key,
 * which no function has); it only reads.
 */
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const { values } = parseArgs({ options: { stage: { type: 'string' } } });

/** Runs the check against the table the environment names; answers the exit code. */
const check = async (): Promise<number> => {
  const { anchorsFromEnv, auditSignerFromEnv, dataFromEnv } = await import('@sitewalk/functions/composition');
  const { reportAuditLogs } = await import('@sitewalk/functions/domain/audit-verify');
  return reportAuditLogs(dataFromEnv(), auditSignerFromEnv(), anchorsFromEnv(), {
    ok: console.log,
    fail: console.error,
  });
};

const onStage = async (stage: string) => {
  const { CloudFormationClient } = await import('@aws-sdk/client-cloudformation');
  const { readStageOutputs } = await import('./aws/stage-outputs.ts');
  const cloudFormation = new CloudFormationClient({});
  const outputs = await readStageOutputs(cloudFormation, { name: stage });
  Object.assign(process.env, {
    AWS_REGION: await cloudFormation.config.region(),
    TABLE_NAME: outputs.TABLE_NAME,
    AUDIT_KEY_ID: outputs.AUDIT_KEY_ID,
    AUDIT_ANCHOR_BUCKET: outputs.AUDIT_ANCHOR_BUCKET,
  });
  console.log(
    `Verifying the audit logs of stage ${stage} (table ${outputs.TABLE_NAME}, anchors in ${outputs.AUDIT_ANCHOR_BUCKET})…`,
  );
  return check();
};

const onLocalData = async () => {
  const { LOCAL_CREDENTIALS, LOCAL_REGION, startStandIns } = await import('./local/standins/index.ts');
  const { LOCAL_RESOURCE_NAMES, localAudit, localSettings } = await import('./local/settings.ts');
  const settings = localSettings(process.env);
  const dataDir = join(fileURLToPath(new URL('..', import.meta.url)), '.data');
  const { auditKey, anchorDir } = localAudit(dataDir);
  const useEndpoint = (endpoint: string) =>
    Object.assign(process.env, {
      AUDIT_LOCAL_KEY: auditKey,
      AUDIT_ANCHOR_DIR: anchorDir,
      AWS_REGION: LOCAL_REGION,
      AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
      TABLE_NAME: LOCAL_RESOURCE_NAMES.tableName,
      DYNAMODB_ENDPOINT: endpoint,
    });
  const running = `http://localhost:${settings.standInPorts.dynamodb}`;
  const isRunning = await fetch(`${running}/`, { signal: AbortSignal.timeout(1_000) }).then(
    () => true,
    () => false,
  );
  if (isRunning) {
    console.log('Verifying the audit logs through the running local host’s DynamoDB Local…');
    useEndpoint(running);
    return check();
  }
  console.log(`Starting the local stand-ins over ${dataDir}…`);
  const standIns = await startStandIns({ dataDir, ports: settings.standInPorts });
  try {
    useEndpoint(standIns.endpoints.dynamodb);
    return await check();
  } finally {
    await standIns.stop();
  }
};

try {
  process.exitCode = values.stage ? await onStage(values.stage) : await onLocalData();
} catch (error) {
  const message = error instanceof Error ? error.message : String(error);
  console.error(
    error instanceof Error && error.name === 'ResourceNotFoundException'
      ? 'There is no table yet: run `npm start` once (or name a deployed stage with --stage).'
      : `The audit logs could not be verified: ${message}`,
  );
  process.exitCode = 2;
}
