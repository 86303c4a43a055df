import { PRESIGNED_URL_SECONDS, type ImageContentType } from '@sitewalk/shared/constants';
import { objectKey, type ObjectKind, type Storage } from '../ports/storage.ts';

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

/** A short-lived view URL, or none when nothing was uploaded (or the upload never arrived). */
export const presignedView = async (storage: Storage, key: string | undefined) => ({
  url: key && (await storage.exists(key)) ? await storage.presignView(key, PRESIGNED_URL_SECONDS) : null,
  expiresIn: PRESIGNED_URL_SECONDS,
});

/** Users of the global roles belong to no company; their files live under tenant 0. */
export const GLOBAL_TENANT = 0;
