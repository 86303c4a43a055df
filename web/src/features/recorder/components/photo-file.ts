import { PHOTO_MAX_BYTES, type ImageContentType } from '@sitewalk/shared/constants';
import { messages } from '@sitewalk/shared/messages';
import { imageFileProblem, isAcceptedImageType } from '../../../lib/upload.ts';
import type { ShrinkPhoto } from '../photos/shrink-photo.ts';

/** A photo the API takes: its type, or why not ('Invalid file type', 'File size is too large', …). */
export const photoOf = (file: File): { contentType: ImageContentType } | { problem: string } => {
  const problem = imageFileProblem(file, PHOTO_MAX_BYTES);
  if (problem || !isAcceptedImageType(file.type)) return { problem: problem ?? 'Invalid file type' };
  return { contentType: file.type };
};

/** What to queue for a photo (and, when it could not be made smaller, a word to the walker), or why not. */
export type PreparedPhoto =
  { blob: Blob; contentType: ImageContentType; notice: string | null } | { problem: string };

/**
 * A photo from the camera or the gallery made ready to queue (issue 28): made smaller by `shrink` (a JPEG of
 * at most 2048 px with the camera's EXIF); kept as it is when already small; and when this browser cannot
 * decode it (HEIC on most browsers), the original only if the API takes it as it is, with a notice, else
 * a message that says why not.
 */
export const preparePhoto = async (file: File, shrink: ShrinkPhoto): Promise<PreparedPhoto> => {
  // Some phones give a HEIC photo no type at all: the decoder decides then.
  if (file.type !== '' && !file.type.startsWith('image/')) return { problem: messages.upload.selectImage };
  const result = await shrink(file).catch(() => ({ kind: 'undecodable' }) as const);
  if (result.kind === 'shrunk') {
    if (result.blob.size > PHOTO_MAX_BYTES) return { problem: messages.upload.fileTooLarge };
    return { blob: result.blob, contentType: 'image/jpeg', notice: null };
  }
  const asTaken = photoOf(file);
  if (result.kind === 'fits')
    return 'problem' in asTaken ? asTaken : { blob: file, ...asTaken, notice: null };
  if (!isAcceptedImageType(file.type)) return { problem: messages.photo.unreadable };
  if ('problem' in asTaken) {
    return { problem: file.size > PHOTO_MAX_BYTES ? messages.photo.unreadableTooLarge : asTaken.problem };
  }
  return { blob: file, ...asTaken, notice: messages.photo.sentAsTaken };
};
