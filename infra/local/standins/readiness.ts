/** Ports the stand-ins listen on, and probes that wait until each of them answers. */
import { createServer, type AddressInfo } from 'node:net';
import type { StandInName } from './local-aws.ts';
import type { Child } from './process-groups.ts';

export const HOST = '127.0.0.1';
export const url = (port: number) => `http://${HOST}:${port}`;

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, HOST, () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });

export const assertPortFree = (name: StandInName, port: number): Promise<void> =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        new Error(
          error.code === 'EADDRINUSE'
            ? `Port ${port} for the ${name} stand-in is already in use (is SiteWalk already running?).`
            : `Port ${port} for the ${name} stand-in cannot be used: ${error.message}`,
        ),
      ),
    );
    server.listen(port, HOST, () => server.close(() => resolve()));
  });

/** The fixed port if one is given (and free), else a free one chosen by the OS. */
export const portFor = async (name: StandInName, fixed: number | undefined): Promise<number> => {
  if (fixed === undefined) return freePort();
  await assertPortFree(name, fixed);
  return fixed;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `probe` until it resolves true; fails early when the child process dies. */
export const waitUntilReady = async (
  name: StandInName,
  probe: () => Promise<boolean>,
  timeoutMs: number,
  child?: Child,
): Promise<void> => {
  const started = Date.now();
  let lastError: unknown;
  for (;;) {
    if (child?.hasExited()) {
      throw new Error(
        `The ${name} stand-in exited before it answered (exit code ${String(child.process.exitCode)}).` +
          (child.tail.length ? `\nIts last output:\n${child.tail.join('\n')}` : ''),
      );
    }
    const answered = await probe().catch((error: unknown) => {
      lastError = error;
      return false;
    });
    if (answered) return;
    if (Date.now() - started > timeoutMs) {
      throw new Error(
        `The ${name} stand-in did not answer within ${Math.round(timeoutMs / 1000)} s` +
          (lastError instanceof Error ? ` (last attempt: ${lastError.message}).` : '.') +
          (child?.tail.length ? `\nIts last output:\n${child.tail.join('\n')}` : ''),
      );
    }
    await sleep(100);
  }
};

export const httpAnswers = async (target: string): Promise<boolean> => {
  const response = await fetch(target, { signal: AbortSignal.timeout(1_000) });
  await response.body?.cancel();
  return response.ok;
};
