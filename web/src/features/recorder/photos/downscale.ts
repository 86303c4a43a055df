import {
  IMAGE_CONTENT_TYPES,
  PHOTO_JPEG_QUALITY,
  PHOTO_LONG_SIDE_MAX,
  PHOTO_TARGET_BYTES,
} from '@sitewalk/shared/constants';
import { exifSegmentOf, uprightExif, withExif } from './exif-splice.ts';

/** What became of a photo: a smaller JPEG, the original kept (already small), or a file this browser cannot decode. */
export type ShrinkResult =
  { kind: 'shrunk'; blob: Blob; width: number; height: number } | { kind: 'fits' } | { kind: 'undecodable' };

/** Lower qualities tried, in turn, when a detailed picture is still over the target at the usual one. */
const QUALITIES = [PHOTO_JPEG_QUALITY, 0.7, 0.6];
/** An APP1 segment is at most 64 KiB and comes before the image data, after at most an APP0 segment or two. */
const HEADER_BYTES = 256 * 1024;

/**
 * A phone photo made fit to send (issue 28), in a worker (`createImageBitmap` + `OffscreenCanvas`): decoded
 * with its EXIF orientation applied, scaled to at most PHOTO_LONG_SIDE_MAX on the long side, encoded as
 * JPEG at PHOTO_JPEG_QUALITY (lower only when still over PHOTO_TARGET_BYTES), with the original's EXIF put
 * back (Orientation 1). A JPEG or PNG already that small is kept as it is.
 */
export const downscalePhoto = async (file: Blob): Promise<ShrinkResult> => {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return { kind: 'undecodable' };
  }
  try {
    const longSide = Math.max(bitmap.width, bitmap.height);
    if (
      longSide <= PHOTO_LONG_SIDE_MAX &&
      file.size <= PHOTO_TARGET_BYTES &&
      (IMAGE_CONTENT_TYPES as readonly string[]).includes(file.type)
    ) {
      return { kind: 'fits' };
    }
    const scale = Math.min(1, PHOTO_LONG_SIDE_MAX / longSide);
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d');
    if (!context) return { kind: 'undecodable' };
    // A transparent PNG's clear pixels would turn black in a JPEG.
    context.fillStyle = '#fff';
    context.fillRect(0, 0, width, height);
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, width, height);
    let encoded: Blob | null = null;
    for (const quality of QUALITIES) {
      encoded = await canvas.convertToBlob({ type: 'image/jpeg', quality });
      if (encoded.size <= PHOTO_TARGET_BYTES) break;
    }
    if (!encoded) return { kind: 'undecodable' };
    const original = exifSegmentOf(new Uint8Array(await file.slice(0, HEADER_BYTES).arrayBuffer()));
    const exif = original && uprightExif(original, { width, height });
    const bytes = new Uint8Array(await encoded.arrayBuffer());
    const blob = exif ? new Blob([withExif(bytes, exif)], { type: 'image/jpeg' }) : encoded;
    return { kind: 'shrunk', blob, width, height };
  } finally {
    bitmap.close();
  }
};
