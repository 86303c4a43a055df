import type { S3Event } from 'aws-lambda';
import { readEnv } from '../env.ts';
import { dataFromEnv, storageFromEnv } from '../composition.ts';
import { createWorkerHandler, workerTools } from '../lambda.ts';
import { clock } from '../ports/clock.ts';
import { rekognitionTextDetector } from '../ports/text-detector.ts';
import { createWalkPhotoConsumer, examinePhoto, readDoorUnit } from '../domain/walk-photos.ts';
import { isLockPhotoKey, readLockPhotoUnit } from '../domain/lock-checks.ts';

/**
 * The consumer of every walk photo as it arrives (domain/walk-photos.ts): it reads the unit number on door
 * photos, and examines every photo's camera time, position and perceptual hash (its flags); and of every lock
 * check photo (domain/lock-checks.ts), whose unit number it reads. In AWS the upload
 * bucket notifies this Lambda of each object created under `tenants/`; the local host
 * (infra/local/upload-events.ts) calls this same handler with the event S3 would send.
 */
const db = dataFromEnv();
const { UPLOAD_BUCKET: uploadBucket } = readEnv(['UPLOAD_BUCKET']);
const detector = rekognitionTextDetector(readEnv(['AWS_REGION', 'REKOGNITION_ENDPOINT']));
const consumer = createWalkPhotoConsumer({
  db,
  steps: {
    unitReading: readDoorUnit({ db, detector }),
    evidence: examinePhoto({ db, storage: storageFromEnv() }),
  },
});
const readLockPhoto = readLockPhotoUnit({ db, detector });
const tools = workerTools('walkPhoto');
const { logger } = tools;

/** S3 sends object keys URL-encoded, spaces as '+'. */
export const keyOf = (encoded: string) => decodeURIComponent(encoded.replace(/\+/g, ' '));

/** A failed record throws: Lambda retries the event, then sends it to the dead-letter queue. */
export const handler = createWorkerHandler(tools, async (event: S3Event): Promise<void> => {
  for (const record of event.Records) {
    const bucket = record.s3.bucket.name;
    const key = keyOf(record.s3.object.key);
    // Only the stage's upload bucket notifies this function; anything else is not ours to read.
    if (bucket !== uploadBucket || !record.eventName.startsWith('ObjectCreated:')) continue;
    const etag = record.s3.object.eTag;
    if (isLockPhotoKey(key)) {
      // A lock check's door photo (issue 31): its unit number read, as door checks' are.
      logger.info('Lock check photo arrived', { key, etag, outcome: await readLockPhoto(bucket, key, etag) });
      continue;
    }
    const outcome = await consumer.arrived(bucket, key, etag, clock.now());
    logger.info('Walk photo arrived', { key, etag, outcome });
  }
});
