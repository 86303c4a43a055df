import { inject } from 'vitest';
import type {} from './provided.d.ts';
import { isolatedEnvironment, type IsolatedEnvironment } from './isolated.ts';
import type { LocalHost, LocalHostOptions } from '../../infra/local/host.ts';
import type { UploadEvents } from '../../infra/local/upload-events.ts';

export interface TestHost extends IsolatedEnvironment {
  host: Pick<LocalHost, 'url' | 'close'> & Partial<LocalHost>;
  /** The upload bucket's events to the walkPhoto worker (`settled()` waits for those delivered so far). */
  uploadEvents: Pick<UploadEvents, 'settled'>;
  url: (path: string) => string;
}

/** A file's own host, in its own process. */
export interface OwnTestHost extends TestHost {
  host: LocalHost;
  uploadEvents: UploadEvents;
}

/**
 * The contract tier's shared host (./shared-host-setup.ts), with the handlers' environment set on this process
 * so the file can make people and read the table. Every file makes its own tenants on it: nothing a file
 * asserts may depend on what else the stage holds (a file that does starts its own: startOwnTestHost).
 */
export const startTestHost = async (): Promise<TestHost> => {
  const shared = inject('sharedHost');
  if (!shared) return startOwnTestHost();
  Object.assign(process.env, shared.env);
  const { provisioned } = shared;
  return {
    env: shared.env,
    provisioned,
    names: {
      tableName: provisioned.tableName,
      bucketName: provisioned.bucketName,
      userPoolName: provisioned.userPoolId,
      appOrigin: new URL(shared.url).origin,
    },
    standIns: inject('standIns'),
    host: { url: shared.url, close: async () => undefined },
    uploadEvents: {
      settled: async () => {
        const answer = await fetch(shared.uploadsSettledUrl);
        if (answer.status !== 204) throw new Error(`The shared host answered ${answer.status}`);
      },
    },
    url: (path) => `${shared.url}${path}`,
  };
};

/**
 * This test file's own stage (table, user pool, bucket) and a local host serving the real handlers against it
 * in this process: for a file that moves the clock, runs the evaluator over the stage, counts the whole stage
 * or serves the built SPA.
 */
export const startOwnTestHost = async (
  options: Pick<LocalHostOptions, 'webDist' | 'clockControl' | 'https'> = {},
): Promise<OwnTestHost> => {
  const isolated = await isolatedEnvironment();
  // Imported only now: the handler modules read the environment set above when they first load.
  const { startLocalHost } = await import('../../infra/local/host.ts');
  const { provisioned } = isolated;
  const { startStreamWorker } = await import('../../infra/local/stream-worker.ts');
  const { standInStorage } = await import('../../infra/local/storage-proxy.ts');
  const started = await startLocalHost({
    port: 0,
    storage: standInStorage(isolated.standIns, provisioned.bucketName),
    ...options,
    auth: {
      jwksUrl: provisioned.jwksUrl,
      issuer: provisioned.issuer,
      clientId: provisioned.userPoolClientId,
    },
  });
  // As `npm start` does: the table's stream consumer runs beside the API.
  const worker = await startStreamWorker({ standIns: isolated.standIns, tableName: provisioned.tableName });
  // And the upload bucket's events to the walkPhoto worker.
  const { startUploadEvents } = await import('../../infra/local/upload-events.ts');
  const uploadEvents = await startUploadEvents({
    s3Endpoint: isolated.standIns.endpoints.s3,
    bucket: provisioned.bucketName,
  });
  const host = {
    ...started,
    close: async () => {
      await uploadEvents.stop();
      await worker.stop();
      await started.close();
    },
  };
  return { ...isolated, host, uploadEvents, url: (path) => `${host.url}${path}` };
};

/** The value of a Set-Cookie header's cookie, and its attributes, by cookie name. */
export const setCookie = (response: Response, name: string) => {
  const header = response.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
  if (!header) return null;
  const [pair, ...attributes] = header.split(';').map((part) => part.trim());
  return { value: decodeURIComponent(pair?.slice(name.length + 1) ?? ''), attributes };
};

interface SentMail {
  destination: { to: string[] };
  subject: string;
  body: { html?: string; text?: string };
}

/**
 * Resolves once every mail in this test file's outbox has had its first attempt (sent, or failed and waiting
 * for its retry): mails go out through the outbox and the stream worker (issue 28), moments after the request
 * that queued them. An attempt in flight has been counted but has neither finished nor failed.
 */
export const mailOutboxSettled = async (timeoutMs = 15_000): Promise<void> => {
  const { dataFromEnv } = await import('@sitewalk/functions/composition');
  const db = dataFromEnv();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { data: all } = await db.entities.mailOutbox.query.byNextAttempt({}).go({ pages: 'all' });
    const data = all.filter((item) => item.status === 'pending' && item.lastError === undefined);
    if (data.length === 0) return;
    if (Date.now() > deadline) throw new Error(`${data.length} mails still waiting for their first attempt`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

/** Makes the SES stand-in fail every mail to `address` (503, as SES down), or work again. */
export const failMailTo = async (sesEndpoint: string, address: string, failing: boolean) => {
  const answer = await fetch(`${sesEndpoint}/__failing/${encodeURIComponent(address)}`, {
    method: failing ? 'PUT' : 'DELETE',
  });
  if (answer.status !== 204) throw new Error(`The SES stand-in answered ${answer.status}`);
};

/**
 * The mails aws-ses-v2-local holds for one recipient (its store is shared by every test file of the run); in a
 * test file with its own table (process.env.TABLE_NAME), once its outbox has settled.
 */
export const mailsTo = async (sesEndpoint: string, to: string): Promise<SentMail[]> => {
  if (process.env['TABLE_NAME']) await mailOutboxSettled();
  const store = (await (await fetch(`${sesEndpoint}/store`)).json()) as { emails: SentMail[] };
  return store.emails.filter((mail) => mail.destination.to.includes(to));
};
