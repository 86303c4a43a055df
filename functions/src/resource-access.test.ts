import { afterEach, describe, expect, it, vi } from 'vitest';
import { resources } from '@sitewalk/shared/contract/route';
import type { EnvName } from './env.ts';
import { resourceModules, workerModules } from './handlers.ts';
import {
  environmentOf,
  resourceAccess,
  workerAccess,
  workers,
  type ResourceAccess,
  type Worker,
} from './resource-access.ts';

/** Plausible values, as the CDK app would set them. */
const values: Record<EnvName, string> = {
  AWS_REGION: 'us-east-1',
  TABLE_NAME: 'table',
  USER_POOL_ID: 'us-east-1_pool',
  USER_POOL_CLIENT_ID: 'client',
  UPLOAD_BUCKET: 'uploads',
  MAIL_FROM: 'no-reply@example.com',
  APP_URL: 'https://app.example.com',
  GEOCODER: 'amazon-location',
  PIN_KEY_ID: 'arn:aws:kms:us-east-1:123456789012:key/pins',
  PIN_LOCAL_KEY: Buffer.alloc(32).toString('base64'),
  MFA_REQUIRED_ROLES: '50,45,40',
  AUDIT_KEY_ID: 'arn:aws:kms:us-east-1:123456789012:key/audit',
  AUDIT_LOCAL_KEY: Buffer.alloc(32).toString('base64'),
  AUDIT_ANCHOR_BUCKET: 'anchors',
  AUDIT_ANCHOR_DIR: '/tmp/anchors',
  DYNAMODB_ENDPOINT: 'http://localhost:1',
  COGNITO_ENDPOINT: 'http://localhost:2',
  S3_ENDPOINT: 'http://localhost:3',
  SES_ENDPOINT: 'http://localhost:4',
  REKOGNITION_ENDPOINT: 'http://localhost:5',
  LOG_LEVEL: 'ERROR',
};

/** Starts a resource's or worker's module as a cold Lambda would, with only the given variables set. */
const coldStart = async (resource: (typeof resources)[number] | Worker, names: readonly EnvName[]) => {
  const saved = { ...process.env };
  for (const name of Object.keys(values)) delete process.env[name];
  Object.assign(process.env, Object.fromEntries(names.map((name) => [name, values[name]])));
  vi.resetModules();
  try {
    const load =
      resource in workerModules
        ? workerModules[resource as Worker]
        : resourceModules[resource as (typeof resources)[number]];
    if (!load) throw new Error(`No module for ${resource}`);
    return await load();
  } finally {
    process.env = saved;
  }
};

afterEach(() => vi.resetModules());

describe.each(resources)('the %s Lambda', (resource) => {
  const declared = environmentOf(resourceAccess[resource]);

  it('starts with exactly the environment its access declares', async () => {
    const module = await coldStart(resource, ['AWS_REGION', ...declared]);
    expect(typeof module.handler).toBe('function');
  });

  it.each(declared)(
    'refuses to start without %s, so the declaration holds nothing it does not use',
    async (name) => {
      const without = declared.filter((other) => other !== name);
      await expect(coldStart(resource, ['AWS_REGION', ...without])).rejects.toThrow(name);
    },
  );
});

describe.each(workers)('the %s worker', (worker) => {
  const declared = environmentOf(workerAccess[worker]);

  it('starts with exactly the environment its access declares', async () => {
    const module = await coldStart(worker, ['AWS_REGION', ...declared]);
    expect(typeof module.handler).toBe('function');
  });

  it.each(declared)('refuses to start without %s', async (name) => {
    const without = declared.filter((other) => other !== name);
    await expect(coldStart(worker, ['AWS_REGION', ...without])).rejects.toThrow(name);
  });
});

describe('resource access', () => {
  it('reads the table read-only where a resource only reads', () => {
    expect(resourceAccess.health.table).toBe('read');
    expect(resourceAccess.geo.table).toBe('read');
  });

  it('lets only the user Lambda seal and open PINs', () => {
    const holders = Object.entries(resourceAccess).filter(([, access]) => 'pinKey' in access);
    expect(holders).toEqual([['user', expect.objectContaining({ pinKey: ['Encrypt', 'Decrypt'] })]]);
    expect(environmentOf(resourceAccess.user)).toContain('PIN_KEY_ID');
  });

  it('lets exactly the functions that write audit entries sign them, and no worker', () => {
    const writers = Object.entries({ ...resourceAccess, ...workerAccess })
      .filter(([, access]) => 'auditWriter' in access)
      .map(([name]) => name)
      .sort();
    expect(writers).toEqual(
      [
        'auth',
        'incident',
        'location',
        'lockCheck',
        'managementCompany',
        'organization',
        'task',
        'user',
        'walk',
      ].sort(),
    );
    expect(environmentOf(resourceAccess.walk)).toContain('AUDIT_KEY_ID');
    expect(environmentOf(resourceAccess.export)).not.toContain('AUDIT_KEY_ID');
  });

  it('lets the audit anchor worker only read the table and write anchors', () => {
    expect(workerAccess.auditAnchor).toEqual({ table: 'read', auditAnchors: true });
    expect(environmentOf(workerAccess.auditAnchor)).toEqual(['TABLE_NAME', 'AUDIT_ANCHOR_BUCKET']);
  });

  it('gives the app URL to those who queue mails, and the sender only to the mail worker, which sends them', () => {
    expect(environmentOf({ table: 'read', mail: 'queue' })).toEqual(['TABLE_NAME', 'APP_URL']);
    expect(environmentOf({ table: 'read', mail: 'send' })).toEqual(['TABLE_NAME', 'MAIL_FROM']);
    const senders = [...Object.entries(resourceAccess), ...Object.entries(workerAccess)]
      .filter(([, access]) => (access as ResourceAccess).mail === 'send')
      .map(([name]) => name);
    expect(senders).toEqual(['mailOutbox']);
  });
});
