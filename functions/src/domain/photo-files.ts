import exifr from 'exifr';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { TZDate } from '@date-fns/tz';
import type { PhotoEvidence } from '@sitewalk/shared/flags';

/**
 * What a photo's own bytes say (issue 18): the camera's time and position from its EXIF (exifr) and a 64-bit
 * difference hash of the picture (decoded in pure JavaScript, jpeg-js and pngjs, so it bundles in a Lambda).
 */

/** Guards on decoding a file a client uploaded: a 10 MB phone photo is 12–50 MP. */
const MAX_MEGAPIXELS = 100;
const MAX_DECODE_MB = 512;

/** The hash's grid: 9 columns compared pairwise give 8 bits a row, 8 rows give 64 bits. */
const COLUMNS = 9;
const ROWS = 8;

interface Raster {
  width: number;
  height: number;
  /** RGBA, 4 bytes a pixel. */
  data: Uint8Array;
}

const isJpeg = (bytes: Uint8Array) => bytes[0] === 0xff && bytes[1] === 0xd8;
const isPng = (bytes: Uint8Array) =>
  bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47;

/** The picture's pixels, or null when the bytes are no JPEG or PNG this can decode. */
const decode = (bytes: Uint8Array): Raster | null => {
  try {
    if (isJpeg(bytes)) {
      return jpeg.decode(bytes, {
        useTArray: true,
        formatAsRGBA: true,
        maxResolutionInMP: MAX_MEGAPIXELS,
        maxMemoryUsageInMB: MAX_DECODE_MB,
      });
    }
    if (isPng(bytes)) return PNG.sync.read(Buffer.from(bytes));
  } catch {
    // A damaged or truncated file: no hash.
  }
  return null;
};

/**
 * The 64-bit difference hash (dHash) of a picture, 16 hex digits: the picture in grey, averaged down to 9 × 8
 * cells, one bit per pair of neighbouring cells in a row (1 when the left one is brighter). Recompressing,
 * resizing or lightly editing a picture changes few bits; another picture differs in about half of them.
 */
export const differenceHash = (raster: Raster): string => {
  const { width, height, data } = raster;
  const sums = new Float64Array(COLUMNS * ROWS);
  const counts = new Uint32Array(COLUMNS * ROWS);
  const columnOf = Uint8Array.from({ length: width }, (_, x) => Math.floor((x * COLUMNS) / width));
  for (let y = 0; y < height; y++) {
    const row = Math.floor((y * ROWS) / height) * COLUMNS;
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 4;
      const cell = row + (columnOf[x] ?? 0);
      sums[cell] =
        (sums[cell] ?? 0) +
        0.299 * (data[at] ?? 0) +
        0.587 * (data[at + 1] ?? 0) +
        0.114 * (data[at + 2] ?? 0);
      counts[cell] = (counts[cell] ?? 0) + 1;
    }
  }
  const mean = (cell: number) => (sums[cell] ?? 0) / Math.max(1, counts[cell] ?? 0);
  let bits = 0n;
  for (let row = 0; row < ROWS; row++) {
    for (let column = 0; column < COLUMNS - 1; column++) {
      const cell = row * COLUMNS + column;
      bits = (bits << 1n) | (mean(cell) > mean(cell + 1) ? 1n : 0n);
    }
  }
  return bits.toString(16).padStart(16, '0');
};

const EXIF_TIME = /^(\d{4}):(\d{2}):(\d{2})[ T](\d{2}):(\d{2}):(\d{2})/;
const EXIF_OFFSET = /^[+-]\d{2}:\d{2}$/;

/**
 * The camera's time as an instant. EXIF keeps the camera's wall clock, with its UTC offset only when the
 * camera wrote one (`OffsetTimeOriginal`, EXIF 2.31); without it, the wall clock is read in `timeZone`, the
 * location's, where the photo was meant to be taken.
 */
export const cameraInstant = (
  dateTime: string | undefined,
  offset: string | undefined,
  timeZone: string,
): string | null => {
  const match = dateTime ? EXIF_TIME.exec(dateTime) : null;
  if (!match) return null;
  const [y, mo, d, h, mi, s] = match.slice(1).map(Number) as [number, number, number, number, number, number];
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 60) return null;
  const at =
    offset && EXIF_OFFSET.test(offset)
      ? Date.parse(`${match.slice(1, 4).join('-')}T${match.slice(4, 7).join(':')}${offset}`)
      : new TZDate(y, mo - 1, d, h, mi, s, timeZone).getTime();
  return Number.isFinite(at) ? new Date(at).toISOString() : null;
};

interface ExifTags {
  DateTimeOriginal?: unknown;
  CreateDate?: unknown;
  OffsetTimeOriginal?: unknown;
  OffsetTime?: unknown;
  latitude?: unknown;
  longitude?: unknown;
}
const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
const coordinate = (value: unknown, limit: number) =>
  typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= limit ? value : null;

/** A photo's evidence from its bytes; what is not there (or not readable) is null, never an error. */
export const evidenceOf = async (bytes: Uint8Array, timeZone: string): Promise<PhotoEvidence> => {
  let tags: ExifTags = {};
  try {
    tags =
      ((await exifr.parse(Buffer.from(bytes), {
        tiff: true,
        exif: true,
        gps: true,
        ifd1: false,
        interop: false,
        xmp: false,
        icc: false,
        iptc: false,
        jfif: false,
        ihdr: false,
        reviveValues: false,
      })) as ExifTags | undefined) ?? {};
  } catch {
    // No EXIF, or a file exifr does not know: no camera time or position.
  }
  const raster = decode(bytes);
  return {
    takenAt: cameraInstant(
      text(tags.DateTimeOriginal) ?? text(tags.CreateDate),
      text(tags.OffsetTimeOriginal) ?? text(tags.OffsetTime),
      timeZone,
    ),
    lat: coordinate(tags.latitude, 90),
    lng: coordinate(tags.longitude, 180),
    hash: raster && raster.width > 0 && raster.height > 0 ? differenceHash(raster) : null,
  };
};
