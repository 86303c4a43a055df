import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Role } from '@sitewalk/shared/roles';
import { dataFromEnv, storageFromEnv } from '@sitewalk/functions/composition';
import { MOVING_MEMBERS_MAX } from '@sitewalk/functions/db/locations';
import type { UploadTicket } from '@sitewalk/shared/schemas/common';
import { apiAs, type Api } from '../support/api.ts';
import { startTestHost, type TestHost } from '../support/host.ts';
import { callAs, person, type Person } from '../support/people.ts';
import { locationBody } from '../support/site.ts';

/**
 * A location's walks, walk reports and incidents follow the location: when it moves to another area they are
 * that area's, and when it is deleted they go too (in bounded steps, from the table's stream).
 */

let t: TestHost;
let call: ReturnType<typeof callAs>;
let api: Api;
let admin: Person;
let companyManager: Person;
let areaManagerNorth: Person;
let areaManagerSouth: Person;
let company: number;
let north: number;
let south: number;

const uuid = () => crypto.randomUUID();
const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(61, 1)]);

const newLocation = async (name: string, organizationId: number) =>
  (await api(companyManager, 'location.create', { body: locationBody(name, organizationId) })).id;

const put = async (ticket: UploadTicket, body: Buffer) => {
  const answer = await fetch(ticket.uploadUrl, { method: 'PUT', headers: ticket.headers, body });
  expect(answer.status).toBe(200);
  return ticket.key;
};

/** A location with a walk, a walk report with a completed marker, a note and a photo, and an incident with an image. */
const siteWithHistory = async (locationId: number, walker: Person) => {
  const walk = await api(walker, 'walk.create', {
    body: {
      name: 'Round',
      locationId,
      markers: [
        { label: 1, lat: 36.8, lng: -119.7 },
        { label: 2, lat: 36.801, lng: -119.7 },
      ],
    },
  });
  const markerId = walk.markers[0]?.id ?? 0;
  const reports: number[] = [];
  const files: string[] = [];
  const clientIds: string[] = [];
  for (const startedAt of ['2026-11-20T07:00:00.000Z', '2026-11-21T07:00:00.000Z']) {
    const clientId = uuid();
    clientIds.push(clientId);
    const report = await api(walker, 'walkReport.start', { body: { walkId: walk.id, clientId, startedAt } });
    reports.push(report.id);
    const params = { walkReportId: report.id };
    const completedMarker = {
      clientId: uuid(),
      markerId,
      arrivedAt: startedAt,
      lat: 36.8,
      lng: -119.7,
      accuracy: 5,
    };
    await api(walker, 'walkReport.recordCompletedMarker', { params, body: completedMarker });
    await api(walker, 'walkReport.addNote', {
      params,
      body: { clientId: uuid(), markerId, note: 'Gate open' },
    });
    const photo = {
      clientId: uuid(),
      markerId,
      contentType: 'image/jpeg' as const,
      contentLength: jpeg.length,
    };
    files.push(await put(await api(walker, 'walkReport.photoUpload', { params, body: photo }), jpeg));
  }
  // Reported from the walk recorder: under a client id, as its photo.
  const incidentClientId = uuid();
  const incident = await api(walker, 'incident.create', {
    body: {
      locationId,
      typeId: 2,
      incidentTexts: ['Broken lock'],
      walkReportId: reports[0],
      clientId: incidentClientId,
    },
  });
  const image = { contentType: 'image/jpeg' as const, contentLength: jpeg.length, clientId: uuid() };
  files.push(
    await put(await api(walker, 'incident.photoUpload', { params: { id: incident.id }, body: image }), jpeg),
  );
  return { walkId: walk.id, reports, incidentId: incident.id, files, clientIds, incidentClientId };
};

beforeAll(async () => {
  t = await startTestHost();
  call = callAs(t.host.url);
  api = apiAs(t.host.url);
  admin = await person(t.host.url, Role.Admin);
  ({ id: company } = await api(admin, 'managementCompany.create', {
    body: { name: 'Movers', email: 'm@example.com' },
  }));
  companyManager = await person(t.host.url, Role.CompanyManager, { managementCompanyId: company });
  const area = async (name: string) =>
    (await api(companyManager, 'organization.create', { body: { name, managementCompanyId: company } })).id;
  north = await area('North');
  south = await area('South');
  const areaManager = (organizationId: number) =>
    person(t.host.url, Role.AreaManager, {
      managementCompanyId: company,
      organizations: [{ organizationId, managementCompanyId: company }],
    });
  areaManagerNorth = await areaManager(north);
  areaManagerSouth = await areaManager(south);
});
afterAll(() => t.host.close());

describe('moving a location to another area', () => {
  it('moves its walks, walk reports, incidents and memberships with it', async () => {
    // Prepare
    const locationId = await newLocation('Mover', north);
    const at = [{ locationId, organizationId: north, managementCompanyId: company }];
    const manager = await person(t.host.url, Role.Manager, { managementCompanyId: company, locations: at });
    const site = await siteWithHistory(locationId, manager);
    const [reportId = 0] = site.reports;
    /** Reads each of the site's walk, report and incident as `who`, every answer checked by the contract. */
    const readAllAs = (who: Person) =>
      Promise.all([
        api(who, 'walk.get', { params: { id: site.walkId } }),
        api(who, 'walkReport.get', { params: { walkReportId: reportId } }),
        api(who, 'incident.get', { params: { id: site.incidentId } }),
      ]);
    const reads = [
      `/api/walk/${site.walkId}`,
      `/api/walk/walk-report/${reportId}`,
      `/api/incident/${site.incidentId}`,
    ];
    await readAllAs(areaManagerNorth);
    expect((await call(areaManagerSouth, 'GET', `/api/user/${manager.id}`)).status).toBe(404);

    // Act
    const moved = await api(companyManager, 'location.update', {
      body: { id: locationId, organizationId: south },
    });
    expect(moved).toMatchObject({ organizationId: south });

    // Assess: the old area's manager no longer reaches anything of it, by id, for any call.
    for (const path of reads) expect((await call(areaManagerNorth, 'GET', path)).status, path).toBe(404);
    const walkUpdate = {
      id: site.walkId,
      name: 'Renamed',
      locationId,
      markers: [{ label: 1, lat: 36.8, lng: -119.7 }],
    };
    expect((await call(areaManagerNorth, 'PUT', '/api/walk', walkUpdate)).status).toBe(404);
    expect((await call(areaManagerNorth, 'DELETE', `/api/walk/${site.walkId}`)).status).toBe(404);
    const incidentUpdate = { id: site.incidentId, typeId: 3 };
    expect((await call(areaManagerNorth, 'PUT', '/api/incident', incidentUpdate)).status).toBe(404);
    const resolve = { resolved: true };
    expect(
      (await call(areaManagerNorth, 'PUT', `/api/incident/${site.incidentId}/resolve`, resolve)).status,
    ).toBe(404);
    expect((await call(areaManagerNorth, 'DELETE', `/api/incident/${site.incidentId}`)).status).toBe(404);
    expect((await call(areaManagerNorth, 'GET', `/api/user/${manager.id}`)).status).toBe(404);
    // The new one does.
    await readAllAs(areaManagerSouth);
    expect(await api(areaManagerSouth, 'user.get', { params: { id: manager.id } })).toMatchObject({
      id: manager.id,
    });
    await api(areaManagerSouth, 'walk.update', { body: walkUpdate });
    await api(areaManagerSouth, 'incident.update', { body: incidentUpdate });
    await api(areaManagerSouth, 'incident.delete', { params: { id: site.incidentId } });
    await api(areaManagerSouth, 'walk.delete', { params: { id: site.walkId } });
    // Reports recorded after the move are placed in the new area too.
    const walk = await api(manager, 'walk.create', {
      body: { name: 'After', locationId, markers: walkUpdate.markers },
    });
    const later = { walkId: walk.id, clientId: uuid(), startedAt: '2026-11-22T07:00:00.000Z' };
    const { id: report } = await api(manager, 'walkReport.start', { body: later });
    await api(areaManagerSouth, 'walkReport.get', { params: { walkReportId: report } });
    expect((await call(areaManagerNorth, 'GET', `/api/walk/walk-report/${report}`)).status).toBe(404);
  });

  it('rewrites the memberships in one transaction, and refuses (409) a location with more users than one holds', async () => {
    // Prepare: MOVING_MEMBERS_MAX memberships besides a real user's (written straight to the table), one
    // more than fits beside the location and its audit entry.
    const locationId = await newLocation('Crowded', north);
    const at = { locationId, organizationId: north, managementCompanyId: company };
    const member = await person(t.host.url, Role.Employee, { managementCompanyId: company, locations: [at] });
    const db = dataFromEnv();
    const fakeUsers = Array.from({ length: MOVING_MEMBERS_MAX }, (_, index) => 900_000 + index);
    await db.entities.userLocation.put(fakeUsers.map((userId) => ({ userId, ...at }))).go();

    // Act
    const refused = await call(companyManager, 'PUT', '/api/location', {
      id: locationId,
      organizationId: south,
    });

    // Assess: refused as a whole, nothing moved.
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(`at most ${MOVING_MEMBERS_MAX} users`);
    expect(await api(areaManagerNorth, 'location.get', { params: { id: locationId } })).toMatchObject({
      organizationId: north,
    });
    const areas = (
      await db.entities.userLocation.query.byLocation({ locationId }).go({ pages: 'all' })
    ).data.map((m) => m.organizationId);
    expect(areas).toHaveLength(MOVING_MEMBERS_MAX + 1);
    expect(new Set(areas)).toEqual(new Set([north]));

    // With one fewer it moves, memberships and all.
    await db.entities.userLocation.delete({ userId: fakeUsers[0] ?? 0, locationId }).go();
    await api(companyManager, 'location.update', { body: { id: locationId, organizationId: south } });
    const after = (await db.entities.userLocation.query.byLocation({ locationId }).go({ pages: 'all' })).data;
    expect(after).toHaveLength(MOVING_MEMBERS_MAX);
    expect(new Set(after.map((m) => m.organizationId))).toEqual(new Set([south]));
    expect(await api(areaManagerSouth, 'user.get', { params: { id: member.id } })).toMatchObject({
      id: member.id,
    });
  });
});

describe('deleting a location', () => {
  it('answers at once, then its walks, reports, incidents, files, tally and memberships go, and defaults are cleared', async () => {
    // Prepare
    const locationId = await newLocation('Doomed', north);
    const other = await newLocation('Survivor', north);
    const at = (id: number) => ({ locationId: id, organizationId: north, managementCompanyId: company });
    const manager = await person(t.host.url, Role.Manager, {
      managementCompanyId: company,
      locations: [at(locationId)],
    });
    const regular = await person(t.host.url, Role.Employee, {
      managementCompanyId: company,
      locations: [at(locationId), at(other)],
      defaultLocationId: locationId,
    });
    const elsewhere = await person(t.host.url, Role.Employee, {
      managementCompanyId: company,
      locations: [at(locationId), at(other)],
      defaultLocationId: other,
    });
    const site = await siteWithHistory(locationId, manager);
    const kept = await siteWithHistory(other, areaManagerNorth);
    const db = dataFromEnv();
    const storage = storageFromEnv();
    for (const key of site.files) expect(await storage.exists(key)).toBe(true);

    // Act
    const deleted = await api(areaManagerNorth, 'location.delete', { params: { id: locationId } });

    // Assess: the location and its memberships are gone with the answer.
    expect(deleted).toEqual({ success: true, id: locationId });
    expect((await call(companyManager, 'GET', `/api/location/${locationId}`)).status).toBe(404);
    expect((await db.entities.userLocation.query.byLocation({ locationId }).go()).data).toEqual([]);
    expect((await call(manager, 'GET', `/api/walk/${site.walkId}`)).status).toBe(404);
    // The rest follows from the stream, in steps.
    await vi.waitFor(
      async () => {
        expect((await db.entities.locationCleanup.get({ locationId }).go()).data).toBeNull();
      },
      { timeout: 20_000, interval: 100 },
    );
    const query = db.entities;
    expect((await query.walk.query.byLocation({ locationId }).go()).data).toEqual([]);
    expect((await query.walkReport.query.byLocation({ locationId }).go()).data).toEqual([]);
    expect((await query.incident.query.byLocation({ locationId }).go()).data).toEqual([]);
    expect((await query.walk.get({ walkId: site.walkId }).go()).data).toBeNull();
    expect((await query.incident.get({ incidentId: site.incidentId }).go()).data).toBeNull();
    for (const walkReportId of site.reports) {
      const { data } = await db.collections.report({ walkReportId }).go();
      expect([...data.walkReport, ...data.completedMarker, ...data.walkNote, ...data.markerImage]).toEqual(
        [],
      );
    }
    for (const clientId of site.clientIds) {
      expect((await query.walkReportStart.get({ clientId }).go()).data).toBeNull();
    }
    expect((await query.incidentCreate.get({ clientId: site.incidentClientId }).go()).data).toBeNull();
    expect((await query.incidentCreate.get({ clientId: kept.incidentClientId }).go()).data).not.toBeNull();
    expect((await query.locationTally.get({ locationId }).go()).data).toBeNull();
    for (const key of site.files) expect(await storage.exists(key), key).toBe(false);
    const defaultLocationOf = async (user: Person) =>
      (await api(companyManager, 'user.get', { params: { id: user.id } })).defaultLocationId;
    expect(await defaultLocationOf(regular)).toBeNull();
    // Nothing of another location is touched.
    expect(await defaultLocationOf(elsewhere)).toBe(other);
    await api(areaManagerNorth, 'walkReport.get', { params: { walkReportId: kept.reports[0] ?? 0 } });
    await api(areaManagerNorth, 'incident.get', { params: { id: kept.incidentId } });
    for (const key of kept.files) expect(await storage.exists(key), key).toBe(true);
    expect((await query.locationTally.get({ locationId: other }).go()).data?.walkReportCount).toBe(2);
  });

  it('removes memberships past what one transaction holds in the steps that follow', async () => {
    // Prepare
    const locationId = await newLocation('Busy', north);
    const db = dataFromEnv();
    const at = { locationId, organizationId: north, managementCompanyId: company };
    await db.entities.userLocation
      .put(Array.from({ length: 150 }, (_, i) => ({ userId: 800_000 + i, ...at })))
      .go();

    // Act
    await api(companyManager, 'location.delete', { params: { id: locationId } });

    // Assess
    await vi.waitFor(
      async () => {
        expect((await db.entities.locationCleanup.get({ locationId }).go()).data).toBeNull();
      },
      { timeout: 20_000, interval: 100 },
    );
    expect((await db.entities.userLocation.query.byLocation({ locationId }).go()).data).toEqual([]);
  });

  it('is refused to people below area manager and outside the area, and a second delete is a 404', async () => {
    const locationId = await newLocation('Guarded', south);
    const manager = await person(t.host.url, Role.Manager, {
      managementCompanyId: company,
      locations: [{ locationId, organizationId: south, managementCompanyId: company }],
    });
    expect((await call(manager, 'DELETE', `/api/location/${locationId}`)).status).toBe(403);
    expect((await call(areaManagerNorth, 'DELETE', `/api/location/${locationId}`)).status).toBe(404);
    await api(areaManagerSouth, 'location.delete', { params: { id: locationId } });
    expect((await call(areaManagerSouth, 'DELETE', `/api/location/${locationId}`)).status).toBe(404);
  });

  it('leaves areas and companies refusing (409) while not empty, naming what to delete first', async () => {
    const locationId = await newLocation('Keeps the area', north);
    const refused = await call(companyManager, 'DELETE', `/api/organization/${north}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/Delete the locations of this area/);
    await api(companyManager, 'location.get', { params: { id: locationId } });
    const company409 = await call(admin, 'DELETE', `/api/managementCompany/${company}`);
    expect(company409.status).toBe(409);
    expect(company409.body.message).toMatch(/Delete the areas and users of this management company first/);
  });
});
