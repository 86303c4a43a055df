import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { DetectTextCommand, RekognitionClient } from '@aws-sdk/client-rekognition';
import type { S3Event } from 'aws-lambda';
import { rekognitionTextDetector } from '@sitewalk/functions/ports/text-detector';
import { unitFromDetections } from '@sitewalk/functions/domain/unit-reading';
import { doorImages } from '../../../test/support/door-images.ts';
import { isolatedEnvironment, type IsolatedEnvironment } from './isolated.ts';
import { eventKeyOf, subscribeToUploads } from './s3.ts';

/**
 * The stand-ins behind door-photo reading: DetectText (the local reader in its worker thread, behind
 * Rekognition's own protocol and SDK) and the S3 stand-in's object-created events.
 */
let isolated: IsolatedEnvironment;
let s3: S3Client;
let rekognition: RekognitionClient;
const photos = doorImages(1, 3);

beforeAll(async () => {
  isolated = await isolatedEnvironment();
  const config = { region: isolated.standIns.region, credentials: { ...isolated.standIns.credentials } };
  s3 = new S3Client({ ...config, endpoint: isolated.standIns.endpoints.s3, forcePathStyle: true });
  rekognition = new RekognitionClient({ ...config, endpoint: isolated.standIns.endpoints.rekognition });
});
afterAll(() => {
  s3.destroy();
  rekognition.destroy();
});

const put = (key: string, body: Buffer) =>
  s3.send(
    new PutObjectCommand({
      Bucket: isolated.provisioned.bucketName,
      Key: key,
      Body: body,
      ContentType: 'image/jpeg',
    }),
  );

describe('the DetectText stand-in', () => {
  it('reads the unit on generated door photos in the bucket, through the same port as in AWS', async () => {
    const detector = rekognitionTextDetector({
      AWS_REGION: isolated.standIns.region,
      REKOGNITION_ENDPOINT: isolated.standIns.endpoints.rekognition,
    });
    for (const [index, photo] of photos.entries()) {
      const key = `tenants/1/walk-photo/9/door-${index}.jpg`;
      await put(key, photo.jpeg);
      const detections = await detector.detectText({ bucket: isolated.provisioned.bucketName, key });
      expect(detections.length).toBeGreaterThan(0);
      for (const d of detections) {
        expect(d.box.left).toBeGreaterThanOrEqual(0);
        expect(d.box.left + d.box.width).toBeLessThanOrEqual(1);
        expect(d.confidence).toBeGreaterThanOrEqual(0);
        expect(d.confidence).toBeLessThanOrEqual(100);
      }
      expect(unitFromDetections(detections).unit).toBe(photo.unit);
    }
  });

  it('takes the image as bytes too, answering each LINE with its WORD', async () => {
    const answer = await rekognition.send(new DetectTextCommand({ Image: { Bytes: photos[0]!.jpeg } }));
    const lines = (answer.TextDetections ?? []).filter((d) => d.Type === 'LINE');
    const words = (answer.TextDetections ?? []).filter((d) => d.Type === 'WORD');
    expect(lines.map((d) => d.DetectedText)).toContain(photos[0]!.unit);
    expect(words.map((d) => d.ParentId)).toEqual(lines.map((d) => d.Id));
  });

  it('answers as Rekognition does for a missing object, an image it cannot decode and no image', async () => {
    const Bucket = isolated.provisioned.bucketName;
    await expect(
      rekognition.send(
        new DetectTextCommand({ Image: { S3Object: { Bucket, Name: 'tenants/1/none.jpg' } } }),
      ),
    ).rejects.toMatchObject({ name: 'InvalidS3ObjectException' });
    await expect(
      rekognition.send(new DetectTextCommand({ Image: { Bytes: Buffer.from('not an image') } })),
    ).rejects.toMatchObject({ name: 'InvalidImageFormatException' });
    await expect(rekognition.send(new DetectTextCommand({ Image: {} }))).rejects.toMatchObject({
      name: 'InvalidParameterException',
    });
  });
});

describe('the S3 stand-in’s upload events', () => {
  it('tell a subscriber of the objects created under its prefix, keys encoded as S3 encodes them', async () => {
    const received: S3Event[] = [];
    const listener = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as S3Event);
        response.writeHead(202).end();
      });
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(listener.address() as AddressInfo).port}/`;
    const unsubscribe = await subscribeToUploads(isolated.standIns.endpoints.s3, {
      bucket: isolated.provisioned.bucketName,
      prefix: 'tenants/',
      url,
    });
    // A second subscription, kept to the end: the stand-in decides who hears of an object as it is written, so
    // once the last object's event has come, every earlier object has been decided on.
    const stopWitness = await subscribeToUploads(isolated.standIns.endpoints.s3, {
      bucket: isolated.provisioned.bucketName,
      prefix: 'witness/',
      url,
    });
    await put('elsewhere/a.jpg', Buffer.from('x'));
    await put('tenants/1/walk-photo/9/a b.jpg', Buffer.from('x'));
    await unsubscribe();
    await put('tenants/1/walk-photo/9/after.jpg', Buffer.from('x'));
    await put('witness/last.jpg', Buffer.from('x'));
    const keysReceived = () => received.map((event) => event.Records[0]?.s3.object.key);
    await vi.waitFor(() => expect(keysReceived()).toContain('witness/last.jpg'), { timeout: 10_000 });
    await vi.waitFor(() => expect(keysReceived()).toContain('tenants/1/walk-photo/9/a+b.jpg'), {
      timeout: 10_000,
    });
    await stopWitness();
    received.splice(
      received.findIndex((event) => event.Records[0]?.s3.object.key === 'witness/last.jpg'),
      1,
    );
    listener.close();
    expect(received).toHaveLength(1);
    expect(received[0]?.Records[0]).toMatchObject({
      eventSource: 'aws:s3',
      eventName: 'ObjectCreated:Put',
      s3: {
        bucket: { name: isolated.provisioned.bucketName },
        object: { key: 'tenants/1/walk-photo/9/a+b.jpg' },
      },
    });
    expect(eventKeyOf('tenants/1/x y/ä.jpg')).toBe('tenants/1/x+y/%C3%A4.jpg');
  });
});
