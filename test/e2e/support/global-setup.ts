/**
 * vitest globalSetup of the `e2e` project, after test/support/global-setup.ts (whose stand-ins it uses):
 * checks that Debian's Chromium is there (failing at once with the command that installs it), builds the
 * SPA when web/dist is missing or older than its sources, starts one local host for the whole run
 * (test/support/host-process.ts) and one Chromium that every test file connects to, shared by the projects that
 * name this file. Test files read both from `inject('e2e')`.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ProvidedContext } from 'vitest';
import type { TestProject } from 'vitest/node';
import { chromium, type BrowserServer } from 'playwright-core';
import { webBuildIsStale } from '../../../infra/local/web-build.ts';
import { startHostChild, type HostChild } from '../../support/host-child.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH, missingChromium } from './chromium.ts';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const webDist = join(root, 'web/dist');

/** `npm run build -w web`, its output shown only when it fails. */
const buildWeb = () =>
  new Promise<void>((resolve, reject) => {
    // Vitest runs with NODE_ENV=test, which would give the journeys and the benches React's development
    // build: the journeys use what users get.
    const child = spawn('npm', ['run', 'build', '-w', 'web'], {
      cwd: root,
      stdio: 'pipe',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`Building the web app failed (exit ${code}):\n${output}`)),
    );
  });

/** The run's host and Chromium, as the journeys read them, and how to stop both. */
interface Run {
  provided: ProvidedContext['e2e'];
  stop: () => Promise<void>;
}

// Both journey projects (`e2e`, `e2e-stage`: vitest.config.ts) name this file, and vitest calls each project's
// global setup in a module of its own: they share one host and one Chromium through this registry (as
// test/support/global-setup.ts shares the stand-ins), stopped after the last of them.
interface Shared {
  run: Promise<Run>;
  users: number;
}
const key = Symbol.for('sitewalk.test.e2eRun');
const registry = globalThis as typeof globalThis & { [key]?: Shared };

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const shared = (registry[key] ??= { run: startRun(project), users: 0 });
  shared.users += 1;
  const run = await shared.run.catch((error: unknown) => {
    delete registry[key];
    throw error;
  });
  project.provide('e2e', run.provided);
  return async () => {
    shared.users -= 1;
    if (shared.users > 0) return;
    delete registry[key];
    await run.stop();
  };
}

/** Builds the SPA when it is stale, then starts the run's host and Chromium (once, whichever project asks). */
async function startRun(project: TestProject): Promise<Run> {
  if (!existsSync(CHROMIUM_PATH)) throw new Error(missingChromium);
  const { standIns } = project.getProvidedContext();
  if (!standIns)
    throw new Error('The e2e project needs test/support/global-setup.ts listed before this file');

  if (webBuildIsStale(root)) await buildWeb();

  let browser: BrowserServer | undefined;
  let host: HostChild | undefined;
  try {
    const [started, server] = await Promise.all([
      startHostChild({ standIns, name: 'e2e', webDist, clockControl: true }),
      chromium.launchServer({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS }),
    ]);
    host = started;
    browser = server;
    return {
      provided: { ...started.ready, browserWsEndpoint: server.wsEndpoint(), ses: standIns.endpoints.ses },
      stop: async () => {
        await browser?.close();
        await host?.stop();
      },
    };
  } catch (error) {
    await browser?.close();
    await host?.stop();
    throw error;
  }
}
