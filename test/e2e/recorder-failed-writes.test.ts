import { join } from 'node:path';
import { mkdirSync } from 'node:fs';
import { describe } from 'vitest';
import type { Page } from 'playwright-core';
import { walkReport } from '@sitewalk/shared/schemas/walkReport';
import { messages } from '@sitewalk/shared/messages';
import { callAs, PERSON_PASSWORD } from '../support/people.ts';
import { seedSite } from '../support/site.ts';
import { allowStorage, logoPng } from './support/storage.ts';
import {
  e2e,
  expect,
  SCREENSHOTS,
  screenshotsAsked,
  signInThroughApi,
  testWithServiceWorker,
} from './support/journey.ts';

/**
 * Issue 28's failed writes, on a 375 px phone: the network is cut and restored, and the photo's upload fails on
 * every try (the storage refusing this page's origin, as Chromium saw at 127.0.0.1). The completed markers and the
 * finish land all the same; the photo is set aside with its reason, Retry and Discard; discarded (after the
 * confirmation), the manager sees the count on the walk report.
 */

const BASE = { lat: 36.8, lng: -119.7 };
const markerAt = (label: number) => ({ lat: +(BASE.lat + (label - 1) * 0.001).toFixed(6), lng: BASE.lng });
const PHONE = { width: 375, height: 800 };

const test = testWithServiceWorker({ latitude: BASE.lat - 0.0018, longitude: BASE.lng, accuracy: 5 });

const walkTo = (page: Page, label: number) =>
  page
    .context()
    .setGeolocation({ latitude: markerAt(label).lat, longitude: markerAt(label).lng, accuracy: 5 });

const markerRow = (page: Page, label: number) =>
  page
    .getByRole('region', { name: 'Markers' })
    .getByRole('button', { name: new RegExp(`^Marker ${label}\\b`) });

const indicator = (page: Page, text: string | RegExp) => page.getByRole('status').filter({ hasText: text });

describe('failed writes in the recorder', () => {
  test('a photo that never uploads holds back neither completed markers nor finish; discarded, the report counts it', async ({
    journey,
  }) => {
    const { page, context } = journey;
    const { url } = e2e();
    const call = callAs(url);
    const site = await seedSite(url);
    const ok = <T>(answer: { status: number; body: T }) => {
      if (answer.status >= 300) throw new Error(`${answer.status} ${JSON.stringify(answer.body)}`);
      return answer.body;
    };
    const walk = ok(
      await call(site.superUser, 'POST', '/api/walk', {
        name: 'Fence line',
        locationId: site.locationId,
        markers: [1, 2, 3].map((label) => ({ label, ...markerAt(label) })),
      }),
    ) as unknown as { id: number };

    // Every upload PUT fails as a refused cross-origin request does, wherever the upload URL points.
    await allowStorage(journey);
    const refusedPuts: string[] = [];
    await context.route(
      () => true,
      (route) => {
        const request = route.request();
        if (request.method() === 'PUT' && !new URL(request.url()).pathname.startsWith('/api/')) {
          refusedPuts.push(new URL(request.url()).pathname);
          return route.abort('failed');
        }
        return route.fallback();
      },
    );

    await page.setViewportSize(PHONE);
    await signInThroughApi(journey, site.employee.email, PERSON_PASSWORD);
    await page.waitForFunction('navigator.serviceWorker.controller !== null');
    await page.goto(journey.url('/app/record'));
    await page.getByRole('heading', { level: 1, name: 'Record a Walk' }).waitFor();
    await page.getByRole('combobox', { name: 'Location' }).click();
    await page.getByRole('option', { name: /^Location / }).click();
    await page.getByRole('combobox', { name: 'Walk' }).click();
    await page.getByRole('option', { name: 'Fence line' }).click();
    await page.getByRole('button', { name: 'Start walk' }).click();
    await page.getByRole('heading', { level: 1, name: 'Fence line' }).waitFor();
    await walkTo(page, 1);
    await expect.poll(() => markerRow(page, 1).textContent()).toContain('Reached');
    // The start and marker 1 have landed before the network goes: 'All sent' alone may still be the empty
    // outbox's, from before they were recorded (a loaded machine showed it, then 2 items stuck offline).
    const reportOfWalk = async () => {
      const { walkReports } = ok(
        await call(site.superUser, 'GET', `/api/walk/some/by-location/${site.locationId}?limit=100`),
      ) as unknown as { walkReports: { id: number; walkId: number }[] };
      const id = walkReports.find((r) => r.walkId === walk.id)?.id;
      return id === undefined
        ? null
        : walkReport.parse(ok(await call(site.superUser, 'GET', `/api/walk/walk-report/${id}`)));
    };
    await expect.poll(async () => (await reportOfWalk())?.CompletedMarker.length ?? 0).toBe(1);
    await indicator(page, 'All sent').waitFor();

    // The network goes: a photo at marker 1, markers 2 and 3 by position, and the finish.
    await context.setOffline(true);
    // The outbox hears of it when its running send has ended (every request is routed here, so slower).
    await indicator(page, 'Offline — all sent').waitFor({ timeout: 45_000 });
    await markerRow(page, 1).click();
    await page
      .getByRole('region', { name: 'Actions at Marker 1' })
      .getByLabel('Add photo')
      .setInputFiles({ name: 'fence.png', mimeType: 'image/png', buffer: logoPng() });
    // How much is waiting, in items and in MB.
    await indicator(page, /^Offline — 1 item waiting to send · (< 0\.1|\d+\.\d) MB/).waitFor();
    await walkTo(page, 2);
    await expect.poll(() => markerRow(page, 2).textContent()).toContain('Reached');
    await walkTo(page, 3);
    await expect.poll(() => markerRow(page, 3).textContent()).toContain('Reached');
    await indicator(page, /Offline — 3 items waiting to send · .* MB/).waitFor();
    await page.getByRole('button', { name: 'Finish walk' }).click();
    await page
      .getByRole('dialog', { name: 'Finish this walk?' })
      .getByRole('button', { name: 'Finish', exact: true })
      .click();
    await page.getByText('Walk finished').waitFor();

    // The network is back: the completed markers and the finish land; the photo fails on every try, then says why.
    await context.setOffline(false);
    const failedList = page.getByTestId('failed-writes');
    await failedList
      .getByText('The photo could not be uploaded: the upload did not reach the storage (Failed to fetch)')
      .waitFor({ timeout: 45_000 });
    await indicator(page, 'All sent').waitFor();
    expect(refusedPuts.length).toBeGreaterThanOrEqual(6);
    const landed = (await reportOfWalk())!;
    const reportId = landed.id;
    expect(landed.finishedAt).not.toBeNull();
    expect(landed.CompletedMarker).toHaveLength(3);
    expect(landed.discardedCount).toBe(0);

    // The failed list on the phone it was made on (photographed at every width, 320 px too, when asked).
    await failedList.getByRole('button', { name: 'Retry the photo of checkpoint 1' }).waitFor();
    await journey.check('Failed writes');
    if (screenshotsAsked) {
      const dir = join(SCREENSHOTS, 'recorder-failed-writes');
      mkdirSync(dir, { recursive: true });
      await page.setViewportSize({ width: 320, height: 800 });
      await page.screenshot({ path: join(dir, 'failed-writes-320.png'), fullPage: true });
      await page.setViewportSize(PHONE);
    }

    // Retry: it fails the same way again, and is set aside again.
    const putsBefore = refusedPuts.length;
    await failedList.getByRole('button', { name: 'Retry the photo of checkpoint 1' }).click();
    await expect.poll(() => refusedPuts.length, { timeout: 45_000 }).toBeGreaterThanOrEqual(putsBefore + 6);
    await failedList.getByRole('button', { name: 'Discard the photo of checkpoint 1' }).waitFor();

    // Discard, after a confirmation that says what is lost.
    await failedList.getByRole('button', { name: 'Discard the photo of checkpoint 1' }).click();
    const confirm = page.getByRole('dialog', { name: 'Discard the photo of checkpoint 1?' });
    await confirm
      .getByText('It will not be sent. The walk report will show that an item was discarded on this phone.')
      .waitFor();
    await journey.check('Discard confirmation');
    await confirm.getByRole('button', { name: 'Discard' }).click();
    await failedList.waitFor({ state: 'detached' });
    await indicator(page, 'All sent').waitFor();
    await expect
      .poll(
        async () =>
          walkReport.parse(ok(await call(site.superUser, 'GET', `/api/walk/walk-report/${reportId}`)))
            .discardedCount,
      )
      .toBe(1);

    // The manager sees the count on the walk report.
    await page.getByRole('button', { name: 'Logout' }).first().click();
    await page.waitForURL(/\/login$/);
    await signInThroughApi(journey, site.superUser.email, PERSON_PASSWORD);
    await page.goto(journey.url(`/app/locations/${site.locationId}/walk-report/${reportId}`));
    await page.getByRole('heading', { level: 1, name: 'Fence line' }).waitFor();
    await page.getByTestId('discarded-count').getByText(messages.status.discardedOnPhone(1)).waitFor();
    await journey.check('Walk report with a discarded photo');
  }, 240_000);
});
