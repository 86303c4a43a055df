/**
 * vitest globalSetup: starts the local stand-ins (in memory, free ports) once per run and provides their
 * endpoints to the test files as `standIns`; test files take their own table, bucket and user pool from
 * them with isolatedEnvironment(). Set SITEWALK_STANDINS_LOG=1 to see the stand-ins' own output.
 */
import type { TestProject } from 'vitest/node';
import { startStandIns, type StandIns } from '../../infra/local/standins/index.ts';

// As in the test workers (vitest.config.ts): the SDK's notice about Node 20 is noise here.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

// Several projects may name this file; they share one set of stand-ins, stopped after the last of them.
interface Shared {
  standIns: Promise<StandIns>;
  users: number;
}
const key = Symbol.for('sitewalk.test.standIns');
const registry = globalThis as typeof globalThis & { [key]?: Shared };

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const shared = (registry[key] ??= {
    standIns: startStandIns({
      log: process.env.SITEWALK_STANDINS_LOG ? (line) => console.error(line) : undefined,
    }),
    users: 0,
  });
  shared.users += 1;
  const standIns = await shared.standIns.catch((error: unknown) => {
    delete registry[key];
    throw error;
  });
  project.provide('standIns', {
    endpoints: standIns.endpoints,
    region: standIns.region,
    credentials: standIns.credentials,
    cognitoSigningKeyFile: standIns.cognitoSigningKeyFile,
  });
  return async () => {
    shared.users -= 1;
    if (shared.users > 0) return;
    delete registry[key];
    await standIns.stop();
  };
}
