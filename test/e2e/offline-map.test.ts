import { afterAll, beforeAll, describe } from 'vitest';
import { PNG } from 'pngjs';
import { seedSite } from '../support/site.ts';
import { PERSON_PASSWORD } from '../support/people.ts';
import { e2e, expect, signInThroughApi, testWithServiceWorker } from './support/journey.ts';
import { startMapStandIn, STAND_IN_MAXZOOM, TILE_COLOURS, type MapStandIn } from './support/map-stand-in.ts';

/**
 * The base map offline (docs/recorder.md, "The base map offline"): in AWS the map style is Amazon
 * Location's, on another origin. Here a stand-in serves a style with sprite, glyphs and raster tiles from
 * 127.0.0.1 while the app is at localhost; the app's runtime configuration names it. A walk opened online in
 * the recorder keeps its base map; with no network a reload draws it from the service worker's cache, and the
 * stand-in is asked for nothing more.
 */
const test = testWithServiceWorker({ latitude: 36.8, longitude: -119.7, accuracy: 5 });

let standIn: MapStandIn;
beforeAll(async () => {
  standIn = await startMapStandIn();
});
afterAll(() => standIn.close());

/** The share of the map's pixels that are the stand-in's tile colours. */
const tileShare = (png: Buffer) => {
  const image = PNG.sync.read(png);
  let tile = 0;
  for (let i = 0; i < image.data.length; i += 4) {
    const [r, g, b] = [image.data[i]!, image.data[i + 1]!, image.data[i + 2]!];
    if (TILE_COLOURS.some(([tr, tg, tb]) => Math.abs(r - tr) + Math.abs(g - tg) + Math.abs(b - tb) < 12))
      tile++;
  }
  return tile / (image.data.length / 4);
};

describe('the base map offline', () => {
  test('a walk opened online draws its cross-origin base map with no network, every file from the cache', async ({
    journey,
  }) => {
    const { page, context } = journey;
    const site = await seedSite(e2e().url);
    const hostOrigin = new URL(e2e().url).origin;

    // The stand-in's origin may be asked (it is this machine); the runtime configuration names its style.
    await context.route(
      (url) => url.origin === standIn.origin,
      (route) => route.continue(),
    );
    await context.route(
      (url) => url.origin === hostOrigin && url.pathname === '/config.json',
      async (route) => {
        try {
          const response = await route.fetch();
          const config = (await response.json()) as Record<string, unknown>;
          await route.fulfill({ response, json: { ...config, mapStyleUrl: standIn.styleUrl } });
        } catch {
          await route.abort('internetdisconnected');
        }
      },
    );
    const standInAnswers: { path: string; status: number; fromServiceWorker: boolean }[] = [];
    const standInFailures: string[] = [];
    context.on('response', (response) => {
      const url = new URL(response.url());
      if (url.origin === standIn.origin && !response.request().serviceWorker())
        standInAnswers.push({
          path: url.pathname,
          status: response.status(),
          fromServiceWorker: response.fromServiceWorker(),
        });
    });
    context.on('requestfailed', (request) => {
      const url = new URL(request.url());
      if (url.origin === standIn.origin) standInFailures.push(url.pathname);
    });

    await signInThroughApi(journey, site.employee.email, PERSON_PASSWORD);
    await page.waitForFunction('navigator.serviceWorker.controller !== null');

    // Online: the walk opened in the recorder; its base map is asked for through the worker.
    await page.goto(journey.url('/app/record'));
    await page.getByRole('heading', { level: 1, name: 'Record a Walk' }).waitFor();
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Location' }).textContent())
      .toContain('Location ');
    await page.getByRole('button', { name: 'Start walk' }).click();
    await page.locator('[data-map-loaded="true"]').waitFor();
    await page.waitForFunction(
      "performance.getEntriesByName('sitewalk:offline-map-cached').length > 0",
      undefined,
      { timeout: 30_000 },
    );
    // Every file the stand-in served is kept (the worker writes its cache just after it answers; MapLibre
    // and the walk's request for the same tile may both have reached the stand-in).
    // (A string: the test's own types have no DOM.)
    const keptFiles = async () =>
      new Set(
        (
          (await page.evaluate(
            "caches.open('sitewalk-map').then((cache) => cache.keys()).then((keys) => keys.map((key) => key.url))",
          )) as string[]
        ).map((url) => new URL(url).pathname),
      );
    await expect.poll(async () => (await keptFiles()).size === new Set(standIn.served).size).toBe(true);
    expect(await keptFiles()).toEqual(new Set(standIn.served));
    const servedOnline = [...standIn.served];
    // The style, its sprite, its font's glyphs and the tiles at the recorder's zooms, none deeper than the
    // stand-in's own.
    expect(servedOnline).toContain('/map/stand-in/style.json');
    expect(servedOnline).toEqual(
      expect.arrayContaining([
        '/map/stand-in/sprites/sprites.json',
        '/map/stand-in/sprites/sprites.png',
        '/map/stand-in/glyphs/Stand-in%20Regular/0-255.pbf',
      ]),
    );
    const tileZooms = new Set(
      servedOnline.flatMap((path) => /\/tiles\/(\d+)\//.exec(path)?.[1] ?? []).map(Number),
    );
    expect([...tileZooms].sort()).toEqual([14, 15, 16].filter((z) => z <= STAND_IN_MAXZOOM));

    // No network at all, and a reload: the walk resumes and its map draws from the device.
    await context.setOffline(true);
    standInAnswers.length = 0;
    await page.reload();
    await page.locator('[data-map-loaded="true"]').waitFor({ timeout: 30_000 });
    const map = page.locator('[data-map-loaded="true"]');
    await expect
      .poll(async () => tileShare(await map.screenshot()), { timeout: 10_000 })
      .toBeGreaterThan(0.5);
    await journey.check('Recorder offline with its base map');

    // The stand-in heard nothing more; everything the map asked of it came from the worker, and nothing failed.
    expect(standIn.served).toEqual(servedOnline);
    expect(standInAnswers.some(({ path }) => path.includes('/tiles/'))).toBe(true);
    expect(standInAnswers.filter((answer) => !answer.fromServiceWorker || answer.status !== 200)).toEqual([]);
    expect(standInFailures).toEqual([]);
    await context.setOffline(false);
  });
});
