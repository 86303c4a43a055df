/**
 * Moving a photo's EXIF from the camera's JPEG to the smaller one the phone made of it (issue 28): the APP1
 * "Exif" segment is found in the original, copied with Orientation reset to 1 (the new pixels are already
 * upright), the pixel size set to the new one and the thumbnail unlinked (it shows the old orientation),
 * and written right after the new file's start of image in place of its JFIF segment. Capture time, GPS
 * and camera stay byte for byte what the camera wrote. Pure byte work, no DOM: it runs in the worker and
 * in unit tests.
 */

const MARKER_SOI = 0xd8;
const MARKER_SOS = 0xda;
const MARKER_EOI = 0xd9;
const MARKER_APP0 = 0xe0;
const MARKER_APP1 = 0xe1;
const EXIF_HEADER = [0x45, 0x78, 0x69, 0x66, 0, 0]; // "Exif\0\0"
const JFIF_HEADER = [0x4a, 0x46, 0x49, 0x46, 0]; // "JFIF\0"

const TAG_ORIENTATION = 0x0112;
const TAG_EXIF_IFD = 0x8769;
const TAG_PIXEL_X = 0xa002;
const TAG_PIXEL_Y = 0xa003;
const TYPE_SHORT = 3;
const TYPE_LONG = 4;

interface Segment {
  marker: number;
  /** Offset of the 0xFF of its marker. */
  start: number;
  /** Offset just past its last byte. */
  end: number;
}

const startsWith = (bytes: Uint8Array, at: number, header: number[]) =>
  header.every((byte, i) => bytes[at + i] === byte);

/**
 * The segments before the image data (up to start of scan), or null when `bytes` is not a JPEG. A file cut
 * short (the caller may pass only its first kilobytes) ends the list at the last whole segment.
 */
const headerSegments = (bytes: Uint8Array): Segment[] | null => {
  if (bytes[0] !== 0xff || bytes[1] !== MARKER_SOI) return null;
  const segments: Segment[] = [];
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return segments;
    const marker = bytes[at + 1] ?? 0;
    // Fill bytes (0xFF 0xFF) may pad between segments.
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (marker === MARKER_SOS || marker === MARKER_EOI) return segments;
    const length = ((bytes[at + 2] ?? 0) << 8) | (bytes[at + 3] ?? 0);
    if (length < 2 || at + 2 + length > bytes.length) return segments;
    segments.push({ marker, start: at, end: at + 2 + length });
    at += 2 + length;
  }
  return segments;
};

const isExif = (bytes: Uint8Array, segment: Segment) =>
  segment.marker === MARKER_APP1 && startsWith(bytes, segment.start + 4, EXIF_HEADER);

/** The whole APP1 EXIF segment (marker included) of a JPEG, or null when it has none. */
export const exifSegmentOf = (jpeg: Uint8Array): Uint8Array | null => {
  const found = headerSegments(jpeg)?.find((segment) => isExif(jpeg, segment));
  return found ? jpeg.slice(found.start, found.end) : null;
};

/**
 * A copy of an APP1 EXIF segment for a picture of `size` whose pixels are upright: Orientation 1, the EXIF
 * pixel size set, no IFD1 (thumbnail). Null when the TIFF structure inside cannot be followed safely (an
 * entry or offset outside the segment): then no EXIF is better than a wrong orientation.
 */
export const uprightExif = (
  segment: Uint8Array,
  size: { width: number; height: number },
): Uint8Array | null => {
  const copy = segment.slice();
  const tiff = 4 + EXIF_HEADER.length;
  if (copy.length < tiff + 8) return null;
  const view = new DataView(copy.buffer, copy.byteOffset + tiff, copy.length - tiff);
  const order = view.getUint16(0);
  if (order !== 0x4949 && order !== 0x4d4d) return null;
  const little = order === 0x4949;
  if (view.getUint16(2, little) !== 42) return null;

  /** The entries of the IFD at `offset`, or null when it does not fit in the segment. */
  const ifdAt = (offset: number) => {
    if (offset < 8 || offset + 2 > view.byteLength) return null;
    const count = view.getUint16(offset, little);
    const next = offset + 2 + count * 12;
    if (next + 4 > view.byteLength) return null;
    return { entries: Array.from({ length: count }, (_, i) => offset + 2 + i * 12), next };
  };
  const tagOf = (entry: number) => view.getUint16(entry, little);
  const typeOf = (entry: number) => view.getUint16(entry + 2, little);
  const countOf = (entry: number) => view.getUint32(entry + 4, little);
  /** Writes a one-value SHORT or LONG entry in place; other types are left as they are. */
  const setNumber = (entry: number, value: number) => {
    if (countOf(entry) !== 1) return;
    if (typeOf(entry) === TYPE_SHORT && value <= 0xffff) view.setUint16(entry + 8, value, little);
    else if (typeOf(entry) === TYPE_LONG) view.setUint32(entry + 8, value, little);
  };

  const ifd0 = ifdAt(view.getUint32(4, little));
  if (!ifd0) return null;
  for (const entry of ifd0.entries) {
    if (tagOf(entry) === TAG_ORIENTATION) setNumber(entry, 1);
    if (tagOf(entry) === TAG_EXIF_IFD && typeOf(entry) === TYPE_LONG) {
      const exifIfd = ifdAt(view.getUint32(entry + 8, little));
      if (!exifIfd) return null;
      for (const inner of exifIfd.entries) {
        if (tagOf(inner) === TAG_PIXEL_X) setNumber(inner, size.width);
        if (tagOf(inner) === TAG_PIXEL_Y) setNumber(inner, size.height);
      }
    }
  }
  view.setUint32(ifd0.next, 0, little);
  return copy;
};

/**
 * `jpeg` with `exif` (a whole APP1 segment) right after its start of image, as the EXIF standard places it;
 * any EXIF or JFIF segment it had is left out (a browser's encoder writes JFIF, whose density the EXIF
 * replaces). Throws when `jpeg` is not a JPEG.
 */
export const withExif = (jpeg: Uint8Array, exif: Uint8Array): Uint8Array<ArrayBuffer> => {
  const segments = headerSegments(jpeg);
  if (!segments) throw new Error('Not a JPEG');
  const dropped = segments.filter(
    (segment) =>
      isExif(jpeg, segment) ||
      (segment.marker === MARKER_APP0 && startsWith(jpeg, segment.start + 4, JFIF_HEADER)),
  );
  const parts: Uint8Array[] = [jpeg.subarray(0, 2), exif];
  let at = 2;
  for (const segment of dropped) {
    parts.push(jpeg.subarray(at, segment.start));
    at = segment.end;
  }
  parts.push(jpeg.subarray(at));
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
};
