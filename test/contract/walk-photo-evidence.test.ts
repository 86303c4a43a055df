import { createHash, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { dataFromEnv } from '@sitewalk/functions/composition';
import { readReport } from '@sitewalk/functions/db/walk-reports';
import { recordPhotoEvidence, walkReportIdOfPhotoKey } from '@sitewalk/functions/domain/photo-evidence';
import { Role } from '@sitewalk/shared/roles';
import { cameraClock, jpegPhoto, pngPhoto } from '../support/photos.ts';
import { seedTenant } from '../support/site.ts';
import { tenMarkerSite, walkTestFile, type TenMarkerSite } from '../support/walks.ts';

/**
 * A walk photo's evidence (issue 18, functions/src/domain/photo-evidence.ts), as the upload worker will call it
 * once a file lands: real JPEGs with EXIF time and GPS, a PNG, a reused picture, a damaged file. What it decides
 * is read back through the API: the report's flags with their reasons, the row's count and the card's.
 */

const { t, api, w } = walkTestFile();
const db = () => dataFromEnv();

const MINUTE = 60_000;
/** The test sites are at 36.8, -119.7 (Fresno): cameras there keep Pacific time. */
const ZONE = 'America/Los_Angeles';
const iso = (ms: number) => new Date(ms).toISOString();
const markerAt = (site: TenMarkerSite, index: number) => site.markers[index] ?? { id: 0, lat: 0, lng: 0 };

let sites = 0;
const newSite = () => {
  sites += 1;
  return tenMarkerSite(t.host.url, w.a, { location: `Photos ${sites}`, walk: `Photo walk ${sites}` });
};

/** A report with arrivals at the first two markers, `t0` + 1 and + 3 minutes. */
const reportWithArrivals = async (site: TenMarkerSite, t0: number) => {
  const { id: walkReportId } = await api(site.walker, 'walkReport.start', {
    body: { walkId: site.walkId, clientId: randomUUID(), startedAt: iso(t0) },
  });
  for (const [index, minutes] of [
    [0, 1],
    [1, 3],
  ] as const) {
    const marker = markerAt(site, index);
    await api(site.walker, 'walkReport.recordCompletedMarker', {
      params: { walkReportId },
      body: {
        clientId: randomUUID(),
        markerId: marker.id,
        arrivedAt: iso(t0 + minutes * MINUTE),
        lat: marker.lat,
        lng: marker.lng,
        accuracy: 4,
        sentAt: iso(Date.now()),
      },
    });
  }
  return walkReportId;
};

/** Records a photo at a marker through the API and answers its object key, as the upload event names it. */
const photoKey = async (site: TenMarkerSite, walkReportId: number, index: number) => {
  const { imageName } = await api(site.walker, 'walkReport.photoUpload', {
    params: { walkReportId },
    body: {
      clientId: randomUUID(),
      markerId: markerAt(site, index).id,
      contentType: 'image/jpeg',
      contentLength: 50_000,
    },
  });
  const stored = await readReport(db(), walkReportId);
  const key = stored?.images.find((i) => i.imageName === imageName)?.key;
  if (!key) throw new Error('the photo was not recorded');
  return { key, imageName };
};

/** What the worker does with a photo's bytes, with the ETag S3 gives them (the MD5 of a single PUT's bytes). */
const examine = (
  photo: { key: string },
  bytes: Uint8Array,
  etag = createHash('md5').update(bytes).digest('hex'),
) => recordPhotoEvidence({ db: db() }, { key: photo.key, etag }, bytes);

const reportOf = (walkReportId: number) => api(w.admin, 'walkReport.get', { params: { walkReportId } });
const rowOf = async (locationId: number, walkReportId: number) =>
  (
    await api(w.admin, 'walkReport.someByLocation', {
      params: { locationId },
      query: { limit: 50, offset: 0 },
    })
  ).walkReports.find((r) => r.id === walkReportId);
const cardOf = async (locationId: number) =>
  (
    await api(w.admin, 'incident.dashboard', { params: { userId: w.admin.id }, query: { locationId } })
  ).locations.find((l) => l.id === locationId);

describe('a walk photo’s evidence', () => {
  it('stores the camera time and position of a photo taken at its marker, and flags nothing', async () => {
    const site = await newSite();
    const t0 = Date.now() - 20 * MINUTE;
    const walkReportId = await reportWithArrivals(site, t0);
    const { key, imageName } = await photoKey(site, walkReportId, 0);
    const marker = markerAt(site, 0);
    const bytes = jpegPhoto(1, {
      dateTimeOriginal: cameraClock(t0 + 2 * MINUTE, ZONE),
      lat: marker.lat + 0.0001,
      lng: marker.lng,
    });

    const recorded = await examine({ key }, bytes);

    expect(recorded).toEqual({
      walkReportId,
      clientId: expect.any(String) as string,
      // The camera's wall clock read in the location's zone: the instant it was taken, to the second.
      evidence: {
        takenAt: iso(Math.floor((t0 + 2 * MINUTE) / 1000) * 1000),
        lat: expect.closeTo(marker.lat + 0.0001, 5) as number,
        lng: expect.closeTo(marker.lng, 5) as number,
        hash: expect.stringMatching(/^[0-9a-f]{16}$/) as string,
      },
      flags: [],
    });
    const report = await reportOf(walkReportId);
    expect(report.flags).toEqual([]);
    expect(report.markerImage.map((i) => i.imageName)).toEqual([imageName]);
  });

  it('flags a photo taken long before its arrival, far from its marker, with reasons, on the row and the card', async () => {
    const site = await newSite();
    const t0 = Date.now() - 30 * MINUTE;
    const walkReportId = await reportWithArrivals(site, t0);
    const { key, imageName } = await photoKey(site, walkReportId, 1);
    const marker = markerAt(site, 1);
    // Two hours before the arrival at marker 2 (t0 + 3 min), 0.01° (1.1 km) north of it.
    const bytes = jpegPhoto(2, {
      dateTimeOriginal: cameraClock(t0 + 3 * MINUTE - 120 * MINUTE, ZONE),
      lat: marker.lat + 0.01,
      lng: marker.lng,
    });

    const recorded = await examine({ key }, bytes);
    expect(recorded?.flags).toEqual(['photoTime', 'photoPosition']);
    // Again for the same object (the worker retried): examined already, nothing changes.
    expect(await examine({ key }, bytes)).toBeNull();

    const report = await reportOf(walkReportId);
    expect(report.flags).toEqual([
      {
        kind: 'photoTime',
        reason: 'Photo taken 120 min before the marker was reached (camera time)',
        markerId: marker.id,
        completedMarkerId: null,
        imageName,
      },
      {
        kind: 'photoPosition',
        reason: 'Photo taken 1112 m from the marker (camera position)',
        markerId: marker.id,
        completedMarkerId: null,
        imageName,
      },
    ]);
    expect(report.flagCount).toBe(2);
    expect((await rowOf(site.locationId, walkReportId))?.flagCount).toBe(2);
    expect((await cardOf(site.locationId))?.walkReportStats.flagsLastWeek).toBe(2);

    // The same file without its EXIF (a copy that lost it): the time and position flags go.
    expect((await examine({ key }, jpegPhoto(2)))?.flags).toEqual([]);
    expect((await reportOf(walkReportId)).flagCount).toBe(0);
    expect((await cardOf(site.locationId))?.walkReportStats.flagsLastWeek).toBe(0);
  });

  it('flags a picture already used in an earlier report of the company, recompressed or not; not the first, not another picture', async () => {
    const site = await newSite();
    const t0 = Date.now() - 60 * MINUTE;
    const first = await reportWithArrivals(site, t0);
    const second = await reportWithArrivals(site, t0 + 20 * MINUTE);
    const original = await photoKey(site, first, 0);
    const copy = await photoKey(site, second, 0);
    const other = await photoKey(site, second, 1);
    const png = await photoKey(site, second, 1);

    expect((await examine(original, jpegPhoto(7, {}, 90)))?.flags).toEqual([]);
    // The same picture encoded again at a lower quality: another file, the same picture.
    const reused = await examine(copy, jpegPhoto(7, {}, 55));
    expect(reused?.flags).toEqual(['photoReused']);
    expect((await examine(other, jpegPhoto(8)))?.flags).toEqual([]);
    // A PNG of yet another picture: hashed all the same, and not a copy.
    const pngEvidence = await examine(png, pngPhoto(9));
    expect(pngEvidence?.evidence).toEqual({
      takenAt: null,
      lat: null,
      lng: null,
      hash: expect.stringMatching(/^[0-9a-f]{16}$/) as string,
    });
    expect(pngEvidence?.flags).toEqual([]);
    // Examining the first again later (its object under another ETag) does not make it a copy of the second.
    expect((await examine(original, jpegPhoto(7, {}, 90), 'examined-again'))?.flags).toEqual([]);

    expect((await reportOf(first)).flags).toEqual([]);
    expect((await reportOf(second)).flags).toEqual([
      {
        kind: 'photoReused',
        reason: `The same picture is in walk report ${first}`,
        markerId: markerAt(site, 0).id,
        completedMarkerId: null,
        imageName: copy.imageName,
      },
    ]);
    expect((await rowOf(site.locationId, second))?.flagCount).toBe(1);
  });

  it('does not compare pictures across management companies', async () => {
    const tenantB = await seedTenant(t.host.url, { by: w.admin });
    const siteB = await tenMarkerSite(t.host.url, tenantB, { location: 'Photos B', walk: 'Photo walk B' });
    const siteA = await newSite();
    const t0 = Date.now() - 30 * MINUTE;
    const inA = await photoKey(siteA, await reportWithArrivals(siteA, t0), 0);
    const inB = await photoKey(siteB, await reportWithArrivals(siteB, t0 + MINUTE), 0);
    expect((await examine(inA, jpegPhoto(21)))?.flags).toEqual([]);
    expect((await examine(inB, jpegPhoto(21)))?.flags).toEqual([]);
    // And another company's Manager does not see the report.
    const managerB = await tenantB.person(Role.Manager);
    const page = await api(managerB, 'incident.dashboard', { params: { userId: managerB.id } });
    expect(page.locations.map((l) => l.id)).not.toContain(siteA.locationId);
  });

  it('answers null for a key that names no photo, and stores nothing from a damaged file', async () => {
    const site = await newSite();
    const walkReportId = await reportWithArrivals(site, Date.now() - 10 * MINUTE);
    const { key } = await photoKey(site, walkReportId, 0);
    for (const other of [
      'tenants/1/company-logo/1/abc.png',
      `tenants/1/walk-photo/${walkReportId}/not-recorded.jpg`,
      'tenants/1/walk-photo/999999999/abc.jpg',
      `../${key}`,
    ]) {
      expect(await examine({ key: other }, jpegPhoto(3))).toBeNull();
    }
    expect(walkReportIdOfPhotoKey(key)).toBe(walkReportId);

    const damaged = jpegPhoto(3).slice(0, 300);
    expect(await examine({ key }, damaged)).toMatchObject({
      evidence: { takenAt: null, lat: null, lng: null, hash: null },
      flags: [],
    });
    expect(await examine({ key }, new TextEncoder().encode('not an image'))).toMatchObject({
      evidence: { takenAt: null, lat: null, lng: null, hash: null },
      flags: [],
    });
    expect((await reportOf(walkReportId)).flags).toEqual([]);
  });
});
