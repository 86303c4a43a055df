import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@sitewalk/shared/roles';
import { messages } from '@sitewalk/shared/messages';
import { startTestHost, type TestHost } from '../support/host.ts';
import { callAs, person, type Person } from '../support/people.ts';

let t: TestHost;
let call: ReturnType<typeof callAs>;
let manager: Person;
let employee: Person;
let managerB: Person;
let locationA: number;
let admin: Person;
let companyA: { companyId: number; areaId: number };

const id = (answer: { body: Record<string, unknown> }) => Number(answer.body.id);
const marker = (n: number, extra: Record<string, unknown> = {}) => ({
  label: n,
  lat: 36.8 + n / 1000,
  lng: -119.7,
  ...extra,
});

beforeAll(async () => {
  t = await startTestHost();
  call = callAs(t.host.url);
  admin = await person(t.host.url, Role.Admin);
  const seed = async (label: string) => {
    const companyId = id(
      await call(admin, 'POST', '/api/managementCompany', { name: label, email: 'x@example.com' }),
    );
    const areaId = id(
      await call(admin, 'POST', '/api/organization', {
        name: `${label} area`,
        managementCompanyId: companyId,
      }),
    );
    const locationId = id(
      await call(admin, 'POST', '/api/location', {
        name: `${label} site`,
        address: '1 Main St',
        city: 'Fresno',
        state: 'CA',
        zipcode: '93650',
        latitude: 36.8,
        longitude: -119.7,
        organizationId: areaId,
      }),
    );
    return {
      companyId,
      areaId,
      locationId,
      at: [{ locationId, organizationId: areaId, managementCompanyId: companyId }],
    };
  };
  const a = await seed('A');
  const b = await seed('B');
  locationA = a.locationId;
  companyA = a;
  manager = await person(t.host.url, Role.Manager, { managementCompanyId: a.companyId, locations: a.at });
  employee = await person(t.host.url, Role.Employee, { managementCompanyId: a.companyId, locations: a.at });
  managerB = await person(t.host.url, Role.Manager, { managementCompanyId: b.companyId, locations: b.at });
});
afterAll(() => t.host.close());

describe('walks', () => {
  it('are created with markers numbered 1..n in order, ranges flagged, and read back', async () => {
    const created = await call(manager, 'POST', '/api/walk', {
      name: 'Morning round',
      description: 'Gates, then units',
      locationId: locationA,
      markers: [marker(1, { order: 1 }), marker(2, { order: 0, unitNumberRange: '100-120', isDoor: true })],
    });
    expect(created.status).toBe(201);
    const markers = created.body.markers as {
      label: number;
      hasUnitRange: boolean;
      isDoor: boolean;
      id: number;
    }[];
    expect(markers.map((m) => [m.label, m.hasUnitRange, m.isDoor])).toEqual([
      [1, true, true],
      [2, false, false],
    ]);
    expect(new Set(markers.map((m) => m.id)).size).toBe(2);
    expect((await call(employee, 'GET', `/api/walk/${id(created)}`)).body).toEqual(created.body);
  });

  it("refuse bad input with the spec's messages", async () => {
    const base = { name: 'X', locationId: locationA, markers: [marker(1)] };
    expect(
      (await call(manager, 'POST', '/api/walk', { ...base, name: 'x'.repeat(31) })).body.message,
    ).toContain(messages.validation.walkNameTooLong);
    expect((await call(manager, 'POST', '/api/walk', { ...base, markers: [] })).body.message).toContain(
      messages.validation.walkNeedsMarker,
    );
    expect(
      (
        await call(manager, 'POST', '/api/walk', {
          ...base,
          markers: [marker(1, { unitNumberRange: '1-5; A' })],
        })
      ).status,
    ).toBe(400);
  });

  it('are set up by assistant managers and above, at their own locations only', async () => {
    const body = { name: 'Evening', locationId: locationA, markers: [marker(1)] };
    expect((await call(employee, 'POST', '/api/walk', body)).status).toBe(403);
    expect((await call(managerB, 'POST', '/api/walk', body)).status).toBe(404);
  });

  it('are listed per location without deleted ones, updated, and deleted softly', async () => {
    const walkId = id(
      await call(manager, 'POST', '/api/walk', { name: 'Temp', locationId: locationA, markers: [marker(1)] }),
    );
    const updated = await call(manager, 'PUT', '/api/walk', {
      id: walkId,
      name: 'Temp 2',
      locationId: locationA,
      markers: [marker(1), marker(2)],
    });
    expect(updated.body).toMatchObject({ name: 'Temp 2', deletedAt: null });
    expect((updated.body.markers as unknown[]).length).toBe(2);
    expect((await call(managerB, 'GET', `/api/walk/${walkId}`)).status).toBe(404);
    expect((await call(managerB, 'DELETE', `/api/walk/${walkId}`)).status).toBe(404);
    expect((await call(manager, 'DELETE', `/api/walk/${walkId}`)).body).toEqual({
      success: true,
      id: walkId,
    });
    const listed = await call(employee, 'GET', `/api/walk/all/${locationA}`);
    expect((listed.body as unknown as { id: number }[]).some((w) => w.id === walkId)).toBe(false);
    const kept = await call(manager, 'GET', `/api/walk/${walkId}`);
    expect(kept.body.deletedAt).not.toBeNull(); // reports keep their walk
    expect((await call(managerB, 'GET', `/api/walk/all/${locationA}`)).status).toBe(404);
  });
});

describe('recording a walk report', () => {
  const uuid = () => crypto.randomUUID();

  const walkWithMarkers = async () => {
    const walk = await call(manager, 'POST', '/api/walk', {
      name: 'Record me',
      locationId: locationA,
      markers: [marker(1), marker(2, { isDoor: true, unitNumberRange: '10-20' })],
    });
    return { walkId: id(walk), markers: walk.body.markers as { id: number }[] };
  };

  it('records a walk that reads back exactly, and retried writes change nothing', async () => {
    const { walkId, markers } = await walkWithMarkers();
    const startClient = uuid();
    const start = { walkId, clientId: startClient, startedAt: '2026-11-22T06:00:00.000Z' };
    const started = await call(employee, 'POST', '/api/walk/walk-report', start);
    expect(started.status).toBe(200);
    const reportId = id(started);
    expect(id(await call(employee, 'POST', '/api/walk/walk-report', start))).toBe(reportId); // retried start

    const first = {
      clientId: uuid(),
      markerId: markers[0]?.id,
      arrivedAt: '2026-11-22T06:01:00.000Z',
      lat: 36.801,
      lng: -119.7,
      accuracy: 5,
    };
    const door = {
      clientId: uuid(),
      markerId: markers[1]?.id,
      arrivedAt: '2026-11-22T06:04:00.000Z',
      lat: 36.802,
      lng: -119.7,
      accuracy: 4,
      isDoor: true,
      targetUnit: '12',
      picturedUnit: '12',
    };
    const recorded = await call(employee, 'POST', `/api/walk/walk-report/${reportId}/checkpoint`, first);
    expect(await call(employee, 'POST', `/api/walk/walk-report/${reportId}/checkpoint`, first)).toEqual(
      recorded,
    ); // retried
    await call(employee, 'POST', `/api/walk/walk-report/${reportId}/checkpoint`, door);
    const note = { clientId: uuid(), markerId: markers[1]?.id, note: 'Gate 2 lock is loose' };
    await call(employee, 'POST', `/api/walk/walk-report/${reportId}/note`, note);
    await call(employee, 'POST', `/api/walk/walk-report/${reportId}/note`, note); // retried
    const finished = await call(employee, 'PUT', `/api/walk/walk-report/${reportId}/finish`, {
      finishedAt: '2026-11-22T06:10:00.000Z',
    });
    expect(finished.status).toBe(200);

    const report = await call(manager, 'GET', `/api/walk/walk-report/${reportId}`);
    expect(report.body).toMatchObject({
      id: reportId,
      startedAt: start.startedAt,
      finishedAt: '2026-11-22T06:10:00.000Z',
      userId: employee.id,
      walk: { name: 'Record me', locationId: locationA },
      walkNote: [{ markerId: markers[1]?.id, note: 'Gate 2 lock is loose' }],
      markerImage: [],
    });
    const completed = report.body.CompletedMarker as {
      markerId: number;
      arrivedAt: string;
      isDoor: boolean;
      targetUnit: string | null;
      picturedUnit: string | null;
      receivedAt: string;
    }[];
    expect(completed.map((c) => [c.markerId, c.arrivedAt, c.isDoor, c.targetUnit, c.picturedUnit])).toEqual([
      [markers[0]?.id, first.arrivedAt, false, null, null],
      [markers[1]?.id, door.arrivedAt, true, '12', '12'],
    ]);
    expect(Date.parse(completed[0]?.receivedAt ?? '')).toBeGreaterThan(Date.parse('2026-11-22T06:00:00Z'));
    expect(
      await call(employee, 'PUT', `/api/walk/walk-report/${reportId}/finish`, {
        finishedAt: '2026-11-22T06:10:00.000Z',
      }),
    ).toMatchObject({ status: 200 });
  });

  it('keeps a finished report unchanged, and other people and tenants out', async () => {
    const { walkId, markers } = await walkWithMarkers();
    const reportId = id(
      await call(employee, 'POST', '/api/walk/walk-report', {
        walkId,
        clientId: uuid(),
        startedAt: '2026-11-22T18:00:00.000Z',
      }),
    );
    const checkpoint = () => ({
      clientId: uuid(),
      markerId: markers[0]?.id,
      arrivedAt: '2026-11-22T18:01:00.000Z',
      lat: 1,
      lng: 1,
      accuracy: 1,
    });
    expect(
      (await call(manager, 'POST', `/api/walk/walk-report/${reportId}/checkpoint`, checkpoint())).status,
    ).toBe(403);
    expect(
      (await call(managerB, 'POST', `/api/walk/walk-report/${reportId}/checkpoint`, checkpoint())).status,
    ).toBe(404);
    expect((await call(managerB, 'GET', `/api/walk/walk-report/${reportId}`)).status).toBe(404);
    expect(
      (
        await call(managerB, 'POST', '/api/walk/walk-report', {
          walkId,
          clientId: uuid(),
          startedAt: '2026-11-22T18:00:00.000Z',
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await call(employee, 'POST', `/api/walk/walk-report/${reportId}/checkpoint`, {
          ...checkpoint(),
          markerId: 999999,
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await call(employee, 'POST', `/api/walk/walk-report/${reportId}/checkpoint`, {
          ...checkpoint(),
          clientId: 'not-a-uuid',
        })
      ).status,
    ).toBe(400);
    await call(employee, 'PUT', `/api/walk/walk-report/${reportId}/finish`, {
      finishedAt: '2026-11-22T18:20:00.000Z',
    });
    expect(
      (await call(employee, 'POST', `/api/walk/walk-report/${reportId}/checkpoint`, checkpoint())).status,
    ).toBe(409);
    expect(
      (
        await call(employee, 'PUT', `/api/walk/walk-report/${reportId}/finish`, {
          finishedAt: '2026-11-22T18:30:00.000Z',
        })
      ).status,
    ).toBe(409);
  });

  it('takes photos by presigned upload, once per client id, and shows them with short-lived URLs', async () => {
    const { walkId, markers } = await walkWithMarkers();
    const reportId = id(
      await call(employee, 'POST', '/api/walk/walk-report', {
        walkId,
        clientId: uuid(),
        startedAt: '2026-11-22T07:00:00.000Z',
      }),
    );
    const photo = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(61, 1)]);
    const request = {
      clientId: uuid(),
      markerId: markers[1]?.id,
      contentType: 'image/jpeg',
      contentLength: photo.length,
    };
    const ticket = await call(employee, 'POST', `/api/walk/walk-report/${reportId}/photo`, request);
    expect(ticket.status).toBe(200);
    const again = await call(employee, 'POST', `/api/walk/walk-report/${reportId}/photo`, request);
    expect(again.body.key).toBe(ticket.body.key); // a retry signs the same object
    const put = await fetch(String(ticket.body.uploadUrl), {
      method: 'PUT',
      headers: ticket.body.headers as Record<string, string>,
      body: photo,
    });
    expect(put.status).toBe(200);

    const report = await call(manager, 'GET', `/api/walk/walk-report/${reportId}`);
    const images = report.body.markerImage as { markerId: number; imageName: string; imageUrl: string }[];
    expect(images).toHaveLength(1);
    expect(Buffer.from(await (await fetch(images[0]?.imageUrl ?? '')).arrayBuffer())).toEqual(photo);
    const view = await call(
      manager,
      'GET',
      `/api/walk/photo/${reportId}/${markers[1]?.id}/${images[0]?.imageName}`,
    );
    expect((await fetch(String(view.body.url))).status).toBe(200);
    expect(
      (await call(managerB, 'GET', `/api/walk/photo/${reportId}/${markers[1]?.id}/${images[0]?.imageName}`))
        .status,
    ).toBe(404);
    expect(
      (
        await call(employee, 'POST', `/api/walk/walk-report/${reportId}/photo`, {
          ...request,
          clientId: uuid(),
          contentType: 'image/gif',
        })
      ).status,
    ).toBe(400);
  });
});

describe("a location's walk reports", () => {
  const uuid = () => crypto.randomUUID();
  const at = (minute: number) => new Date(Date.UTC(2026, 10, 20, 6, 0) + minute * 60_000).toISOString();
  let locationId: number;
  let walker: Person;
  let markers: { id: number }[];
  let walkId: number;
  const reportIds: number[] = [];

  /** A report started at `start` (minutes), reaching the given markers at the given minutes. */
  const walkReport = async (start: number, arrivals: [number, number][], finish?: number) => {
    const reportId = id(
      await call(walker, 'POST', '/api/walk/walk-report', { walkId, clientId: uuid(), startedAt: at(start) }),
    );
    for (const [markerIndex, minute] of arrivals) {
      const checkpoint = {
        clientId: uuid(),
        markerId: markers[markerIndex]?.id,
        arrivedAt: at(minute),
        lat: 36.8,
        lng: -119.7,
        accuracy: 3,
      };
      expect(
        (await call(walker, 'POST', `/api/walk/walk-report/${reportId}/checkpoint`, checkpoint)).status,
      ).toBe(200);
    }
    if (finish !== undefined) {
      await call(walker, 'PUT', `/api/walk/walk-report/${reportId}/finish`, { finishedAt: at(finish) });
    }
    return reportId;
  };

  beforeAll(async () => {
    locationId = id(
      await call(admin, 'POST', '/api/location', {
        name: 'Reports site',
        address: '2 Main St',
        city: 'Fresno',
        state: 'CA',
        zipcode: '93650',
        latitude: 36.8,
        longitude: -119.7,
        organizationId: companyA.areaId,
      }),
    );
    walker = await person(t.host.url, Role.Employee, {
      managementCompanyId: companyA.companyId,
      locations: [{ locationId, organizationId: companyA.areaId, managementCompanyId: companyA.companyId }],
    });
    const walk = await call(admin, 'POST', '/api/walk', {
      name: 'Ten stops',
      locationId,
      markers: Array.from({ length: 10 }, (_, n) => marker(n + 1)),
    });
    walkId = id(walk);
    markers = walk.body.markers as { id: number }[];
    // 9 of 10 markers, one reached twice, the earliest arrival recorded last: 2nd to 26th minute, completed.
    const nine: [number, number][] = [1, 2, 3, 4, 5, 6, 7, 8].map((n) => [n, 2 + n * 3]);
    reportIds.push(await walkReport(0, [...nine, [1, 10], [0, 2]], 40));
    // 8 of 10: below 90%.
    reportIds.push(
      await walkReport(
        600,
        [0, 1, 2, 3, 4, 5, 6, 7].map((n) => [n, 601 + n]),
        620,
      ),
    );
    // No checkpoints, finished 12 minutes after the start.
    reportIds.push(await walkReport(1200, [], 1212));
  });

  it('are listed newest first with walker, walk and the duration rule applied', async () => {
    const list = await call(admin, 'GET', `/api/walk/some/by-location/${locationId}?limit=1000&offset=0`);
    expect(list.status).toBe(200);
    expect(list.body.totalCount).toBe(3);
    const rows = list.body.walkReports as {
      id: number;
      user: { lastName: string };
      walk: { name: string; markerCount: number };
      completedMarkerCount: number;
      firstArrivalAt: string | null;
      lastArrivalAt: string | null;
      totalTime: string;
      completed: boolean;
    }[];
    expect(rows.map((r) => r.id)).toEqual([...reportIds].reverse());
    expect(rows.map((r) => [r.completedMarkerCount, r.totalTime, r.completed])).toEqual([
      [0, '12 min', true],
      [8, 'Not Completed', false],
      [9, '24 min', true],
    ]);
    expect(rows[2]).toMatchObject({
      firstArrivalAt: at(2),
      lastArrivalAt: at(26),
      walk: { name: 'Ten stops', markerCount: 10 },
    });
    expect(rows.every((r) => r.user.lastName.length > 0)).toBe(true);
  });

  it('page by limit and offset, and search by walker, walk or id', async () => {
    const page = await call(walker, 'GET', `/api/walk/some/by-location/${locationId}?limit=1&offset=1`);
    expect((page.body.walkReports as { id: number }[]).map((r) => r.id)).toEqual([reportIds[1]]);
    expect(page.body.totalCount).toBe(3);
    const lastName = ((await call(walker, 'GET', '/api/auth/me')).body as { lastName?: string }).lastName;
    const byWalker = await call(
      walker,
      'GET',
      `/api/walk/some/by-location/${locationId}?searchTerm=${lastName}`,
    );
    expect(byWalker.body.totalCount).toBe(3);
    const byId = await call(
      walker,
      'GET',
      `/api/walk/some/by-location/${locationId}?searchTerm=${reportIds[1]}`,
    );
    expect((byId.body.walkReports as { id: number }[]).map((r) => r.id)).toContain(reportIds[1]);
    const none = await call(
      walker,
      'GET',
      `/api/walk/some/by-location/${locationId}?searchTerm=nothing-like-it`,
    );
    expect(none.body).toEqual({ walkReports: [], totalCount: 0 });
  });

  it('count a retried checkpoint once', async () => {
    const reportId = await walkReport(2000, [[0, 2001]]);
    const again = {
      clientId: uuid(),
      markerId: markers[0]?.id,
      arrivedAt: at(2003),
      lat: 1,
      lng: 1,
      accuracy: 1,
    };
    await call(walker, 'POST', `/api/walk/walk-report/${reportId}/checkpoint`, again);
    await call(walker, 'POST', `/api/walk/walk-report/${reportId}/checkpoint`, again);
    const list = await call(walker, 'GET', `/api/walk/some/by-location/${locationId}?limit=1`);
    expect(list.body.walkReports).toMatchObject([
      { id: reportId, completedMarkerCount: 1, firstArrivalAt: at(2001), lastArrivalAt: at(2003) },
    ]);
    expect(list.body.totalCount).toBe(4);
  });

  it('refuse bad paging and other tenants', async () => {
    const path = `/api/walk/some/by-location/${locationId}`;
    expect((await call(walker, 'GET', `${path}?limit=1001`)).status).toBe(400);
    expect((await call(walker, 'GET', `${path}?limit=0`)).status).toBe(400);
    expect((await call(walker, 'GET', `${path}?offset=-1`)).status).toBe(400);
    const tooDeep = await call(walker, 'GET', `${path}?offset=9500&limit=1000`);
    expect(tooDeep.status).toBe(400);
    expect(tooDeep.body.validationErrors).toHaveProperty('offset');
    expect((await call(managerB, 'GET', path)).status).toBe(404);
    expect((await call(manager, 'GET', path)).status).toBe(404); // same company, not this location
    expect((await call(walker, 'GET', '/api/walk/some/by-location/abc')).status).toBe(400);
  });
});
