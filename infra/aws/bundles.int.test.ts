import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Context } from 'aws-lambda';
import { resources, type Resource } from '@sitewalk/shared/contract/route';
import type { HttpEvent, HttpResult } from '@sitewalk/functions/http/handler';
import { workers, type Worker } from '@sitewalk/functions/resource-access';
import { isolatedEnvironment } from '../local/standins/isolated.ts';
import { demoContext, resourcesOf, synthSiteWalk } from './synth.test-support.ts';

/**
 * The Lambda bundles exactly as `cdk synth` builds them (esbuild, ESM for Node.js 24, minified), started
 * here as Lambda starts them and answering against the stand-ins: proof the bundling options produce code
 * that runs, not only templates that look right.
 */
type Bundle = { handler: (event: HttpEvent, context: Context) => Promise<HttpResult> };
const bundles = new Map<Resource | Worker, { file: string }>();

type Functions = Record<string, { Properties: unknown }>;

const root = fileURLToPath(new URL('../..', import.meta.url));
const cdkOut = join(root, 'cdk.out');
/** What a Lambda bundle is built from: the handlers, the shared code, the CDK app and the locked packages. */
const bundleSources = ['functions/src', 'shared/src', 'infra/aws', 'infra/bin', 'package-lock.json'];

const newestChange = (path: string): number => {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path, { withFileTypes: true })
    .filter((entry) => entry.name !== 'node_modules')
    .reduce((newest, entry) => Math.max(newest, newestChange(join(path, entry.name))), stat.mtimeMs);
};

/**
 * The demo stage's functions in `cdk.out` when `npm run synth -- -c stage=demo` (CI's step before the tests)
 * built it after the last change to what the bundles are made of; null when there is none that new.
 */
const functionsInCdkOut = (): { directory: string; functions: Functions } | null => {
  const manifestFile = join(cdkOut, 'manifest.json');
  if (!existsSync(manifestFile)) return null;
  const builtAt = statSync(manifestFile).mtimeMs;
  if (bundleSources.some((source) => newestChange(join(root, source)) > builtAt)) return null;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as {
    artifacts: Record<string, { type: string; properties?: { templateFile?: string } }>;
  };
  const stacks = Object.entries(manifest.artifacts).filter(
    ([name, artifact]) =>
      artifact.type === 'aws:cloudformation:stack' && name.startsWith(`SiteWalk-${demoContext.stage}-`),
  );
  if (stacks.length === 0) return null;
  const functions: Functions = {};
  for (const [, artifact] of stacks) {
    const template = JSON.parse(
      readFileSync(join(cdkOut, artifact.properties?.templateFile ?? ''), 'utf8'),
    ) as { Resources: Record<string, { Type: string; Properties: unknown }> };
    for (const [id, resource] of Object.entries(template.Resources)) {
      if (resource.Type === 'AWS::Lambda::Function') functions[id] = resource;
    }
  }
  return { directory: cdkOut, functions };
};

beforeAll(async () => {
  await isolatedEnvironment();
  // Bundling every Lambda takes minutes on a busy machine: `cdk synth`'s own output is used when it is fresh.
  const built =
    functionsInCdkOut() ??
    (() => {
      const synth = synthSiteWalk(demoContext, undefined, { bundle: true });
      return {
        directory: synth.assembly.directory,
        functions: resourcesOf(synth.application, 'AWS::Lambda::Function') as Functions,
      };
    })();
  for (const fn of Object.values(built.functions)) {
    const props = fn.Properties as {
      Code: { S3Key: string };
      Environment?: { Variables: Record<string, unknown> };
    };
    const service = props.Environment?.Variables['POWERTOOLS_SERVICE_NAME'];
    if (typeof service !== 'string' || !service.startsWith('sitewalk-')) continue;
    const hash = props.Code.S3Key.replace(/\.zip$/, '');
    bundles.set(service.slice('sitewalk-'.length) as Resource | Worker, {
      file: join(built.directory, `asset.${hash}`, 'index.mjs'),
    });
  }
}, 240_000);

const load = async (resource: Resource | Worker): Promise<Bundle> => {
  const bundle = bundles.get(resource);
  if (!bundle) throw new Error(`No bundle for ${resource}`);
  return (await import(pathToFileURL(bundle.file).href)) as Bundle;
};

const event = (method: string, path: string): HttpEvent =>
  ({
    version: '2.0',
    routeKey: `${method} ${path}`,
    rawPath: path,
    rawQueryString: '',
    headers: {},
    requestContext: {
      http: { method, path, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'test' },
      requestId: 'bundle-test',
      routeKey: `${method} ${path}`,
      stage: '$default',
      time: new Date().toISOString(),
      timeEpoch: Date.now(),
    },
    isBase64Encoded: false,
  }) as unknown as HttpEvent;

const context = { awsRequestId: 'bundle-test', getRemainingTimeInMillis: () => 10_000 } as unknown as Context;

describe('the Lambda bundles', () => {
  it('exist for every resource and worker, each a few megabytes at most (no offline ZIP-code table inside)', () => {
    expect([...bundles.keys()].sort()).toEqual([...resources, ...workers].sort());
    for (const [resource, { file }] of bundles) {
      expect(statSync(file).size, resource).toBeLessThan(3_000_000);
    }
  });

  it.each([...resources, ...workers].filter((resource) => resource !== 'health'))(
    'start: %s',
    async (resource) => {
      const bundle = await load(resource);
      expect(typeof bundle.handler).toBe('function');
    },
  );

  it('answer: health reads the table and says ok', async () => {
    const { handler } = await load('health');
    const result = await handler(event('GET', '/api/health'), context);
    expect(result.statusCode).toBe(200);
    expect(JSON.parse(result.body ?? '{}')).toMatchObject({ status: 'ok' });
  });

  // The bundles' ElectroDB has only the document commands it sends and no JSON-schema validator
  // (functions/src/db/bundled-*.ts): its entities still read, write and count there.
  it('answer: the auth bundle counts failed sign-ins in the table and refuses the sixth', async () => {
    const { handler } = await load('auth');
    const signIn = () =>
      handler(
        {
          ...event('POST', '/api/auth/login'),
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'nobody@bundle.example', password: 'not-the-password-1A!' }),
        },
        context,
      );
    const statuses: (number | undefined)[] = [];
    for (let attempt = 0; attempt < 6; attempt++) statuses.push((await signIn()).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it('answer: the cleanup worker sweeps for stalled cleanups on its schedule', async () => {
    const { handler } = (await load('cleanup')) as unknown as { handler: (event: unknown) => Promise<void> };
    await expect(
      handler({ 'detail-type': 'Scheduled Event', source: 'aws.events' }),
    ).resolves.toBeUndefined();
  });

  it('the export bundle carries pdfkit’s font metrics where pdfkit’s own require finds them', async () => {
    const { file } = bundles.get('export') ?? { file: '' };
    const fromBundle = createRequire(file);
    // pdfkit loads each standard font with require('#standard-fonts/<name>'), a subpath import of the nearest
    // package.json: the bundle's own.
    for (const font of ['Helvetica', 'HelveticaBold', 'HelveticaOblique']) {
      const metrics = fromBundle(`#standard-fonts/${font}`) as { name?: string; glyphWidths?: number[] };
      expect(metrics.name, font).toMatch(/^Helvetica/);
      expect(metrics.glyphWidths?.length, font).toBeGreaterThan(0);
    }
  });

  it('answer: the walkPhoto worker takes S3’s event, leaving alone what is no walk photo or no longer recorded', async () => {
    const { handler } = (await load('walkPhoto')) as unknown as {
      handler: (event: unknown) => Promise<void>;
    };
    const record = (key: string) => ({
      eventName: 'ObjectCreated:Put',
      s3: { bucket: { name: process.env.UPLOAD_BUCKET }, object: { key } },
    });
    await expect(
      handler({
        Records: [
          record('tenants/1/company-logo/1/logo.png'),
          record('tenants/1/walk-photo/999999/gone.jpg'),
        ],
      }),
    ).resolves.toBeUndefined();
  });

  it('answer: a protected route without the authorizer’s claims is refused in the envelope', async () => {
    const { handler } = await load('walk');
    const result = await handler(event('GET', '/api/walk/{id}'), context);
    expect(result.statusCode).toBe(401);
    expect(JSON.parse(result.body ?? '{}')).toMatchObject({ success: false });
  });
});
