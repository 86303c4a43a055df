/**
 * The reader behind the local stand-in for Rekognition's DetectText (rekognition.ts, which runs it in a worker
 * thread, text-reader-thread.ts): tesseract.js (its English model from the npm package @tesseract.js-data/eng,
 * nothing downloaded at run time), after finding the likeliest runs of characters in the photo itself.
 * Tesseract reads a clean line of text well and a whole photo of a ribbed, tilted, glaring door badly (28 % of
 * the bench's set, against 98 % this way; test/bench/unit-reading.bench.ts), so:
 *
 * 1. grey, then a local-mean threshold (Bradley), once for dark text on light and once for light on dark;
 * 2. connected components of ink, kept when they are shaped like characters (height 8–45 % of the photo's,
 *    width 25–110 % of their height, partly filled, with a smooth outline, clear of the edges);
 * 3. runs of such components side by side at the same height, cut where a gap is far wider than the run's
 *    narrowest (a piece of door beside a plate's edge, taken for a character): the longest runs are the
 *    candidates;
 * 4. each candidate alone, black on white, turned level along its characters' feet, is read as one line.
 *
 * The candidates come back as Rekognition's WORD detections (text, confidence, box as fractions of the
 * photo), so the reader of door photos (functions/src/domain/unit-reading.ts) is the same code in both
 * places. What it cannot do: text in other scripts, handwriting, text that is not a row of characters.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { createWorker, PSM, type Worker } from 'tesseract.js';

export interface ReadWord {
  text: string;
  /** 0 to 100. */
  confidence: number;
  /** Fractions of the photo's width and height. */
  box: { left: number; top: number; width: number; height: number };
}

interface Component {
  id: number;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** Pixels of ink. */
  organization: number;
  /** Pixels of ink next to a pixel without. */
  outline: number;
}

/** Candidate runs read per polarity: the two longest. */
const RUNS_PER_POLARITY = 2;

const grey = (rgba: Uint8ClampedArray, pixels: number): Float32Array => {
  const out = new Float32Array(pixels);
  for (let i = 0; i < pixels; i += 1) {
    out[i] = 0.299 * rgba[i * 4]! + 0.587 * rgba[i * 4 + 1]! + 0.114 * rgba[i * 4 + 2]!;
  }
  return out;
};

/** Bradley's threshold: ink where a pixel is 15 % darker than the mean of the square around it. */
const inkOf = (width: number, height: number, level: Float32Array, invert: boolean): Uint8Array => {
  const value = (i: number) => (invert ? 255 - level[i]! : level[i]!);
  const stride = width + 1;
  const sums = new Float64Array(stride * (height + 1));
  for (let y = 0; y < height; y += 1) {
    let row = 0;
    for (let x = 0; x < width; x += 1) {
      row += value(y * width + x);
      sums[(y + 1) * stride + x + 1] = sums[y * stride + x + 1]! + row;
    }
  }
  const radius = Math.round(Math.max(width, height) / 16);
  const ink = new Uint8Array(width * height);
  for (let y = 0; y < height; y += 1) {
    const y0 = Math.max(0, y - radius);
    const y1 = Math.min(height - 1, y + radius);
    for (let x = 0; x < width; x += 1) {
      const x0 = Math.max(0, x - radius);
      const x1 = Math.min(width - 1, x + radius);
      const count = (x1 - x0 + 1) * (y1 - y0 + 1);
      const sum =
        sums[(y1 + 1) * stride + x1 + 1]! -
        sums[y0 * stride + x1 + 1]! -
        sums[(y1 + 1) * stride + x0]! +
        sums[y0 * stride + x0]!;
      ink[y * width + x] = value(y * width + x) * count < sum * 0.85 ? 1 : 0;
    }
  }
  return ink;
};

/** 4-connected components of ink, and which component each pixel belongs to (-1: none). */
const componentsOf = (width: number, height: number, ink: Uint8Array) => {
  const labels = new Int32Array(width * height).fill(-1);
  const components: Component[] = [];
  const stack: number[] = [];
  for (let start = 0; start < ink.length; start += 1) {
    if (!ink[start] || labels[start] !== -1) continue;
    const c: Component = {
      id: components.length,
      x0: width,
      y0: height,
      x1: 0,
      y1: 0,
      organization: 0,
      outline: 0,
    };
    labels[start] = c.id;
    stack.push(start);
    while (stack.length > 0) {
      const p = stack.pop()!;
      const x = p % width;
      const y = (p - x) / width;
      c.organization += 1;
      c.x0 = Math.min(c.x0, x);
      c.x1 = Math.max(c.x1, x);
      c.y0 = Math.min(c.y0, y);
      c.y1 = Math.max(c.y1, y);
      let edge = false;
      for (const [q, inside] of [
        [p - 1, x > 0],
        [p + 1, x < width - 1],
        [p - width, y > 0],
        [p + width, y < height - 1],
      ] as const) {
        if (!inside || !ink[q]) {
          edge = true;
          continue;
        }
        if (labels[q] === -1) {
          labels[q] = c.id;
          stack.push(q);
        }
      }
      if (edge) c.outline += 1;
    }
    components.push(c);
  }
  return { labels, components };
};

const heightOf = (c: Component) => c.y1 - c.y0 + 1;

const looksLikeCharacter = (c: Component, width: number, height: number): boolean => {
  const h = heightOf(c);
  const w = c.x1 - c.x0 + 1;
  const fill = c.organization / (w * h);
  return (
    h >= height * 0.08 &&
    h <= height * 0.45 &&
    w >= h * 0.25 &&
    w <= h * 1.1 &&
    fill > 0.15 &&
    fill < 0.8 &&
    c.outline / c.organization < 0.35 &&
    c.x0 > 0 &&
    c.y0 > 0 &&
    c.x1 < width - 1 &&
    c.y1 < height - 1
  );
};

/** Characters left to right, each joining the run whose last character is beside it at the same height. */
const runsOf = (characters: Component[]): Component[][] => {
  const runs: Component[][] = [];
  for (const c of [...characters].sort((a, b) => a.x0 - b.x0)) {
    const h = heightOf(c);
    const middle = (c.y0 + c.y1) / 2;
    const run = runs.find((r) => {
      const last = r[r.length - 1]!;
      const lh = heightOf(last);
      const gap = c.x0 - last.x1;
      return (
        Math.abs(h - lh) < 0.3 * lh &&
        Math.abs(middle - (last.y0 + last.y1) / 2) < 0.35 * lh &&
        gap < 0.9 * lh &&
        gap > -0.2 * lh
      );
    });
    if (run) run.push(c);
    else runs.push([c]);
  }
  return runs
    .flatMap(splitAtWideGaps)
    .sort((a, b) => b.length - a.length || heightOf(b[0]!) - heightOf(a[0]!));
};

/**
 * A run cut where a gap is more than twice its narrowest and over 0.3 of the characters' height: the digits of
 * a number sit evenly, while a piece of door texture beside a plate's edge, taken for a character, sits apart.
 */
const splitAtWideGaps = (run: Component[]): Component[][] => {
  if (run.length < 3) return [run];
  const gaps = run.slice(1).map((c, i) => c.x0 - run[i]!.x1);
  const narrowest = Math.max(1, Math.min(...gaps));
  const pieces: Component[][] = [[run[0]!]];
  gaps.forEach((gap, i) => {
    const c = run[i + 1]!;
    if (gap > 2 * narrowest && gap > 0.3 * heightOf(c)) pieces.push([c]);
    else pieces[pieces.length - 1]!.push(c);
  });
  return pieces;
};

/** The run's own ink, black on white with a margin, turned level along its characters' feet (PNG). */
const lineImage = (run: Component[], labels: Int32Array, width: number): Buffer => {
  const x0 = Math.min(...run.map((c) => c.x0));
  const x1 = Math.max(...run.map((c) => c.x1));
  const y0 = Math.min(...run.map((c) => c.y0));
  const y1 = Math.max(...run.map((c) => c.y1));
  const pad = Math.round((y1 - y0) * 0.35);
  const w = x1 - x0 + 1 + 2 * pad;
  const h = y1 - y0 + 1 + 2 * pad;
  const ids = new Set(run.map((c) => c.id));
  const source = createCanvas(w, h);
  const pixels = source.getContext('2d').createImageData(w, h);
  const rows = labels.length / width;
  for (let y = 0; y < h; y += 1) {
    for (let x = 0; x < w; x += 1) {
      const ix = x0 - pad + x;
      const iy = y0 - pad + y;
      const on = ix >= 0 && iy >= 0 && ix < width && iy < rows && ids.has(labels[iy * width + ix]!);
      const i = (y * w + x) * 4;
      pixels.data[i] = pixels.data[i + 1] = pixels.data[i + 2] = on ? 0 : 255;
      pixels.data[i + 3] = 255;
    }
  }
  source.getContext('2d').putImageData(pixels, 0, 0);
  const first = run[0]!;
  const last = run[run.length - 1]!;
  const tilt =
    run.length > 1 ? Math.atan2(last.y1 - first.y1, (last.x0 + last.x1 - first.x0 - first.x1) / 2) : 0;
  const level = createCanvas(w, h);
  const ctx = level.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, w, h);
  ctx.translate(w / 2, h / 2);
  ctx.rotate(-tilt);
  ctx.translate(-w / 2, -h / 2);
  ctx.drawImage(source, 0, 0);
  return level.toBuffer('image/png');
};

export interface TextReader {
  read(image: Buffer): Promise<ReadWord[]>;
  close(): Promise<void>;
}

/** One tesseract worker (a worker thread), made at the first read; reads run one at a time. */
export const createTextReader = (): TextReader => {
  let worker: Promise<Worker> | null = null;
  let queue: Promise<unknown> = Promise.resolve();
  const tesseract = () =>
    (worker ??= (async () => {
      const langPath = join(
        dirname(createRequire(import.meta.url).resolve('@tesseract.js-data/eng/package.json')),
        '4.0.0_best_int',
      );
      const created = await createWorker('eng', 1, { langPath, cacheMethod: 'none', gzip: true });
      await created.setParameters({ tessedit_pageseg_mode: PSM.SINGLE_LINE });
      return created;
    })());

  const readNow = async (image: Buffer): Promise<ReadWord[]> => {
    const photo = await loadImage(image);
    const { width, height } = photo;
    const canvas = createCanvas(width, height);
    canvas.getContext('2d').drawImage(photo, 0, 0);
    const level = grey(canvas.getContext('2d').getImageData(0, 0, width, height).data, width * height);
    const words: ReadWord[] = [];
    for (const invert of [false, true]) {
      const { labels, components } = componentsOf(width, height, inkOf(width, height, level, invert));
      const runs = runsOf(components.filter((c) => looksLikeCharacter(c, width, height)));
      for (const run of runs.slice(0, RUNS_PER_POLARITY)) {
        const { data } = await (
          await tesseract()
        ).recognize(lineImage(run, labels, width), {}, { blocks: true });
        const found = (data.blocks ?? []).flatMap((b) =>
          b.paragraphs.flatMap((p) => p.lines.flatMap((l) => l.words)),
        );
        const text = found
          .map((w) => w.text)
          .join('')
          .trim();
        if (!text) continue;
        const x0 = Math.min(...run.map((c) => c.x0));
        const y0 = Math.min(...run.map((c) => c.y0));
        words.push({
          text,
          confidence: Math.min(...found.map((w) => w.confidence)),
          box: {
            left: x0 / width,
            top: y0 / height,
            width: (Math.max(...run.map((c) => c.x1)) - x0 + 1) / width,
            height: (Math.max(...run.map((c) => c.y1)) - y0 + 1) / height,
          },
        });
      }
    }
    return words;
  };

  return {
    read: (image) => {
      const next = queue.then(() => readNow(image));
      queue = next.catch(() => undefined);
      return next;
    },
    close: async () => {
      if (worker) await (await worker).terminate();
      worker = null;
    },
  };
};
