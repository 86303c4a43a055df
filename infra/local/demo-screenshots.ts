/**
 * `npm run screenshots:demo`: the landing page's Demo screenshots (web/public/demo/*.png), taken from the
 * product itself. Start `npm start` and write a demo tenant first (`npm run seed:demo`); this signs in as the
 * local Super User in Debian's Chromium, which sees every tenant, and saves the screens at 1440 × 900.
 * Every request to anything but the local host is refused, as in the browser journeys.
 */
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { localSettings } from './settings.ts';

const settings = localSettings(process.env);
const base = `http://localhost:${settings.port}`;
const out = fileURLToPath(new URL('../../web/public/demo/', import.meta.url));
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

await mkdir(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-sync'],
});
try {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.route('**/*', (route) =>
    new URL(route.request().url()).hostname === 'localhost' ? route.continue() : route.abort(),
  );
  const page = await context.newPage();
  await page.goto(`${base}/login`);
  await page.getByLabel(/email/i).fill(settings.adminEmail);
  await page.getByLabel(/password/i).fill(settings.adminPassword);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(`${base}/app`);
  const firstIncident = page.getByRole('button', { name: /·/ }).first();
  await firstIncident.waitFor();
  await page.mouse.move(0, 0); // no hover hint in the picture
  await page.screenshot({ path: `${out}dashboard.png` });
  await firstIncident.click();
  await page.getByRole('heading', { name: /^Incident \d+/ }).waitFor();
  await page.screenshot({ path: `${out}incident.png` });
  console.log(`Saved dashboard.png and incident.png in ${out}`);
} finally {
  await browser.close();
}
