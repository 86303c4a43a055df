import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createWorker, PSM } from 'tesseract.js';
import { createCanvas, loadImage, type Image } from '@napi-rs/canvas';
import { doorImages } from './test/support/door-images.ts';
const langPath = join(dirname(createRequire(import.meta.url).resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');
const worker = await createWorker('eng', 1, { langPath, cacheMethod: 'none', gzip: true });
await worker.setParameters({ tessedit_pageseg_mode: PSM.SINGLE_LINE, tessedit_char_whitelist: '0123456789' });

const grayOf = (img: Image) => {
  const w = img.width, h = img.height;
  const c = createCanvas(w, h); const ctx = c.getContext('2d'); ctx.drawImage(img, 0, 0);
  const d = ctx.getImageData(0, 0, w, h).data; const g = new Float64Array(w * h);
  for (let i = 0; i < w * h; i++) g[i] = 0.299 * d[i*4]! + 0.587 * d[i*4+1]! + 0.114 * d[i*4+2]!;
  return { w, h, g };
};
/** Bradley's local-mean threshold: 1 where the pixel is darker than its neighbourhood (ink). */
const inkOf = (w: number, h: number, g: Float64Array, invert: boolean) => {
  const S = new Float64Array((w + 1) * (h + 1));
  for (let y = 0; y < h; y++) { let row = 0; for (let x = 0; x < w; x++) { row += invert ? 255 - g[y*w+x]! : g[y*w+x]!; S[(y+1)*(w+1)+x+1] = S[y*(w+1)+x+1]! + row; } }
  const r = Math.round(Math.max(w, h) / 16), t = 0.15, ink = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {
    const x0 = Math.max(0, x - r), x1 = Math.min(w - 1, x + r), y0 = Math.max(0, y - r), y1 = Math.min(h - 1, y + r);
    const n = (x1 - x0 + 1) * (y1 - y0 + 1);
    const sum = S[(y1+1)*(w+1)+x1+1]! - S[y0*(w+1)+x1+1]! - S[(y1+1)*(w+1)+x0]! + S[y0*(w+1)+x0]!;
    const v = invert ? 255 - g[y*w+x]! : g[y*w+x]!;
    ink[y*w+x] = v * n < sum * (1 - t) ? 1 : 0;
  }
  return ink;
};
interface Box { x0: number; y0: number; x1: number; y1: number; n: number; id: number; edge: number }
let label = new Int32Array(0);
const components = (w: number, h: number, ink: Uint8Array): Box[] => {
  label = new Int32Array(w * h).fill(-1); const boxes: Box[] = []; const stack: number[] = [];
  for (let start = 0; start < w * h; start++) {
    if (!ink[start] || label[start] !== -1) continue;
    const b = { x0: w, y0: h, x1: 0, y1: 0, n: 0, id: boxes.length, edge: 0 }; label[start] = boxes.length; stack.push(start);
    while (stack.length) {
      const p = stack.pop()!; const x = p % w, y = (p - x) / w; b.n++;
      if (x < b.x0) b.x0 = x; if (x > b.x1) b.x1 = x; if (y < b.y0) b.y0 = y; if (y > b.y1) b.y1 = y;
      let boundary = false;
      for (const q of [p - 1, p + 1, p - w, p + w]) {
        if (q < 0 || q >= w * h || (q === p - 1 && x === 0) || (q === p + 1 && x === w - 1)) { boundary = true; continue; }
        if (!ink[q]) boundary = true;
        if (ink[q] && label[q] === -1) { label[q] = boxes.length; stack.push(q); }
      }
      if (boundary) b.edge++;
    }
    boxes.push(b);
  }
  return boxes;
};
/** Glyph-like components in a row of similar height: the likeliest run of characters. */
const textRuns = (w: number, h: number, boxes: Box[]) => {
  const glyphs = boxes.filter((b) => {
    const bw = b.x1 - b.x0 + 1, bh = b.y1 - b.y0 + 1, fill = b.n / (bw * bh);
    return bh >= h * 0.08 && bh <= h * 0.45 && bw >= bh * 0.25 && bw <= bh * 1.1 && fill > 0.15 && fill < 0.8 && b.edge / b.n < Number(process.env.EDGE ?? 0.35) && b.x0 > 0 && b.y0 > 0 && b.x1 < w - 1 && b.y1 < h - 1;
  }).sort((a, b) => a.x0 - b.x0);
  const runs: Box[][] = [];
  for (const g of glyphs) {
    const gh = g.y1 - g.y0, cy = (g.y0 + g.y1) / 2;
    const run = runs.find((r) => { const l = r[r.length - 1]!; const lh = l.y1 - l.y0; return Math.abs(gh - lh) < 0.3 * lh && Math.abs(cy - (l.y0 + l.y1) / 2) < 0.35 * lh && g.x0 - l.x1 < 0.9 * lh && g.x0 - l.x1 > -0.2 * lh; });
    if (run) run.push(g); else runs.push([g]);
  }
  return runs;
};
const readRun = async (img: Image, run: Box[], invert: boolean, ink: Uint8Array, w: number) => {
  const x0 = Math.min(...run.map((b) => b.x0)), x1 = Math.max(...run.map((b) => b.x1));
  const y0 = Math.min(...run.map((b) => b.y0)), y1 = Math.max(...run.map((b) => b.y1));
  const hh = y1 - y0, pad = Math.round(hh * 0.35); const ids = new Set(run.map((b) => b.id));
  // Tilt: the line through the glyphs' bottoms.
  const first = run[0]!, last = run[run.length - 1]!;
  const angle = run.length > 1 ? Math.atan2(last.y1 - first.y1, ((last.x0 + last.x1) - (first.x0 + first.x1)) / 2) : 0;
  const cw = x1 - x0 + 2 * pad, ch = hh + 2 * pad;
  const c = createCanvas(cw, ch); const ctx = c.getContext('2d');
  // The ink of this run only, black on white, turned level.
  const src = createCanvas(cw, ch); const sctx = src.getContext('2d'); const data = sctx.createImageData(cw, ch);
  for (let y = 0; y < ch; y++) for (let x = 0; x < cw; x++) {
    const ix = x0 - pad + x, iy = y0 - pad + y; const on = ix >= 0 && iy >= 0 && ix < w && iy < ink.length / w && ids.has(label[iy * w + ix]!);
    const i = (y * cw + x) * 4; data.data[i] = data.data[i+1] = data.data[i+2] = on ? 0 : 255; data.data[i+3] = 255;
  }
  sctx.putImageData(data, 0, 0);
  ctx.fillStyle = '#fff'; ctx.fillRect(0, 0, cw, ch);
  ctx.translate(cw / 2, ch / 2); ctx.rotate(-angle); ctx.translate(-cw / 2, -ch / 2); ctx.drawImage(src, 0, 0);
  if (process.env.DUMP === String(run.length)) (await import('node:fs')).writeFileSync(`/tmp/doors/crop-${Date.now()}.png`, c.toBuffer('image/png'));
  const { data: out } = await worker.recognize(c.toBuffer('image/png'), {}, { blocks: true });
  const words = (out.blocks ?? []).flatMap((b) => b.paragraphs.flatMap((p) => p.lines.flatMap((l) => l.words)));
  const text = words.map((w) => w.text).join('');
  const conf = words.length ? Math.min(...words.map((w) => w.confidence)) : 0;
  return { text, conf, glyphs: run.length, height: hh };
};
const images = doorImages(1, 60);
let ok = 0; const t = Date.now();
for (const d of images) {
  const img = await loadImage(d.jpeg); const { w, h, g } = grayOf(img);
  const reads = [];
  for (const invert of [false, true]) {
    const ink = inkOf(w, h, g, invert);
    const runs = textRuns(w, h, components(w, h, ink)).sort((a, b) => b.length - a.length || (b[0]!.y1 - b[0]!.y0) - (a[0]!.y1 - a[0]!.y0)).slice(0, 2);
    for (const run of runs) reads.push(await readRun(img, run, invert, ink, w));
  }
  const good = reads.filter((r) => /^\d{1,5}$/.test(r.text)).sort((a, b) => b.conf * b.height - a.conf * a.height);
  const got = good[0]?.text ?? '';
  if (got === d.unit) ok += 1; else console.log('MISS', d.unit, JSON.stringify(reads), JSON.stringify(d.conditions));
}
console.log('exact', ok, '/', images.length, 'ms/image', Math.round((Date.now() - t) / images.length));
await worker.terminate();
