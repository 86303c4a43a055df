/**
 * The web app manifest's icons (web/public/icons/*.png), made once from the logo mark (components/logo-mark.tsx)
 * and committed: Debian's Chromium renders the mark's SVG and takes its picture. Nothing is fetched: the page
 * is set from a string. Run it again when the mark changes: `cd web && npx tsx scripts/make-icons.ts`.
 *
 * - icon-192.png, icon-512.png: the mark as it is, its rounded tile on a transparent background;
 * - maskable-512.png: a full-bleed tile in the brand's blue with the mark at 75 %, so a launcher's mask
 *   (a circle keeps the middle 80 %) never cuts the route or its checkpoints.
 */
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { chromium } from 'playwright-core';
import { LogoMark } from '../src/components/logo-mark.tsx';
import { BRAND_BLUE } from '../src/app/brand.ts';

const CHROMIUM_PATH = '/usr/bin/chromium';
const out = fileURLToPath(new URL('../public/icons/', import.meta.url));

const icons = [
  { file: 'icon-192.png', size: 192, markScale: 1, background: 'transparent' },
  { file: 'icon-512.png', size: 512, markScale: 1, background: 'transparent' },
  { file: 'maskable-512.png', size: 512, markScale: 0.75, background: BRAND_BLUE },
];

const page = (size: number, markScale: number, background: string) => {
  const mark = renderToStaticMarkup(createElement(LogoMark, { size: Math.round(size * markScale) }));
  return `<!doctype html><html><head><style>
    html, body { margin: 0; padding: 0; background: transparent; }
    #icon { width: ${size}px; height: ${size}px; display: flex; align-items: center; justify-content: center;
            background: ${background}; }
  </style></head><body><div id="icon">${mark}</div></body></html>`;
};

await mkdir(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  headless: true,
  args: ['--no-sandbox'],
});
try {
  const context = await browser.newContext({ deviceScaleFactor: 1 });
  // Nothing leaves this machine: the page is a string and every request is refused.
  await context.route('**/*', (route) => route.abort());
  const tab = await context.newPage();
  for (const { file, size, markScale, background } of icons) {
    await tab.setViewportSize({ width: size, height: size });
    await tab.setContent(page(size, markScale, background));
    await tab.locator('#icon').screenshot({ path: `${out}${file}`, omitBackground: true });
    console.log(`web/public/icons/${file} (${size}×${size})`);
  }
} finally {
  await browser.close();
}
