import { randomBytes } from 'node:crypto';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { ImageContentType } from '@sitewalk/shared/constants';
import type { Env } from '../env.ts';
import { tracedClient } from './tracer.ts';

/** What a browser needs to PUT a file straight to the bucket (the shape of the API's `uploadTicket`). */
export interface UploadTicket {
  uploadUrl: string;
  key: string;
  /**
   * Send exactly these headers (they are part of the signature) and no Authorization. `if-none-match: *` makes
   * the PUT write-once: S3 answers 412 PreconditionFailed when an object is at the key already.
   */
  headers: { 'content-type': string; 'content-length': string; 'if-none-match': '*' };
  expiresIn: number;
}

export interface PresignUploadRequest {
  key: string;
  contentType: string;
  contentLength: number;
  expiresIn: number;
}

/**
 * The upload bucket: S3 in AWS, s3rver on the local host. Keys are always chosen by the server
 * (see {@link objectKey}); content type and size are checked before anything is signed.
 */
export interface Storage {
  /**
   * A presigned PUT whose signature covers content-type, content-length and `If-None-Match: *`: it creates the
   * object once and never replaces one (S3's conditional write).
   */
  presignUpload(request: PresignUploadRequest): Promise<UploadTicket>;
  /** A short-lived presigned GET. */
  presignView(key: string, expiresIn: number): Promise<string>;
  exists(key: string): Promise<boolean>;
  /** An object's bytes; null when there is no such object. */
  read(key: string): Promise<Uint8Array | null>;
  /** An object's bytes with its ETag (no quotes, as S3's events write it); null when there is no such object. */
  readTagged(key: string): Promise<TaggedObject | null>;
  /** Deletes every object under `prefix` (which must end with '/'); answers how many were deleted. */
  deletePrefix(prefix: string): Promise<number>;
  /** Deletes these objects (all under the tenants' prefix); keys already gone are no error. */
  deleteKeys(keys: readonly string[]): Promise<void>;
}

export interface TaggedObject {
  bytes: Uint8Array;
  etag: string;
}

export type ObjectKind =
  | 'company-logo'
  | 'organization-logo'
  | 'profile-image'
  | 'walk-photo'
  | 'incident-photo'
  /** A lock check's door photo (issue 31), under its check's id. */
  | 'lock-photo';
/**
 * Where organizations' logos were uploaded before `organization-logo`: no new key is made there, but the items
 * of those organizations keep their keys (`logoKey`), which read as before, and deleting one clears both.
 */
export type LegacyObjectKind = 'area-logo';

const EXTENSIONS: Record<ImageContentType, string> = {
  'image/jpeg': '.jpg',
  'image/jpg': '.jpg',
  'image/png': '.png',
};

const SEGMENT = /^[A-Za-z0-9_-]+$/;

const segment = (value: number | string, what: string): string => {
  const text = String(value);
  if (!SEGMENT.test(text)) throw new Error(`Invalid ${what} for an object key: ${JSON.stringify(text)}`);
  return text;
};

/** Every object SiteWalk stores sits under this prefix; the Lambdas' grants reach nothing else. */
export const TENANTS_PREFIX = 'tenants/';

/** Everything one management company stored: `tenants/{managementCompanyId}/`. */
export const tenantPrefix = (managementCompanyId: number | string): string =>
  `${TENANTS_PREFIX}${segment(managementCompanyId, 'managementCompanyId')}/`;

/** Everything stored for one owner of one kind: `tenants/{managementCompanyId}/{kind}/{id}/`. */
export const ownerPrefix = (
  managementCompanyId: number | string,
  kind: ObjectKind | LegacyObjectKind,
  id: number | string,
): string => `${tenantPrefix(managementCompanyId)}${kind}/${segment(id, 'id')}/`;

/**
 * A server-chosen key under the tenant's prefix: `tenants/{managementCompanyId}/{kind}/{id}/{fileName}`,
 * the file name being random with the extension of the content type. Nothing of the client's file name
 * ever reaches a key.
 */
export const objectKey = (
  target: { managementCompanyId: number | string; kind: ObjectKind; id: number | string },
  contentType: ImageContentType,
  random: () => string = () => randomBytes(12).toString('hex'),
): string =>
  `${ownerPrefix(target.managementCompanyId, target.kind, target.id)}${random()}${EXTENSIONS[contentType]}`;

export type StorageEnv = Env<'AWS_REGION' | 'UPLOAD_BUCKET' | 'S3_ENDPOINT'>;

/** DeleteObjects takes at most 1000 keys, ListObjectsV2 answers at most 1000. */
const PAGE_SIZE = 1000;
/** A bound on deletePrefix's loop: 10,000 pages are ten million objects. */
const MAX_PAGES = 10_000;

const isNotFound = (error: unknown): boolean =>
  error instanceof Error &&
  (error.name === 'NotFound' ||
    error.name === 'NoSuchKey' ||
    (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404);

/** The upload bucket's S3 client (s3rver's endpoint locally), made at its first use and traced. */
export const uploadBucketClient = (env: StorageEnv) =>
  tracedClient(
    () =>
      new S3Client({
        region: env.AWS_REGION,
        // Without it the presigned PUT carries the CRC32 of an empty body, which real S3 rejects for any file.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        ...(env.S3_ENDPOINT ? { endpoint: env.S3_ENDPOINT, forcePathStyle: true } : {}),
      }),
  );

/** An object's bytes and ETag (its quotes taken off); null when there is no such object. */
const readTaggedObject = async (
  client: S3Client,
  Bucket: string,
  key: string,
): Promise<TaggedObject | null> => {
  try {
    const answer = await client.send(new GetObjectCommand({ Bucket, Key: key }));
    if (!answer.Body) return null;
    return { bytes: await answer.Body.transformToByteArray(), etag: (answer.ETag ?? '').replace(/"/g, '') };
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
};

/** An object's bytes; null when there is no such object. */
export const readObject = async (client: S3Client, Bucket: string, key: string): Promise<Uint8Array | null> =>
  (await readTaggedObject(client, Bucket, key))?.bytes ?? null;

export const s3Storage = (env: StorageEnv): Storage => {
  const client = uploadBucketClient(env);
  const Bucket = env.UPLOAD_BUCKET;

  return {
    async presignUpload({ key, contentType, contentLength, expiresIn }) {
      const uploadUrl = await getSignedUrl(
        client(),
        new PutObjectCommand({
          Bucket,
          Key: key,
          ContentType: contentType,
          ContentLength: contentLength,
          // Write-once: the URL can create the object, never replace it (S3 conditional writes).
          IfNoneMatch: '*',
        }),
        { expiresIn, signableHeaders: new Set(['content-type', 'content-length', 'if-none-match']) },
      );
      return {
        uploadUrl,
        key,
        headers: {
          'content-type': contentType,
          'content-length': String(contentLength),
          'if-none-match': '*',
        },
        expiresIn,
      };
    },

    async presignView(key, expiresIn) {
      return getSignedUrl(client(), new GetObjectCommand({ Bucket, Key: key }), { expiresIn });
    },

    async exists(key) {
      try {
        await client().send(new HeadObjectCommand({ Bucket, Key: key }));
        return true;
      } catch (error) {
        if (isNotFound(error)) return false;
        throw error;
      }
    },

    read: (key) => readObject(client(), Bucket, key),

    readTagged: (key) => readTaggedObject(client(), Bucket, key),

    async deletePrefix(prefix) {
      // 'tenants/1' would also match 'tenants/10/...': only whole folders are deleted.
      if (!prefix.endsWith('/') || prefix === '/') {
        throw new Error(`deletePrefix needs a folder prefix ending with '/': ${JSON.stringify(prefix)}`);
      }
      let deleted = 0;
      let ContinuationToken: string | undefined;
      for (let page = 0; page < MAX_PAGES; page++) {
        const listed = await client().send(
          new ListObjectsV2Command({ Bucket, Prefix: prefix, MaxKeys: PAGE_SIZE, ContinuationToken }),
        );
        const keys = (listed.Contents ?? []).flatMap((object) => (object.Key ? [{ Key: object.Key }] : []));
        if (keys.length > 0) {
          const result = await client().send(
            new DeleteObjectsCommand({ Bucket, Delete: { Objects: keys, Quiet: true } }),
          );
          if (result.Errors?.length) {
            const first = result.Errors[0];
            throw new Error(
              `Could not delete ${result.Errors.length} object(s) under ${prefix}: ${first?.Key} (${first?.Code})`,
            );
          }
          deleted += keys.length;
        }
        if (!listed.IsTruncated || !listed.NextContinuationToken) return deleted;
        ContinuationToken = listed.NextContinuationToken;
      }
      throw new Error(`deletePrefix(${prefix}) stopped after ${MAX_PAGES} pages`);
    },

    async deleteKeys(keys) {
      const outside = keys.find((key) => !key.startsWith(TENANTS_PREFIX));
      if (outside !== undefined) throw new Error(`Not a SiteWalk object key: ${JSON.stringify(outside)}`);
      for (let start = 0; start < keys.length; start += PAGE_SIZE) {
        const Objects = keys.slice(start, start + PAGE_SIZE).map((Key) => ({ Key }));
        const result = await client().send(
          new DeleteObjectsCommand({ Bucket, Delete: { Objects, Quiet: true } }),
        );
        if (result.Errors?.length) {
          const first = result.Errors[0];
          throw new Error(
            `Could not delete ${result.Errors.length} object(s): ${first?.Key} (${first?.Code})`,
          );
        }
      }
    },
  };
};
