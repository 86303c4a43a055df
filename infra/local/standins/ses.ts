/**
 * aws-ses-v2-local (SES v2), in this process; `GET /store` lists the mails sent. CommonJS, loaded with
 * require for a predictable default export.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { HOST, httpAnswers, url, waitUntilReady } from './readiness.ts';

const require = createRequire(import.meta.url);

export const startSes = async (port: number): Promise<{ port: number; close: () => Promise<void> }> => {
  const { default: sesServer } = require('aws-ses-v2-local') as typeof import('aws-ses-v2-local');
  const server: Server = await sesServer({ host: HOST, port });
  // Express hands a listen error to the callback, which aws-ses-v2-local takes as success.
  if (!server.listening) throw new Error(`The ses stand-in could not listen on port ${port}.`);
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
};

/** Resolves once aws-ses-v2-local answers its health check. */
export const sesReady = (port: number, timeoutMs: number): Promise<void> =>
  waitUntilReady('ses', () => httpAnswers(`${url(port)}/health-check`), timeoutMs);
