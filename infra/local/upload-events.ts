/**
 * The local host's stand-in for the upload bucket's notifications to the walkPhoto Lambda: it subscribes to the
 * S3 stand-in's object-created events for the bucket, under `tenants/` as the bucket's notification in AWS
 * (infra/aws/constructs/upload-worker.ts), and calls that Lambda's very handler (functions/src/walkPhoto/handler.ts)
 * with the S3 event S3 would send. Like Lambda's asynchronous invocation it answers the sender at once, runs
 * the handler after, and tries a failed event twice more before giving it up (logged; in AWS, the dead-letter
 * queue). Events come at least once: the handler leaves a photo it has already read alone.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { S3Event } from 'aws-lambda';
import { TENANTS_PREFIX } from '@sitewalk/functions/ports/storage';
import { subscribeToUploads } from './standins/s3.ts';
import { HOST } from './standins/readiness.ts';

export interface UploadEvents {
  /** Resolves once every event delivered so far has been handled (or given up). */
  settled: () => Promise<void>;
  stop: () => Promise<void>;
}

export interface UploadEventsOptions {
  s3Endpoint: string;
  bucket: string;
  /** The handler called with each event; by default the walkPhoto Lambda's. */
  handle?: (event: S3Event) => Promise<void>;
  /** Milliseconds before each retry (Lambda waits about a minute, then two). */
  retryDelaysMs?: readonly number[];
  log?: (line: string) => void;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const startUploadEvents = async (options: UploadEventsOptions): Promise<UploadEvents> => {
  const log = options.log ?? ((line: string) => console.error(line));
  const retryDelaysMs = options.retryDelaysMs ?? [1_000, 2_000];
  // Imported at the first event: the handler module reads the environment (table, bucket) the host set.
  const handle =
    options.handle ??
    (async (event: S3Event) => (await import('@sitewalk/functions/walkPhoto/handler')).handler(event));

  const inFlight = new Set<Promise<void>>();
  const invoke = async (event: S3Event) => {
    for (let attempt = 0; ; attempt++) {
      try {
        await handle(event);
        return;
      } catch (error) {
        const delay = retryDelaysMs[attempt];
        if (delay === undefined) {
          const keys = event.Records.map((r) => r.s3.object.key).join(', ');
          log(`walkPhoto: gave up an upload event (${keys}) after ${attempt + 1} tries: ${String(error)}`);
          return;
        }
        await sleep(delay);
      }
    }
  };

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      let event: S3Event;
      try {
        event = JSON.parse(Buffer.concat(chunks).toString('utf8')) as S3Event;
        if (!Array.isArray(event.Records)) throw new Error('no Records');
      } catch {
        response.writeHead(400).end();
        return;
      }
      // Accepted, as Lambda accepts an asynchronous invocation; handled after.
      response.writeHead(202).end();
      const running = invoke(event).finally(() => inFlight.delete(running));
      inFlight.add(running);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, HOST, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const unsubscribe = await subscribeToUploads(options.s3Endpoint, {
    bucket: options.bucket,
    prefix: TENANTS_PREFIX,
    url: `http://${HOST}:${port}/`,
  });

  const settled = async () => {
    while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
  };
  return {
    settled,
    stop: async () => {
      await unsubscribe();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await settled();
    },
  };
};
