import { afterAll, bench, describe } from 'vitest';
import { doorImages } from '../../../test/support/door-images.ts';
import { unitFromDetections } from '@sitewalk/functions/domain/unit-reading';
import { createTextReader } from './text-reader.ts';

/**
 * The local reader of door photos (the Rekognition stand-in's text reader, then the same choice of the unit
 * the Lambda makes) on a fixed set of generated door photos (test/support/door-images.ts, seed 1): the share
 * read exactly and the time per photo. Budget (issue 18): at least 90 % exact.
 */
const COUNT = Number(process.env.DOOR_IMAGES ?? 60);
const SEED = Number(process.env.DOOR_SEED ?? 1);
const BUDGET = 0.9;
const reader = createTextReader();
let measured = false;

afterAll(() => reader.close());

describe('unit numbers read on door photos', () => {
  bench(
    `${COUNT} generated door photos`,
    async () => {
      if (measured) return;
      measured = true;
      const photos = doorImages(SEED, COUNT);
      const misses: { unit: string; read: string | null; words: string }[] = [];
      const started = performance.now();
      for (const photo of photos) {
        const words = await reader.read(photo.jpeg);
        const { unit } = unitFromDetections(words.map((w) => ({ ...w, type: 'WORD' as const })));
        if (unit !== photo.unit) {
          misses.push({ unit: photo.unit, read: unit, words: words.map((w) => `${w.text} (${Math.round(w.confidence)})`).join(', ') });
        }
      }
      const perPhoto = (performance.now() - started) / photos.length;
      const exact = (photos.length - misses.length) / photos.length;
      console.log(
        `[unit reading] ${photos.length - misses.length}/${photos.length} exact (${(exact * 100).toFixed(1)} %, ` +
          `budget ${BUDGET * 100} %: ${exact >= BUDGET ? 'met' : 'NOT met'}), ${perPhoto.toFixed(0)} ms a photo`,
      );
      if (misses.length > 0) console.table(misses);
    },
    { iterations: 1, warmupIterations: 0, time: 0, warmupTime: 0 },
  );
});
