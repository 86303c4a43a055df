/**
 * `npm run seed:demo -- [--seed 1] [--size 20] [--companies 1] [--days 90] [--completed-marker-days N]`:
 * realistic demo tenants in the local host's data (.data/), those of seeds `seed` to `seed + companies - 1`,
 * `size` locations each; with `--completed-marker-days`, only the reports of the last N days keep their
 * completed markers (a smaller, faster load).
 * Works with `npm start` running (it uses its stand-ins) or without (it starts them on a RAM-disk copy of
 * their data, writes, stops them and copies the data back). The same seed and size give the same tenant; a
 * seed already written is left alone.
 */
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
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
import { Role, roleNames } from '@sitewalk/shared/roles';
import { generateDemos } from './demo/generate.ts';
import { parseSeedDemoOptions, SeedDemoOptionError, type SeedDemoOptions } from './demo/options.ts';
import { progress } from './progress.ts';
import { onRamDisk, withoutStream } from './demo/bulk.ts';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const root = fileURLToPath(new URL('../..', import.meta.url));
let options: SeedDemoOptions;
try {
  options = parseSeedDemoOptions(process.argv.slice(2));
} catch (error) {
  if (!(error instanceof SeedDemoOptionError)) throw error;
  console.error(error.message);
  process.exit(2);
}
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
  const { seedSuperUser } = await import('../seed-super-user.ts');
  const { writeDemo, DEMO_PASSWORD } = await import('./demo/write.ts');
  await seedSuperUser({ email: settings.adminEmail, password: settings.adminPassword });

  const now = new Date();
  const { seed, size, companies, days, completedMarkerDays } = options;
  const demos = generateDemos({ seed, size, companies, days, now });
  // Whole days: from midnight UTC, `completedMarkerDays` days back.
  const completedMarkersSince =
    completedMarkerDays === undefined
      ? undefined
      : new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - completedMarkerDays));
  const deps = { db: dataFromEnv(), identity: identityFromEnv(), storage: storageFromEnv() };
  const summaries: string[] = [];
  for (const [index, demo] of demos.entries()) {
    const tenantSeed = seed + index;
    console.log(
      `Writing the demo tenant of seed ${tenantSeed}, ${size} locations, ${days} days${completedMarkerDays === undefined ? '' : ` (completed markers of the last ${completedMarkerDays})`}…`,
    );
    const write = () =>
      writeDemo(deps, demo, (line) => console.log(`  ${line}`), progress, {
        ...(completedMarkersSince ? { completedMarkersSince } : {}),
        lockChecks: index === 0,
      });
    const result = await (streamRead ? write() : withoutStream(standIns, provisioned.tableName, write));
    // The owner, a company manager, an area manager and a location manager of each company.
    const signIn = [Role.Owner, Role.CompanyManager, Role.AreaManager, Role.Manager]
      .map((roleId) => demo.people.find((p) => p.roleId === roleId))
      .map((p) => (p ? `  ${p.email.padEnd(56)} ${roleNames[p.roleId]}` : ''))
      .join('\n');
    summaries.push(
      `"${demo.company.name}"${result.written ? ' written' : ': already there, nothing written'}. Sign in as, for example:\n${signIn}`,
    );
  }
  console.log(
    `\n${summaries.join('\n\n')}\n\nEvery demo account uses ${DEMO_PASSWORD}; the Super User sees every company too.`,
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
