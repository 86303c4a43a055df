import { describe, expect, it } from 'vitest';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { apiAs } from '../support/api.ts';
import { rawRequest } from '../support/raw-http.ts';
import { jpegPhoto } from '../support/photos.ts';
import { marker, walkTestFile } from '../support/walks.ts';

/**
 * The upload bucket on the page's own origin (infra/local/storage-proxy.ts): the app opened at localhost or at
 * 127.0.0.1 is given upload and view URLs on that same origin, which the host checks as S3 would and forwards
 * to the S3 stand-in only.
 */
const { t, api, w } = walkTestFile();

const portOf = () => new URL(t.host.url).port;
const origins = () => [`http://localhost:${portOf()}`, `http://127.0.0.1:${portOf()}`];

/** A report just started by the Employee of location A, on a new walk of one door marker. */
const startedReport = async () => {
  const walk = await api(w.manager, 'walk.create', {
    body: { name: 'Origins', locationId: w.a.locationId, markers: [marker(1, { isDoor: true })] },
  });
  const report = await api(w.employee, 'walkReport.start', {
    body: { walkId: walk.id, clientId: crypto.randomUUID(), startedAt: new Date().toISOString() },
  });
  return { walkReportId: report.id, markerId: walk.markers[0]?.id ?? 0 };
};

/** A photo's upload ticket, asked for at `origin` as the recorder asks for it. */
const ticketAt = async (origin: string, photo: Uint8Array) => {
  const { walkReportId, markerId } = await startedReport();
  const ticket = await apiAs(origin)(w.employee, 'walkReport.photoUpload', {
    params: { walkReportId },
    body: {
      clientId: crypto.randomUUID(),
      markerId,
      contentType: 'image/jpeg',
      contentLength: photo.byteLength,
    },
  });
  return { ...ticket, walkReportId, markerId };
};

/** The PUT the recorder sends: the ticket's headers, no Authorization. */
const put = (url: string, headers: Record<string, string>, body: Uint8Array) =>
  fetch(url, { method: 'PUT', headers, body });

/** A presigned URL made with the stand-in's own credentials, for what no handler would sign. */
const presignedByHand = (command: PutObjectCommand | GetObjectCommand) =>
  getSignedUrl(
    new S3Client({
      region: t.standIns.region,
      endpoint: t.standIns.endpoints.s3,
      forcePathStyle: true,
      credentials: t.standIns.credentials,
    }),
    command,
    { expiresIn: 60 },
  );

/** The same URL on the page's origin, as the host hands the bucket's URLs out. */
const onOrigin = (standInUrl: string, origin: string) => {
  const url = new URL(standInUrl);
  return `${origin}${url.pathname}${url.search}`;
};

describe('a photo through the page’s own origin', () => {
  it.each([0, 1])(
    'uploads and views at localhost and at 127.0.0.1 alike (origin %#), and a second PUT answers 412',
    async (which) => {
      const origin = origins()[which]!;
      const photo = jpegPhoto(which + 1);
      const ticket = await ticketAt(origin, photo);
      // On the page's origin, the path and query as signed for the stand-in.
      expect(new URL(ticket.uploadUrl).origin).toBe(origin);
      expect(new URL(ticket.uploadUrl).pathname).toBe(`/${t.provisioned.bucketName}/${ticket.key}`);
      const sent = await put(ticket.uploadUrl, ticket.headers, photo);
      expect(sent.status).toBe(200);
      expect(sent.headers.get('access-control-allow-origin')).toBeNull();

      // Write-once: the stand-in's 412, passed on; the photo stays the first one.
      const other = Uint8Array.from(photo).fill(0, 200, 400);
      const again = await put(ticket.uploadUrl, ticket.headers, other);
      expect(again.status).toBe(412);
      expect(await again.text()).toContain('PreconditionFailed');

      const view = await apiAs(origin)(w.manager, 'walkReport.photo', {
        params: { walkReportId: ticket.walkReportId, markerId: ticket.markerId, imageName: ticket.imageName },
      });
      expect(new URL(String(view.url)).origin).toBe(origin);
      const shown = await fetch(String(view.url));
      expect(shown.status).toBe(200);
      expect(Buffer.from(await shown.arrayBuffer())).toEqual(Buffer.from(photo));
      // The walkPhoto worker hears of the photo as it would of one sent to S3 itself.
      await t.uploadEvents.settled();
    },
  );

  it('names the offline map style on the page’s origin too', async () => {
    for (const origin of origins()) {
      const config = (await (await fetch(`${origin}/config.json`)).json()) as { mapStyleUrl: string };
      expect(config.mapStyleUrl).toBe(`${origin}/map/style.json`);
    }
  });

  it('refuses a tampered signature, another key, a wrong size or an expired URL, and writes nothing', async () => {
    const [origin] = origins();
    const photo = jpegPhoto(3);
    const ticket = await ticketAt(origin!, photo);
    const url = new URL(ticket.uploadUrl);
    const signature = url.searchParams.get('X-Amz-Signature') ?? '';
    const tampered = new URL(url);
    tampered.searchParams.set(
      'X-Amz-Signature',
      `${signature.slice(0, -1)}${signature.endsWith('a') ? 'b' : 'a'}`,
    );
    const otherKey = new URL(url);
    otherKey.pathname = otherKey.pathname.replace(/[0-9a-f]+\.jpg$/, 'chosen-by-me.jpg');

    for (const wrong of [tampered.href, otherKey.href]) {
      const answer = await put(wrong, ticket.headers, photo);
      expect(answer.status).toBe(403);
      expect(await answer.text()).toMatch(/<Code>(SignatureDoesNotMatch|AccessDenied)<\/Code>/);
    }
    // A body of another size than signed.
    const bigger = new Uint8Array(photo.byteLength + 1);
    const { 'content-length': _, ...headers } = ticket.headers;
    expect((await put(ticket.uploadUrl, headers, bigger)).status).toBe(403);
    // Signed an hour ago for a minute.
    const expired = await getSignedUrl(
      new S3Client({
        region: t.standIns.region,
        endpoint: t.standIns.endpoints.s3,
        forcePathStyle: true,
        credentials: t.standIns.credentials,
      }),
      new GetObjectCommand({ Bucket: t.provisioned.bucketName, Key: ticket.key }),
      { expiresIn: 60, signingDate: new Date(Date.now() - 3_600_000) },
    );
    const late = await fetch(onOrigin(expired, origin!));
    expect(late.status).toBe(403);
    expect(await late.text()).toContain('expired');

    // Nothing was written by any of them: the ticket's own PUT is still the first.
    expect((await put(ticket.uploadUrl, ticket.headers, photo)).status).toBe(200);
  });

  it('serves one bucket: a URL for another bucket, or one that leaves the bucket, is refused', async () => {
    const [origin] = origins();
    // Validly signed for the stand-in, but for a bucket that is not the host's.
    const elsewhere = await presignedByHand(
      new PutObjectCommand({ Bucket: `${t.provisioned.bucketName}-other`, Key: 'tenants/1/x.jpg' }),
    );
    const other = await put(onOrigin(elsewhere, origin!), {}, jpegPhoto(4));
    expect(other.status).toBe(404);
    expect(other.headers.get('content-type')).toContain('application/json');
    // Signed, as sent, for a path that a resolver would take out of the bucket.
    const bucket = t.provisioned.bucketName;
    for (const escape of ['..', '%2E%2E', '.']) {
      const signed = new URL(
        await presignedByHand(new GetObjectCommand({ Bucket: bucket, Key: 'tenants/1/x.jpg' })),
      );
      const path = `/${bucket}/${escape}/${bucket}-other/x.jpg${signed.search}`;
      const answer = await rawRequest(origin!, { path });
      expect(answer.status).toBe(403);
    }
    // The bucket itself (a listing) is not the bucket's object: not forwarded.
    expect((await rawRequest(origin!, { path: `/${bucket}/` })).status).toBe(404);
    expect((await rawRequest(origin!, { path: `/${bucket}/?list-type=2` })).status).toBe(404);
    // Methods S3's presigned URLs are not handed out for.
    const deleting = await presignedByHand(new GetObjectCommand({ Bucket: bucket, Key: 'tenants/1/x.jpg' }));
    expect((await fetch(onOrigin(deleting, origin!), { method: 'DELETE' })).status).toBe(405);
    expect((await fetch(onOrigin(deleting, origin!), { method: 'POST' })).status).toBe(405);
  });

  it('forwards to the stand-in only, whatever the Host or the target says (no open proxy)', async () => {
    // A server that must hear nothing.
    const heard: IncomingMessage[] = [];
    const decoy = createServer((req, res) => {
      heard.push(req);
      res.end('decoy');
    });
    await new Promise<void>((resolve) => decoy.listen(0, '127.0.0.1', resolve));
    const decoyHost = `127.0.0.1:${(decoy.address() as AddressInfo).port}`;
    try {
      const [origin] = origins();
      const photo = jpegPhoto(5);
      const ticket = await ticketAt(origin!, photo);
      const { pathname, search } = new URL(ticket.uploadUrl);
      // The Host names the decoy: the upload still lands in the stand-in's bucket.
      const sent = await rawRequest(origin!, {
        method: 'PUT',
        path: `${pathname}${search}`,
        headers: { ...ticket.headers, host: decoyHost },
        body: Buffer.from(photo),
      });
      expect(sent.status).toBe(200);
      const view = await fetch(
        onOrigin(
          await presignedByHand(
            new GetObjectCommand({
              Bucket: t.provisioned.bucketName,
              Key: ticket.key,
            }),
          ),
          origin!,
        ),
      );
      expect(Buffer.from(await view.arrayBuffer())).toEqual(Buffer.from(photo));
      // An absolute target naming the decoy is no proxy request.
      const absolute = await rawRequest(origin!, { path: `http://${decoyHost}${pathname}${search}` });
      expect(absolute.status).toBe(400);
      // An API answer asked for with a Host that cannot be an origin names the host's own.
      const config = JSON.parse(
        (await rawRequest(origin!, { path: '/config.json', headers: { host: 'decoy"/><x' } })).text,
      ) as { mapStyleUrl: string };
      expect(config.mapStyleUrl).toBe(`${t.host.url}/map/style.json`);
      expect(heard).toHaveLength(0);
    } finally {
      await new Promise<void>((resolve) => decoy.close(() => resolve()));
    }
  });
});
