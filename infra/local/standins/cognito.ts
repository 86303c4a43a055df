/** cognito-local in a Node child process (cognito-local.mjs), brought in line with Cognito. */
import { spawn } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { track, type Child } from './process-groups.ts';
import { HOST, httpAnswers, url, waitUntilReady } from './readiness.ts';

/** Where the Cognito stand-in's signing key is kept in its data directory. */
export const signingKeyFileIn = (directory: string): string => join(directory, 'signing-key.pem');

/**
 * The key cognito-local signs tokens with, made once per data directory (kept beside the pool it signs for;
 * delete the directory and both go). cognito-local's own key ships inside its npm package, so with it anyone
 * could mint a Super User's token; the child is handed this one instead (cognito-local.mjs). Returns its path.
 */
export const localSigningKey = (directory: string): string => {
  const path = signingKeyFileIn(directory);
  if (existsSync(path)) return path;
  mkdirSync(directory, { recursive: true });
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  try {
    writeFileSync(path, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return path;
};

export const startCognito = (
  port: number,
  directory: string,
  signingKeyFile: string,
  log: (line: string) => void,
): Child => {
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
    env: {
      ...process.env,
      PORT: String(port),
      HOST,
      SIGNING_KEY_FILE: signingKeyFile,
      AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE: '1',
    },
  });
  return track('cognito', child, log);
};

/** Resolves once cognito-local answers its health check; fails early when its process dies. */
export const cognitoReady = (child: Child, port: number, timeoutMs: number): Promise<void> =>
  waitUntilReady('cognito', () => httpAnswers(`${url(port)}/health`), timeoutMs, child);
