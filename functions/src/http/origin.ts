import { createHash, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import type { HttpEvent } from './handler.ts';

/**
 * Where a request comes from, and whether it came through the app's CloudFront distribution.
 *
 * In AWS the API is reached through CloudFront, so the connection API Gateway sees (`sourceIp`) is an edge
 * server's, shared by everyone at that edge. CloudFront reports the viewer's own address in
 * `CloudFront-Viewer-Address`, and adds the origin secret (generated at deploy, kept in Secrets Manager) in
 * ORIGIN_SECRET_HEADER to every request it forwards. A request without the secret went to the `execute-api`
 * address directly, around the WAF, and is refused; one with it may be believed about its viewer. The local
 * host has no distribution and no secret: its `sourceIp` is the socket's own address.
 */

/** The header CloudFront adds to every request it sends to the API (infra/aws/constructs/web-app.ts). */
export const ORIGIN_SECRET_HEADER = 'x-sitewalk-origin-secret';
/** CloudFront's report of the viewer: `198.51.100.7:46532`, `2001:db8::1:46532` (the address, then the port). */
export const VIEWER_ADDRESS_HEADER = 'cloudfront-viewer-address';

/** The address in a `CloudFront-Viewer-Address` value, without its port; undefined unless it is one IP address. */
export const viewerAddressOf = (value: string | undefined): string | undefined => {
  if (!value) return undefined;
  const portAt = value.lastIndexOf(':');
  if (portAt <= 0 || !/^\d{1,5}$/.test(value.slice(portAt + 1))) return undefined;
  const address = value.slice(0, portAt).replace(/^\[(.*)\]$/, '$1');
  return isIP(address) ? address : undefined;
};

/**
 * The client's address, the one the sign-in limits count: the viewer CloudFront names when the request is
 * proven to have come through the distribution, else the address of the connection itself. A viewer header
 * on any other request is the caller's own claim and is ignored.
 */
export const clientAddress = (event: HttpEvent, throughDistribution: boolean): string => {
  const connection = event.requestContext.http.sourceIp;
  if (!throughDistribution) return connection;
  return viewerAddressOf(event.headers?.[VIEWER_ADDRESS_HEADER]) ?? connection;
};

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/** Whether `presented` is the secret, in time that does not depend on where they differ (or their lengths). */
export const isOriginSecret = (presented: string | undefined, secret: string): boolean =>
  presented !== undefined && timingSafeEqual(digest(presented), digest(secret));

/**
 * The origin secret named by ORIGIN_SECRET_ARN, read from Secrets Manager once per container (a failed read
 * is tried again by the next request). Undefined when the variable is absent: the local host. The client is
 * not traced, so that no trace segment ever holds the answer.
 */
export const originSecretFromEnv = (
  env: NodeJS.ProcessEnv = process.env,
): (() => Promise<string>) | undefined => {
  const secretId = env.ORIGIN_SECRET_ARN;
  if (!secretId) return undefined;
  let value: Promise<string> | undefined;
  return () =>
    (value ??= new SecretsManagerClient({ region: env.AWS_REGION })
      .send(new GetSecretValueCommand({ SecretId: secretId }))
      .then(({ SecretString }) => {
        if (!SecretString) throw new Error('The origin secret has no string value');
        return SecretString;
      })
      .catch((error: unknown) => {
        value = undefined;
        throw error;
      }));
};
