/** cognito-local in a Node child process (cognito-local.mjs), brought in line with Cognito. */
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { track, type Child } from './process-groups.ts';
import { HOST, httpAnswers, url, waitUntilReady } from './readiness.ts';

export const startCognito = (port: number, directory: string, log: (line: string) => void): Child => {
  // cognito-local reads <cwd>/.cognito/config.json. Its built-in default gives every new pool
  // UsernameAttributes ["email"] (and AdminCreateUser then insists on an e-mail as username), and an
  // empty list in CreateUserPool cannot override it; this config can. The issuer is pinned to the URL
  // clients use.
  mkdirSync(join(directory, '.cognito'), { recursive: true });
  writeFileSync(
    join(directory, '.cognito', 'config.json'),
    `${JSON.stringify(
      { UserPoolDefaults: { UsernameAttributes: [] }, TokenConfig: { IssuerDomain: url(port) } },
      null,
      2,
    )}\n`,
  );
  // cognito-local.mjs patches a few sign-in behaviours to match Cognito, then runs cognito-local's bin/start.js.
  const child = spawn(process.execPath, [fileURLToPath(new URL('./cognito-local.mjs', import.meta.url))], {
    cwd: directory,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, PORT: String(port), HOST, AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE: '1' },
  });
  return track('cognito', child, log);
};

/** Resolves once cognito-local answers its health check; fails early when its process dies. */
export const cognitoReady = (child: Child, port: number, timeoutMs: number): Promise<void> =>
  waitUntilReady('cognito', () => httpAnswers(`${url(port)}/health`), timeoutMs, child);
