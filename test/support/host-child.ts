/**
 * Starts ./host-process.ts as a child process for a vitest globalSetup and stops it after the run: the
 * journeys' host (with the built SPA and the clock control) and the contract tier's shared host.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { StandInsInfo } from '../../infra/local/standins/index.ts';
import type { HostReady } from './host-process.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

export interface HostChildOptions {
  standIns: StandInsInfo;
  /** What its table, bucket and user pool are named after. */
  name: string;
  /** The built SPA to serve beside the API. */
  webDist?: string;
  /** The evaluator on its timer and the clock control (they act on the whole stage). */
  clockControl?: boolean;
}

export interface HostChild {
  ready: HostReady;
  stop: () => Promise<void>;
}

const stopChild = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });

export const startHostChild = (options: HostChildOptions) =>
  new Promise<HostChild>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', fileURLToPath(new URL('./host-process.ts', import.meta.url))],
      {
        cwd: root,
        env: {
          ...process.env,
          HOST_STANDINS: JSON.stringify(options.standIns),
          HOST_NAME: options.name,
          HOST_WEB_DIST: options.webDist ?? '',
          HOST_CLOCK_CONTROL: options.clockControl ? '1' : '',
        },
        stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
      },
    );
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      reject(new Error(`The ${options.name} local host did not start within 120 s`));
    }, 120_000);
    child.once('error', reject);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The ${options.name} local host exited with ${code} before it answered`));
    });
    createInterface({ input: child.stdout! }).once('line', (line) => {
      clearTimeout(timer);
      resolve({ ready: JSON.parse(line) as HostReady, stop: () => stopChild(child) });
    });
  });
