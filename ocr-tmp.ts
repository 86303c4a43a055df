import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createWorker, PSM } from 'tesseract.js';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { doorImages } from './test/support/door-images.ts';
const langPath = join(dirname(createRequire(import.meta.url).resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');
const worker = await createWorker('eng', 1, { langPath, cacheMethod: 'none', gzip: true });
await worker.setParameters({ tessedit_pageseg_mode: (process.argv[4] ?? '11') as PSM, tessedit_char_whitelist: '0123456789' });

/** Grayscale, then a local-mean threshold (Bradley): dark text on light, and (inverted) light on dark. */
const binarized = async (jpeg: Buffer, invert: boolean, scale: number) => {
  const img = await loadImage(jpeg);
  const w = Math.round(img.width * scale), h = Math.round(img.height * scale);
  const c = createCanvas(w, h); const ctx = c.getContext('2d');
  ctx.drawImage(img, 0, 0, w, h);
  const data = ctx.getImageData(0, 0, w, h);
  const g = new Float64Array(w * h);
  for (let i = 0; i < w * h; i++) { const v = 0.299 * data.data[i*4]! + 0.587 * data.data[i*4+1]! + 0.114 * data.data[i*4+2]!; g[i] = invert ? 255 - v : v; }
  const S = new Float64Array((w + 1) * (h + 1));
  for (let y = 0; y < h; y++) { let row = 0; for (let x = 0; x < w; x++) { row += g[y*w+x]!; S[(y+1)*(w+1)+x+1] = S[y*(w+1)+x+1]! + row; } }
  const r = Math.round(Math.max(w, h) / 16), t = 0.15;
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {
    const x0 = Math.max(0, x - r), x1 = Math.min(w - 1, x + r), y0 = Math.max(0, y - r), y1 = Math.min(h - 1, y + r);
    const n = (x1 - x0 + 1) * (y1 - y0 + 1);
    const sum = S[(y1+1)*(w+1)+x1+1]! - S[y0*(w+1)+x1+1]! - S[(y1+1)*(w+1)+x0]! + S[y0*(w+1)+x0]!;
    const v = mode === 'gray' ? g[y*w+x]! : g[y*w+x]! * n < sum * (1 - t) ? 0 : 255;
    const i = (y*w+x)*4; data.data[i] = data.data[i+1] = data.data[i+2] = v;
  }
  ctx.putImageData(data, 0, 0);
  return c.toBuffer('image/png');
};
const images = doorImages(1, 60);
const scale = Number(process.argv[2] ?? 1);
const mode = process.argv[3] ?? 'bin';
let ok = 0; const t = Date.now();

for (const d of process.env.DUMP ? [] : images) {
  const cands: { text: string; conf: number; h: number }[] = [];
  for (const invert of [false, true]) {
    const { data } = await worker.recognize(await binarized(d.jpeg, invert, scale), {}, { blocks: true });
    const words = (data.blocks ?? []).flatMap((b) => b.paragraphs.flatMap((p) => p.lines.flatMap((l) => l.words)));
    for (const w of words) if (/^\d{1,5}$/.test(w.text) && w.confidence > 30) cands.push({ text: w.text, conf: w.confidence, h: w.bbox.y1 - w.bbox.y0 });
  }
  cands.sort((a, b) => b.h * b.conf - a.h * a.conf);
  const got = cands[0]?.text ?? '';
  if (got === d.unit) ok += 1; else console.log('MISS', d.unit, JSON.stringify(cands.slice(0, 4)), JSON.stringify(d.conditions));
}
console.log('exact', ok, '/', images.length, 'ms/image', Math.round((Date.now() - t) / images.length));
await worker.terminate();
if (process.env.DUMP) {
  const { writeFileSync } = await import('node:fs');
  for (const i of [0, 2, 5, 7]) writeFileSync(`/tmp/doors/bin-${i}.png`, await binarized(images[i]!.jpeg, false, 1));
}
