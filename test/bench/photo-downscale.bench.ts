import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import exifr from 'exifr';
import jpeg from 'jpeg-js';
import piexif from 'piexifjs';
import { chromium, type Page } from 'playwright-core';
import { build, type Rolldown } from 'vite';
import { bench, describe } from 'vitest';
import { PHOTO_LONG_SIDE_MAX, PHOTO_TARGET_BYTES } from '@sitewalk/shared/constants';
import { CHROMIUM_ARGS, CHROMIUM_PATH, missingChromium } from '../e2e/support/chromium.ts';
import { cameraClock } from '../support/photos.ts';

/**
 * The recorder's photo worker (web/src/features/recorder/photos/downscale.worker.ts, bundled here by Vite as
 * the app bundles it) in headless Chromium, on photo-like 12 MP and 48 MP JPEGs with a phone's EXIF (time,
 * GPS, camera; one turned by Orientation 6). Budgets (issue 28): each output at most PHOTO_TARGET_BYTES and
 * PHOTO_LONG_SIDE_MAX px on its long side, upright (Orientation 1, the turned one now portrait), with the
 * input's EXIF time and GPS. Prints the time per photo and the longest task the page's main thread ran
 * meanwhile (the screen's freeze, if any); a missed budget fails the run. jsdom has no canvas, hence
 * Chromium. `npx vitest bench --run test/bench/photo-downscale.bench.ts` runs it alone.
 */

const ORIGIN = 'http://photo-bench.test';
const WORKER = fileURLToPath(
  new URL('../../web/src/features/recorder/photos/downscale.worker.ts', import.meta.url),
);

interface Case {
  name: string;
  width: number;
  height: number;
  orientation: number;
}
const CASES: Case[] = [
  { name: '12 MP (4000 × 3000)', width: 4000, height: 3000, orientation: 1 },
  { name: '12 MP turned (Orientation 6)', width: 4000, height: 3000, orientation: 6 },
  { name: '48 MP (8000 × 6000)', width: 8000, height: 6000, orientation: 1 },
];

/** The worker as one ES module, the way Vite builds it for the app. */
const bundledWorker = async (): Promise<string> => {
  const output = (await build({
    configFile: false,
    logLevel: 'silent',
    build: {
      write: false,
      minify: false,
      lib: { entry: WORKER, formats: ['es'], fileName: 'worker' },
    },
  })) as Rolldown.RolldownOutput | Rolldown.RolldownOutput[];
  const chunk = [output]
    .flat()
    .flatMap((o) => o.output)
    .find((file) => file.type === 'chunk' && file.isEntry);
  if (!chunk || chunk.type !== 'chunk') throw new Error('Vite built no worker');
  return chunk.code;
};

/**
 * What the page runs, as a script it loads (this project's TypeScript knows Node, not the DOM):
 * `drawPhoto(width, height)` draws a photo-like picture (sky, ground with fine grain, a row of numbered
 * doors) and saves it as JPEG at 0.92 as a phone camera does; `shrink(path)` fetches a photo and hands it
 * to the worker, timed from posting the file to the smaller file's arrival, while noting the longest task
 * the page's main thread ran meanwhile. Both answer base64.
 */
const PAGE_SCRIPT = String.raw`
const base64Of = async (blob) => {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
};

window.drawPhoto = async (width, height) => {
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
};

window.shrink = async (path) => {
  const file = await (await fetch(path)).blob();
  let longestMainTaskMs = 0;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longestMainTaskMs = Math.max(longestMainTaskMs, entry.duration);
  });
  observer.observe({ type: 'longtask' });
  const worker = new Worker('/worker.js', { type: 'module' });
  const started = performance.now();
  const answer = await new Promise((resolve, reject) => {
    worker.onmessage = ({ data }) => resolve(data);
    worker.onerror = (event) => reject(new Error(event.message));
    worker.postMessage({ id: 1, file });
  });
  const ms = performance.now() - started;
  worker.terminate();
  observer.disconnect();
  const { kind, blob } = answer.result;
  return { kind, ms, longestMainTaskMs, base64: blob ? await base64Of(blob) : null };
};
`;

const drawnPhoto = (page: Page, { width, height }: Case): Promise<string> =>
  page.evaluate(`drawPhoto(${width}, ${height})`);

/** The camera's EXIF on a JPEG (piexifjs, independent of the splice under test). */
const withCameraExif = (photo: Buffer, orientation: number, takenAt: string): Buffer => {
  const exif = piexif.dump({
    '0th': {
      [piexif.ImageIFD.Make]: 'SiteWalk bench camera',
      [piexif.ImageIFD.Model]: 'Phone 48',
      [piexif.ImageIFD.Orientation]: orientation,
    },
    Exif: { [piexif.ExifIFD.DateTimeOriginal]: takenAt },
    GPS: {
      [piexif.GPSIFD.GPSLatitudeRef]: 'N',
      [piexif.GPSIFD.GPSLatitude]: piexif.GPSHelper.degToDmsRational(30.267153),
      [piexif.GPSIFD.GPSLongitudeRef]: 'W',
      [piexif.GPSIFD.GPSLongitude]: piexif.GPSHelper.degToDmsRational(97.743061),
    },
  });
  return Buffer.from(piexif.insert(exif, photo.toString('binary')), 'binary');
};

interface Shrunk {
  kind: string;
  ms: number;
  longestMainTaskMs: number;
  base64: string | null;
}

const shrinkInPage = (page: Page, path: string): Promise<Shrunk> =>
  page.evaluate(`shrink(${JSON.stringify(path)})`);

const EXIF_OPTIONS = { tiff: true, exif: true, gps: true, reviveValues: false, translateValues: false };
const readExif = async (bytes: Buffer) =>
  ((await exifr.parse(bytes, EXIF_OPTIONS)) ?? {}) as {
    DateTimeOriginal?: string;
    Orientation?: number;
    Make?: string;
    latitude?: number;
    longitude?: number;
  };

describe('recorder photos made smaller on the phone', () => {
  bench(
    'downscale 12 MP and 48 MP JPEGs in the worker: size, pixels, EXIF and time per photo',
    async () => {
      if (!existsSync(CHROMIUM_PATH)) throw new Error(missingChromium);
      const worker = await bundledWorker();
      const photos = new Map<string, Buffer>();
      const browser = await chromium.launch({
        executablePath: CHROMIUM_PATH,
        headless: true,
        args: CHROMIUM_ARGS,
      });
      try {
        const page = await browser.newPage();
        await page.route(`${ORIGIN}/**`, (route) => {
          const path = new URL(route.request().url()).pathname;
          if (path === '/')
            return route.fulfill({
              contentType: 'text/html',
              body: '<!doctype html><title>bench</title><script src="/page.js"></script>',
            });
          if (path === '/page.js')
            return route.fulfill({ contentType: 'text/javascript', body: PAGE_SCRIPT });
          if (path === '/worker.js') return route.fulfill({ contentType: 'text/javascript', body: worker });
          const photo = photos.get(path);
          return photo ? route.fulfill({ contentType: 'image/jpeg', body: photo }) : route.abort();
        });
        await page.goto(`${ORIGIN}/`);

        const rows = [];
        const missed: string[] = [];
        for (const [index, photoCase] of CASES.entries()) {
          const takenAt = cameraClock(Date.UTC(2026, 10, 26, 14, 3, 27 + index), 'America/Chicago');
          const input = withCameraExif(
            Buffer.from(await drawnPhoto(page, photoCase), 'base64'),
            photoCase.orientation,
            takenAt,
          );
          const path = `/photo-${index}.jpg`;
          photos.set(path, input);
          const inputExif = await readExif(input);
          const shrunk = await shrinkInPage(page, path);
          const miss = (what: string) => missed.push(`${photoCase.name}: ${what}`);
          if (shrunk.kind !== 'shrunk' || !shrunk.base64) {
            miss(`the worker answered '${shrunk.kind}'`);
            continue;
          }
          const output = Buffer.from(shrunk.base64, 'base64');
          const { width, height } = jpeg.decode(output, { maxMemoryUsageInMB: 256 });
          const outputExif = await readExif(output);
          if (output.length > PHOTO_TARGET_BYTES) miss(`${output.length} bytes > ${PHOTO_TARGET_BYTES}`);
          if (Math.max(width, height) > PHOTO_LONG_SIDE_MAX) miss(`${width} × ${height} px`);
          const upright = photoCase.orientation === 6 ? height > width : width > height;
          if (!upright) miss(`${width} × ${height} px is not the orientation the camera meant`);
          if ((outputExif.Orientation ?? 1) !== 1) miss(`Orientation ${outputExif.Orientation}`);
          if (outputExif.DateTimeOriginal !== inputExif.DateTimeOriginal || !inputExif.DateTimeOriginal)
            miss(`EXIF time ${outputExif.DateTimeOriginal} ≠ ${inputExif.DateTimeOriginal}`);
          if (
            outputExif.latitude !== inputExif.latitude ||
            outputExif.longitude !== inputExif.longitude ||
            inputExif.latitude === undefined
          )
            miss(
              `EXIF GPS ${outputExif.latitude},${outputExif.longitude} ≠ ${inputExif.latitude},${inputExif.longitude}`,
            );
          rows.push({
            photo: photoCase.name,
            'input MB': (input.length / 1e6).toFixed(1),
            'output kB': (output.length / 1e3).toFixed(0),
            'output px': `${width} × ${height}`,
            'time per photo': `${Math.round(shrunk.ms)} ms`,
            // The browser reports only tasks of 50 ms or more.
            'longest main-thread task': shrunk.longestMainTaskMs
              ? `${Math.round(shrunk.longestMainTaskMs)} ms`
              : 'none ≥ 50 ms',
            'EXIF time, GPS': `${outputExif.DateTimeOriginal}, ${outputExif.latitude?.toFixed(5)}, ${outputExif.longitude?.toFixed(5)}`,
          });
        }
        console.log(
          `\nRecorder photos made smaller in a Web Worker (headless Chromium; budgets: ≤ ${PHOTO_TARGET_BYTES / 1000} kB, ≤ ${PHOTO_LONG_SIDE_MAX} px, EXIF time and GPS kept):`,
        );
        console.table(rows);
        if (missed.length) throw new Error(`Photo budgets missed:\n${missed.join('\n')}`);
      } finally {
        await browser.close();
      }
    },
    { iterations: 1, warmupIterations: 0, time: 0, warmupTime: 0 },
  );
});
