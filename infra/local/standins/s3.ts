/** s3rver, in this process (CommonJS, loaded with require for a predictable default export). */
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { LOCAL_CREDENTIALS } from './local-aws.ts';
import { HOST, httpAnswers, url, waitUntilReady } from './readiness.ts';

const require = createRequire(import.meta.url);

interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
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

export const startS3 = async (
  port: number,
  directory: string,
): Promise<{ port: number; close: () => Promise<void> }> => {
  const S3rver = require('s3rver') as S3rverConstructor;
  // s3rver accepts any SigV4 signature but refuses access keys it does not know (InvalidAccessKeyId).
  const { DUMMY_ACCOUNT } = require('s3rver/lib/models/account.js') as { DUMMY_ACCOUNT: S3rverAccount };
  DUMMY_ACCOUNT.createKeyPair(LOCAL_CREDENTIALS.accessKeyId, LOCAL_CREDENTIALS.secretAccessKey);
  const server = new S3rver({ address: HOST, port, directory, silent: true });
  const address = await server.run();
  return { port: address.port, close: () => server.close() };
};

/** Resolves once s3rver answers an unauthenticated GET / (ListBuckets). */
export const s3Ready = (port: number, timeoutMs: number): Promise<void> =>
  waitUntilReady('s3', () => httpAnswers(`${url(port)}/`), timeoutMs);
