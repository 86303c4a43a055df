/**
 * Child processes: each in its own process group, killed as a group, also when this process goes away
 * unexpectedly (exit, SIGINT, SIGTERM, SIGHUP), so no Java process is ever left behind.
 */
import { rmSync } from 'node:fs';
import type { ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { stripVTControlCharacters } from 'node:util';
import type { StandInName } from './local-aws.ts';

const liveGroups = new Set<number>();
let exitHooksInstalled = false;

const killGroup = (pid: number, signal: NodeJS.Signals): void => {
  try {
    process.kill(-pid, signal);
  } catch {
    // ESRCH: the group is already gone.
  }
};

/** Temporary directories of running stand-ins, removed by stop() or when this process goes away. */
const liveTempDirs = new Set<string>();

export const removeTempDirs = (directories: Iterable<string>): void => {
  for (const directory of directories) {
    try {
      rmSync(directory, { recursive: true, force: true, maxRetries: 2 });
    } catch {
      // A child still writing into it; the OS cleans the temporary directory eventually.
    }
    liveTempDirs.delete(directory);
  }
};

const killAllGroupsNow = (): void => {
  // Nothing will wait for them; SIGTERM still lets DynamoDB Local close its database cleanly.
  for (const pid of liveGroups) killGroup(pid, 'SIGTERM');
  removeTempDirs([...liveTempDirs]);
};

const installExitHooks = (): void => {
  if (exitHooksInstalled) return;
  exitHooksInstalled = true;
  // 'exit' handlers must be synchronous; process.kill is.
  process.on('exit', killAllGroupsNow);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    const onSignal = () => {
      // The children sit in their own process group, so a Ctrl-C in the terminal does not reach them.
      // Keep the default behaviour (terminate) unless the application handles the signal itself.
      if (process.listenerCount(signal) === 1) {
        killAllGroupsNow();
        process.off(signal, onSignal);
        process.kill(process.pid, signal);
      } else {
        for (const pid of liveGroups) killGroup(pid, 'SIGTERM');
      }
    };
    process.on(signal, onSignal);
  }
};

/** Removes the directory when this process goes away, unless removeTempDirs() did so first. */
export const trackTempDir = (directory: string): void => {
  liveTempDirs.add(directory);
  installExitHooks();
};

export interface Child {
  name: StandInName;
  process: ChildProcess;
  pid: number;
  /** The last lines it printed, for error messages. */
  tail: string[];
  exited: Promise<void>;
  hasExited: () => boolean;
}

export const track = (name: StandInName, child: ChildProcess, log: (line: string) => void): Child => {
  const pid = child.pid;
  if (pid === undefined) throw new Error(`The ${name} stand-in did not start.`);
  liveGroups.add(pid);
  installExitHooks();
  const tail: string[] = [];
  for (const stream of [child.stdout, child.stderr]) {
    if (!stream) continue;
    createInterface({ input: stream }).on('line', (raw) => {
      const line = stripVTControlCharacters(raw); // cognito-local's logger always colours
      tail.push(line);
      if (tail.length > 30) tail.shift();
      log(`[${name}] ${line}`);
    });
  }
  let exited = child.exitCode !== null || child.signalCode !== null;
  const exitedPromise = exited
    ? Promise.resolve()
    : new Promise<void>((resolve) => {
        child.once('exit', () => {
          exited = true;
          resolve();
        });
        child.once('error', () => {
          exited = true;
          resolve();
        });
      });
  void exitedPromise.then(() => liveGroups.delete(pid));
  return { name, process: child, pid, tail, exited: exitedPromise, hasExited: () => exited };
};

const groupAlive = (pid: number): boolean => {
  try {
    process.kill(-pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Resolves true once no process of the group is left (reaped), false after `ms`. */
const groupGone = async (pid: number, ms: number): Promise<boolean> => {
  const until = Date.now() + ms;
  while (groupAlive(pid)) {
    if (Date.now() > until) return false;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return true;
};

/** SIGTERM to the whole group (Java shuts down cleanly), SIGKILL for whatever is left after the grace. */
export const stopChild = async (child: Child, graceMs = 5_000): Promise<void> => {
  killGroup(child.pid, 'SIGTERM');
  await Promise.race([child.exited, new Promise((resolve) => setTimeout(resolve, graceMs).unref())]);
  if (!(await groupGone(child.pid, graceMs))) {
    killGroup(child.pid, 'SIGKILL');
    await groupGone(child.pid, 2_000);
  }
  liveGroups.delete(child.pid);
};
