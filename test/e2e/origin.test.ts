import { describe } from 'vitest';
import type { Page } from 'playwright-core';
import { walkReport, walkReportsPage } from '@sitewalk/shared/schemas/walkReport';
import { callAs, PERSON_PASSWORD } from '../support/people.ts';
import { seedSite } from '../support/site.ts';
import { logoPng } from './support/storage.ts';
import { e2e, expect, pathOf, signIn, testOpenedAt } from './support/journey.ts';

/**
 * Issue 28: the app opened at http://127.0.0.1:<port> rather than localhost. Everything the page is given —
 * the map style, the photo's presigned upload and its view — is on that same origin (the journey's fixture
 * aborts anything else, and no storage stand-in is let through), so the photo lands and shows.
 */

const BASE = { lat: 36.8, lng: -119.7 };
const markerAt = (label: number) => ({ lat: +(BASE.lat + (label - 1) * 0.001).toFixed(6), lng: BASE.lng });
/** 200 m south of the first marker: nothing in reach. */
const TRAILHEAD = { latitude: BASE.lat - 0.0018, longitude: BASE.lng, accuracy: 5 };

const test = testOpenedAt('127.0.0.1', { geolocation: TRAILHEAD });

const markerRow = (page: Page, label: number) =>
  page
    .getByRole('region', { name: 'Markers' })
    .getByRole('button', { name: new RegExp(`^Marker ${label}\\b`) });

describe('the app opened at 127.0.0.1', () => {
  test('records a photo in the recorder; it lands in the bucket and shows on the walk report', async ({
    journey,
  }) => {
    const { page, context } = journey;
    const { url } = e2e();
    const opened = new URL(journey.url('/')).origin;
    expect(new URL(opened).hostname).toBe('127.0.0.1');
    const call = callAs(url);
    const site = await seedSite(url);
    const walkAnswer = await call(site.superUser, 'POST', '/api/walk', {
      name: 'Loopback round',
      locationId: site.locationId,
      markers: [1, 2].map((label) => ({ label, ...markerAt(label) })),
    });
    expect(walkAnswer.status).toBeLessThan(300);

    // Every request the page made for the bucket or the map style, by origin.
    const storageOrStyle: string[] = [];
    page.on('request', (request) => {
      const requested = new URL(request.url());
      if (requested.pathname === '/map/style.json' || requested.search.includes('X-Amz-Signature'))
        storageOrStyle.push(`${request.method()} ${requested.origin}${requested.pathname}`);
    });

    await signIn(journey, site.employee.email, PERSON_PASSWORD);
    // The session's refresh cookie (Secure, SameSite=Strict) holds at 127.0.0.1 too: a reload stays signed in.
    await page.reload();
    await page.getByRole('link', { name: 'Record a Walk' }).first().waitFor();
    expect(pathOf(page)).toMatch(/^\/app/);
    await page.getByRole('link', { name: 'Record a Walk' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Record a Walk' }).waitFor();
    await page.getByRole('combobox', { name: 'Location' }).click();
    await page.getByRole('option', { name: /^Location / }).click();
    await page.getByRole('combobox', { name: 'Walk' }).click();
    await page.getByRole('option', { name: 'Loopback round' }).click();
    await page.getByRole('button', { name: 'Start walk' }).click();
    await page.getByRole('heading', { level: 1, name: 'Loopback round' }).waitFor();
    await page.getByText('GPS ±5 m').waitFor();

    // Marker 1 by position, and a photo there.
    await context.setGeolocation({ latitude: markerAt(1).lat, longitude: markerAt(1).lng, accuracy: 5 });
    await expect.poll(() => markerRow(page, 1).textContent()).toContain('Reached');
    const actions = page.getByRole('region', { name: 'Actions at Marker 1' });
    const uploaded = page.waitForResponse(
      (response) => response.request().method() === 'PUT' && response.url().includes('X-Amz-Signature'),
    );
    await actions
      .getByLabel('Add photo')
      .setInputFiles({ name: 'gate.png', mimeType: 'image/png', buffer: logoPng() });
    expect((await uploaded).status()).toBe(200);
    await page.getByRole('status').filter({ hasText: 'All sent' }).waitFor();
    await journey.check('Recording at 127.0.0.1');

    // The walk report, as the Super User sees it in the same browser at the same origin.
    const reports = walkReportsPage.parse(
      (await call(site.superUser, 'GET', `/api/walk/some/by-location/${site.locationId}?limit=100`)).body,
    );
    const walkId = (walkAnswer.body as unknown as { id: number }).id;
    const ours = reports.walkReports.filter((summary) => summary.walkId === walkId);
    expect(ours).toHaveLength(1);
    const reportId = ours[0]?.id;
    const report = walkReport.parse(
      (await call(site.superUser, 'GET', `/api/walk/walk-report/${reportId}`)).body,
    );
    expect(report.markerImage).toHaveLength(1);
    await context.clearCookies();
    await signIn(journey, site.superUser.email, PERSON_PASSWORD);
    await page.goto(journey.url(`/app/locations/${site.locationId}/walk-report/${reportId}`));
    await page.getByRole('heading', { level: 1, name: 'Loopback round' }).waitFor();
    const completed = page.getByTestId('completed-marker');
    await completed.nth(0).getByRole('button', { name: 'View point 1 on map' }).click();
    const photo = page.getByRole('img', { name: 'Photo at point 1' });
    await photo.waitFor();
    await expect
      .poll(() => photo.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth))
      .toBe(48);
    await journey.check('Walk report photo at 127.0.0.1');

    // The map style, the upload and the view: all on the page's own origin.
    expect(storageOrStyle.some((line) => line.startsWith(`PUT ${opened}/`))).toBe(true);
    expect(storageOrStyle.some((line) => line.startsWith(`GET ${opened}/`) && line.endsWith('.png'))).toBe(
      true,
    );
    expect(storageOrStyle.some((line) => line === `GET ${opened}/map/style.json`)).toBe(true);
    expect(storageOrStyle.filter((line) => !line.includes(` ${opened}/`))).toEqual([]);
  });
});
