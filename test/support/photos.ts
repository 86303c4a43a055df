import jpeg from 'jpeg-js';
import piexif from 'piexifjs';
import { PNG } from 'pngjs';

/**
 * Real image files for the photo-evidence tests: a picture made of blocks of grey (a seed makes another
 * picture), encoded as JPEG with jpeg-js at a chosen quality, with an EXIF segment written by piexifjs.
 */

const WIDTH = 320;
const HEIGHT = 240;

/** RGBA pixels of blocks of 40 × 40 whose brightness a seeded sequence chooses, with a slight gradient. */
export const picture = (seed: number): Buffer => {
  let state = seed >>> 0 || 1;
  const next = () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
  const blocks = Array.from({ length: 48 }, () => Math.floor(next() * 200) + 20);
  const data = Buffer.alloc(WIDTH * HEIGHT * 4);
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      const grey = (blocks[Math.floor(y / 40) * 8 + Math.floor(x / 40)] ?? 0) + Math.floor(x / 64);
      const at = (y * WIDTH + x) * 4;
      data[at] = grey;
      data[at + 1] = Math.min(255, grey + 10);
      data[at + 2] = Math.max(0, grey - 10);
      data[at + 3] = 255;
    }
  }
  return data;
};

export interface ExifFacts {
  /** The camera's wall clock, `YYYY:MM:DD HH:MM:SS`. */
  dateTimeOriginal?: string;
  lat?: number;
  lng?: number;
}

const gps = (facts: ExifFacts) =>
  facts.lat === undefined || facts.lng === undefined
    ? {}
    : {
        [piexif.GPSIFD.GPSLatitudeRef]: facts.lat >= 0 ? 'N' : 'S',
        [piexif.GPSIFD.GPSLatitude]: piexif.GPSHelper.degToDmsRational(Math.abs(facts.lat)),
        [piexif.GPSIFD.GPSLongitudeRef]: facts.lng >= 0 ? 'E' : 'W',
        [piexif.GPSIFD.GPSLongitude]: piexif.GPSHelper.degToDmsRational(Math.abs(facts.lng)),
      };

/** A JPEG of the seeded picture, with the EXIF given (none when empty). */
export const jpegPhoto = (seed: number, exif: ExifFacts = {}, quality = 90): Uint8Array => {
  const encoded = jpeg.encode({ data: picture(seed), width: WIDTH, height: HEIGHT }, quality).data;
  if (exif.dateTimeOriginal === undefined && exif.lat === undefined) return new Uint8Array(encoded);
  const segment = piexif.dump({
    '0th': { [piexif.ImageIFD.Make]: 'SiteWalk test camera' },
    Exif: exif.dateTimeOriginal ? { [piexif.ExifIFD.DateTimeOriginal]: exif.dateTimeOriginal } : {},
    GPS: gps(exif),
  });
  return new Uint8Array(Buffer.from(piexif.insert(segment, encoded.toString('binary')), 'binary'));
};

/** A PNG of the seeded picture (PNGs carry no EXIF here). */
export const pngPhoto = (seed: number): Uint8Array => {
  const png = new PNG({ width: WIDTH, height: HEIGHT });
  picture(seed).copy(png.data);
  return new Uint8Array(PNG.sync.write(png));
};

/** An instant as a camera in `timeZone` writes it: `YYYY:MM:DD HH:MM:SS`, the wall clock, no offset. */
export const cameraClock = (instant: number, timeZone: string) => {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(instant))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}:${parts.month}:${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
};
