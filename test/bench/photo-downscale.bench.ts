import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import exifr from 'exifr';
import jpeg from 'jpeg-js';
import { chromium, type Page } from 'playwright-core';
import { build, type Rolldown } from 'vite';
import { bench, describe } from 'vitest';
import { PHOTO_LONG_SIDE_MAX, PHOTO_TARGET_BYTES } from '@sitewalk/shared/constants';
import { CHROMIUM_ARGS, CHROMIUM_PATH, missingChromium } from '../e2e/support/chromium.ts';
import { PHOTO_LIKE_SCRIPT, photoLikeJpeg, withPhoneExif } from '../support/phone-photos.ts';
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
 * `shrink(path)` fetches a photo and hands it to the worker, timed from posting the file to the smaller
 * file's arrival, while noting the longest task the page's main thread ran meanwhile; it answers base64.
 */
const PAGE_SCRIPT = String.raw`
${PHOTO_LIKE_SCRIPT}
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
          const input = withPhoneExif(await photoLikeJpeg(page, photoCase.width, photoCase.height), {
            dateTimeOriginal: takenAt,
            lat: 30.267153,
            lng: -97.743061,
            orientation: photoCase.orientation,
          });
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
