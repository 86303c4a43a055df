import { describe, expect, it, vi } from 'vitest';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { createStorageProxy, StorageRefusal, verifyPresigned } from './storage-proxy.ts';

const credentials = { accessKeyId: 'local-key', secretAccessKey: 'local-secret' };
const region = 'us-east-1';
const standIn = 'http://127.0.0.1:3003';
const signedAt = new Date('2026-11-26T21:00:00Z');

const client = (overrides: Partial<typeof credentials> = {}, endpoint = standIn) =>
  new S3Client({
    region,
    endpoint,
    forcePathStyle: true,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    credentials: { ...credentials, ...overrides },
  });

/** As functions/src/ports/storage.ts signs an upload. */
const presignPut = (key: string, options: { client?: S3Client; expiresIn?: number } = {}) =>
  getSignedUrl(
    options.client ?? client(),
    new PutObjectCommand({
      Bucket: 'uploads',
      Key: key,
      ContentType: 'image/jpeg',
      ContentLength: 5,
      IfNoneMatch: '*',
    }),
    {
      expiresIn: options.expiresIn ?? 300,
      signingDate: signedAt,
      signableHeaders: new Set(['content-type', 'content-length', 'if-none-match']),
    },
  );
const uploadHeaders = { 'content-type': 'image/jpeg', 'content-length': '5', 'if-none-match': '*' };

const check = (
  url: string,
  {
    method = 'PUT',
    headers = uploadHeaders as Record<string, string>,
    at = new Date(signedAt.getTime() + 60_000),
  } = {},
) => {
  const { pathname, search } = new URL(url);
  return () =>
    verifyPresigned(
      { method, rawPath: pathname, rawQuery: search.slice(1), headers },
      { signedHost: '127.0.0.1:3003', region, ...credentials, now: at },
    );
};

const refusalOf = (run: () => void) => {
  try {
    run();
  } catch (error) {
    if (error instanceof StorageRefusal) return { status: error.status, code: error.code };
    throw error;
  }
  return null;
};

describe('verifyPresigned (as S3 checks a presigned URL)', () => {
  it('accepts the SDK’s presigned PUT and GET, keys with spaces and response overrides included', async () => {
    expect(check(await presignPut('tenants/1/walk-photo/2/a b.jpg'))).not.toThrow();
    const get = await getSignedUrl(
      client(),
      new GetObjectCommand({
        Bucket: 'uploads',
        Key: 'tenants/1/exports/x.csv',
        ResponseContentDisposition: 'attachment; filename="walks (1).csv"',
      }),
      { expiresIn: 60, signingDate: signedAt },
    );
    expect(check(get, { method: 'GET', headers: {} })).not.toThrow();
  });

  it.each([
    ['another key', (u: URL) => (u.pathname = u.pathname.replace('a.jpg', 'b.jpg'))],
    ['another bucket', (u: URL) => (u.pathname = u.pathname.replace('/uploads/', '/other/'))],
    [
      'a changed signature',
      (u: URL) => {
        const signature = u.searchParams.get('X-Amz-Signature')!;
        u.searchParams.set(
          'X-Amz-Signature',
          `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`,
        );
      },
    ],
    ['a longer life', (u: URL) => u.searchParams.set('X-Amz-Expires', '600')],
    ['an added parameter', (u: URL) => u.searchParams.set('versionId', '1')],
    ['a header left out of the signature', (u: URL) => u.searchParams.set('X-Amz-SignedHeaders', 'host')],
  ])('refuses %s', async (_, tamper) => {
    const url = new URL(await presignPut('tenants/1/a.jpg'));
    tamper(url);
    expect(refusalOf(check(url.href))).toMatchObject({ status: 403 });
  });

  it('refuses a body of another size or type, or no write-once condition, than signed', async () => {
    const url = await presignPut('tenants/1/a.jpg');
    expect(refusalOf(check(url, { headers: { ...uploadHeaders, 'content-length': '6' } }))).toEqual({
      status: 403,
      code: 'SignatureDoesNotMatch',
    });
    expect(refusalOf(check(url, { headers: { ...uploadHeaders, 'content-type': 'image/png' } }))).toEqual({
      status: 403,
      code: 'SignatureDoesNotMatch',
    });
    const { 'if-none-match': _, ...overwriting } = uploadHeaders;
    expect(refusalOf(check(url, { headers: overwriting }))).toMatchObject({ status: 403 });
    // The same URL as a GET is another request.
    expect(refusalOf(check(url, { method: 'GET' }))).toMatchObject({ status: 403 });
  });

  it('refuses a URL signed for another host, with another key, or expired', async () => {
    const otherHost = await presignPut('tenants/1/a.jpg', { client: client({}, 'http://evil.example') });
    expect(refusalOf(check(otherHost))).toMatchObject({ code: 'SignatureDoesNotMatch' });
    const otherKey = await presignPut('tenants/1/a.jpg', { client: client({ accessKeyId: 'someone' }) });
    expect(refusalOf(check(otherKey))).toMatchObject({ status: 403, code: 'AccessDenied' });
    const short = await presignPut('tenants/1/a.jpg', { expiresIn: 60 });
    expect(check(short, { at: new Date(signedAt.getTime() + 60_000) })).not.toThrow();
    expect(refusalOf(check(short, { at: new Date(signedAt.getTime() + 61_000) }))).toMatchObject({
      status: 403,
    });
  });

  it.each([
    ['no query', ''],
    ['a malformed escape', 'X-Amz-Algorithm=%E0%A4%A'],
    ['a repeated parameter', 'X-Amz-Date=1&X-Amz-Date=2'],
    ['another algorithm', 'X-Amz-Algorithm=AWS4-HMAC-SHA1'],
  ])('refuses %s', (_, rawQuery) => {
    expect(
      refusalOf(() =>
        verifyPresigned(
          { method: 'GET', rawPath: '/uploads/tenants/1/a.jpg', rawQuery, headers: {} },
          { signedHost: '127.0.0.1:3003', region, ...credentials, now: signedAt },
        ),
      ),
    ).toMatchObject({ status: 403 });
  });
});

describe('createStorageProxy', () => {
  const proxy = createStorageProxy({ endpoint: standIn, bucket: 'uploads', region, credentials });

  it('owns the paths of its one bucket only', () => {
    expect(proxy.owns('/uploads/tenants/1/a.jpg')).toBe(true);
    expect(proxy.owns('/uploads')).toBe(false);
    expect(proxy.owns('/uploads-other/a.jpg')).toBe(false);
    expect(proxy.owns('/api/uploads/a.jpg')).toBe(false);
  });

  it('moves the bucket’s URLs on the stand-in to the page’s origin, and nothing else', () => {
    const answer = JSON.stringify({
      uploadUrl: `${standIn}/uploads/tenants/1/a.jpg?X-Amz-Signature=ab`,
      other: `${standIn}/other-bucket/a.jpg`,
      elsewhere: 'http://127.0.0.1:3004/uploads/a.jpg',
    });
    expect(JSON.parse(proxy.toOrigin(answer, 'https://192.168.1.20:3443'))).toEqual({
      uploadUrl: 'https://192.168.1.20:3443/uploads/tenants/1/a.jpg?X-Amz-Signature=ab',
      other: `${standIn}/other-bucket/a.jpg`,
      elsewhere: 'http://127.0.0.1:3004/uploads/a.jpg',
    });
  });

  it('is made only for a plain http stand-in and a bucket name', () => {
    expect(() =>
      createStorageProxy({ endpoint: 'https://s3.amazonaws.com', bucket: 'uploads', region, credentials }),
    ).toThrow();
    expect(() =>
      createStorageProxy({ endpoint: standIn, bucket: '../uploads', region, credentials }),
    ).toThrow();
  });
});

describe('the proxy’s log', () => {
  it('names no signature when the stand-in does not answer', async () => {
    // A port nothing listens on: the stand-in is down.
    const down = createServer();
    await new Promise<void>((resolve) => down.listen(0, '127.0.0.1', resolve));
    const downPort = (down.address() as AddressInfo).port;
    await new Promise<void>((resolve) => down.close(() => resolve()));
    const endpoint = `http://127.0.0.1:${downPort}`;
    const proxy = createStorageProxy({ endpoint, bucket: 'uploads', region, credentials });
    const host = createServer((req, res) => void proxy.forward(req, res));
    await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const signed = new URL(
        await getSignedUrl(
          client({}, endpoint),
          new GetObjectCommand({ Bucket: 'uploads', Key: 'tenants/1/a.jpg' }),
          {
            expiresIn: 60,
          },
        ),
      );
      const answer = await fetch(
        `http://127.0.0.1:${(host.address() as AddressInfo).port}${signed.pathname}${signed.search}`,
      );
      expect(answer.status).toBe(502);
      const lines = logged.mock.calls.flat().map(String).join('\n');
      expect(lines).toContain('/uploads/tenants/1/a.jpg');
      expect(lines).not.toContain(signed.searchParams.get('X-Amz-Signature'));
      expect(lines).not.toContain('X-Amz-');
    } finally {
      logged.mockRestore();
      await new Promise<void>((resolve) => host.close(() => resolve()));
    }
  });
});

describe('what the proxy forwards', () => {
  it('sends the stand-in the signed Host and headers with the body, no cookie or token, and passes its answer back', async () => {
    const received: { headers: Record<string, unknown>; body: string; target: string }[] = [];
    const standInServer = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        received.push({
          headers: req.headers,
          body: Buffer.concat(chunks).toString(),
          target: req.url ?? '',
        });
        res.writeHead(412, {
          'content-type': 'application/xml',
          'access-control-allow-origin': 'http://localhost:3000',
          etag: '"abc"',
        });
        res.end('<Error><Code>PreconditionFailed</Code></Error>');
      });
    });
    await new Promise<void>((resolve) => standInServer.listen(0, '127.0.0.1', resolve));
    const endpoint = `http://127.0.0.1:${(standInServer.address() as AddressInfo).port}`;
    const proxy = createStorageProxy({ endpoint, bucket: 'uploads', region, credentials });
    const host = createServer((req, res) => void proxy.forward(req, res));
    await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
    try {
      const signed = new URL(
        await getSignedUrl(
          client({}, endpoint),
          new PutObjectCommand({
            Bucket: 'uploads',
            Key: 'tenants/1/a.jpg',
            ContentType: 'image/jpeg',
            ContentLength: 5,
            IfNoneMatch: '*',
          }),
          { expiresIn: 60, signableHeaders: new Set(['content-type', 'content-length', 'if-none-match']) },
        ),
      );
      const answer = await fetch(
        `http://127.0.0.1:${(host.address() as AddressInfo).port}${signed.pathname}${signed.search}`,
        {
          method: 'PUT',
          headers: { ...uploadHeaders, cookie: 'sitewalk_refresh=secret', authorization: 'Bearer token' },
          body: 'hello',
        },
      );
      expect(answer.status).toBe(412);
      expect(answer.headers.get('etag')).toBe('"abc"');
      expect(answer.headers.get('access-control-allow-origin')).toBeNull();
      expect(await answer.text()).toContain('PreconditionFailed');
      expect(received).toHaveLength(1);
      const [forwarded] = received;
      expect(forwarded?.target).toBe(`${signed.pathname}${signed.search}`);
      expect(forwarded?.body).toBe('hello');
      expect(forwarded?.headers).toMatchObject({
        host: new URL(endpoint).host,
        'content-type': 'image/jpeg',
        'content-length': '5',
        'if-none-match': '*',
      });
      expect(Object.keys(forwarded?.headers ?? {})).not.toContain('cookie');
      expect(Object.keys(forwarded?.headers ?? {})).not.toContain('authorization');
    } finally {
      await new Promise<void>((resolve) => host.close(() => resolve()));
      await new Promise<void>((resolve) => standInServer.close(() => resolve()));
    }
  });
});
