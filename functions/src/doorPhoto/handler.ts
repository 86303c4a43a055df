import type { S3Event } from 'aws-lambda';
import { Logger } from '@aws-lambda-powertools/logger';
import { readEnv } from '../env.ts';
import { dataFromEnv } from '../composition.ts';
import { clock } from '../ports/clock.ts';
import { rekognitionTextDetector } from '../ports/text-detector.ts';
import { createDoorPhotoReader } from '../domain/door-photos.ts';

/**
 * Reads the unit number on each door photo as it arrives (domain/door-photos.ts). In AWS the upload bucket
 * notifies this Lambda of every object created under `tenants/`; the local host (infra/local/upload-events.ts)
 * watches its bucket and calls this same handler with the event S3 would send.
 */
const db = dataFromEnv();
const { UPLOAD_BUCKET: bucket } = readEnv(['UPLOAD_BUCKET']);
const detector = rekognitionTextDetector(readEnv(['AWS_REGION', 'REKOGNITION_ENDPOINT']));
const reader = createDoorPhotoReader({ db, detector, bucket });
const logger = new Logger({ serviceName: 'sitewalk-doorPhoto' });

/** S3 writes keys URL-encoded, spaces as '+'. */
const keyOf = (encoded: string) => decodeURIComponent(encoded.replace(/\+/g, ' '));

/** A failed read throws: Lambda retries the event, then sends it to the dead-letter queue. */
export const handler = async (event: S3Event): Promise<void> => {
  for (const record of event.Records) {
    const key = keyOf(record.s3.object.key);
    const outcome = await reader.read(key, clock.now());
    logger.debug('Door photo', { key, outcome });
  }
};
