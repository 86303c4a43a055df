import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@sitewalk/shared/roles';
import { dataFromEnv } from '@sitewalk/functions/composition';
import { messages } from '@sitewalk/shared/messages';
import {
  WALK_REPORT_CHECKPOINTS_MAX,
  WALK_REPORT_NOTES_MAX,
  WALK_REPORT_PHOTOS_MAX,
} from '@sitewalk/shared/constants';
import { startTestHost, type TestHost } from '../support/host.ts';
import { callAs, person, type Person } from '../support/people.ts';

let t: TestHost;
let call: ReturnType<typeof callAs>;
let manager: Person;
let employee: Person;
let managerB: Person;
let locationA: number;
let locationB: number;
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
  locationB = b.locationId;
  companyA = a;
  manager = await person(t.host.url, Role.Manager, { managementCompanyId: a.companyId, locations: a.at });
  employee = await person(t.host.url, Role.Employee, { managementCompanyId: a.companyId, locations: a.at });
  managerB = await person(t.host.url, Role.Manager, { managementCompanyId: b.companyId, locations: b.at });
});
afterAll(() => t.host.close());

/** Starts a walk report as `who` and answers the call (its id is `id(answer)`). */
const startReport = (who: Person, walkId: number, startedAt: string) =>
  call(who, 'POST', '/api/walk/walk-report', { walkId, clientId: crypto.randomUUID(), startedAt });

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

  it("refuse bad input with the spec's messages under each field, never a 500", async () => {
    const base = { name: 'X', locationId: locationA, markers: [marker(1)] };
    const refused = async (body: unknown, field: string, message?: string) => {
      const answer = await call(manager, 'POST', '/api/walk', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      const errors = answer.body.validationErrors as Record<string, string[]>;
      expect(Object.keys(errors), JSON.stringify(body)).toContain(field);
      if (message) {
        expect(errors[field]).toContain(message);
        expect(answer.body.message).toContain(`${field}: ${message}`);
      }
    };
    await refused({ ...base, name: '' }, 'name', messages.validation.walkNameRequired);
    await refused({ ...base, name: '   ' }, 'name', messages.validation.walkNameRequired);
    await refused({ ...base, name: undefined }, 'name');
    await refused({ ...base, name: 'x'.repeat(31) }, 'name', messages.validation.walkNameTooLong);
    await refused(
      { ...base, description: 'd'.repeat(201) },
      'description',
      messages.validation.walkDescriptionTooLong,
    );
    await refused({ ...base, markers: [] }, 'markers', messages.validation.walkNeedsMarker);
    await refused({ ...base, markers: undefined }, 'markers');
    await refused({ ...base, locationId: undefined }, 'locationId');
    await refused({ ...base, markers: [marker(1, { lat: 91 })] }, 'markers.0.lat');
    for (const unitNumberRange of ['1-5; A', 'A12', '10\t20', '10/12']) {
      await refused(
        { ...base, markers: [marker(1), marker(2, { unitNumberRange })] },
        'markers.1.unitNumberRange',
        messages.validation.unitRangeCharacters,
      );
    }
    // At the limits, and a range of digits, commas, spaces and hyphens, it is taken.
    const edge = await call(manager, 'POST', '/api/walk', {
      ...base,
      name: 'n'.repeat(30),
      description: 'd'.repeat(200),
      markers: [marker(1, { unitNumberRange: ' 100-120, 130 - 140 ' })],
    });
    expect(edge.status).toBe(201);
    expect(edge.body).toMatchObject({ name: 'n'.repeat(30), description: 'd'.repeat(200) });
    expect((edge.body.markers as { unitNumberRange: string }[])[0]?.unitNumberRange).toBe(
      '100-120, 130 - 140',
    );

    expect((await call(manager, 'POST', '/api/walk', { ...base, locationId: 999999 })).status).toBe(404);
    const noId = await call(manager, 'GET', '/api/walk/abc');
    expect(noId.status).toBe(400);
    expect(noId.body.message).toContain(messages.validation.noId);
    expect((await call(manager, 'GET', '/api/walk/999999')).status).toBe(404);
    expect((await call(manager, 'DELETE', '/api/walk/999999')).status).toBe(404);
    expect((await call(manager, 'DELETE', '/api/walk/abc')).body.message).toContain(messages.validation.noId);
    expect((await call(manager, 'PUT', '/api/walk', { ...base, id: 999999 })).status).toBe(404);
    const badUpdate = await call(manager, 'PUT', '/api/walk', { ...base, id: id(edge), name: '' });
    expect(badUpdate.status).toBe(400);
    expect(badUpdate.body.validationErrors).toHaveProperty(['name']);
    expect((await call(employee, 'GET', '/api/walk/all/abc')).status).toBe(400);
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
    // The deleted walk left the location's active range: the list never reads it again, however many edits
    // (a new walk and a deleted old one each) a location goes through.
    const inState = async (state: 'active' | 'deleted') =>
      (await dataFromEnv().entities.walk.query.byLocation({ locationId: locationA, state }).go()).data.map(
        (walk) => walk.walkId,
      );
    expect(await inState('active')).not.toContain(walkId);
    expect(await inState('deleted')).toContain(walkId);
  });

  it('keep the ids of the markers an update names, so reports still point at them', async () => {
    const created = await call(manager, 'POST', '/api/walk', {
      name: 'Kept ids',
      locationId: locationA,
      markers: [marker(1), marker(2), marker(3)],
    });
    const [m1, m2, m3] = created.body.markers as { id: number; lat: number; lng: number }[];
    // Reversed, the second marker dropped, a new one added: labels renumber, named ids stay.
    const updated = await call(manager, 'PUT', '/api/walk', {
      id: id(created),
      name: 'Kept ids',
      locationId: locationA,
      markers: [
        { ...marker(1), id: m3?.id, lat: m3?.lat },
        { ...marker(2), id: m1?.id, lat: m1?.lat },
        { ...marker(3), id: m1?.id }, // a duplicate id is a new marker
        marker(4),
      ],
    });
    expect(updated.status).toBe(200);
    const after = updated.body.markers as { id: number; label: number; lat: number }[];
    expect(after.map((m) => m.label)).toEqual([1, 2, 3, 4]);
    expect(after.slice(0, 2).map((m) => [m.id, m.lat])).toEqual([
      [m3?.id, m3?.lat],
      [m1?.id, m1?.lat],
    ]);
    const ids = after.map((m) => m.id);
    expect(new Set(ids).size).toBe(4);
    expect(ids).not.toContain(m2?.id);
    // An id from another walk is not taken over.
    const other = await call(manager, 'PUT', '/api/walk', {
      id: id(created),
      name: 'Kept ids',
      locationId: locationA,
      markers: [{ ...marker(1), id: m2?.id }],
    });
    expect((other.body.markers as { id: number }[])[0]?.id).not.toBe(m2?.id);
  });

  it('refuse updates below assistant manager, across tenants, to another location or once deleted', async () => {
    const walkId = id(
      await call(manager, 'POST', '/api/walk', {
        name: 'Guarded',
        locationId: locationA,
        markers: [marker(1)],
      }),
    );
    const body = { id: walkId, name: 'Changed', locationId: locationA, markers: [marker(1)] };
    expect((await call(employee, 'PUT', '/api/walk', body)).status).toBe(403);
    expect((await call(employee, 'DELETE', `/api/walk/${walkId}`)).status).toBe(403);
    expect((await call(managerB, 'PUT', '/api/walk', body)).status).toBe(404);
    const moved = await call(admin, 'PUT', '/api/walk', { ...body, locationId: locationB });
    expect(moved.status).toBe(400);
    expect(moved.body.validationErrors).toHaveProperty(['locationId']);
    expect((await call(manager, 'GET', `/api/walk/${walkId}`)).body.name).toBe('Guarded');
    await call(manager, 'DELETE', `/api/walk/${walkId}`);
    expect((await call(manager, 'PUT', '/api/walk', body)).status).toBe(404);
    expect((await call(manager, 'DELETE', `/api/walk/${walkId}`)).status).toBe(200); // deleting again changes nothing
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
    const walkAsSaved = (await call(manager, 'GET', `/api/walk/${walkId}`)).body;
    const me = (await call(employee, 'GET', '/api/auth/me')).body as unknown as {
      firstName: string;
      lastName: string;
    };
    const before = Date.now();
    const startClient = uuid();
    // A time with an offset is kept in UTC.
    const start = { walkId, clientId: startClient, startedAt: '2026-11-22T07:00:00.000+01:00' };
    const started = await call(employee, 'POST', '/api/walk/walk-report', start);
    expect(started.status).toBe(200);
    const reportId = id(started);
    const retriedStart = await call(employee, 'POST', '/api/walk/walk-report', start);
    expect(retriedStart).toEqual(started); // retried start: the same report, as it was

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
      arrivedAt: '2026-11-22T06:04:30.250Z',
      lat: 36.802,
      lng: -119.70012,
      accuracy: 4.5,
      isDoor: true,
      targetUnit: '12',
      picturedUnit: '13',
    };
    const checkpoint = (body: unknown) =>
      call(employee, 'POST', `/api/walk/walk-report/${reportId}/checkpoint`, body);
    const recorded = await checkpoint(first);
    expect(recorded.status).toBe(200);
    expect(await checkpoint(first)).toEqual(recorded); // retried
    expect(await checkpoint({ ...first, arrivedAt: '2026-11-22T06:02:00.000Z', lat: 1 })).toEqual(recorded);
    const doorRecorded = await checkpoint(door);
    const note = { clientId: uuid(), markerId: markers[1]?.id, note: '  Gate 2 lock is loose ' };
    const noted = await call(employee, 'POST', `/api/walk/walk-report/${reportId}/note`, note);
    expect(noted.status).toBe(200);
    expect(await call(employee, 'POST', `/api/walk/walk-report/${reportId}/note`, note)).toEqual(noted);
    const secondNote = { clientId: uuid(), markerId: markers[0]?.id, note: 'All clear' };
    const noted2 = await call(employee, 'POST', `/api/walk/walk-report/${reportId}/note`, secondNote);
    const finish = { finishedAt: '2026-11-22T06:10:00.000Z' };
    const finished = await call(employee, 'PUT', `/api/walk/walk-report/${reportId}/finish`, finish);
    expect(finished.status).toBe(200);
    const after = Date.now();

    const report = await call(manager, 'GET', `/api/walk/walk-report/${reportId}`);
    expect(report.status).toBe(200);
    const completed = report.body.CompletedMarker as { id: number; receivedAt: string }[];
    for (const c of completed) {
      expect(Date.parse(c.receivedAt)).toBeGreaterThanOrEqual(before - 1000);
      expect(Date.parse(c.receivedAt)).toBeLessThanOrEqual(after + 1000);
    }
    expect(report.body).toEqual({
      id: reportId,
      createdAt: expect.any(String) as string,
      startedAt: '2026-11-22T06:00:00.000Z',
      finishedAt: finish.finishedAt,
      userId: employee.id,
      user: { firstName: me.firstName, lastName: me.lastName },
      walkId,
      walk: { name: 'Record me', locationId: locationA, markers: walkAsSaved.markers },
      CompletedMarker: [
        {
          id: recorded.body.id,
          markerId: first.markerId,
          arrivedAt: first.arrivedAt,
          receivedAt: completed[0]?.receivedAt,
          lat: first.lat,
          lng: first.lng,
          accuracy: first.accuracy,
          // Right at marker 1, by position (the default).
          method: 'position',
          distance: 0,
          farFromMarker: false,
          isDoor: false,
          targetUnit: null,
          picturedUnit: null,
        },
        {
          id: doorRecorded.body.id,
          markerId: door.markerId,
          arrivedAt: door.arrivedAt,
          receivedAt: completed[1]?.receivedAt,
          lat: door.lat,
          lng: door.lng,
          accuracy: door.accuracy,
          // 0.00012° of longitude west of marker 2: about 10.7 m, within reach.
          method: 'position',
          distance: expect.closeTo(10.69, 1) as number,
          farFromMarker: false,
          isDoor: true,
          targetUnit: '12',
          picturedUnit: '13',
        },
      ],
      walkNote: [
        { id: noted.body.id, markerId: markers[1]?.id, note: 'Gate 2 lock is loose' },
        { id: noted2.body.id, markerId: markers[0]?.id, note: 'All clear' },
      ],
      markerImage: [],
      // Both markers reached, 3.5 minutes from the first arrival to the last.
      markerCount: 2,
      completedMarkerCount: 2,
      firstArrivalAt: first.arrivedAt,
      lastArrivalAt: door.arrivedAt,
      totalTime: '4 min',
      totalMinutes: 4,
      completed: true,
    });
    expect(recorded.body).toEqual((report.body.CompletedMarker as unknown[])[0]);
    // The walk-report list has it once, the retried start counted once.
    const list = await call(manager, 'GET', `/api/walk/some/by-location/${locationA}?limit=1000`);
    const rows = list.body.walkReports as { id: number; completedMarkerCount: number }[];
    expect(rows.filter((r) => r.id === reportId)).toMatchObject([{ completedMarkerCount: 2 }]);
    expect(list.body.totalCount).toBe(rows.length);

    // Retries after the finish answer what they wrote; the report stays as it was.
    expect(await call(employee, 'PUT', `/api/walk/walk-report/${reportId}/finish`, finish)).toEqual(finished);
    expect(await checkpoint(first)).toEqual(recorded);
    expect(await call(employee, 'POST', `/api/walk/walk-report/${reportId}/note`, note)).toEqual(noted);
    expect(id(await call(employee, 'POST', '/api/walk/walk-report', start))).toBe(reportId);
    expect(await call(manager, 'GET', `/api/walk/walk-report/${reportId}`)).toEqual(report);
  });

  it('takes a start only once per client id, and only from the one who made it', async () => {
    const { walkId } = await walkWithMarkers();
    const start = { walkId, clientId: uuid(), startedAt: '2026-11-22T05:00:00.000Z' };
    const countOf = async () =>
      (await call(manager, 'GET', `/api/walk/some/by-location/${locationA}?limit=1`)).body.totalCount;
    const before = (await countOf()) as number;
    const first = await call(employee, 'POST', '/api/walk/walk-report', start);
    const [again, concurrent] = await Promise.all([
      call(employee, 'POST', '/api/walk/walk-report', { ...start, startedAt: '2026-11-22T05:30:00.000Z' }),
      call(employee, 'POST', '/api/walk/walk-report', start),
    ]);
    expect(again).toEqual(first);
    expect(concurrent).toEqual(first);
    expect(await countOf()).toBe(before + 1);
    const stolen = await call(manager, 'POST', '/api/walk/walk-report', start);
    expect(stolen.status).toBe(409);
    expect(await countOf()).toBe(before + 1);
    // Copies of a new start racing each other make one report.
    const racing = { ...start, clientId: uuid() };
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => call(employee, 'POST', '/api/walk/walk-report', racing)),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(answers.map((a) => id(a))).size).toBe(1);
    expect(await countOf()).toBe(before + 2);
  });

  it('refuses bad recording input with field messages, never a 500', async () => {
    const { walkId, markers } = await walkWithMarkers();
    const fieldsOf = (answer: { status: number; body: Record<string, unknown> }) => {
      expect(answer.status).toBe(400);
      return Object.keys(answer.body.validationErrors as object);
    };
    const start = (body: unknown) => call(employee, 'POST', '/api/walk/walk-report', body);
    expect(fieldsOf(await start({ clientId: uuid(), startedAt: '2026-11-22T05:00:00Z' }))).toEqual([
      'walkId',
    ]);
    expect(fieldsOf(await start({ walkId, clientId: 'abc', startedAt: '2026-11-22T05:00:00Z' }))).toEqual([
      'clientId',
    ]);
    expect(fieldsOf(await start({ walkId, clientId: uuid(), startedAt: 'this morning' }))).toEqual([
      'startedAt',
    ]);
    expect(
      (await start({ walkId: 999999, clientId: uuid(), startedAt: '2026-11-22T05:00:00Z' })).status,
    ).toBe(404);
    const reportId = id(await start({ walkId, clientId: uuid(), startedAt: '2026-11-22T05:00:00Z' }));
    const path = `/api/walk/walk-report/${reportId}`;
    const good = {
      clientId: uuid(),
      markerId: markers[0]?.id,
      arrivedAt: '2026-11-22T05:01:00Z',
      lat: 36.8,
      lng: -119.7,
      accuracy: 3,
    };
    for (const [change, field] of [
      [{ lat: 91 }, 'lat'],
      [{ lng: -181 }, 'lng'],
      [{ accuracy: -1 }, 'accuracy'],
      [{ arrivedAt: undefined }, 'arrivedAt'],
      [{ arrivedAt: '22/11/2026' }, 'arrivedAt'],
      [{ markerId: 'one' }, 'markerId'],
      [{ isDoor: 'yes' }, 'isDoor'],
      [{ targetUnit: 'u'.repeat(21) }, 'targetUnit'],
      [{ method: 'teleport' }, 'method'],
      [{ method: null }, 'method'],
    ] as const) {
      expect(fieldsOf(await call(employee, 'POST', `${path}/checkpoint`, { ...good, ...change }))).toEqual([
        field,
      ]);
    }
    const notOfWalk = await call(employee, 'POST', `${path}/checkpoint`, { ...good, markerId: 999999 });
    expect(fieldsOf(notOfWalk)).toEqual(['markerId']);
    const blank = await call(employee, 'POST', `${path}/note`, {
      clientId: uuid(),
      markerId: markers[0]?.id,
      note: '  ',
    });
    expect(fieldsOf(blank)).toEqual(['note']);
    expect(blank.body.message).toBe(`note: ${messages.validation.noteRequired}`);
    expect(
      fieldsOf(
        await call(employee, 'POST', `${path}/note`, { clientId: uuid(), markerId: 999999, note: 'x' }),
      ),
    ).toEqual(['markerId']);
    const photo = { clientId: uuid(), markerId: markers[0]?.id, contentType: 'image/png', contentLength: 10 };
    expect(fieldsOf(await call(employee, 'POST', `${path}/photo`, { ...photo, markerId: 999999 }))).toEqual([
      'markerId',
    ]);
    expect(
      fieldsOf(await call(employee, 'POST', `${path}/photo`, { ...photo, contentLength: 20_000_000 })),
    ).toEqual(['contentLength']);
    for (const [change, field] of [
      [{ lat: 91 }, 'lat'],
      [{ lng: 180.5 }, 'lng'],
      [{ accuracy: -1 }, 'accuracy'],
      [{ takenAt: 'this morning' }, 'takenAt'],
      [{ takenAt: '2026-11-22T05:01:00' }, 'takenAt'], // no offset: whose time?
      [{ clientId: 'photo-1' }, 'clientId'],
      [{ clientId: undefined }, 'clientId'],
    ] as const) {
      expect(
        fieldsOf(await call(employee, 'POST', `${path}/photo`, { ...photo, ...change })),
        JSON.stringify(change),
      ).toEqual([field]);
    }
    expect(fieldsOf(await call(employee, 'PUT', `${path}/finish`, { finishedAt: 'soon' }))).toEqual([
      'finishedAt',
    ]);
    expect(fieldsOf(await call(employee, 'GET', '/api/walk/walk-report/abc'))).toEqual(['walkReportId']);
    expect((await call(employee, 'GET', '/api/walk/walk-report/999999')).status).toBe(404);
    expect((await call(employee, 'POST', '/api/walk/walk-report/999999/checkpoint', good)).status).toBe(404);
    // Nothing of it was recorded.
    const report = await call(employee, 'GET', path);
    expect(report.body).toMatchObject({
      finishedAt: null,
      CompletedMarker: [],
      walkNote: [],
      markerImage: [],
    });
  });

  it("is recorded only at the walker's own locations", async () => {
    // Another location of the same company, with its own employee and walk.
    const otherLocation = id(
      await call(admin, 'POST', '/api/location', {
        name: 'Other site',
        address: '3 Main St',
        city: 'Fresno',
        state: 'CA',
        zipcode: '93650',
        latitude: 36.8,
        longitude: -119.7,
        organizationId: companyA.areaId,
      }),
    );
    const otherEmployee = await person(t.host.url, Role.Employee, {
      managementCompanyId: companyA.companyId,
      locations: [
        {
          locationId: otherLocation,
          organizationId: companyA.areaId,
          managementCompanyId: companyA.companyId,
        },
      ],
    });
    const otherWalk = await call(admin, 'POST', '/api/walk', {
      name: 'Elsewhere',
      locationId: otherLocation,
      markers: [marker(1)],
    });
    const startAt = (who: Person, walkId: number) => startReport(who, walkId, '2026-11-22T05:00:00Z');
    expect((await startAt(employee, id(otherWalk))).status).toBe(404);
    expect((await startAt(manager, id(otherWalk))).status).toBe(404);
    const { walkId, markers } = await walkWithMarkers();
    expect((await startAt(otherEmployee, walkId)).status).toBe(404);
    const mine = id(await startAt(employee, walkId));
    const checkpoint = {
      clientId: uuid(),
      markerId: markers[0]?.id,
      arrivedAt: '2026-11-22T05:01:00Z',
      lat: 1,
      lng: 1,
      accuracy: 1,
    };
    const path = `/api/walk/walk-report/${mine}`;
    expect((await call(otherEmployee, 'POST', `${path}/checkpoint`, checkpoint)).status).toBe(404);
    expect(
      (
        await call(otherEmployee, 'POST', `${path}/note`, {
          clientId: uuid(),
          markerId: markers[0]?.id,
          note: 'x',
        })
      ).status,
    ).toBe(404);
    expect(
      (await call(otherEmployee, 'PUT', `${path}/finish`, { finishedAt: '2026-11-22T05:09:00Z' })).status,
    ).toBe(404);
    expect((await call(otherEmployee, 'GET', path)).status).toBe(404);
    // Someone of the same location may read it, but only the walker records on it.
    expect(
      (await call(manager, 'PUT', `${path}/finish`, { finishedAt: '2026-11-22T05:09:00Z' })).status,
    ).toBe(403);
    expect((await call(employee, 'GET', path)).body).toMatchObject({ finishedAt: null, CompletedMarker: [] });
  });

  it('keeps a finished report unchanged, and other people and tenants out', async () => {
    const { walkId, markers } = await walkWithMarkers();
    const reportId = id(await startReport(employee, walkId, '2026-11-22T18:00:00.000Z'));
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
    const asFinished = await call(employee, 'GET', `/api/walk/walk-report/${reportId}`);
    // Every new write to a finished report is refused: another finish, a note, a photo upload URL.
    const lateWrites: [string, string, Record<string, unknown>][] = [
      ['PUT', 'finish', { finishedAt: '2026-11-22T18:30:00.000Z' }],
      ['POST', 'note', { clientId: uuid(), markerId: markers[0]?.id, note: 'Too late' }],
      [
        'POST',
        'photo',
        { clientId: uuid(), markerId: markers[0]?.id, contentType: 'image/png', contentLength: 10 },
      ],
    ];
    for (const [method, write, body] of lateWrites) {
      const answer = await call(employee, method, `/api/walk/walk-report/${reportId}/${write}`, body);
      expect(answer.status, write).toBe(409);
    }
    expect(await call(employee, 'GET', `/api/walk/walk-report/${reportId}`)).toEqual(asFinished);
  });

  it('reads its walk after the walk is deleted', async () => {
    const { walkId, markers } = await walkWithMarkers();
    const reportId = id(await startReport(employee, walkId, '2026-11-22T19:00:00.000Z'));
    await call(employee, 'POST', `/api/walk/walk-report/${reportId}/checkpoint`, {
      clientId: uuid(),
      markerId: markers[0]?.id,
      arrivedAt: '2026-11-22T19:01:00.000Z',
      lat: 1,
      lng: 1,
      accuracy: 1,
    });
    const walkBefore = (await call(manager, 'GET', `/api/walk/${walkId}`)).body;
    expect((await call(manager, 'DELETE', `/api/walk/${walkId}`)).status).toBe(200);
    const report = await call(employee, 'GET', `/api/walk/walk-report/${reportId}`);
    expect(report.body.walk).toEqual({
      name: 'Record me',
      locationId: locationA,
      markers: walkBefore.markers,
    });
    expect((report.body.CompletedMarker as { markerId: number }[]).map((c) => c.markerId)).toEqual([
      markers[0]?.id,
    ]);
    const rows = (await call(employee, 'GET', `/api/walk/some/by-location/${locationA}?limit=1000`)).body
      .walkReports as { id: number; walk: { name: string; markerCount: number } }[];
    expect(rows.find((r) => r.id === reportId)?.walk).toEqual({ name: 'Record me', markerCount: 2 });
    // A deleted walk takes no new reports, and is no longer offered at its location.
    const start = { walkId, clientId: uuid(), startedAt: '2026-11-22T20:00:00.000Z' };
    expect((await call(employee, 'POST', '/api/walk/walk-report', start)).status).toBe(404);
    const offered = (await call(employee, 'GET', `/api/walk/all/${locationA}`)).body as unknown as {
      id: number;
    }[];
    expect(offered.map((w) => w.id)).not.toContain(walkId);
    expect(offered.length).toBeGreaterThan(0);
  });

  it('measures each arrival from its marker and flags those by hand or far from it', async () => {
    const { walkId, markers } = await walkWithMarkers();
    const reportId = id(await startReport(employee, walkId, '2026-11-22T08:00:00.000Z'));
    const first = markers[0]?.id;
    // Marker 1 is at 36.801, -119.7; 0.001° of latitude is about 111.2 m.
    const arrive = (minute: number, change: Record<string, unknown>) =>
      call(employee, 'POST', `/api/walk/walk-report/${reportId}/checkpoint`, {
        clientId: uuid(),
        markerId: first,
        arrivedAt: `2026-11-22T08:${String(minute).padStart(2, '0')}:00.000Z`,
        lat: 36.801,
        lng: -119.7,
        accuracy: 5,
        ...change,
      });
    const cases: [Record<string, unknown>, { method: string; distance: number; farFromMarker: boolean }][] = [
      // At the marker, by position.
      [{}, { method: 'position', distance: 0, farFromMarker: false }],
      // Marked by hand 1.1 km away: both flags.
      [
        { method: 'hand', lat: 36.811 },
        { method: 'hand', distance: 1112, farFromMarker: true },
      ],
      // Marked by hand at the marker: by hand, not far.
      [{ method: 'hand' }, { method: 'hand', distance: 0, farFromMarker: false }],
      // Claimed by position 55.6 m away at ±10 m: far (25 m + 10 m).
      [
        { lat: 36.8015, accuracy: 10 },
        { method: 'position', distance: 55.6, farFromMarker: true },
      ],
      // 44.5 m away at ±30 m: within 25 m + the most credited for accuracy (25 m).
      [
        { lat: 36.8014, accuracy: 30 },
        { method: 'position', distance: 44.5, farFromMarker: false },
      ],
      // The same 44.5 m at ±300 m: still within, the credit for accuracy stops at 25 m.
      [
        { lat: 36.8014, accuracy: 300 },
        { method: 'position', distance: 44.5, farFromMarker: false },
      ],
      // 55.6 m at ±300 m: beyond 50 m however poor the fix.
      [
        { lat: 36.8015, accuracy: 300 },
        { method: 'position', distance: 55.6, farFromMarker: true },
      ],
    ];
    const answers = [];
    for (const [index, [change, expected]] of cases.entries()) {
      const answer = await arrive(index, change);
      expect(answer.status, JSON.stringify(change)).toBe(200);
      expect(answer.body, JSON.stringify(change)).toMatchObject({
        method: expected.method,
        farFromMarker: expected.farFromMarker,
      });
      expect(answer.body.distance, JSON.stringify(change)).toBeCloseTo(expected.distance, 0);
      answers.push(answer.body);
    }
    // The detail carries the same, in arrival order.
    const detail = await call(manager, 'GET', `/api/walk/walk-report/${reportId}`);
    expect(detail.body.CompletedMarker).toEqual(answers);
  });

  it('reads checkpoints and photos stored before methods and distances were: by position, measured now', async () => {
    const { walkId, markers } = await walkWithMarkers();
    const reportId = id(await startReport(employee, walkId, '2026-11-22T09:00:00.000Z'));
    const db = dataFromEnv();
    const old = {
      walkReportId: reportId,
      receivedAt: '2026-11-22T09:01:00.000Z',
      lng: -119.7,
      accuracy: 5,
      isDoor: false,
    };
    // Written as the API wrote them before issue 15: no method, no distance, no taken time or place.
    await db.entities.completedMarker
      .create({
        ...old,
        clientId: uuid(),
        completedMarkerId: 900001,
        markerId: markers[1]?.id ?? 0,
        arrivedAt: '2026-11-22T09:01:00.000Z',
        lat: 36.8025, // 55.6 m north of marker 2
      })
      .go();
    await db.entities.completedMarker
      .create({
        ...old,
        clientId: uuid(),
        completedMarkerId: 900002,
        markerId: 999999, // no longer on the walk
        arrivedAt: '2026-11-22T09:02:00.000Z',
        lat: 36.9,
      })
      .go();
    await db.entities.markerImage
      .create({
        walkReportId: reportId,
        clientId: uuid(),
        markerId: markers[1]?.id ?? 0,
        imageName: 'old.jpg',
        key: `tenants/${companyA.companyId}/walk-photo/${reportId}/old.jpg`,
      })
      .go();
    const detail = await call(manager, 'GET', `/api/walk/walk-report/${reportId}`);
    const [measured, unmeasured] = detail.body.CompletedMarker as Record<string, unknown>[];
    expect(measured).toMatchObject({ id: 900001, method: 'position', farFromMarker: true });
    expect(measured?.distance).toBeCloseTo(55.6, 0);
    expect(unmeasured).toMatchObject({
      id: 900002,
      method: 'position',
      distance: null,
      farFromMarker: false,
    });
    expect(detail.body.markerImage).toEqual([
      {
        walkReportId: reportId,
        markerId: markers[1]?.id,
        imageName: 'old.jpg',
        imageUrl: null,
        takenAt: null,
        lat: null,
        lng: null,
      },
    ]);
  });

  it('keeps when and where a photo was taken, as the first request said', async () => {
    const { walkId, markers } = await walkWithMarkers();
    const reportId = id(await startReport(employee, walkId, '2026-11-22T10:00:00.000Z'));
    const path = `/api/walk/walk-report/${reportId}/photo`;
    const taken = {
      clientId: uuid(),
      markerId: markers[0]?.id,
      contentType: 'image/jpeg',
      contentLength: 100,
      takenAt: '2026-11-22T11:05:30.500+01:00',
      lat: 36.80101,
      lng: -119.70002,
      accuracy: 6,
    };
    const ticket = await call(employee, 'POST', path, taken);
    expect(ticket.status).toBe(200);
    // A retry with other figures signs the same photo, and keeps what the first said.
    const retried = await call(employee, 'POST', path, { ...taken, takenAt: '2026-11-22T12:00:00Z', lat: 1 });
    expect(retried.body.imageName).toBe(ticket.body.imageName);
    // Without a time or a fix (the phone had none), it is taken all the same.
    const bare = { clientId: uuid(), markerId: markers[1]?.id, contentType: 'image/png', contentLength: 100 };
    expect((await call(employee, 'POST', path, bare)).status).toBe(200);
    const images = (await call(manager, 'GET', `/api/walk/walk-report/${reportId}`)).body.markerImage as {
      markerId: number;
      imageName: string;
    }[];
    expect(images).toHaveLength(2);
    expect(images.find((i) => i.imageName === ticket.body.imageName)).toMatchObject({
      markerId: markers[0]?.id,
      takenAt: '2026-11-22T10:05:30.500Z', // kept in UTC
      lat: 36.80101,
      lng: -119.70002,
    });
    expect(images.find((i) => i.markerId === markers[1]?.id)).toMatchObject({
      takenAt: null,
      lat: null,
      lng: null,
    });
    const stored = await dataFromEnv()
      .entities.markerImage.get({ walkReportId: reportId, clientId: taken.clientId })
      .go();
    expect(stored.data?.accuracy).toBe(6);
  });

  it('lists photos in the order they were taken, whatever their client ids', async () => {
    const { walkId, markers } = await walkWithMarkers();
    const reportId = id(await startReport(employee, walkId, '2026-11-22T10:00:00.000Z'));
    const path = `/api/walk/walk-report/${reportId}/photo`;
    const times = ['2026-11-22T10:03:00.000Z', '2026-11-22T10:01:00.000Z', '2026-11-22T10:02:00.000Z'];
    // Client ids that sort the other way round from the times (the API keys photos by client id).
    const clientIds = ['a', 'b', 'c'].map((first) => `${first}${uuid().slice(1)}`);
    const names = new Map<string, string>();
    for (const [index, takenAt] of times.entries()) {
      const body = {
        clientId: clientIds[index],
        markerId: markers[0]?.id,
        contentType: 'image/jpeg',
        contentLength: 10,
        takenAt,
      };
      const ticket = await call(employee, 'POST', path, body);
      expect(ticket.status).toBe(200);
      names.set(ticket.body.imageName as string, takenAt);
    }
    const images = (await call(manager, 'GET', `/api/walk/walk-report/${reportId}`)).body.markerImage as {
      imageName: string;
      takenAt: string;
    }[];
    expect(images.map((i) => i.takenAt)).toEqual([...times].sort());
    expect(images.map((i) => names.get(i.imageName))).toEqual([...times].sort());
  });

  it('takes photos by presigned upload, once per client id, and shows them with short-lived URLs', async () => {
    const { walkId, markers } = await walkWithMarkers();
    const reportId = id(await startReport(employee, walkId, '2026-11-22T07:00:00.000Z'));
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
    // Only a photo recorded on the report is signed: another name, or another marker, gets no URL.
    for (const other of [`${markers[1]?.id}/other.jpg`, `${markers[0]?.id}/${images[0]?.imageName}`]) {
      const none = await call(manager, 'GET', `/api/walk/photo/${reportId}/${other}`);
      expect(none.status).toBe(200);
      expect(none.body.url).toBeNull();
    }
    expect((await call(manager, 'GET', `/api/walk/photo/${reportId}/${markers[1]?.id}/..%2Fx`)).status).toBe(
      400,
    );
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

/** A location of company A with one employee to walk it and a walk of ten markers. */
const tenMarkerSite = async (names: { location: string; address: string; walk: string }) => {
  const locationId = id(
    await call(admin, 'POST', '/api/location', {
      name: names.location,
      address: names.address,
      city: 'Fresno',
      state: 'CA',
      zipcode: '93650',
      latitude: 36.8,
      longitude: -119.7,
      organizationId: companyA.areaId,
    }),
  );
  const walker = await person(t.host.url, Role.Employee, {
    managementCompanyId: companyA.companyId,
    locations: [{ locationId, organizationId: companyA.areaId, managementCompanyId: companyA.companyId }],
  });
  const walk = await call(admin, 'POST', '/api/walk', {
    name: names.walk,
    locationId,
    markers: Array.from({ length: 10 }, (_, n) => marker(n + 1)),
  });
  return { locationId, walker, walkId: id(walk), markers: walk.body.markers as { id: number }[] };
};
type Site = Awaited<ReturnType<typeof tenMarkerSite>>;

/** Records a report at a site: started, arriving at [marker index, time] each, finished if a time is given. */
const recordReport = async (
  site: Site,
  startedAt: string,
  arrivals: [number, string][],
  finishedAt?: string,
): Promise<number> => {
  const { walker, walkId, markers } = site;
  const reportId = id(await startReport(walker, walkId, startedAt));
  for (const [index, arrivedAt] of arrivals) {
    const answer = await call(walker, 'POST', `/api/walk/walk-report/${reportId}/checkpoint`, {
      clientId: crypto.randomUUID(),
      markerId: markers[index]?.id,
      arrivedAt,
      lat: 36.8,
      lng: -119.7,
      accuracy: 3,
    });
    expect(answer.status).toBe(200);
  }
  if (finishedAt !== undefined) {
    const done = await call(walker, 'PUT', `/api/walk/walk-report/${reportId}/finish`, { finishedAt });
    expect(done.status).toBe(200);
  }
  return reportId;
};

describe("a location's walk reports", () => {
  const uuid = () => crypto.randomUUID();
  const at = (minute: number) => new Date(Date.UTC(2026, 10, 20, 6, 0) + minute * 60_000).toISOString();
  let site: Site;
  let locationId: number;
  let walker: Person;
  let markers: { id: number }[];
  const reportIds: number[] = [];

  /** A report started at `start` (minutes), reaching the given markers at the given minutes. */
  const walkReport = (start: number, arrivals: [number, number][], finish?: number) =>
    recordReport(
      site,
      at(start),
      arrivals.map(([index, minute]) => [index, at(minute)]),
      finish === undefined ? undefined : at(finish),
    );

  beforeAll(async () => {
    site = await tenMarkerSite({ location: 'Reports site', address: '2 Main St', walk: 'Ten stops' });
    ({ locationId, walker, markers } = site);
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
    // Copies racing each other, then a late retry: one checkpoint, the same answer to each.
    const answers = await Promise.all(
      Array.from({ length: 3 }, () =>
        call(walker, 'POST', `/api/walk/walk-report/${reportId}/checkpoint`, again),
      ),
    );
    answers.push(await call(walker, 'POST', `/api/walk/walk-report/${reportId}/checkpoint`, again));
    expect(answers.every((a) => a.status === 200 && a.body.id === answers[0]?.body.id)).toBe(true);
    const detail = await call(walker, 'GET', `/api/walk/walk-report/${reportId}`);
    expect((detail.body.CompletedMarker as unknown[]).length).toBe(2);
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
    // The bound is WALK_REPORT_PAGE_DEPTH (10,000) reports back: the last page within it answers, one past it not.
    expect((await call(walker, 'GET', `${path}?offset=9000&limit=1000`)).status).toBe(200);
    expect((await call(walker, 'GET', `${path}?offset=9999&limit=1`)).status).toBe(200);
    expect((await call(walker, 'GET', `${path}?offset=10000&limit=1`)).status).toBe(400);
    expect((await call(walker, 'GET', `${path}?offset=9001&limit=1000`)).status).toBe(400);
    expect((await call(walker, 'GET', `${path}?offset=100000000000&limit=1`)).status).toBe(400);
    expect((await call(managerB, 'GET', path)).status).toBe(404);
    expect((await call(manager, 'GET', path)).status).toBe(404); // same company, not this location
    expect((await call(walker, 'GET', '/api/walk/some/by-location/abc')).status).toBe(400);
  });

  it('mends at the finish a row whose checkpoint was stored but not folded in (a crash between the two)', async () => {
    const reportId = await walkReport(3000, [[0, 3001]]);
    // As if the server died after storing the checkpoint and before updating the report's totals.
    await dataFromEnv()
      .entities.completedMarker.create({
        walkReportId: reportId,
        clientId: uuid(),
        completedMarkerId: 900_000 + reportId,
        markerId: markers[1]?.id ?? 0,
        arrivedAt: at(3009),
        receivedAt: at(3009),
        lat: 36.8,
        lng: -119.7,
        accuracy: 3,
        isDoor: false,
      })
      .go();
    const row = async () =>
      (
        (await call(walker, 'GET', `/api/walk/some/by-location/${locationId}?limit=1`)).body.walkReports as {
          id: number;
          completedMarkerCount: number;
          lastArrivalAt: string;
        }[]
      )[0];
    expect(await row()).toMatchObject({ id: reportId, completedMarkerCount: 1, lastArrivalAt: at(3001) });
    await call(walker, 'PUT', `/api/walk/walk-report/${reportId}/finish`, { finishedAt: at(3012) });
    expect(await row()).toMatchObject({ id: reportId, completedMarkerCount: 2, lastArrivalAt: at(3009) });
  });
});

/** The detail of a report carries the same totals as its row in the list (one rule, one set of figures). */
const expectDetailAgrees = async (
  who: Person,
  reportId: number,
  row: Record<string, unknown> | undefined,
) => {
  expect(row).toBeDefined();
  const detail = await call(who, 'GET', `/api/walk/walk-report/${reportId}`);
  expect(detail.status).toBe(200);
  const totals = [
    'completedMarkerCount',
    'firstArrivalAt',
    'lastArrivalAt',
    'totalTime',
    'totalMinutes',
    'completed',
  ];
  const pick = (from: Record<string, unknown>) => Object.fromEntries(totals.map((k) => [k, from[k]]));
  expect(pick(detail.body)).toEqual(pick(row ?? {}));
  expect(detail.body.markerCount).toBe((row?.walk as { markerCount: number }).markerCount);
  // 'Not Completed' is the label of no time at all.
  expect(detail.body.totalMinutes === null).toBe(detail.body.totalTime === messages.status.notCompleted);
  expect(detail.body.totalMinutes === null).toBe(!detail.body.completed);
  if (detail.body.totalMinutes !== null)
    expect(detail.body.totalTime).toBe(`${detail.body.totalMinutes} min`);
};

describe('the duration rule in the walk-report list, at its edges', () => {
  const at = (minute: number, seconds = 0) =>
    new Date(Date.UTC(2026, 10, 10, 6, 0) + minute * 60_000 + seconds * 1000).toISOString();
  const uuid = () => crypto.randomUUID();
  let site: Site;
  let locationId: number;
  let walker: Person;
  let walkId: number;
  let markers: { id: number }[];

  beforeAll(async () => {
    site = await tenMarkerSite({ location: 'Edges site', address: '4 Main St', walk: 'Ten edges' });
    ({ locationId, walker, walkId, markers } = site);
  });

  /** Records a report and answers its row of the list. Arrivals are [marker index, minute, second?]. */
  const row = async (start: number, arrivals: [number, number, number?][], finish?: number) => {
    const reportId = await recordReport(
      site,
      at(start),
      arrivals.map(([index, minute, second]) => [index, at(minute, second)]),
      finish === undefined ? undefined : at(finish),
    );
    const list = await call(
      site.walker,
      'GET',
      `/api/walk/some/by-location/${site.locationId}?limit=1000&offset=0`,
    );
    const found = (list.body.walkReports as { id: number; totalTime: string; completed: boolean }[]).find(
      (r) => r.id === reportId,
    );
    await expectDetailAgrees(site.walker, reportId, found);
    return found && { totalTime: found.totalTime, completed: found.completed };
  };
  const reaching = (count: number, from: number, step: number): [number, number][] =>
    Array.from({ length: count }, (_, n) => [n, from + n * step]);

  it('counts a walk of all ten checkpoints from the first to the last arrival', async () => {
    // The report started 5 minutes before the first arrival and finished 30 after the last: neither counts.
    expect(await row(0, reaching(10, 5, 2), 53)).toEqual({ totalTime: '18 min', completed: true });
  });

  it('takes 9 of 10 checkpoints (90%) as completed, and 8 of 10 as not', async () => {
    expect(await row(100, reaching(9, 100, 3), 200)).toEqual({ totalTime: '24 min', completed: true });
    expect(await row(200, reaching(8, 200, 3), 300)).toEqual({
      totalTime: 'Not Completed',
      completed: false,
    });
  });

  it('counts a checkpoint reached twice once', async () => {
    // 8 distinct markers, one of them twice: still 8 of 10.
    expect(await row(300, [...reaching(8, 300, 1), [0, 320]], 330)).toEqual({
      totalTime: 'Not Completed',
      completed: false,
    });
  });

  it("shows 'Not Completed' for a time of 0 minutes", async () => {
    expect(await row(400, reaching(9, 401, 0), 420)).toEqual({
      totalTime: 'Not Completed',
      completed: false,
    });
    // 20 seconds from the first to the last arrival round to 0 minutes.
    const quick: [number, number, number][] = Array.from({ length: 10 }, (_, n) => [n, 450, n * 2]);
    expect(await row(450, quick, 460)).toEqual({ totalTime: 'Not Completed', completed: false });
  });

  it('without checkpoints, counts from start to finish', async () => {
    expect(await row(500, [], 512)).toEqual({ totalTime: '12 min', completed: true });
  });

  it("without checkpoints, shows 'Not Completed' for 0 or negative minutes, or no finish", async () => {
    expect(await row(600, [], 600)).toEqual({ totalTime: 'Not Completed', completed: false });
    // A finish by the phone's clock before the start it sent.
    expect(await row(700, [], 695)).toEqual({ totalTime: 'Not Completed', completed: false });
    expect(await row(800, [])).toEqual({ totalTime: 'Not Completed', completed: false });
  });

  it('measures a report against the walk as it was when it started', async () => {
    const reportId = id(await startReport(walker, walkId, at(900)));
    // The walk grows to 20 markers while it is walked: 9 of the 10 it had still make it completed.
    const walk = (await call(admin, 'GET', `/api/walk/${walkId}`)).body as unknown as {
      markers: { id: number }[];
    };
    const grown = await call(admin, 'PUT', '/api/walk', {
      id: walkId,
      name: 'Ten edges',
      locationId,
      markers: [
        ...walk.markers.map((m, n) => ({ ...marker(n + 1), id: m.id })),
        ...Array.from({ length: 10 }, (_, n) => marker(n + 11)),
      ],
    });
    expect((grown.body.markers as unknown[]).length).toBe(20);
    for (const [index, minute] of reaching(9, 901, 2)) {
      const answer = await call(walker, 'POST', `/api/walk/walk-report/${reportId}/checkpoint`, {
        clientId: uuid(),
        markerId: markers[index]?.id,
        arrivedAt: at(minute),
        lat: 36.8,
        lng: -119.7,
        accuracy: 3,
      });
      expect(answer.status).toBe(200);
    }
    const list = await call(walker, 'GET', `/api/walk/some/by-location/${locationId}?limit=1`);
    expect(list.body.walkReports).toMatchObject([
      {
        id: reportId,
        walk: { markerCount: 10 },
        completedMarkerCount: 9,
        totalTime: '16 min',
        completed: true,
      },
    ]);
    // The detail, too, measures against the 10 markers of the start, though its walk now has 20.
    const detail = await call(walker, 'GET', `/api/walk/walk-report/${reportId}`);
    expect(detail.body).toMatchObject({
      markerCount: 10,
      completedMarkerCount: 9,
      totalTime: '16 min',
      totalMinutes: 16,
      completed: true,
    });
    expect((detail.body.walk as { markers: unknown[] }).markers).toHaveLength(20);
    await expectDetailAgrees(walker, reportId, (list.body.walkReports as Record<string, unknown>[])[0]);
  });
});

describe('what a walk report holds at most', () => {
  const uuid = () => crypto.randomUUID();
  const at = (minute: number) => new Date(Date.UTC(2026, 10, 24, 6, 0) + minute * 60_000).toISOString();
  let site: Site;

  beforeAll(async () => {
    site = await tenMarkerSite({ location: 'Caps site', address: '6 Main St', walk: 'Capped' });
  });

  const writes = {
    checkpoint: {
      path: 'checkpoint',
      count: 'checkpointCount',
      max: WALK_REPORT_CHECKPOINTS_MAX,
      noun: 'checkpoints',
      body: (markerId: number) => ({ markerId, arrivedAt: at(1), lat: 36.8, lng: -119.7, accuracy: 3 }),
    },
    note: {
      path: 'note',
      count: 'noteCount',
      max: WALK_REPORT_NOTES_MAX,
      noun: 'notes',
      body: (markerId: number) => ({ markerId, note: 'Gate open' }),
    },
    photo: {
      path: 'photo',
      count: 'photoCount',
      max: WALK_REPORT_PHOTOS_MAX,
      noun: 'photos',
      body: (markerId: number) => ({ markerId, contentType: 'image/jpeg', contentLength: 1000 }),
    },
  } as const;

  it.each(Object.entries(writes))(
    'takes %s writes up to the cap, even when they race, and retries of written ones still answer',
    async (_, write) => {
      const reportId = id(await startReport(site.walker, site.walkId, at(0)));
      const post = (body: unknown) =>
        call(site.walker, 'POST', `/api/walk/walk-report/${reportId}/${write.path}`, body);
      const markerId = site.markers[0]?.id ?? 0;
      // Real writes are counted on the report.
      const early = { clientId: uuid(), ...write.body(markerId) };
      expect((await post(early)).status).toBe(200);
      const table = dataFromEnv().entities.walkReport;
      const counted = await table.get({ walkReportId: reportId }).go();
      expect(counted.data?.[write.count]).toBe(1);
      // As if the report were three short of its cap: ten parallel writes, three of them fit.
      await table
        .patch({ walkReportId: reportId })
        .set({ [write.count]: write.max - 3 })
        .go();
      const bodies = Array.from({ length: 10 }, () => ({ clientId: uuid(), ...write.body(markerId) }));
      const answers = await Promise.all(bodies.map(post));
      expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, ...Array(7).fill(409)]);
      for (const refused of answers.filter((a) => a.status === 409)) {
        expect(refused.body.message).toBe(`A walk report holds at most ${write.max} ${write.noun}`);
      }
      expect((await table.get({ walkReportId: reportId }).go()).data?.[write.count]).toBe(write.max);
      // One more is refused; a retry of a write that was stored still answers it, and so does the early one.
      expect((await post({ clientId: uuid(), ...write.body(markerId) })).status).toBe(409);
      const storedIndex = answers.findIndex((a) => a.status === 200);
      const retried = await post(bodies[storedIndex]);
      expect(retried.status).toBe(200);
      if (write.path !== 'photo') expect(retried.body).toEqual(answers[storedIndex]?.body);
      else expect(retried.body.imageName).toBe(answers[storedIndex]?.body.imageName);
      expect((await post(early)).status).toBe(200);
      // What the report holds: the early write and the three that fit.
      const detail = (await call(site.walker, 'GET', `/api/walk/walk-report/${reportId}`)).body;
      const held = { checkpoint: detail.CompletedMarker, note: detail.walkNote, photo: detail.markerImage };
      expect(held[_ as keyof typeof held]).toHaveLength(4);
    },
  );

  it('refuses writes to a finished report with 409, counted or not', async () => {
    const reportId = id(await startReport(site.walker, site.walkId, at(10)));
    const finished = await call(site.walker, 'PUT', `/api/walk/walk-report/${reportId}/finish`, {
      finishedAt: at(20),
    });
    expect(finished.status).toBe(200);
    const markerId = site.markers[0]?.id ?? 0;
    for (const write of Object.values(writes)) {
      const answer = await call(site.walker, 'POST', `/api/walk/walk-report/${reportId}/${write.path}`, {
        clientId: uuid(),
        ...write.body(markerId),
      });
      expect(answer.status).toBe(409);
    }
  });
});
