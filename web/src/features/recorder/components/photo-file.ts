import { PHOTO_MAX_BYTES, type ImageContentType } from '@sitewalk/shared/constants';
import { imageFileProblem, isAcceptedImageType } from '../../../lib/upload.ts';

/** A photo the API takes: its type, or why not ('Invalid file type', 'File size is too large', …). */
export const photoOf = (file: File): { contentType: ImageContentType } | { problem: string } => {
  const problem = imageFileProblem(file, PHOTO_MAX_BYTES);
  if (problem || !isAcceptedImageType(file.type)) return { problem: problem ?? 'Invalid file type' };
  return { contentType: file.type };
};
