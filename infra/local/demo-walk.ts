/**
 * `npm run demo:walk`: issue 15's "done when", run against `npm start` and the demo tenant (`npm run
 * seed:demo` first). An Employee of the demo tenant records a whole walk on a phone-sized Chromium, the
 * phone's position moved marker by marker, with the network cut for part of it (a note, a photo and a reload
 * with no network) and one marker marked by hand; then a Manager of the location opens the finished report
 * on a desktop-sized window. Screenshots go to .data/demo-walk/. Nothing but the host and its S3 stand-in
 * (where photos are uploaded) is reachable.
 * DEMO_SEED, DEMO_SIZE and DEMO_DAYS name the tenant as `npm run seed:demo`'s --seed, --size and --days did.
 */
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { Role } from '@sitewalk/shared/roles';
import { generateDemo } from './demo/generate.ts';
import { DEMO_PASSWORD } from './demo/write.ts';
import { localSettings } from './settings.ts';

const settings = localSettings(process.env);
const base = `http://localhost:${settings.port}`;
const out = fileURLToPath(new URL('../../.data/demo-walk/', import.meta.url));
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const seed = Number(process.env.DEMO_SEED ?? 1);
const size = Number(process.env.DEMO_SIZE ?? 20);
const days = Number(process.env.DEMO_DAYS ?? 90);

// The same options as `npm run seed:demo` gave: the same tenant, so its people and walks are known here.
const demo = generateDemo({ seed, size, days });
const employee = demo.people.find((p) => p.roleId === Role.Employee);
if (!employee) throw new Error('The demo tenant has no Employee');
const locationKey = employee.locationKeys[0];
const location = demo.locations.find((l) => l.key === locationKey);
const manager = demo.people.find(
  (p) => p.roleId === Role.Manager && p.locationKeys.includes(locationKey ?? ''),
);
if (!location || !manager) throw new Error('No location with a Manager for the Employee');

const login = async (email: string) => {
  const answer = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  const body = (await answer.json()) as { accessToken?: string; user?: { id: number } };
  if (!body.accessToken || !body.user) throw new Error(`${email} could not sign in (${answer.status})`);
  return body as { accessToken: string; user: { id: number } };
};
const get = async <T>(token: string, path: string): Promise<T> => {
  const answer = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (!answer.ok) throw new Error(`GET ${path}: ${answer.status}`);
  return (await answer.json()) as T;
};

interface Marker {
  id: number;
  label: number;
  lat: number;
  lng: number;
  isDoor: boolean;
}

const session = await login(employee.email);
const locations = await get<{ id: number; name: string }[]>(
  session.accessToken,
  `/api/location/all/by-user/${session.user.id}`,
);
const locationId = locations.find((l) => l.name === location.name)?.id;
if (!locationId) throw new Error(`${employee.email} has no ${location.name}`);
const walks = await get<{ name: string; markers: Marker[] }[]>(
  session.accessToken,
  `/api/walk/all/${locationId}`,
);
const walk = walks.find((w) => w.markers.length > 0);
if (!walk) throw new Error(`${location.name} has no walk with markers`);
const markers = [...walk.markers].sort((a, b) => a.label - b.label);
console.log(`${employee.email} walks '${walk.name}' at ${location.name}: ${markers.length} markers.`);

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

await mkdir(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-sync'],
});
const outside: string[] = [];
const closeOff = async (context: BrowserContext) => {
  await context.route(
    // The app's host, and the S3 stand-in that presigned uploads go to.
    (url) => url.hostname !== 'localhost' && url.host !== `127.0.0.1:${settings.port + 3}`,
    (route) => {
      outside.push(route.request().url());
      return route.abort();
    },
  );
};
const signIn = async (page: Page, email: string) => {
  await page.goto(`${base}/login`);
  await page.getByLabel(/email/i).fill(email);
  await page.getByLabel(/password/i).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(`${base}/app`);
};
let shot = 0;
const snap = (page: Page, name: string) =>
  page.screenshot({ path: `${out}${String(++shot).padStart(2, '0')}-${name}.png`, fullPage: true });

try {
  const phone = await browser.newContext({
    viewport: { width: 375, height: 812 },
    isMobile: true,
    hasTouch: true,
    permissions: ['geolocation'],
    geolocation: { latitude: markers[0]!.lat - 0.002, longitude: markers[0]!.lng, accuracy: 8 },
  });
  await closeOff(phone);
  const page = await phone.newPage();
  await signIn(page, employee.email);
  await page.waitForFunction('navigator.serviceWorker.controller !== null');
  await page.goto(`${base}/app/record`);
  await page.getByRole('combobox', { name: 'Location' }).click();
  await page.getByRole('option', { name: location.name }).click();
  await page.getByRole('combobox', { name: 'Walk' }).click();
  await page.getByRole('option', { name: walk.name }).first().click();
  await page.getByRole('button', { name: 'Start walk' }).click();
  await page.getByRole('heading', { level: 1, name: walk.name }).waitFor();
  await snap(page, 'started');

  const row = (label: number) =>
    page
      .getByRole('region', { name: 'Markers' })
      .getByRole('button', { name: new RegExp(`^Marker ${label}\\b`) });
  const cutAt = Math.floor(markers.length / 3);
  const backAt = Math.floor((2 * markers.length) / 3);
  const door = page.getByRole('dialog', { name: 'Door check' });
  const doorCheck = async () => {
    // The unit the API drew as the walk started, once the phone has its start's answer.
    await door.getByText('Waiting for SiteWalk').waitFor({ state: 'hidden' });
    const asked = /unit (\d+)\./.exec((await door.textContent()) ?? '')?.[1] ?? '';
    await door
      .getByLabel('Door photo')
      .setInputFiles({ name: 'door.png', mimeType: 'image/png', buffer: png });
    await door.getByRole('textbox', { name: 'Unit number seen' }).fill(asked);
    await door.getByRole('button', { name: 'Save door check' }).click();
    await door.waitFor({ state: 'hidden' });
  };
  const isReached = async (label: number) => ((await row(label).textContent()) ?? '').includes('Reached');
  let byHand: number | null = null;
  for (const [index, marker] of markers.entries()) {
    if (index === cutAt) {
      await phone.setOffline(true);
      console.log(`Network cut before marker ${marker.label}.`);
    }
    if (index === backAt) {
      await phone.setOffline(false);
      console.log(`Network back before marker ${marker.label}.`);
    }
    // Markers closer together than the radius are reached from the one before: the door check may be open.
    if (await door.isVisible()) await doorCheck();
    if (await isReached(marker.label)) continue;
    if (index >= backAt - 1 && byHand === null) {
      byHand = marker.label;
      await row(marker.label).click();
      await page.getByRole('button', { name: 'Mark reached' }).click();
    } else {
      await phone.setGeolocation({ latitude: marker.lat, longitude: marker.lng, accuracy: 6 });
    }
    if (marker.isDoor) {
      await door.waitFor();
      await doorCheck();
    }
    await row(marker.label).getByText('Reached').waitFor();
    if (index === cutAt + 1) {
      await page.getByRole('button', { name: 'Add note' }).click();
      const note = page.getByRole('dialog', { name: 'Add note' });
      await note.getByRole('textbox', { name: 'Note' }).fill('Gate chain loose (written offline)');
      await note.getByRole('button', { name: 'Save note' }).click();
      await note.waitFor({ state: 'hidden' });
      await page
        .getByLabel('Add photo')
        .setInputFiles({ name: 'fence.png', mimeType: 'image/png', buffer: png });
      await snap(page, 'offline');
      await page.reload();
      await page.getByRole('heading', { level: 1, name: walk.name }).waitFor();
      console.log('Reloaded with no network: the same walk resumed.');
      await snap(page, 'reloaded-offline');
    }
  }
  console.log(`Marker ${byHand} was marked by hand.`);
  await page.getByRole('status').filter({ hasText: 'All sent' }).waitFor({ timeout: 60_000 });
  await page.getByRole('button', { name: 'Finish walk' }).click();
  const finish = page.getByRole('dialog', { name: 'Finish this walk?' });
  await finish.waitFor();
  await snap(page, 'finish');
  console.log((await finish.textContent())?.replace(/\s+/g, ' '));
  await finish.getByRole('button', { name: 'Finish', exact: true }).click();
  const view = page.getByRole('link', { name: 'View report' });
  await view.waitFor({ timeout: 60_000 });
  const href = (await view.getAttribute('href')) ?? '';
  await snap(page, 'finished');

  const desk = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await closeOff(desk);
  const managerPage = await desk.newPage();
  await signIn(managerPage, manager.email);
  await managerPage.goto(`${base}${href}`);
  await managerPage.getByText('Marked by hand').first().waitFor();
  await managerPage.locator('[data-map-loaded="true"]').waitFor();
  await snap(managerPage, 'manager-report');
  console.log(`${manager.email} sees the report at ${href}, with the 'Marked by hand' flag.`);
  if (outside.length > 0) throw new Error(`Requests outside the host: ${outside.join(', ')}`);
  console.log(`Screenshots in ${out}`);
} catch (error) {
  for (const context of browser.contexts())
    for (const [index, open] of context.pages().entries())
      await open.screenshot({ path: `${out}failed-${index}.png`, fullPage: true });
  throw error;
} finally {
  await browser.close();
}
