import exifr from 'exifr';
import jpeg from 'jpeg-js';
import piexif from 'piexifjs';
import { describe, expect, it } from 'vitest';
import { exifSegmentOf, uprightExif, withExif } from './exif-splice.ts';

/** A grey JPEG of `width` × `height` as jpeg-js writes it (with a JFIF APP0 segment, as browsers do). */
const plainJpeg = (width: number, height: number): Uint8Array => {
  const data = Buffer.alloc(width * height * 4, 128);
  return new Uint8Array(jpeg.encode({ data, width, height }, 80).data);
};

const binary = (bytes: Uint8Array) => Buffer.from(bytes).toString('binary');
const bytesOf = (text: string) => new Uint8Array(Buffer.from(text, 'binary'));

/** A camera's JPEG: 40 × 30 px with the EXIF a phone writes (time, GPS, camera, orientation, a thumbnail). */
const cameraJpeg = (orientation = 6): Uint8Array => {
  const exif = piexif.dump({
    '0th': {
      [piexif.ImageIFD.Make]: 'Pixelmaker',
      [piexif.ImageIFD.Model]: 'P48',
      [piexif.ImageIFD.Orientation]: orientation,
    },
    Exif: {
      [piexif.ExifIFD.DateTimeOriginal]: '2026:11:26 09:41:07',
      [piexif.ExifIFD.PixelXDimension]: 40,
      [piexif.ExifIFD.PixelYDimension]: 30,
    },
    GPS: {
      [piexif.GPSIFD.GPSLatitudeRef]: 'N',
      [piexif.GPSIFD.GPSLatitude]: piexif.GPSHelper.degToDmsRational(40.7128),
      [piexif.GPSIFD.GPSLongitudeRef]: 'W',
      [piexif.GPSIFD.GPSLongitude]: piexif.GPSHelper.degToDmsRational(74.006),
    },
    '1st': { [piexif.ImageIFD.Orientation]: orientation },
    thumbnail: binary(plainJpeg(8, 6)),
  });
  return bytesOf(piexif.insert(exif, binary(plainJpeg(40, 30))));
};

const read = (bytes: Uint8Array, options: Record<string, unknown> = {}) =>
  exifr.parse(Buffer.from(bytes), {
    tiff: true,
    exif: true,
    gps: true,
    ifd1: true,
    reviveValues: false,
    translateValues: false,
    ...options,
  }) as Promise<Record<string, unknown> | undefined>;

/** The markers of the segments before the image data, in order. */
const markersOf = (bytes: Uint8Array) => {
  const markers: number[] = [];
  for (let at = 2; bytes[at] === 0xff && bytes[at + 1] !== 0xda;) {
    markers.push(bytes[at + 1] ?? 0);
    at += 2 + (((bytes[at + 2] ?? 0) << 8) | (bytes[at + 3] ?? 0));
  }
  return markers;
};

describe('moving EXIF to the smaller photo', () => {
  it('keeps time, GPS and camera, resets Orientation to 1, sets the new size and drops the thumbnail', async () => {
    const original = cameraJpeg(6);
    const before = await read(original);
    expect(before).toMatchObject({ Orientation: 6, Make: 'Pixelmaker' });
    expect(await exifr.thumbnail(Buffer.from(original))).toBeDefined();

    const segment = exifSegmentOf(original);
    expect(segment).not.toBeNull();
    const upright = uprightExif(segment!, { width: 15, height: 20 });
    expect(upright).not.toBeNull();
    const smaller = withExif(plainJpeg(15, 20), upright!);

    const after = await read(smaller);
    expect(after).toMatchObject({
      Make: 'Pixelmaker',
      Model: 'P48',
      Orientation: 1,
      DateTimeOriginal: '2026:11:26 09:41:07',
      ExifImageWidth: 15,
      ExifImageHeight: 20,
    });
    expect(after?.latitude).toBe(before?.latitude);
    expect(after?.longitude).toBe(before?.longitude);
    expect(after?.latitude).toBeCloseTo(40.7128, 4);
    expect(after?.longitude).toBeCloseTo(-74.006, 4);
    expect(await exifr.thumbnail(Buffer.from(smaller))).toBeUndefined();
    // The picture itself is untouched and still decodes at its own size.
    expect(jpeg.decode(smaller)).toMatchObject({ width: 15, height: 20 });
    // EXIF right after the start of image; the encoder's JFIF segment left out; one APP1 only.
    expect(markersOf(smaller)[0]).toBe(0xe1);
    expect(markersOf(smaller).filter((marker) => marker === 0xe0 || marker === 0xe1)).toEqual([0xe1]);
    // The original's segment is not changed in place.
    expect((await read(original))?.Orientation).toBe(6);
  });

  it('replaces the EXIF a file already had instead of adding a second one', async () => {
    const first = withExif(
      plainJpeg(10, 10),
      uprightExif(exifSegmentOf(cameraJpeg(3))!, { width: 10, height: 10 })!,
    );
    const again = withExif(first, exifSegmentOf(cameraJpeg(8))!);
    expect(markersOf(again).filter((marker) => marker === 0xe1)).toHaveLength(1);
    expect((await read(again))?.Orientation).toBe(8);
  });

  it('resets a little-endian (Intel) EXIF too', async () => {
    // "Exif\0\0", then TIFF 'II' 42, IFD0 at 8 with one entry: Orientation, SHORT, 1 value, 8; no next IFD.
    const tiff = [0x49, 0x49, 42, 0, 8, 0, 0, 0, 1, 0, 0x12, 0x01, 3, 0, 1, 0, 0, 0, 8, 0, 0, 0, 0, 0, 0, 0];
    const body = [0x45, 0x78, 0x69, 0x66, 0, 0, ...tiff];
    const segment = new Uint8Array([0xff, 0xe1, 0, body.length + 2, ...body]);
    const upright = uprightExif(segment, { width: 1, height: 1 });
    expect(upright).not.toBeNull();
    expect((await read(withExif(plainJpeg(4, 4), upright!)))?.Orientation).toBe(1);
  });

  it('finds no EXIF in a JPEG without one, a PNG, random bytes, or a file cut short inside its EXIF', () => {
    expect(exifSegmentOf(plainJpeg(8, 8))).toBeNull();
    expect(exifSegmentOf(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBeNull();
    expect(exifSegmentOf(new Uint8Array([0xff, 0xd8, 0x12, 0x34, 0x56]))).toBeNull();
    expect(exifSegmentOf(new Uint8Array())).toBeNull();
    expect(exifSegmentOf(cameraJpeg().slice(0, 60))).toBeNull();
  });

  it('gives no EXIF at all rather than one it cannot follow (an IFD outside the segment, not TIFF)', () => {
    const segment = exifSegmentOf(cameraJpeg())!;
    const broken = segment.slice();
    // IFD0's offset (big-endian, piexifjs writes 'MM') pointed past the end of the segment.
    new DataView(broken.buffer).setUint32(4 + 6 + 4, 0xfff0);
    expect(uprightExif(broken, { width: 1, height: 1 })).toBeNull();
    const notTiff = segment.slice();
    notTiff[10] = 0x41;
    expect(uprightExif(notTiff, { width: 1, height: 1 })).toBeNull();
    expect(uprightExif(segment.slice(0, 14), { width: 1, height: 1 })).toBeNull();
  });

  it('refuses to write EXIF into something that is not a JPEG', () => {
    const segment = exifSegmentOf(cameraJpeg())!;
    expect(() => withExif(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), segment)).toThrow('Not a JPEG');
  });
});
