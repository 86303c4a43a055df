import { execFileSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { Runtime } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { bench, describe } from 'vitest';
import { lambdaBundling } from '../../infra/aws/constructs/resource-function.ts';
import { demoContext, resourcesOf, synthSiteWalk } from '../../infra/aws/synth.test-support.ts';

/**
 * Cold start of every Lambda, as `cdk synth` bundles it, against a floor bundle built the same way that
 * holds only the DynamoDB document client (test/bench/cold-start-floor.ts). For each: the bundle's size
 * and the time `import()` of it takes in a fresh Node.js process (the median of SAMPLES, every bundle
 * sampled in turn so load on the machine spreads evenly), each as a ratio to the floor's, measured in
 * the same run. Budgets (issue #16): size <= 1.3x, import <= 1.5x the floor.
 *
 * A second reference, the stack floor (test/bench/cold-start-stack-floor.ts), holds what every resource
 * function pays before its own code with the chosen libraries (ElectroDB with every entity, middy, zod,
 * Powertools); the ratios to it show what each function's own code and clients add.
 */
const SAMPLES = Number(process.env.COLD_START_SAMPLES ?? 9);
const SIZE_BUDGET = 1.3;
const IMPORT_BUDGET = 1.5;

const root = fileURLToPath(new URL('../..', import.meta.url));

interface Bundle {
  name: string;
  file: string;
  /** The function's environment: its literal values, and a stand-in for each deploy-time reference. */
  environment: Record<string, string>;
}

/** Values for what the templates only reference (a table name, a pool id…); nothing is called at import. */
const standIns: Record<string, string> = {
  TABLE_NAME: 'bench',
  USER_POOL_ID: 'us-east-1_bench',
  USER_POOL_CLIENT_ID: 'bench',
  UPLOAD_BUCKET: 'bench',
  MAIL_FROM: 'bench@sitewalk.example',
  APP_URL: 'https://bench.sitewalk.example',
  PIN_KEY_ID: 'arn:aws:kms:us-east-1:123456789012:key/bench',
};

const bundleOf = (assembly: string, fn: { Properties?: Record<string, unknown> }, name: string): Bundle => {
  const props = fn.Properties as {
    Code: { S3Key: string };
    Environment?: { Variables: Record<string, unknown> };
  };
  const variables = props.Environment?.Variables ?? {};
  const environment = Object.fromEntries(
    Object.entries(variables).map(([key, value]) => [
      key,
      typeof value === 'string' ? value : (standIns[key] ?? 'bench'),
    ]),
  );
  const hash = props.Code.S3Key.replace(/\.zip$/, '');
  return { name, file: join(assembly, `asset.${hash}`, 'index.mjs'), environment };
};

/** Every function of the app, bundled as `cdk synth` bundles it. */
const functionBundles = (): Bundle[] => {
  const synth = synthSiteWalk(demoContext, undefined, { bundle: true });
  return Object.values(resourcesOf(synth.application, 'AWS::Lambda::Function')).flatMap((fn) => {
    const service = (fn.Properties as { Environment?: { Variables: Record<string, unknown> } }).Environment
      ?.Variables['POWERTOOLS_SERVICE_NAME'];
    if (typeof service !== 'string' || !service.startsWith('sitewalk-')) return [];
    return [bundleOf(synth.assembly.directory, fn, service.slice('sitewalk-'.length))];
  });
};

/** A reference bundle: the same bundling options, the same runtime and Node.js options as every function. */
const floorBundle = (entry: string, name: string): Bundle => {
  const app = new App();
  const stack = new Stack(app, 'ColdStartFloor');
  new NodejsFunction(stack, 'Floor', {
    entry: join(root, entry),
    handler: 'handler',
    projectRoot: root,
    depsLockFilePath: join(root, 'package-lock.json'),
    runtime: Runtime.NODEJS_24_X,
    bundling: lambdaBundling,
    environment: { NODE_OPTIONS: '--enable-source-maps', TABLE_NAME: 'bench' },
  });
  const assembly = app.synth();
  const [fn] = Object.values(resourcesOf(Template.fromStack(stack), 'AWS::Lambda::Function'));
  if (!fn) throw new Error('The floor stack has no function');
  return bundleOf(assembly.directory, fn, name);
};

/** What Lambda's Node.js runtime sets, so the Tracer and the SDK start as they do there. */
const lambdaEnvironment = {
  AWS_REGION: 'us-east-1',
  AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs24.x',
  AWS_LAMBDA_FUNCTION_NAME: 'bench',
  AWS_ACCESS_KEY_ID: 'bench',
  AWS_SECRET_ACCESS_KEY: 'bench',
  // Lambda runs Node.js 24; on an older Node.js here the SDK would print (and time) a warning at import.
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
};

const IMPORT_TIMER =
  'const started = performance.now(); await import(process.argv[1]); ' +
  'process.stdout.write(String(performance.now() - started)); process.exit(0);';

/** Milliseconds `import()` of the bundle takes in a new Node.js process. */
const importMs = (bundle: Bundle): number => {
  const { NODE_OPTIONS, ...environment } = bundle.environment;
  const output = execFileSync(
    process.execPath,
    // `node -e code arg` hands the code `arg` as process.argv[1].
    [
      ...(NODE_OPTIONS ?? '').split(' ').filter(Boolean),
      '--input-type=module',
      '-e',
      IMPORT_TIMER,
      pathToFileURL(bundle.file).href,
    ],
    {
      env: { PATH: process.env.PATH, ...lambdaEnvironment, ...environment },
      encoding: 'utf8',
      input: '',
    },
  );
  return Number(output);
};

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

const floor = floorBundle('test/bench/cold-start-floor.ts', 'floor (document client)');
const stackFloor = floorBundle('test/bench/cold-start-stack-floor.ts', 'stack floor (libraries)');
const functions = functionBundles().sort((a, b) => a.name.localeCompare(b.name));

const measure = () => {
  const all = [floor, stackFloor, ...functions];
  const samples = new Map(all.map((bundle) => [bundle.name, [] as number[]]));
  for (let round = 0; round < SAMPLES; round++) {
    for (const bundle of all) {
      samples.get(bundle.name)!.push(importMs(bundle));
    }
  }
  const floorSize = statSync(floor.file).size;
  const floorMs = median(samples.get(floor.name)!);
  const stackSize = statSync(stackFloor.file).size;
  const stackMs = median(samples.get(stackFloor.name)!);
  const rows = all.map((bundle) => {
    const size = statSync(bundle.file).size;
    const ms = median(samples.get(bundle.name)!);
    const sizeRatio = size / floorSize;
    const importRatio = ms / floorMs;
    return {
      function: bundle.name,
      'size KB': Math.round(size / 1024),
      'size/floor': sizeRatio.toFixed(2),
      'import ms': Math.round(ms),
      'import/floor': importRatio.toFixed(2),
      'size/stack': (size / stackSize).toFixed(2),
      'import/stack': (ms / stackMs).toFixed(2),
      'within budget': sizeRatio <= SIZE_BUDGET && importRatio <= IMPORT_BUDGET ? 'yes' : 'no',
    };
  });
  console.log(
    `[cold start] median of ${SAMPLES} imports, each in a fresh Node.js process; budgets: size <= ` +
      `${SIZE_BUDGET}x, import <= ${IMPORT_BUDGET}x the floor`,
  );
  console.table(rows);
};

// tinybench calls a plain (not async) task extra times to learn that it is not async: the figures are
// measured and printed once.
let measured = false;

describe('cold start of every Lambda bundle against the document-client floor', () => {
  bench(
    `${functions.length} functions and the two floors, ${SAMPLES} imports each`,
    () => {
      if (measured) return;
      measured = true;
      measure();
    },
    { iterations: 1, warmupIterations: 0, time: 0, warmupTime: 0 },
  );
});
