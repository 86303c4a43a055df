/**
 * Per-test-file data on the shared stand-ins: vitest's globalSetup (test/support/global-setup.ts) starts the
 * stand-ins once per run and provides their endpoints as `standIns`; each test file calls
 * isolatedEnvironment() to get its own table, bucket and user pool, with process.env pointing at them.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import type { StandInsInfo } from './index.ts';
import { localEnvironment } from './env.ts';
import { provision, type ProvisionNames, type Provisioned } from '../provision.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    standIns: StandInsInfo;
  }
}

export interface IsolatedEnvironment {
  /** The variables set on process.env (the handlers' configuration). */
  env: Record<string, string>;
  provisioned: Provisioned;
  names: ProvisionNames;
  standIns: StandInsInfo;
}

export interface IsolatedEnvironmentOptions {
  appUrl?: string;
  mailFrom?: string;
}

export const isolatedEnvironment = async (
  options: IsolatedEnvironmentOptions = {},
): Promise<IsolatedEnvironment> => {
  const standIns = inject('standIns');
  if (!standIns) {
    throw new Error(
      'No stand-ins: run this file in a vitest project whose globalSetup is test/support/global-setup.ts.',
    );
  }
  const appUrl = options.appUrl ?? 'http://localhost:3000';
  const mailFrom = options.mailFrom ?? 'no-reply@sitewalk.local';
  // Lower-case letters and digits fit every service's naming rules (S3 buckets being the strictest).
  const suffix = randomBytes(5).toString('hex');
  const names: ProvisionNames = {
    tableName: `test-${suffix}`,
    bucketName: `test-${suffix}`,
    userPoolName: `test-${suffix}`,
    appOrigin: new URL(appUrl).origin,
  };
  const provisioned = await provision(standIns, names);
  // A fresh PIN key, audit key and anchor directory per test file, as its table is fresh.
  const env = localEnvironment(standIns, provisioned, {
    appUrl,
    mailFrom,
    pinKey: randomBytes(32).toString('base64'),
    auditKey: randomBytes(32).toString('base64'),
    anchorDir: mkdtempSync(join(tmpdir(), `sitewalk-anchors-${suffix}-`)),
  });
  Object.assign(process.env, env);
  return { env, provisioned, names, standIns };
};
