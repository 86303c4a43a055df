/**
 * `npm run seed:demo -- [--seed 1] [--size 20] [--days 90] [--completed-marker-days N]`: a realistic demo tenant in
 * the local host's data (.data/); with `--completed-marker-days`, only the reports of the last N days keep their
 * completed markers (a smaller, faster load).
 * Works with `npm start` running (it uses its stand-ins) or without (it starts them on a RAM-disk copy of
 * their data, writes, stops them and copies the data back). The same seed and size give the same tenant; a
 * seed already written is left alone.
 */
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import * as z from 'zod';
import {
  LOCAL_CREDENTIALS,
  LOCAL_REGION,
  signingKeyFileIn,
  startStandIns,
  type StandInsInfo,
} from './standins/index.ts';
import { localEnvironment } from './standins/env.ts';
import { provision } from './provision.ts';
import { LOCAL_RESOURCE_NAMES, localAudit, localPinKey, localSettings } from './settings.ts';
import { generateDemo } from './demo/generate.ts';
import { progress } from './progress.ts';
import { onRamDisk, withoutStream } from './demo/bulk.ts';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const root = fileURLToPath(new URL('../..', import.meta.url));
const { values } = parseArgs({
  options: {
    seed: { type: 'string', default: '1' },
    size: { type: 'string', default: '20' },
    days: { type: 'string', default: '90' },
    'completed-marker-days': { type: 'string' },
  },
});
const options = z
  .object({
    seed: z.coerce.number().int().nonnegative(),
    size: z.coerce.number().int().min(1).max(66),
    days: z.coerce.number().int().min(1).max(365),
    'completed-marker-days': z.coerce.number().int().min(0).max(365).optional(),
  })
  .transform(({ 'completed-marker-days': completedMarkerDays, ...rest }) => ({
    ...rest,
    completedMarkerDays,
  }))
  .parse(values);
const settings = localSettings(process.env);

/** Whether `npm start` already runs the stand-ins on their fixed ports. */
const running = async (): Promise<boolean> => {
  try {
    await fetch(`http://127.0.0.1:${settings.standInPorts.dynamodb}/`, {
      signal: AbortSignal.timeout(1_000),
    });
    return true;
  } catch {
    return false;
  }
};

const dataDir = join(root, '.data');

/**
 * Provisions the stand-ins and writes the demo tenant into them, with the table's stream off unless the
 * running local host reads it.
 */
const seed = async (standIns: StandInsInfo, streamRead: boolean) => {
  const provisioned = await provision(standIns, { ...LOCAL_RESOURCE_NAMES, appOrigin: settings.appUrl });
  Object.assign(
    process.env,
    localEnvironment(standIns, provisioned, {
      appUrl: settings.appUrl,
      mailFrom: settings.mailFrom,
      pinKey: localPinKey(dataDir),
      ...localAudit(dataDir),
    }),
  );
  // Imported once the environment is set: the composition root reads it.
  const { dataFromEnv, identityFromEnv, storageFromEnv } = await import('@sitewalk/functions/composition');
  const { createAccounts } = await import('@sitewalk/functions/domain/accounts');
  const { seedSuperUser } = await import('../seed-super-user.ts');
  const { writeDemo, DEMO_PASSWORD } = await import('./demo/write.ts');
  await seedSuperUser({ email: settings.adminEmail, password: settings.adminPassword });

  const now = new Date();
  const demo = generateDemo({ ...options, now });
  const { completedMarkerDays } = options;
  // Whole days: from midnight UTC, `completedMarkerDays` days back.
  const completedMarkersSince =
    completedMarkerDays === undefined
      ? undefined
      : new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - completedMarkerDays));
  console.log(
    `Writing the demo tenant for seed ${options.seed}, ${options.size} locations, ${options.days} days${completedMarkerDays === undefined ? '' : ` (completedMarkers of the last ${completedMarkerDays})`}…`,
  );
  const db = dataFromEnv();
  const write = () =>
    writeDemo(
      { db, accounts: createAccounts(db, identityFromEnv()), storage: storageFromEnv() },
      demo,
      (line) => console.log(`  ${line}`),
      progress,
      completedMarkersSince ? { completedMarkersSince } : {},
    );
  const result = await (streamRead ? write() : withoutStream(standIns, provisioned.tableName, write));
  const signIn = demo.people
    .slice(0, 4)
    .map((p) => `  ${p.email.padEnd(56)} ${DEMO_PASSWORD}`)
    .join('\n');
  console.log(
    result.written
      ? `\nDemo tenant "${demo.company.name}" written. Sign in as, for example:\n${signIn}\n(every demo account uses ${DEMO_PASSWORD}; the Super User sees it too)`
      : `\nThe demo tenant of seed ${options.seed} is already there ("${demo.company.name}"); nothing written. Sign in as:\n${signIn}`,
  );
};

try {
  if (await running()) {
    console.log('Using the stand-ins of the running local host.');
    // The stand-ins listen on 127.0.0.1 only (`localhost` may be ::1 first).
    const url = (port: number) => `http://127.0.0.1:${port}`;
    await seed(
      {
        endpoints: {
          dynamodb: url(settings.standInPorts.dynamodb),
          cognito: url(settings.standInPorts.cognito),
          s3: url(settings.standInPorts.s3),
          ses: url(settings.standInPorts.ses),
          rekognition: url(settings.standInPorts.rekognition),
        },
        region: LOCAL_REGION,
        credentials: { ...LOCAL_CREDENTIALS },
        cognitoSigningKeyFile: signingKeyFileIn(join(dataDir, 'cognito')),
      },
      true,
    );
  } else {
    // On a RAM-disk copy, without the table's stream: about 15 times as fast as on disk here (demo/bulk.ts).
    await onRamDisk(dataDir, async (copy) => {
      console.log(
        copy === dataDir
          ? 'Starting the local stand-ins…'
          : `Starting the local stand-ins on a copy in ${copy}…`,
      );
      const standIns = await startStandIns({ dataDir: copy, ports: settings.standInPorts, workload: 'bulk' });
      try {
        await seed(standIns, false);
      } finally {
        await standIns.stop();
      }
    });
  }
} catch (error) {
  console.error(
    `\nThe demo data could not be written: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exitCode = 1;
}
