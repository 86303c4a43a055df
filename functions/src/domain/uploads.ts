import { PRESIGNED_URL_SECONDS, type ImageContentType } from '@sitewalk/shared/constants';
import { messages } from '@sitewalk/shared/messages';
import { objectKey, type ObjectKind, type Storage } from '../ports/storage.ts';
import { ConflictError } from './errors.ts';

/**
 * A presigned PUT for a file the server names, under its owner's tenant prefix. The type and size were
 * checked by the route's schema before this is called, and are part of the signature.
 */
export const presignOwnedUpload = async (
  storage: Storage,
  owner: { managementCompanyId: number; kind: ObjectKind; id: number },
  file: { contentType: ImageContentType; contentLength: number },
) => {
  const key = objectKey(owner, file.contentType);
  return storage.presignUpload({ key, ...file, expiresIn: PRESIGNED_URL_SECONDS });
};

/**
 * The upload URL for a photo's key recorded earlier (a retried request with the same client id), signed again
 * only while nothing has landed there: the key is write-once (`If-None-Match: *`), so of all the URLs of one key
 * at most one PUT lands. Once the file is there, no URL is handed out for it any more (409).
 */
export const presignPendingUpload = async (
  storage: Storage,
  key: string,
  file: { contentType: ImageContentType; contentLength: number },
) => {
  if (await storage.exists(key)) throw new ConflictError(messages.upload.alreadyUploaded);
  return storage.presignUpload({ key, ...file, expiresIn: PRESIGNED_URL_SECONDS });
};

/** A short-lived view URL, or none when nothing was uploaded (or the upload never arrived). */
export const presignedView = async (storage: Storage, key: string | undefined) => ({
  url: key && (await storage.exists(key)) ? await storage.presignView(key, PRESIGNED_URL_SECONDS) : null,
  expiresIn: PRESIGNED_URL_SECONDS,
});

/** Users of the global roles belong to no company; their files live under tenant 0. */
export const GLOBAL_TENANT = 0;
