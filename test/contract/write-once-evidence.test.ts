import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { S3Event } from 'aws-lambda';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { dataFromEnv } from '@sitewalk/functions/composition';
import { photosSharingBands, setPhotoEvidence } from '@sitewalk/functions/db/flags';
import { setUnitRead } from '@sitewalk/functions/db/walk-reports';
import { readEnv } from '@sitewalk/functions/env';
import { uploadBucketClient } from '@sitewalk/functions/ports/storage';
import { messages } from '@sitewalk/shared/messages';
import { doorImages } from '../support/door-images.ts';
import { marker, walkTestFile } from '../support/walks.ts';

/**
 * Issue 27, item 3: evidence is write-once. Every upload URL signs `If-None-Match: *`, so a file that landed is
 * never replaced, not even through the URL that put it; a photo gets no new URL once its file landed or its
 * report is finished; and the walkPhoto worker ties what it read to the object's ETag, reading again an object
 * with another ETag. The S3 stand-in checks no signature: what S3 will check is asserted on the URL.
 */

const { t, call, api, w } = walkTestFile();
const uuid = () => crypto.randomUUID();
// Two door photos the local reader reads exactly (seed 1): units 748 and 868.
const [door748, door868] = doorImages(1, 2);

/** Another picture of the same length as `file` (the URL signs the length): its bytes in the middle inverted. */
const sameLength = (file: Buffer) =>
  Buffer.from(file.map((byte, index) => (index > 600 && index < file.length - 600 ? 255 - byte : byte)));
const put = (ticket: { uploadUrl: string; headers: Record<string, string> }, body: Buffer) =>
  fetch(ticket.uploadUrl, { method: 'PUT', headers: ticket.headers, body });
const fetched = async (url: string | null | undefined) =>
  Buffer.from(await (await fetch(url ?? 'http://localhost:9/none')).arrayBuffer());
const md5 = (file: Buffer) => createHash('md5').update(file).digest('hex');

/** What S3 checks of an upload URL: the headers it signs, and the ones the client must send. */
const expectWriteOnce = (ticket: { uploadUrl: string; headers: Record<string, string> }, length: number) => {
  expect(ticket.headers).toEqual({
    'content-type': 'image/jpeg',
    'content-length': String(length),
    'if-none-match': '*',
  });
  const signed = new URL(ticket.uploadUrl).searchParams.get('X-Amz-SignedHeaders')?.split(';');
  expect(signed).toEqual(expect.arrayContaining(['content-length', 'content-type', 'host', 'if-none-match']));
};

/** A report started by the Employee on a walk of a plain marker and a door marker. */
const startedReport = async () => {
  const walk = await api(w.manager, 'walk.create', {
    body: {
      name: 'Evidence',
      locationId: w.a.locationId,
      markers: [marker(1), marker(2, { isDoor: true, unitNumberRange: '740-760' })],
    },
  });
  const { id: walkReportId } = await api(w.employee, 'walkReport.start', {
    body: { walkId: walk.id, clientId: uuid(), startedAt: '2026-11-26T07:00:00.000Z' },
  });
  return { walkReportId, markers: walk.markers };
};

describe('a walk photo', () => {
  it('cannot be replaced once it landed, not even by the URL that put it, nor after the report is finished', async () => {
    const { walkReportId, markers } = await startedReport();
    const params = { walkReportId };
    const first = door748!.jpeg;
    const other = sameLength(first);
    const request = {
      clientId: uuid(),
      markerId: markers[0]!.id,
      contentType: 'image/jpeg' as const,
      contentLength: first.length,
    };
    const ticket = await api(w.employee, 'walkReport.photoUpload', { params, body: request });
    expectWriteOnce(ticket, first.length);
    // Asked again before its file landed (a lost answer): the same key, signed again.
    const again = await api(w.employee, 'walkReport.photoUpload', { params, body: request });
    expect(again.key).toBe(ticket.key);
    expectWriteOnce(again, first.length);

    expect((await put(ticket, first)).status).toBe(200);
    // Of all the URLs of one key, one PUT lands; any other, later, is refused as S3 refuses it.
    const refused = await put(again, other);
    expect(refused.status).toBe(412);
    expect(await refused.text()).toContain('<Code>PreconditionFailed</Code>');
    // Once the file landed, its client id gets no URL any more.
    const landed = await call(w.employee, 'POST', `/api/walk/walk-report/${walkReportId}/photo`, request);
    expect(landed).toMatchObject({ status: 409, body: { message: messages.upload.alreadyUploaded } });

    await api(w.employee, 'walkReport.finish', { params, body: { finishedAt: '2026-11-26T07:30:00.000Z' } });
    // The attack of issue 27: PUT a, finish, PUT b to the same URL.
    expect((await put(ticket, other)).status).toBe(412);
    // After the finish, no URL for this photo (it landed), nor for a photo the walk never recorded. (One
    // recorded before the finish and not landed yet is signed again: the phone's photo lane may send it late.)
    const landedLate = await call(w.employee, 'POST', `/api/walk/walk-report/${walkReportId}/photo`, request);
    expect(landedLate).toMatchObject({ status: 409, body: { message: messages.upload.alreadyUploaded } });
    const newLate = await call(w.employee, 'POST', `/api/walk/walk-report/${walkReportId}/photo`, {
      ...request,
      clientId: uuid(),
    });
    expect(newLate).toMatchObject({
      status: 409,
      body: { message: 'A finished walk report cannot be changed' },
    });

    const images = (await api(w.manager, 'walkReport.get', { params })).markerImage;
    expect(images).toHaveLength(1);
    expect((await fetched(images[0]?.imageUrl)).equals(first)).toBe(true);
  });

  it('is read and examined again by the worker when its object has another ETag, and once per object', async () => {
    const { walkReportId, markers } = await startedReport();
    const request = {
      clientId: uuid(),
      markerId: markers[1]!.id,
      contentType: 'image/jpeg' as const,
      contentLength: door748!.jpeg.length,
      door: true,
    };
    const ticket = await api(w.employee, 'walkReport.photoUpload', {
      params: { walkReportId },
      body: request,
    });
    expect((await put(ticket, door748!.jpeg)).status).toBe(200);
    const db = dataFromEnv();
    const photoKey = { walkReportId, clientId: request.clientId };
    const photo = async () => (await db.entities.markerImage.get(photoKey).go()).data;
    /** The photo once the worker has read and examined the object with this ETag (its event comes a little later). */
    const examined = async (etag: string) => {
      for (const deadline = Date.now() + 20_000; Date.now() < deadline;) {
        await t.uploadEvents.settled();
        const data = await photo();
        if (data?.unitRead?.etag === etag && data.evidenceEtag === etag) return data;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      throw new Error(`The object ${etag} was not examined within 20 s`);
    };
    const before = await examined(md5(door748!.jpeg));
    expect(before).toMatchObject({
      unitRead: { unit: '748', etag: md5(door748!.jpeg) },
      evidenceEtag: md5(door748!.jpeg),
      hash: expect.any(String) as string,
    });

    // The object replaced behind the upload URLs' back (anyone holding the bucket's keys, or a URL signed before
    // issue 27): S3 announces the new object, with its ETag.
    const env = readEnv(['AWS_REGION', 'UPLOAD_BUCKET', 'S3_ENDPOINT']);
    await uploadBucketClient(env)().send(
      new PutObjectCommand({
        Bucket: env.UPLOAD_BUCKET,
        Key: ticket.key,
        Body: door868!.jpeg,
        ContentType: 'image/jpeg',
      }),
    );
    const after = await examined(md5(door868!.jpeg));
    expect(after).toMatchObject({
      unitRead: { unit: '868', etag: md5(door868!.jpeg) },
      evidenceEtag: md5(door868!.jpeg),
    });
    expect(after?.hash).not.toBe(before?.hash);
    // The old picture's hash no longer stands for this photo (a later copy of it is not "reused" from here).
    const companyId = w.a.companyId;
    const sharing = await photosSharingBands(db, companyId, before?.hash ?? '');
    expect(sharing.filter((p) => p.walkReportId === walkReportId && p.hash === before?.hash)).toEqual([]);

    // The same object's event again, twice at once (events come at least once): left as it is.
    const { handler } = await import('@sitewalk/functions/walkPhoto/handler');
    const event = {
      Records: [
        {
          eventName: 'ObjectCreated:Put',
          s3: {
            bucket: { name: env.UPLOAD_BUCKET },
            object: { key: ticket.key, eTag: md5(door868!.jpeg) },
          },
        },
      ],
    } as unknown as S3Event;
    await Promise.all([handler(event), handler(event)]);
    const repeated = await photo();
    expect(repeated?.unitRead).toEqual(after?.unitRead);
    expect(repeated?.evidenceAt).toBe(after?.evidenceAt);
  });
});

describe("the worker's writes", () => {
  it('store nothing on a photo that is gone (its report deleted meanwhile), whatever the ETag', async () => {
    const db = dataFromEnv();
    const gone = { walkReportId: 987_654_321, clientId: uuid() };
    const at = new Date().toISOString();
    expect(await setUnitRead(db, gone, { unit: '748', confidence: 99, readAt: at, etag: 'a' })).toBe(false);
    expect(
      await setPhotoEvidence(db, gone, { evidenceAt: at, evidenceEtag: 'a', hash: '0123456789abcdef' }),
    ).toBe(false);
    expect((await db.entities.markerImage.get(gone).go()).data).toBeNull();
  });
});

describe('an incident image', () => {
  it('cannot be replaced once it landed, not even by the URL that put it, resolved or not', async () => {
    const incident = await api(w.employee, 'incident.create', {
      body: { locationId: w.a.locationId, typeId: 2, incidentTexts: ['Broken lock'], clientId: uuid() },
    });
    const params = { id: incident.id };
    const first = door748!.jpeg;
    const other = sameLength(first);
    const request = { clientId: uuid(), contentType: 'image/jpeg' as const, contentLength: first.length };
    const ticket = await api(w.employee, 'incident.photoUpload', { params, body: request });
    expectWriteOnce(ticket, first.length);
    const again = await api(w.employee, 'incident.photoUpload', { params, body: request });
    expect(again.key).toBe(ticket.key);

    expect((await put(ticket, first)).status).toBe(200);
    expect((await put(again, other)).status).toBe(412);
    await api(w.manager, 'incident.resolve', { params, body: { resolved: true } });
    expect((await put(ticket, other)).status).toBe(412);
    // Its client id gets no URL once the file landed.
    const landed = await call(w.employee, 'POST', `/api/incident/${incident.id}/image`, request);
    expect(landed).toMatchObject({ status: 409, body: { message: messages.upload.alreadyUploaded } });

    const { images } = await api(w.manager, 'incident.get', { params });
    expect(images).toHaveLength(1);
    expect((await fetched(images[0]?.presignedUrl)).equals(first)).toBe(true);
  });
});
