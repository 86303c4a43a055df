import { describe } from 'vitest';
import { callAs, PERSON_PASSWORD } from '../support/people.ts';
import { seedSite } from '../support/site.ts';
import { e2e, expect, signIn, testWithServiceWorker } from './support/journey.ts';

/**
 * The installable app (docs/recorder.md, "Offline and the installed app"): after one visit online its service
 * worker holds the SPA, and the recorder opens with no network at all — the runtime configuration and the
 * signed-in user from the device, the API and /config.json never from a cache. The service worker runs here
 * (testWithServiceWorker): its own requests are seen and routed by the journey's context like the page's.
 */
const test = testWithServiceWorker({ latitude: 36.8, longitude: -119.7, accuracy: 5 });

describe('the installable app', () => {
  test('after one visit online, opens the recorder and records a walk with no network, nothing of /api or /config.json from a cache', async ({
    journey,
  }) => {
    const { page, context } = journey;
    const site = await seedSite(e2e().url);

    // The worker and the manifest are revalidated on every load, so a new build is used from the next one.
    for (const file of ['/sw.js', '/manifest.webmanifest']) {
      const response = await fetch(journey.url(file));
      expect(response.status, file).toBe(200);
      expect(response.headers.get('cache-control'), file).toBe('no-cache');
    }

    // Every answer from /api or /config.json (and whether a service worker gave it); every request the
    // service worker itself made; every request that got no answer.
    const neverCached: { path: string; fromServiceWorker: boolean }[] = [];
    const byWorker: string[] = [];
    const failed: string[] = [];
    context.on('response', (response) => {
      const path = new URL(response.url()).pathname;
      if (path.startsWith('/api/') || path === '/config.json')
        neverCached.push({ path, fromServiceWorker: response.fromServiceWorker() });
    });
    context.on('request', (request) => {
      if (request.serviceWorker()) byWorker.push(new URL(request.url()).pathname);
    });
    context.on('requestfailed', (request) => failed.push(new URL(request.url()).pathname));

    // Online: the sign-in pages register no worker; the SPA does, after its first render.
    await page.goto(journey.url('/login'));
    expect(await page.evaluate('navigator.serviceWorker.getRegistrations().then((r) => r.length)')).toBe(0);
    await signIn(journey, site.employee.email, PERSON_PASSWORD);
    await page.waitForFunction('navigator.serviceWorker.controller !== null');
    // It precached the SPA's document and MapLibre's worker (.mjs), through the journey's own context.
    expect(byWorker).toContain('/app.html');
    expect(byWorker.filter((path) => /^\/assets\/maplibre-gl-worker-.+\.mjs$/.test(path))).toHaveLength(1);
    // Its own requests elsewhere are aborted and recorded like the page's.
    const [worker] = context.serviceWorkers();
    expect(
      await worker?.evaluate(() =>
        fetch('https://tiles.example.invalid/probe').then(
          () => 'fetched',
          () => 'refused',
        ),
      ),
    ).toBe('refused');
    expect(journey.blocked).toEqual(['GET https://tiles.example.invalid/probe']);
    journey.blocked.length = 0;

    // The recorder once online: the walks of my locations are saved on the device.
    await page.goto(journey.url('/app/record'));
    await page.getByRole('heading', { level: 1, name: 'Record a Walk' }).waitFor();
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Location' }).textContent())
      .toContain('Location ');

    // No network at all, and a reload: the shell, the session and the recorder come from the device.
    await context.setOffline(true);
    const answeredOnline = neverCached.length;
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Record a Walk' }).waitFor();
    await page.getByText('Offline: showing the walks saved on this device').waitFor();
    expect(await page.getByRole('combobox', { name: 'Location' }).textContent()).toContain('Location ');
    await page.getByRole('link', { name: 'Record a Walk' }).first().waitFor({ state: 'attached' });
    await journey.check('Record a Walk offline');

    // Online, every answer of the API and of /config.json came from the server, not the worker's cache;
    // offline there was none: the config and the refresh were asked for and failed.
    expect(answeredOnline).toBeGreaterThan(0);
    expect(neverCached.filter(({ fromServiceWorker }) => fromServiceWorker)).toEqual([]);
    expect(neverCached.slice(answeredOnline)).toEqual([]);
    expect(failed).toEqual(expect.arrayContaining(['/config.json', '/api/auth/refresh']));

    // Still with no network: a walk is started, its one marker reached where the walker stands, finished.
    await page.getByRole('button', { name: 'Start walk' }).click();
    const markerOne = page
      .getByRole('region', { name: 'Markers' })
      .getByRole('button', { name: /^Marker 1\b/ });
    await markerOne.getByText('Reached').waitFor();
    await page.getByRole('button', { name: 'Finish walk' }).click();
    await page
      .getByRole('dialog', { name: 'Finish this walk?' })
      .getByRole('button', { name: 'Finish', exact: true })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Walk finished' }).waitFor();
    await page.getByRole('status').filter({ hasText: 'Offline — 3 items waiting to send' }).waitFor();

    // The network back: the outbox sends, and the API holds the finished report with its completed marker.
    await context.setOffline(false);
    await page.getByRole('status').filter({ hasText: 'All sent' }).waitFor({ timeout: 30_000 });
    const view = page.getByRole('link', { name: 'View report' });
    await view.waitFor();
    const reportId = /walk-report\/(\d+)$/.exec((await view.getAttribute('href')) ?? '')?.[1];
    const report = await callAs(e2e().url)(site.employee, 'GET', `/api/walk/walk-report/${reportId}`);
    expect(report.status).toBe(200);
    expect(report.body.finishedAt).not.toBeNull();
    expect(report.body.CompletedMarker).toHaveLength(1);
  });
});
