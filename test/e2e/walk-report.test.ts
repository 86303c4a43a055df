import { randomUUID } from 'node:crypto';
import { describe } from 'vitest';
import { walkReport, type WalkReport } from '@sitewalk/shared/schemas/walkReport';
import { callAs, PERSON_PASSWORD } from '../support/people.ts';
import { seedSite } from '../support/site.ts';
import { allowStorage, logoPng } from './support/storage.ts';
import { e2e, expect, pathOf, signInThroughApi, test } from './support/journey.ts';

/**
 * A walk report (the 'Walk report detail' screen), figures checked against the API, with
 * its map loading on the host's own offline style while everything outside the host is blocked.
 */
describe('a walk report', () => {
  test('shows who walked, the times, the completed markers with the unit check, and the walk on the map', async ({
    journey,
  }) => {
    const { page } = journey;
    const { url } = e2e();
    const call = callAs(url);
    const site = await seedSite(url);
    const ok = <T>(answer: { status: number; body: T }) => {
      if (answer.status >= 300) throw new Error(`${answer.status} ${JSON.stringify(answer.body)}`);
      return answer.body;
    };

    // A walk of three points at the site: the second a door.
    const walk = ok(
      await call(site.superUser, 'POST', '/api/walk', {
        name: 'Night round',
        locationId: site.locationId,
        markers: [
          { label: 1, lat: 36.8001, lng: -119.7003 },
          {
            label: 2,
            lat: 36.8004,
            lng: -119.6998,
            isDoor: true,
            // One unit, so the API's draw (issue 27) is known: 105.
            unitNumberRange: '105',
            hasUnitRange: true,
          },
          { label: 3, lat: 36.8008, lng: -119.6994 },
        ],
      }),
    ) as unknown as { id: number; markers: { id: number; label: number }[] };
    const markerId = (label: number) => walk.markers.find((m) => m.label === label)?.id ?? 0;

    // The employee walks it: points 1 and 2 of 3 (below 90 %: 'Not Completed'), a note, a door photo.
    const start = Date.parse('2026-11-20T17:05:00.000Z');
    const at = (minutes: number) => new Date(start + minutes * 60_000).toISOString();
    const report = ok(
      await call(site.employee, 'POST', '/api/walk/walk-report', {
        walkId: walk.id,
        clientId: randomUUID(),
        startedAt: at(0),
      }),
    ) as unknown as { id: number };
    const completedMarker = (label: number, minutes: number, extra: Record<string, unknown> = {}) =>
      call(site.employee, 'POST', `/api/walk/walk-report/${report.id}/checkpoint`, {
        clientId: randomUUID(),
        markerId: markerId(label),
        arrivedAt: at(minutes),
        lat: 36.8,
        lng: -119.7,
        accuracy: 5,
        ...extra,
      }).then(ok);
    // Point 1 marked by hand right at the marker; point 2 reached by position about 48 m away (flagged far).
    await completedMarker(1, 2, { method: 'hand', lat: 36.8001, lng: -119.7003 });
    await completedMarker(2, 9, { isDoor: true, targetUnit: '105', picturedUnit: '106' });
    ok(
      await call(site.employee, 'POST', `/api/walk/walk-report/${report.id}/note`, {
        clientId: randomUUID(),
        markerId: markerId(1),
        note: 'Gate chain loose',
      }),
    );
    const png = logoPng();
    const ticket = ok(
      await call(site.employee, 'POST', `/api/walk/walk-report/${report.id}/photo`, {
        clientId: randomUUID(),
        markerId: markerId(2),
        contentType: 'image/png',
        contentLength: png.length,
        takenAt: at(9.5),
        lat: 36.8004,
        lng: -119.6998,
        accuracy: 4,
      }),
    ) as unknown as { uploadUrl: string; headers: Record<string, string> };
    const put = await fetch(ticket.uploadUrl, { method: 'PUT', headers: ticket.headers, body: png });
    expect(put.ok).toBe(true);
    ok(await call(site.employee, 'PUT', `/api/walk/walk-report/${report.id}/finish`, { finishedAt: at(12) }));

    const api: WalkReport = walkReport.parse(
      ok(await call(site.superUser, 'GET', `/api/walk/walk-report/${report.id}`)),
    );
    expect(api.totalTime).toBe('Not Completed');

    // The photo is shown from the storage stand-in.
    await allowStorage(journey);
    const loaded: string[] = [];
    page.on('response', (response) => loaded.push(new URL(response.url()).pathname));
    await signInThroughApi(journey, site.superUser.email, PERSON_PASSWORD);
    // The dashboard shows no map: none of the map's code, worker or stylesheet comes with it.
    await page.waitForLoadState('networkidle');
    expect(loaded.filter((file) => /maplibre|site-map/.test(file))).toEqual([]);
    const path = `/app/locations/${site.locationId}/walk-report/${report.id}`;
    await page.goto(journey.url(path));
    await page.getByRole('heading', { level: 1, name: 'Night round' }).waitFor();
    expect(pathOf(page)).toBe(path);

    // The figures, as the API has them, formatted as the browser formats them.
    const formatted = await page.evaluate(
      ([startedAt, finishedAt]) => ({
        date: new Date(startedAt).toLocaleDateString(undefined, { dateStyle: 'medium' }),
        started: new Date(startedAt).toLocaleTimeString(undefined, { timeStyle: 'short' }),
        finished: new Date(finishedAt).toLocaleTimeString(undefined, { timeStyle: 'short' }),
      }),
      [api.startedAt, api.finishedAt ?? ''] as const,
    );
    const details = page.getByTestId('walk-report-details');
    const detail = (label: string) =>
      details
        .locator('div', { has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
        .locator('dd');
    expect(await detail('Walked By').textContent()).toBe(`${api.user?.firstName} ${api.user?.lastName}`);
    expect(await detail('Walk').textContent()).toBe(api.walk?.name);
    expect(await detail('Date').textContent()).toBe(formatted.date);
    expect(await detail('Started').textContent()).toBe(formatted.started);
    expect(await detail('Finished').textContent()).toBe(formatted.finished);
    expect(await detail('Total Time').textContent()).toBe(api.totalTime);

    // Completed Markers: one per completed marker, in order of arrival; the door with its photo and unit check.
    const completed = page.getByTestId('completed-marker');
    expect(await completed.count()).toBe(api.CompletedMarker.length);
    expect(await completed.nth(0).textContent()).toContain('Point 1');
    expect(await completed.nth(1).textContent()).toContain('Point 2 (Door)');
    await completed.nth(1).getByText('Picture: Taken').waitFor();
    // Its photo was not sent as a door check's, so nothing was read: the unit the walker typed is judged.
    const unitCheck = completed.nth(1).getByTestId('unit-check');
    await unitCheck.getByText('Mismatch').waitFor();
    expect(await unitCheck.locator('dt').allTextContents()).toEqual([
      'Requested',
      'Detected (as typed, no photo read)',
    ]);
    expect(await unitCheck.locator('dd').allTextContents()).toEqual(['105', '106']);
    expect(await completed.nth(0).getByText('Picture: Taken').count()).toBe(0);
    // The flags beside each arrival, as the API measured them.
    const far = api.CompletedMarker[1];
    expect(api.CompletedMarker.map((c) => [c.method, c.farFromMarker])).toEqual([
      ['hand', false],
      ['position', true],
    ]);
    expect(await completed.nth(0).getByTestId('flag').allTextContents()).toEqual(['Marked by hand']);
    expect(await completed.nth(1).getByTestId('flag').allTextContents()).toEqual([
      `Far from marker (${Math.round(far?.distance ?? 0)} m)`,
    ]);
    // The Flags section (issue 18): both, with their reasons, as the API decided them.
    expect(api.flags.map((f) => f.kind)).toEqual(['byHand', 'farFromMarker']);
    const flags = page.getByTestId('report-flag');
    expect(await flags.count()).toBe(2);
    expect(await flags.nth(0).textContent()).toContain("Marked reached by hand, not by the phone's position");
    expect(await flags.nth(1).textContent()).toContain(
      `Recorded ${Math.round(far?.distance ?? 0)} m from the marker`,
    );
    expect(await page.getByTestId('flag-total').textContent()).toBe('2 flags');

    // The map loads on the host's offline style with everything outside the host blocked.
    const map = page.locator('[data-map-loaded="true"]');
    await map.waitFor();
    await page.getByRole('region', { name: 'Walk report map' }).waitFor();
    // The map screen brings them: maplibre, its worker as a file of its own, and the map's stylesheet.
    for (const file of [
      /\/maplibre-gl-[\w-]+\.js$/,
      /\/maplibre-gl-worker-[\w-]+\.mjs$/,
      /\/site-map-[\w-]+\.css$/,
    ])
      expect(
        loaded.filter((path) => file.test(path)),
        String(file),
      ).toHaveLength(1);
    expect(loaded).toContain('/map/style.json');
    await map.getByRole('button', { name: 'Point 1, reached' }).waitFor();
    await map.getByRole('button', { name: 'Point 2, door, reached' }).waitFor();
    await map.getByRole('button', { name: 'Point 3, missed' }).waitFor();
    await journey.check('walk report');

    // A pin opens its notes and photo; a point without a photo says so.
    await map.getByRole('button', { name: 'Point 1, reached' }).click();
    await page.getByRole('list', { name: 'Notes at point 1' }).getByText('Gate chain loose').waitFor();
    await page.getByText('No Image Available').waitFor();
    await completed.nth(1).getByRole('button', { name: 'View point 2 on map' }).click();
    const photo = page.getByRole('img', { name: 'Photo at point 2' });
    await photo.waitFor();
    await expect
      .poll(() => photo.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth))
      .toBe(48);
    // When it was taken, in the browser's local time.
    const taken = await page.evaluate(
      (iso) => new Date(iso).toLocaleTimeString(undefined, { timeStyle: 'short' }),
      api.markerImage[0]?.takenAt ?? '',
    );
    await page.locator('figure', { has: photo }).getByText(`Taken ${taken}`).waitFor();
    await journey.check('walk report photo popup');

    // 'Walk Reports' goes back to the location's reports.
    expect(await page.getByRole('link', { name: 'Walk Reports' }).getAttribute('href')).toBe(
      `/app/locations/${site.locationId}#walk-reports`,
    );
  });

  test('another tenant’s report is refused, and the screen stays blank', async ({ journey }) => {
    const { page } = journey;
    const { url } = e2e();
    const mine = await seedSite(url);
    const theirs = await seedSite(url);
    await signInThroughApi(journey, mine.employee.email, PERSON_PASSWORD);
    const answer = await callAs(url)(mine.employee, 'GET', `/api/walk/walk-report/${theirs.walkReportId}`);
    expect(answer.status).toBe(404);
    const path = `/app/locations/${theirs.locationId}/walk-report/${theirs.walkReportId}`;
    await Promise.all([
      page.waitForResponse((r) => r.url().endsWith(`/api/walk/walk-report/${theirs.walkReportId}`)),
      page.goto(journey.url(path)),
    ]);
    await page.getByRole('link', { name: 'Walk Reports' }).waitFor();
    await expect.poll(() => page.getByText('Loading walk report...').count()).toBe(0);
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(0);
    expect(await page.getByRole('region', { name: 'Walk report map' }).count()).toBe(0);
    expect(await page.getByRole('alert').count()).toBe(0);
    await journey.check('refused walk report');
  });
});
