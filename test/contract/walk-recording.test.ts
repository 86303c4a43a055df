import { beforeAll, describe, expect, it } from 'vitest';
import { dataFromEnv } from '@sitewalk/functions/composition';
import { messages } from '@sitewalk/shared/messages';
import { Role } from '@sitewalk/shared/roles';
import type { Person } from '../support/people.ts';
import { marker, walkTestFile } from '../support/walks.ts';

/** Recording a walk report: started, completed markers reached, notes, finished; retried writes change nothing. */

const { call, api, w } = walkTestFile();

const uuid = () => crypto.randomUUID();
const id = (answer: { body: Record<string, unknown> }) => Number(answer.body.id);

/** A walk of two markers at location A, the second a door with a unit range. */
const walkWithMarkers = async () => {
  const walk = await api(w.manager, 'walk.create', {
    body: {
      name: 'Record me',
      locationId: w.a.locationId,
      // Marker 2's one unit makes the API's draw (issue 27) known: 12.
      markers: [marker(1), marker(2, { isDoor: true, unitNumberRange: '12' })],
    },
  });
  return { walkId: walk.id, markers: walk.markers };
};

/** Starts a walk report as `who` and answers its id. */
const startReport = async (who: Person, walkId: number, startedAt: string) =>
  (await api(who, 'walkReport.start', { body: { walkId, clientId: uuid(), startedAt } })).id;

describe('recording a walk report', () => {
  it('records a walk that reads back exactly, and retried writes change nothing', async () => {
    const { walkId, markers } = await walkWithMarkers();
    const walkAsSaved = await api(w.manager, 'walk.get', { params: { id: walkId } });
    const me = await api(w.employee, 'auth.me');
    const before = Date.now();
    // A time with an offset is kept in UTC.
    const start = { walkId, clientId: uuid(), startedAt: '2026-11-22T07:00:00.000+01:00' };
    const started = await api(w.employee, 'walkReport.start', { body: start });
    const walkReportId = started.id;
    const params = { walkReportId };
    // A retried start: the same report, as it was.
    expect(await api(w.employee, 'walkReport.start', { body: start })).toEqual(started);

    const first = {
      clientId: uuid(),
      markerId: markers[0]?.id ?? 0,
      arrivedAt: '2026-11-22T06:01:00.000Z',
      lat: 36.801,
      lng: -119.7,
      accuracy: 5,
    };
    const door = {
      clientId: uuid(),
      markerId: markers[1]?.id ?? 0,
      arrivedAt: '2026-11-22T06:04:30.250Z',
      lat: 36.802,
      lng: -119.70012,
      accuracy: 4.5,
      isDoor: true,
      targetUnit: '12',
      picturedUnit: '13',
    };
    const completedMarker = (body: typeof first) =>
      api(w.employee, 'walkReport.recordCompletedMarker', { params, body });
    const recorded = await completedMarker(first);
    expect(await completedMarker(first)).toEqual(recorded); // retried
    expect(await completedMarker({ ...first, arrivedAt: '2026-11-22T06:02:00.000Z', lat: 1 })).toEqual(
      recorded,
    );
    const doorRecorded = await completedMarker(door);
    const note = { clientId: uuid(), markerId: markers[1]?.id ?? 0, note: '  Gate 2 lock is loose ' };
    const noted = await api(w.employee, 'walkReport.addNote', { params, body: note });
    expect(await api(w.employee, 'walkReport.addNote', { params, body: note })).toEqual(noted);
    const secondNote = { clientId: uuid(), markerId: markers[0]?.id ?? 0, note: 'All clear' };
    const noted2 = await api(w.employee, 'walkReport.addNote', { params, body: secondNote });
    const finish = { finishedAt: '2026-11-22T06:10:00.000Z' };
    const finished = await api(w.employee, 'walkReport.finish', { params, body: finish });
    const after = Date.now();

    const report = await api(w.manager, 'walkReport.get', { params });
    const completed = report.CompletedMarker;
    for (const c of completed) {
      expect(Date.parse(c.receivedAt)).toBeGreaterThanOrEqual(before - 1000);
      expect(Date.parse(c.receivedAt)).toBeLessThanOrEqual(after + 1000);
    }
    expect(report).toEqual({
      id: walkReportId,
      createdAt: expect.any(String) as string,
      startedAt: '2026-11-22T06:00:00.000Z',
      finishedAt: finish.finishedAt,
      userId: w.employee.id,
      user: { firstName: me.firstName, lastName: me.lastName },
      walkId,
      walk: { name: 'Record me', locationId: w.a.locationId, markers: walkAsSaved.markers },
      doorUnits: [{ markerId: door.markerId, unit: '12' }],
      CompletedMarker: [
        {
          id: recorded.id,
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
          unitRead: null,
        },
        {
          id: doorRecorded.id,
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
          // No door photo was taken: nothing for SiteWalk to read.
          unitRead: null,
        },
      ],
      walkNote: [
        { id: noted.id, markerId: markers[1]?.id, note: 'Gate 2 lock is loose' },
        { id: noted2.id, markerId: markers[0]?.id, note: 'All clear' },
      ],
      markerImage: [],
      // By position, within reach, no 'sentAt' (not judged for the clock), 3.5 minutes for 111 m: no flags.
      flags: [],
      flagCount: 0,
      discardedCount: 0,
      // Both markers reached, 3.5 minutes from the first arrival to the last.
      markerCount: 2,
      completedMarkerCount: 2,
      firstArrivalAt: first.arrivedAt,
      lastArrivalAt: door.arrivedAt,
      totalTime: '4 min',
      totalMinutes: 4,
      completed: true,
    });
    expect(recorded).toEqual(report.CompletedMarker[0]);
    // The walk-report list has it once, the retried start counted once.
    const list = await api(w.manager, 'walkReport.someByLocation', {
      params: { locationId: w.a.locationId },
      query: { limit: 1000 },
    });
    expect(list.walkReports.filter((r) => r.id === walkReportId)).toMatchObject([
      { completedMarkerCount: 2 },
    ]);
    expect(list.totalCount).toBe(list.walkReports.length);

    // Retries after the finish answer what they wrote; the report stays as it was.
    expect(await api(w.employee, 'walkReport.finish', { params, body: finish })).toEqual(finished);
    expect(await completedMarker(first)).toEqual(recorded);
    expect(await api(w.employee, 'walkReport.addNote', { params, body: note })).toEqual(noted);
    expect((await api(w.employee, 'walkReport.start', { body: start })).id).toBe(walkReportId);
    expect(await api(w.manager, 'walkReport.get', { params })).toEqual(report);
  });

  it('takes a start only once per client id, and only from the one who made it', async () => {
    const { walkId } = await walkWithMarkers();
    const start = { walkId, clientId: uuid(), startedAt: '2026-11-22T05:00:00.000Z' };
    const countOf = async () =>
      (
        await api(w.manager, 'walkReport.someByLocation', {
          params: { locationId: w.a.locationId },
          query: { limit: 1 },
        })
      ).totalCount;
    const before = await countOf();
    const first = await call(w.employee, 'POST', '/api/walk/walk-report', start);
    const [again, concurrent] = await Promise.all([
      call(w.employee, 'POST', '/api/walk/walk-report', { ...start, startedAt: '2026-11-22T05:30:00.000Z' }),
      call(w.employee, 'POST', '/api/walk/walk-report', start),
    ]);
    expect(again).toEqual(first);
    expect(concurrent).toEqual(first);
    expect(await countOf()).toBe(before + 1);
    const stolen = await call(w.manager, 'POST', '/api/walk/walk-report', start);
    expect(stolen.status).toBe(409);
    expect(await countOf()).toBe(before + 1);
    // Copies of a new start racing each other make one report.
    const racing = { ...start, clientId: uuid() };
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => call(w.employee, 'POST', '/api/walk/walk-report', racing)),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(answers.map((a) => id(a))).size).toBe(1);
    expect(await countOf()).toBe(before + 2);
  });

  it("is recorded only at the walker's own locations", async () => {
    // Another location of the same company, with its own employee and walk.
    const otherLocation = await w.a.addLocation('Other site');
    const otherEmployee = await w.a.person(Role.Employee, [otherLocation]);
    const otherWalk = await api(w.admin, 'walk.create', {
      body: { name: 'Elsewhere', locationId: otherLocation, markers: [marker(1)] },
    });
    const startAt = (who: Person, walkId: number) =>
      call(who, 'POST', '/api/walk/walk-report', {
        walkId,
        clientId: uuid(),
        startedAt: '2026-11-22T05:00:00Z',
      });
    expect((await startAt(w.employee, otherWalk.id)).status).toBe(404);
    expect((await startAt(w.manager, otherWalk.id)).status).toBe(404);
    const { walkId, markers } = await walkWithMarkers();
    expect((await startAt(otherEmployee, walkId)).status).toBe(404);
    const mine = await startReport(w.employee, walkId, '2026-11-22T05:00:00Z');
    const completedMarker = {
      clientId: uuid(),
      markerId: markers[0]?.id,
      arrivedAt: '2026-11-22T05:01:00Z',
      lat: 1,
      lng: 1,
      accuracy: 1,
    };
    const path = `/api/walk/walk-report/${mine}`;
    const note = { clientId: uuid(), markerId: markers[0]?.id, note: 'x' };
    const finish = { finishedAt: '2026-11-22T05:09:00Z' };
    expect((await call(otherEmployee, 'POST', `${path}/checkpoint`, completedMarker)).status).toBe(404);
    expect((await call(otherEmployee, 'POST', `${path}/note`, note)).status).toBe(404);
    expect((await call(otherEmployee, 'PUT', `${path}/finish`, finish)).status).toBe(404);
    expect((await call(otherEmployee, 'GET', path)).status).toBe(404);
    // Someone of the same location may read it, but only the walker records on it.
    expect((await call(w.manager, 'PUT', `${path}/finish`, finish)).status).toBe(403);
    expect(await api(w.employee, 'walkReport.get', { params: { walkReportId: mine } })).toMatchObject({
      finishedAt: null,
      CompletedMarker: [],
    });
  });

  it('keeps other people and tenants out of a report, and refuses completed markers it cannot place', async () => {
    const { walkId, markers } = await walkWithMarkers();
    const walkReportId = await startReport(w.employee, walkId, '2026-11-22T18:00:00.000Z');
    const path = `/api/walk/walk-report/${walkReportId}`;
    const completedMarker = () => ({
      clientId: uuid(),
      markerId: markers[0]?.id,
      arrivedAt: '2026-11-22T18:01:00.000Z',
      lat: 1,
      lng: 1,
      accuracy: 1,
    });
    expect((await call(w.manager, 'POST', `${path}/checkpoint`, completedMarker())).status).toBe(403);
    expect((await call(w.managerB, 'POST', `${path}/checkpoint`, completedMarker())).status).toBe(404);
    expect((await call(w.managerB, 'GET', path)).status).toBe(404);
    const startB = { walkId, clientId: uuid(), startedAt: '2026-11-22T18:00:00.000Z' };
    expect((await call(w.managerB, 'POST', '/api/walk/walk-report', startB)).status).toBe(404);
    expect(
      (await call(w.employee, 'POST', `${path}/checkpoint`, { ...completedMarker(), markerId: 999999 }))
        .status,
    ).toBe(400);
    expect(
      (await call(w.employee, 'POST', `${path}/checkpoint`, { ...completedMarker(), clientId: 'not-a-uuid' }))
        .status,
    ).toBe(400);
    expect(await api(w.employee, 'walkReport.get', { params: { walkReportId } })).toMatchObject({
      CompletedMarker: [],
    });
  });

  describe('a finished report', () => {
    let path: string;
    let markerId: number;
    let walkReportId: number;
    let asFinished: Awaited<ReturnType<typeof api<'walkReport.get'>>>;

    beforeAll(async () => {
      const walk = await walkWithMarkers();
      markerId = walk.markers[0]?.id ?? 0;
      walkReportId = await startReport(w.employee, walk.walkId, '2026-11-22T18:00:00.000Z');
      path = `/api/walk/walk-report/${walkReportId}`;
      await api(w.employee, 'walkReport.finish', {
        params: { walkReportId },
        body: { finishedAt: '2026-11-22T18:20:00.000Z' },
      });
      asFinished = await api(w.employee, 'walkReport.get', { params: { walkReportId } });
    });

    // Every new write to a finished report is refused.
    it.each<[string, string, string, () => Record<string, unknown>]>([
      [
        'a completed marker',
        'POST',
        'checkpoint',
        () => ({
          clientId: uuid(),
          markerId,
          arrivedAt: '2026-11-22T18:01:00.000Z',
          lat: 1,
          lng: 1,
          accuracy: 1,
        }),
      ],
      ['another finish', 'PUT', 'finish', () => ({ finishedAt: '2026-11-22T18:30:00.000Z' })],
      ['a note', 'POST', 'note', () => ({ clientId: uuid(), markerId, note: 'Too late' })],
      [
        'a photo upload URL',
        'POST',
        'photo',
        () => ({ clientId: uuid(), markerId, contentType: 'image/png', contentLength: 10 }),
      ],
    ])('refuses %s with 409, and reads back unchanged', async (_, method, write, body) => {
      expect((await call(w.employee, method, `${path}/${write}`, body())).status).toBe(409);
      expect(await api(w.employee, 'walkReport.get', { params: { walkReportId } })).toEqual(asFinished);
    });
  });

  it('reads its walk after the walk is deleted', async () => {
    const { walkId, markers } = await walkWithMarkers();
    const walkReportId = await startReport(w.employee, walkId, '2026-11-22T19:00:00.000Z');
    await api(w.employee, 'walkReport.recordCompletedMarker', {
      params: { walkReportId },
      body: {
        clientId: uuid(),
        markerId: markers[0]?.id ?? 0,
        arrivedAt: '2026-11-22T19:01:00.000Z',
        lat: 1,
        lng: 1,
        accuracy: 1,
      },
    });
    const walkBefore = await api(w.manager, 'walk.get', { params: { id: walkId } });
    await api(w.manager, 'walk.delete', { params: { id: walkId } });
    const report = await api(w.employee, 'walkReport.get', { params: { walkReportId } });
    expect(report.walk).toEqual({
      name: 'Record me',
      locationId: w.a.locationId,
      markers: walkBefore.markers,
    });
    expect(report.CompletedMarker.map((c) => c.markerId)).toEqual([markers[0]?.id]);
    const { walkReports } = await api(w.employee, 'walkReport.someByLocation', {
      params: { locationId: w.a.locationId },
      query: { limit: 1000 },
    });
    expect(walkReports.find((r) => r.id === walkReportId)?.walk).toEqual({
      name: 'Record me',
      markerCount: 2,
    });
    // A deleted walk takes no new reports, and is no longer offered at its location.
    const start = { walkId, clientId: uuid(), startedAt: '2026-11-22T20:00:00.000Z' };
    expect((await call(w.employee, 'POST', '/api/walk/walk-report', start)).status).toBe(404);
    const offered = await api(w.employee, 'walk.allByLocation', { params: { locationId: w.a.locationId } });
    expect(offered.map((walk) => walk.id)).not.toContain(walkId);
    expect(offered.length).toBeGreaterThan(0);
  });

  it('reads completed markers and photos stored before methods and distances were: by position, measured now', async () => {
    const { walkId, markers } = await walkWithMarkers();
    const reportId = await startReport(w.employee, walkId, '2026-11-22T09:00:00.000Z');
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
        key: `tenants/${w.a.companyId}/walk-photo/${reportId}/old.jpg`,
      })
      .go();
    const detail = await api(w.manager, 'walkReport.get', { params: { walkReportId: reportId } });
    const [measured, unmeasured] = detail.CompletedMarker;
    expect(measured).toMatchObject({ id: 900001, method: 'position', farFromMarker: true });
    expect(measured?.distance).toBeCloseTo(55.6, 0);
    expect(unmeasured).toMatchObject({
      id: 900002,
      method: 'position',
      distance: null,
      farFromMarker: false,
    });
    expect(detail.markerImage).toEqual([
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
});

describe('an arrival, measured from its marker', () => {
  // Marker 1 is at 36.801, -119.7; 0.001° of latitude is about 111.2 m.
  it.each<[string, Record<string, unknown>, { method: string; distance: number; farFromMarker: boolean }]>([
    ['by position at the marker', {}, { method: 'position', distance: 0, farFromMarker: false }],
    [
      'by hand 1.1 km away: both flags',
      { method: 'hand', lat: 36.811 },
      { method: 'hand', distance: 1112, farFromMarker: true },
    ],
    [
      'by hand at the marker: not far',
      { method: 'hand' },
      { method: 'hand', distance: 0, farFromMarker: false },
    ],
    [
      'by position 55.6 m away at ±10 m: far (25 m + 10 m)',
      { lat: 36.8015, accuracy: 10 },
      { method: 'position', distance: 55.6, farFromMarker: true },
    ],
    [
      'by position 44.5 m away at ±30 m: within 25 m + the most credited for accuracy (25 m)',
      { lat: 36.8014, accuracy: 30 },
      { method: 'position', distance: 44.5, farFromMarker: false },
    ],
    [
      'by position 44.5 m away at ±300 m: still within, the credit for accuracy stops at 25 m',
      { lat: 36.8014, accuracy: 300 },
      { method: 'position', distance: 44.5, farFromMarker: false },
    ],
    [
      'by position 55.6 m away at ±300 m: beyond 50 m however poor the fix',
      { lat: 36.8015, accuracy: 300 },
      { method: 'position', distance: 55.6, farFromMarker: true },
    ],
  ])('%s', async (_, change, expected) => {
    const { walkId, markers } = await walkWithMarkers();
    const walkReportId = await startReport(w.employee, walkId, '2026-11-22T08:00:00.000Z');
    const arrival = await api(w.employee, 'walkReport.recordCompletedMarker', {
      params: { walkReportId },
      body: {
        clientId: uuid(),
        markerId: markers[0]?.id ?? 0,
        arrivedAt: '2026-11-22T08:01:00.000Z',
        lat: 36.801,
        lng: -119.7,
        accuracy: 5,
        ...change,
      },
    });
    expect(arrival).toMatchObject({ method: expected.method, farFromMarker: expected.farFromMarker });
    expect(arrival.distance).toBeCloseTo(expected.distance, 0);
    // The detail carries the same.
    const detail = await api(w.manager, 'walkReport.get', { params: { walkReportId } });
    expect(detail.CompletedMarker).toEqual([arrival]);
  });
});

describe('bad recording input is refused with field messages, never a 500', () => {
  let walkId: number;
  let markerId: number;
  let path: string;
  const fieldsOf = (answer: { status: number; body: Record<string, unknown> }) => {
    expect(answer.status).toBe(400);
    return Object.keys(answer.body.validationErrors as object);
  };

  beforeAll(async () => {
    const walk = await walkWithMarkers();
    walkId = walk.walkId;
    markerId = walk.markers[0]?.id ?? 0;
    path = `/api/walk/walk-report/${await startReport(w.employee, walkId, '2026-11-22T05:00:00Z')}`;
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['no walk', { walkId: undefined }, 'walkId'],
    ['a client id that is no UUID', { clientId: 'abc' }, 'clientId'],
    ['a start time that is no time', { startedAt: 'this morning' }, 'startedAt'],
  ])('a start with %s', async (_, change, field) => {
    const body = { walkId, clientId: uuid(), startedAt: '2026-11-22T05:00:00Z', ...change };
    expect(fieldsOf(await call(w.employee, 'POST', '/api/walk/walk-report', body))).toEqual([field]);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['a latitude beyond 90', { lat: 91 }, 'lat'],
    ['a longitude beyond -180', { lng: -181 }, 'lng'],
    ['a negative accuracy', { accuracy: -1 }, 'accuracy'],
    ['no arrival time', { arrivedAt: undefined }, 'arrivedAt'],
    ['an arrival time that is no ISO time', { arrivedAt: '22/11/2026' }, 'arrivedAt'],
    ['a marker id that is no number', { markerId: 'one' }, 'markerId'],
    ['a marker not on the walk', { markerId: 999999 }, 'markerId'],
    ['a door flag that is no boolean', { isDoor: 'yes' }, 'isDoor'],
    ['a target unit of 21 characters', { targetUnit: 'u'.repeat(21) }, 'targetUnit'],
    ['an unknown method', { method: 'teleport' }, 'method'],
    ['a null method', { method: null }, 'method'],
  ])('a completed marker with %s', async (_, change, field) => {
    const good = {
      clientId: uuid(),
      markerId,
      arrivedAt: '2026-11-22T05:01:00Z',
      lat: 36.8,
      lng: -119.7,
      accuracy: 3,
    };
    expect(fieldsOf(await call(w.employee, 'POST', `${path}/checkpoint`, { ...good, ...change }))).toEqual([
      field,
    ]);
  });

  it('a blank note, with the spec message', async () => {
    const blank = await call(w.employee, 'POST', `${path}/note`, { clientId: uuid(), markerId, note: '  ' });
    expect(fieldsOf(blank)).toEqual(['note']);
    expect(blank.body.message).toBe(`note: ${messages.validation.noteRequired}`);
  });

  it('a note at a marker not on the walk', async () => {
    const answer = await call(w.employee, 'POST', `${path}/note`, {
      clientId: uuid(),
      markerId: 999999,
      note: 'x',
    });
    expect(fieldsOf(answer)).toEqual(['markerId']);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['a marker not on the walk', { markerId: 999999 }, 'markerId'],
    ['a size of 20 MB', { contentLength: 20_000_000 }, 'contentLength'],
    ['a latitude beyond 90', { lat: 91 }, 'lat'],
    ['a longitude beyond 180', { lng: 180.5 }, 'lng'],
    ['a negative accuracy', { accuracy: -1 }, 'accuracy'],
    ['a taken time that is no time', { takenAt: 'this morning' }, 'takenAt'],
    ['a taken time without an offset (whose time?)', { takenAt: '2026-11-22T05:01:00' }, 'takenAt'],
    ['a client id that is no UUID', { clientId: 'photo-1' }, 'clientId'],
    ['no client id', { clientId: undefined }, 'clientId'],
  ])('a photo with %s', async (_, change, field) => {
    const photo = { clientId: uuid(), markerId, contentType: 'image/png', contentLength: 10 };
    expect(fieldsOf(await call(w.employee, 'POST', `${path}/photo`, { ...photo, ...change }))).toEqual([
      field,
    ]);
  });

  it('a finish time that is no time', async () => {
    expect(fieldsOf(await call(w.employee, 'PUT', `${path}/finish`, { finishedAt: 'soon' }))).toEqual([
      'finishedAt',
    ]);
  });

  it('a report id that is no number', async () => {
    expect(fieldsOf(await call(w.employee, 'GET', '/api/walk/walk-report/abc'))).toEqual(['walkReportId']);
  });

  it.each([
    [
      'a start of a walk',
      'POST',
      '/api/walk/walk-report',
      () => ({ walkId: 999999, clientId: uuid(), startedAt: '2026-11-22T05:00:00Z' }),
    ],
    ['a report', 'GET', '/api/walk/walk-report/999999', () => undefined],
    [
      'a completed marker on a report',
      'POST',
      '/api/walk/walk-report/999999/checkpoint',
      () => ({
        clientId: uuid(),
        markerId,
        arrivedAt: '2026-11-22T05:01:00Z',
        lat: 36.8,
        lng: -119.7,
        accuracy: 3,
      }),
    ],
  ])('%s that is not there answers 404', async (_, method, target, body) => {
    expect((await call(w.employee, method, target, body())).status).toBe(404);
  });

  it('leaves nothing of it recorded', async () => {
    const report = await api(w.employee, 'walkReport.get', {
      params: { walkReportId: Number(path.split('/').pop()) },
    });
    expect(report).toMatchObject({ finishedAt: null, CompletedMarker: [], walkNote: [], markerImage: [] });
  });
});
