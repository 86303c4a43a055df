import exifr from 'exifr';
import jpeg from 'jpeg-js';
import { describe } from 'vitest';
import { PHOTO_LONG_SIDE_MAX, PHOTO_TARGET_BYTES } from '@sitewalk/shared/constants';
import { flagReason } from '@sitewalk/shared/flags';
import { messages } from '@sitewalk/shared/messages';
import { callAs, PERSON_PASSWORD } from '../support/people.ts';
import { photoLikeJpeg, withPhoneExif } from '../support/phone-photos.ts';
import { cameraClock } from '../support/photos.ts';
import { seedSite } from '../support/site.ts';
import { allowStorage } from './support/storage.ts';
import { e2e, expect, signInThroughApi, test } from './support/journey.ts';

/**
 * Photos from real phones (issue 28), in Chromium at phone size: a 12 MP camera JPEG is made smaller on the
 * phone before it is queued, and what lands in the bucket is at most 800 kB and 2048 px with the camera's own
 * EXIF time and GPS, so the report's photo flags still judge the camera's values (here a photo taken two
 * hours before the arrival, 1.1 km from its marker). A photo the browser cannot open is refused with a
 * clear message.
 */

const MINUTE = 60_000;
/** The seeded site is at 36.8, -119.7 (Fresno): its cameras keep Pacific time. */
const ZONE = 'America/Los_Angeles';
const MARKER = { lat: 36.8001, lng: -119.7003 };

interface Report {
  CompletedMarker: { arrivedAt: string }[];
  markerImage: { imageName: string; imageUrl: string | null }[];
  flags: { kind: string; reason: string; imageName: string | null }[];
}

describe('photos from real phones', () => {
  test('a 12 MP photo lands small, with the camera’s time and position judged by the flags', async ({
    journey,
  }) => {
    const { page, context } = journey;
    const { url } = e2e();
    const call = callAs(url);
    const site = await seedSite(url);
    const created = await call(site.superUser, 'POST', '/api/walk', {
      name: 'Photo round',
      locationId: site.locationId,
      markers: [{ label: 1, ...MARKER }],
    });
    expect(created.status).toBe(201);
    await allowStorage(journey);
    await context.grantPermissions(['geolocation'], { origin: url });
    await context.setGeolocation({ latitude: MARKER.lat, longitude: MARKER.lng, accuracy: 5 });

    await signInThroughApi(journey, site.employee.email, PERSON_PASSWORD);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Record a Walk' }).click();
    await page.getByRole('combobox', { name: 'Walk' }).click();
    await page.getByRole('option', { name: 'Photo round' }).click();
    await page.getByRole('button', { name: 'Start walk' }).click();
    const markers = page.getByRole('region', { name: 'Markers' });
    await markers
      .getByRole('button', { name: /^Marker 1\b/ })
      .getByText('Reached')
      .waitFor();

    // A file this browser cannot open (HEIC bytes): refused, nothing queued.
    const actions = page.getByRole('region', { name: /^Actions at / });
    await actions.getByLabel('Add photo').setInputFiles({
      name: 'IMG_0001.HEIC',
      mimeType: 'image/heic',
      buffer: Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypheic'), Buffer.alloc(2000, 7)]),
    });
    await actions.getByText(messages.photo.unreadable).waitFor();
    await journey.check('photo refused');

    // The camera's photo: 4000 × 3000, taken two hours before the arrival, 0.01° (1.1 km) north of the marker.
    const takenAt = Date.now() - 120 * MINUTE;
    const camera = {
      dateTimeOriginal: cameraClock(takenAt, ZONE),
      lat: MARKER.lat + 0.01,
      lng: MARKER.lng,
    };
    const original = withPhoneExif(await photoLikeJpeg(page, 4000, 3000), camera);
    expect(original.length).toBeGreaterThan(2 * PHOTO_TARGET_BYTES);
    await actions.getByLabel('Add photo').setInputFiles({
      name: 'IMG_0002.JPG',
      mimeType: 'image/jpeg',
      buffer: original,
    });
    await actions.getByText('Photo saved').waitFor({ timeout: 30_000 });
    expect(await actions.getByText(messages.photo.unreadable).count()).toBe(0);
    await page.getByRole('status').filter({ hasText: 'All sent' }).waitFor({ timeout: 30_000 });
    await journey.check('photo saved');

    // The report, once the upload worker has read the photo: flagged from the camera's own time and position.
    const reportId = (
      (await call(site.superUser, 'GET', `/api/walk/some/by-location/${site.locationId}?limit=5&offset=0`))
        .body as unknown as { walkReports: { id: number }[] }
    ).walkReports[0]?.id;
    expect(reportId).toBeDefined();
    let report: Report | null = null;
    await expect
      .poll(
        async () => {
          report = (await call(site.superUser, 'GET', `/api/walk/walk-report/${reportId}`))
            .body as unknown as Report;
          return report.flags.map(({ kind }) => kind).sort();
        },
        { timeout: 30_000 },
      )
      .toEqual(['photoPosition', 'photoTime']);
    const { CompletedMarker, markerImage, flags } = report as unknown as Report;
    expect(markerImage).toHaveLength(1);
    const arrivedAt = Date.parse(CompletedMarker[0]?.arrivedAt ?? '');
    const offsetSeconds = (Math.floor(takenAt / 1000) * 1000 - arrivedAt) / 1000;
    expect(flags.find(({ kind }) => kind === 'photoTime')?.reason).toBe(
      flagReason({ kind: 'photoTime', offsetSeconds }),
    );
    expect(flags.find(({ kind }) => kind === 'photoPosition')?.reason).toMatch(
      /^Photo taken 111\d m from the marker \(camera position\)$/,
    );

    // What landed in the bucket: the smaller JPEG with the camera's EXIF (time, GPS) and Orientation 1.
    const stored = Buffer.from(await (await fetch(markerImage[0]?.imageUrl ?? '')).arrayBuffer());
    expect(stored.length).toBeLessThanOrEqual(PHOTO_TARGET_BYTES);
    const { width, height } = jpeg.decode(stored, { maxMemoryUsageInMB: 256 });
    expect([width, height]).toEqual([PHOTO_LONG_SIDE_MAX, 1536]);
    const options = { tiff: true, exif: true, gps: true, reviveValues: false, translateValues: false };
    const before = (await exifr.parse(original, options)) as Record<string, unknown>;
    const after = (await exifr.parse(stored, options)) as Record<string, unknown>;
    expect(after).toMatchObject({
      DateTimeOriginal: camera.dateTimeOriginal,
      latitude: before.latitude,
      longitude: before.longitude,
      Make: 'SiteWalk test phone',
      Orientation: 1,
    });
  });
});
