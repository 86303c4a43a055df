import piexif from 'piexifjs';
import type { Page } from 'playwright-core';

/**
 * Photo-like phone JPEGs at a camera's full size (12 MP, 48 MP) for the photo bench and journeys. jpeg-js
 * (test/support/photos.ts) would take many seconds for 48 MP, so the page draws and encodes them: sky,
 * ground with fine grain as a sensor gives, and a row of numbered storage doors (edges and text), saved as
 * JPEG at 0.92 as a phone camera does. The EXIF is written in Node with piexifjs, independently of the
 * app's own EXIF code.
 */

/**
 * Browser JavaScript (this project's TypeScript knows Node, not the DOM) declaring `drawPhoto(width,
 * height)`, which answers the JPEG as base64, and `base64Of(blob)`.
 */
export const PHOTO_LIKE_SCRIPT = String.raw`
async function base64Of(blob) {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

async function drawPhoto(width, height) {
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d');
  const sky = context.createLinearGradient(0, 0, 0, height * 0.45);
  sky.addColorStop(0, '#6fa8dc');
  sky.addColorStop(1, '#dde9f3');
  context.fillStyle = sky;
  context.fillRect(0, 0, width, height);
  context.fillStyle = '#8a8478';
  context.fillRect(0, height * 0.45, width, height * 0.55);
  // Grain: a tile of noise over the whole picture, as a sensor's noise and asphalt give.
  const tile = new ImageData(512, 512);
  let seed = 7;
  for (let i = 0; i < tile.data.length; i += 4) {
    seed = (seed * 1664525 + 1013904223) >>> 0;
    const grey = seed >>> 24;
    tile.data.set([grey, grey, grey, 40], i);
  }
  const grain = await createImageBitmap(tile);
  for (let y = 0; y < height; y += 512) for (let x = 0; x < width; x += 512) context.drawImage(grain, x, y);
  // Storage doors with numbers: edges and text, as on a real door photo.
  const doors = 6;
  const doorWidth = width / (doors + 1);
  for (let i = 0; i < doors; i += 1) {
    const x = doorWidth * (i + 0.5);
    context.fillStyle = i % 2 ? '#c0392b' : '#d35400';
    context.fillRect(x, height * 0.3, doorWidth * 0.8, height * 0.55);
    context.strokeStyle = '#2c2c2c';
    context.lineWidth = Math.max(2, width / 1000);
    for (let rib = 0; rib < 20; rib += 1) {
      const y = height * 0.3 + (rib * height * 0.55) / 20;
      context.beginPath();
      context.moveTo(x, y);
      context.lineTo(x + doorWidth * 0.8, y);
      context.stroke();
    }
    context.fillStyle = '#fff';
    context.font = 'bold ' + Math.round(height / 20) + 'px sans-serif';
    context.fillText(String(101 + i), x + doorWidth * 0.2, height * 0.27);
  }
  return base64Of(await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.92 }));
}
`;

/** A photo-like JPEG of `width` × `height` drawn and encoded in `page` (any page: it adds nothing to it). */
export const photoLikeJpeg = async (page: Page, width: number, height: number): Promise<Buffer> =>
  Buffer.from(
    await page.evaluate<string>(
      `(async () => { ${PHOTO_LIKE_SCRIPT}\n return drawPhoto(${width}, ${height}); })()`,
    ),
    'base64',
  );

export interface PhoneExif {
  /** The camera's wall clock, `YYYY:MM:DD HH:MM:SS` (photos.ts's cameraClock). */
  dateTimeOriginal: string;
  lat: number;
  lng: number;
  /** 1 upright; 6 when the phone was held upright and the sensor's picture must turn 90° clockwise. */
  orientation?: number;
}

/** `jpeg` with the EXIF a phone writes: camera, orientation, capture time and GPS. */
export const withPhoneExif = (
  jpeg: Buffer,
  { dateTimeOriginal, lat, lng, orientation = 1 }: PhoneExif,
): Buffer => {
  const exif = piexif.dump({
    '0th': {
      [piexif.ImageIFD.Make]: 'SiteWalk test phone',
      [piexif.ImageIFD.Model]: 'Phone 48',
      [piexif.ImageIFD.Orientation]: orientation,
    },
    Exif: { [piexif.ExifIFD.DateTimeOriginal]: dateTimeOriginal },
    GPS: {
      [piexif.GPSIFD.GPSLatitudeRef]: lat >= 0 ? 'N' : 'S',
      [piexif.GPSIFD.GPSLatitude]: piexif.GPSHelper.degToDmsRational(Math.abs(lat)),
      [piexif.GPSIFD.GPSLongitudeRef]: lng >= 0 ? 'E' : 'W',
      [piexif.GPSIFD.GPSLongitude]: piexif.GPSHelper.degToDmsRational(Math.abs(lng)),
    },
  });
  return Buffer.from(piexif.insert(exif, jpeg.toString('binary')), 'binary');
};
