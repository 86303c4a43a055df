/** s3rver, in this process (CommonJS, loaded with require for a predictable default export). */
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { finished } from 'node:stream/promises';
import type { S3Event, S3EventRecord } from 'aws-lambda';
import { LOCAL_CREDENTIALS } from './local-aws.ts';
import { HOST, httpAnswers, url, waitUntilReady } from './readiness.ts';

const require = createRequire(import.meta.url);

/** s3rver's object store, as far as the write-once PUT wraps it. */
interface S3rverObject {
  bucket: string;
  key: string;
  content: NodeJS.ReadableStream | Buffer;
}
interface S3rverStore {
  existsObject(bucket: string, key: string): Promise<boolean>;
  putObject(object: S3rverObject): Promise<{ md5: string; size: number }>;
}

/** Koa's context, as far as the notification route and the write-once PUT read and answer it. */
interface KoaContext {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  req: NodeJS.ReadableStream;
  status: number;
  body: unknown;
  /** s3rver's store (on Koa's shared context; set on one request's context, it serves that request only). */
  store: S3rverStore;
}
type Middleware = (ctx: KoaContext, next: () => Promise<void>) => Promise<void>;

interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
  on(event: 'event', listener: (event: S3Event) => void): void;
  /** Koa's middleware stack, composed when the server starts listening. */
  middleware: Middleware[];
}
type S3rverConstructor = new (options: {
  address: string;
  port: number;
  directory: string;
  silent: boolean;
  resetOnClose?: boolean;
}) => S3rverInstance;
interface S3rverAccount {
  createKeyPair(accessKeyId: string, secretAccessKey: string): void;
}
type S3rverError = new (code: string, message: string, detail?: Record<string, string>) => Error;
/** S3's words for a failed condition. */
const PRECONDITION_FAILED = 'At least one of the pre-conditions you specified did not hold';

/**
 * S3's conditional write (`If-None-Match: *` on a PUT), which s3rver ignores: the object is written only when
 * there is none at its key, else the PUT answers 412 PreconditionFailed as S3 does. Such PUTs of one key are
 * checked and written one at a time, so of racing ones the first wins and the others get 412, as in S3.
 * `createError` is s3rver's S3Error: its answer is S3's XML and keeps the CORS headers s3rver set before.
 */
const writeOnceStore = (createError: S3rverError) => {
  const writing = new Map<string, Promise<unknown>>();
  const oneAtATime = async <T>(id: string, write: () => Promise<T>): Promise<T> => {
    const before = writing.get(id) ?? Promise.resolve();
    const running = before.catch(() => undefined).then(write);
    writing.set(id, running);
    try {
      return await running;
    } finally {
      if (writing.get(id) === running) writing.delete(id);
    }
  };
  return (store: S3rverStore): S3rverStore =>
    Object.assign(Object.create(store) as S3rverStore, {
      putObject: (object: S3rverObject) =>
        oneAtATime(JSON.stringify([object.bucket, object.key]), async () => {
          if (!(await store.existsObject(object.bucket, object.key))) return store.putObject(object);
          // The body is read to its end first, so the client hears the answer rather than a reset.
          if (!Buffer.isBuffer(object.content)) await finished(object.content.resume());
          throw new createError('PreconditionFailed', PRECONDITION_FAILED, { Condition: 'If-None-Match' });
        }),
    });
};

/**
 * Where the local host asks to be told of new objects, as a bucket's notification configuration asks S3 to
 * invoke a Lambda in AWS: `PUT` (subscribe) or `DELETE` (unsubscribe) with `{ bucket, prefix, url }`. s3rver
 * emits an event for every object written; this stand-in POSTs the object-created ones of a subscribed bucket
 * and prefix to the subscriber's URL as S3 would send them to Lambda (the key URL-encoded, spaces as '+').
 */
export const NOTIFICATIONS_PATH = '/__local/notifications';

export interface UploadSubscription {
  bucket: string;
  prefix: string;
  url: string;
}

/** S3's encoding of a key in an event: URL-encoded, '/' kept, spaces as '+'. */
export const eventKeyOf = (key: string) => encodeURIComponent(key).replace(/%2F/g, '/').replace(/%20/g, '+');

/** s3rver's record, as S3 sends it to Lambda: s3rver leaves the key as it is, and names no region of ours. */
const asS3Record = (record: S3EventRecord): S3EventRecord => ({
  ...record,
  s3: { ...record.s3, object: { ...record.s3.object, key: eventKeyOf(record.s3.object.key) } },
});

const readJson = async (stream: NodeJS.ReadableStream): Promise<unknown> => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
};

const isSubscription = (value: unknown): value is UploadSubscription =>
  typeof value === 'object' &&
  value !== null &&
  ['bucket', 'prefix', 'url'].every((name) => typeof (value as Record<string, unknown>)[name] === 'string');

export const startS3 = async (
  port: number,
  directory: string,
  log: (line: string) => void = () => undefined,
): Promise<{ port: number; close: () => Promise<void> }> => {
  const S3rver = require('s3rver') as S3rverConstructor;
  // s3rver accepts any SigV4 signature but refuses access keys it does not know (InvalidAccessKeyId).
  const { DUMMY_ACCOUNT } = require('s3rver/lib/models/account.js') as { DUMMY_ACCOUNT: S3rverAccount };
  DUMMY_ACCOUNT.createKeyPair(LOCAL_CREDENTIALS.accessKeyId, LOCAL_CREDENTIALS.secretAccessKey);
  const server = new S3rver({ address: HOST, port, directory, silent: true });
  const writeOnce = writeOnceStore(require('s3rver/lib/models/error.js') as S3rverError);

  const subscriptions = new Map<string, UploadSubscription>();
  const idOf = (s: UploadSubscription) => JSON.stringify([s.bucket, s.prefix, s.url]);
  // Before s3rver's own routes, which would take the path for a bucket's.
  server.middleware.unshift(async (ctx, next) => {
    if (ctx.path !== NOTIFICATIONS_PATH) return next();
    const body = await readJson(ctx.req).catch(() => null);
    if (!isSubscription(body) || !['PUT', 'DELETE'].includes(ctx.method)) {
      ctx.status = 400;
      ctx.body = 'PUT or DELETE { bucket, prefix, url }';
      return;
    }
    if (ctx.method === 'PUT') subscriptions.set(idOf(body), body);
    else subscriptions.delete(idOf(body));
    ctx.status = 204;
  });
  // Presigned uploads are write-once (functions/src/ports/storage.ts): S3 refuses to replace an object then.
  server.middleware.unshift(async (ctx, next) => {
    if (ctx.method === 'PUT' && ctx.headers['if-none-match'] === '*') ctx.store = writeOnce(ctx.store);
    return next();
  });

  server.on('event', (event) => {
    for (const record of event.Records) {
      if (!record.eventName.startsWith('ObjectCreated:')) continue;
      for (const subscription of subscriptions.values()) {
        if (record.s3.bucket.name !== subscription.bucket) continue;
        if (!record.s3.object.key.startsWith(subscription.prefix)) continue;
        // Delivered once, as S3 does; the subscriber (Lambda's asynchronous invocation) retries on its side.
        void fetch(subscription.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ Records: [asS3Record(record)] } satisfies S3Event),
        }).catch((error: unknown) =>
          log(`s3: could not deliver an upload event to ${subscription.url}: ${String(error)}`),
        );
      }
    }
  });

  const address = await server.run();
  return { port: address.port, close: () => server.close() };
};

/** Subscribes `url` to the objects created in `bucket` under `prefix` (the S3 stand-in's notifications). */
export const subscribeToUploads = async (s3Endpoint: string, subscription: UploadSubscription) => {
  const answer = await fetch(`${s3Endpoint}${NOTIFICATIONS_PATH}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(subscription),
  });
  if (answer.status !== 204) throw new Error(`The S3 stand-in refused the subscription (${answer.status})`);
  return async () => {
    await fetch(`${s3Endpoint}${NOTIFICATIONS_PATH}`, {
      method: 'DELETE',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(subscription),
    }).catch(() => undefined);
  };
};

/** Resolves once s3rver answers an unauthenticated GET / (ListBuckets). */
export const s3Ready = (port: number, timeoutMs: number): Promise<void> =>
  waitUntilReady('s3', () => httpAnswers(`${url(port)}/`), timeoutMs);
