import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { readEnv } from '../env.ts';
import { readObject, tenantPrefix, uploadBucketClient, type StorageEnv } from './storage.ts';

/**
 * Where exports go: the upload bucket, under the tenant's prefix (`tenants/{id}/exports/…`), tagged so the
 * bucket's lifecycle rule deletes them a day later (infra/aws/constructs/buckets.ts). A file is streamed in
 * as it is made (a multipart upload of 5 MB parts, two in flight), never held whole; the caller gets a
 * presigned GET that downloads it under its file name.
 */
export interface ExportStore {
  /** Streams the file in; resolves once it is stored whole (a failed stream aborts the upload). */
  put(file: ExportObject, body: Readable | AsyncIterable<string | Uint8Array>): Promise<void>;
  /** A short-lived GET that downloads the file as an attachment named `fileName`. */
  presignDownload(file: ExportObject, expiresIn: number): Promise<string>;
  /** A stored photo's bytes (for a PDF), or null when it never arrived. */
  readPhoto(key: string): Promise<Uint8Array | null>;
}

export interface ExportObject {
  key: string;
  fileName: string;
  contentType: string;
}

/** The tag the lifecycle rule matches: every export carries it, nothing else does. */
export const EXPORT_TAG = { key: 'sitewalk-export', value: 'true' } as const;

/** The folder of each tenant's prefix that export files go under (the export function may write only there). */
export const EXPORTS_FOLDER = 'exports';

/** `tenants/{id}/exports/{userId}/{random}/{fileName}`: per tenant and caller, unguessable. */
export const exportKey = (
  owner: { managementCompanyId: number; userId: number },
  fileName: string,
  random: () => string = () => randomBytes(12).toString('hex'),
): string => {
  if (!/^[\w.-]+$/.test(fileName)) throw new Error(`Invalid export file name ${JSON.stringify(fileName)}`);
  return `${tenantPrefix(owner.managementCompanyId)}${EXPORTS_FOLDER}/${owner.userId}/${random()}/${fileName}`;
};

/** RFC 6266: the ASCII name (ours always is), quoted. */
export const attachment = (fileName: string) => `attachment; filename="${fileName}"`;

const PART_SIZE = 5 * 1024 * 1024;

export const s3ExportStore = (env: StorageEnv): ExportStore => {
  const client = uploadBucketClient(env);
  const Bucket = env.UPLOAD_BUCKET;
  return {
    async put(file, body) {
      const upload = new Upload({
        client: client(),
        params: {
          Bucket,
          Key: file.key,
          Body: body instanceof Readable ? body : Readable.from(body),
          ContentType: file.contentType,
          ContentDisposition: attachment(file.fileName),
          // Tagged with the object on S3 (no window where it is stored untagged)…
          Tagging: `${EXPORT_TAG.key}=${EXPORT_TAG.value}`,
        },
        // …and once more when stored (PutObjectTagging): s3rver, the local stand-in, ignores the header.
        tags: [{ Key: EXPORT_TAG.key, Value: EXPORT_TAG.value }],
        partSize: PART_SIZE,
        queueSize: 2,
      });
      await upload.done();
    },

    presignDownload(file, expiresIn) {
      return getSignedUrl(
        client(),
        new GetObjectCommand({
          Bucket,
          Key: file.key,
          ResponseContentDisposition: attachment(file.fileName),
          ResponseContentType: file.contentType,
        }),
        { expiresIn },
      );
    },

    readPhoto: (key) => readObject(client(), Bucket, key),
  };
};

/**
 * Export files from the environment: the upload bucket too, under each tenant's `exports/` folder. Built here, not
 * in composition.ts, which every function loads: lib-storage cannot be tree-shaken (it does not declare itself
 * free of side effects), so a function that loads this module carries the S3 client (about 100 KB).
 */
export const exportStoreFromEnv = (): ExportStore =>
  s3ExportStore(readEnv(['AWS_REGION', 'UPLOAD_BUCKET', 'S3_ENDPOINT']));
