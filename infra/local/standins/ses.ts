/**
 * aws-ses-v2-local (SES v2), in this process; `GET /store` lists the mails sent. CommonJS, loaded with
 * require for a predictable default export.
 *
 * It listens behind a small front of ours, on the port asked for, which can make SES fail on demand for tests
 * (issue 28): `PUT /__failing/<address>` makes every SendEmail to that address answer 503 (as SES does when it is
 * down) until `DELETE /__failing/<address>`. By address, because every test file of a run shares this stand-in.
 */
import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { HOST, httpAnswers, url, waitUntilReady } from './readiness.ts';

const require = createRequire(import.meta.url);

const FAILING = '/__failing/';
const SEND = '/v2/email/outbound-emails';

const bodyOf = async (incoming: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of incoming) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

/** The recipients of a SendEmail request's body (none when it is not one). */
const recipientsOf = (body: Buffer): string[] => {
  try {
    const parsed = JSON.parse(body.toString('utf8')) as { Destination?: { ToAddresses?: unknown } };
    const to = parsed.Destination?.ToAddresses;
    return Array.isArray(to) ? to.filter((a): a is string => typeof a === 'string') : [];
  } catch {
    return [];
  }
};

const listen = (server: Server, port: number) =>
  new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, HOST, () => resolve());
  });

const close = (server: Server) =>
  new Promise<void>((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()));
    server.closeAllConnections();
  });

export const startSes = async (port: number): Promise<{ port: number; close: () => Promise<void> }> => {
  const { default: sesServer } = require('aws-ses-v2-local') as typeof import('aws-ses-v2-local');
  const inner: Server = await sesServer({ host: HOST, port: 0 });
  // Express hands a listen error to the callback, which aws-ses-v2-local takes as success.
  if (!inner.listening) throw new Error('The ses stand-in could not listen.');
  const innerPort = (inner.address() as AddressInfo).port;
  const failing = new Set<string>();

  const front = createServer((incoming, answer) => {
    void (async () => {
      const path = incoming.url ?? '/';
      if (path.startsWith(FAILING) && (incoming.method === 'PUT' || incoming.method === 'DELETE')) {
        const address = decodeURIComponent(path.slice(FAILING.length)).toLowerCase();
        if (incoming.method === 'PUT') failing.add(address);
        else failing.delete(address);
        answer.writeHead(204).end();
        return;
      }
      const body = await bodyOf(incoming);
      if (
        incoming.method === 'POST' &&
        path.startsWith(SEND) &&
        recipientsOf(body).some((to) => failing.has(to.toLowerCase()))
      ) {
        answer
          .writeHead(503, { 'content-type': 'application/json', 'x-amzn-errortype': 'ServiceUnavailable' })
          .end(JSON.stringify({ message: 'Service unavailable (the stand-in was told to fail)' }));
        return;
      }
      const forward = request(
        {
          host: HOST,
          port: innerPort,
          method: incoming.method,
          path,
          // A connection per request: a kept-alive one the inner server has just closed would fail the
          // request after the mail was stored, and the SDK's retry would store it twice.
          agent: false,
          headers: { ...incoming.headers, connection: 'close' },
        },
        (inside) => {
          answer.writeHead(inside.statusCode ?? 502, inside.headers);
          inside.pipe(answer);
        },
      );
      forward.on('error', () => answer.headersSent || answer.writeHead(502).end());
      forward.end(body);
    })().catch(() => answer.headersSent || answer.writeHead(500).end());
  });
  try {
    await listen(front, port);
  } catch (error) {
    await close(inner);
    throw new Error(`The ses stand-in could not listen on port ${port}.`, { cause: error });
  }
  return {
    port: (front.address() as AddressInfo).port,
    close: async () => {
      await close(front);
      await close(inner);
    },
  };
};

/** Resolves once aws-ses-v2-local answers its health check (through the front). */
export const sesReady = (port: number, timeoutMs: number): Promise<void> =>
  waitUntilReady('ses', () => httpAnswers(`${url(port)}/health-check`), timeoutMs);
