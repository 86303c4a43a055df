import { describe, expect, it } from 'vitest';
import { recorderWalk } from '../../../testing/recorder-fixtures.ts';
import {
  arrivalOf,
  finishSession,
  recordArrival,
  recordDoorCheck,
  recordIncident,
  recordNote,
  recordPhoto,
  startSession,
} from './session-actions.ts';

const walk = recorderWalk();
const [plain, door] = walk.markers as [(typeof walk.markers)[0], (typeof walk.markers)[0]];
const ids = () => {
  let n = 0;
  return () => `id-${++n}`;
};
const now = '2026-11-23T08:00:00.000Z';
const fix = { lat: plain.lat + 0.0001, lng: plain.lng, accuracy: 6, at: now };

const started = () =>
  startSession({ userId: 5, location: { id: 11, name: 'Oak Court' }, walk, now }, ids()).session;

describe('startSession', () => {
  it('names the session by the start client id and queues the start', () => {
    const { session, writes } = startSession(
      { userId: 5, location: { id: 11, name: 'Oak Court' }, walk, now },
      ids(),
    );
    expect(session).toMatchObject({
      key: 'id-1',
      userId: 5,
      locationId: 11,
      locationName: 'Oak Court',
      walk,
      startedAt: now,
      walkReportId: null,
      arrivals: [],
      finishedAt: null,
    });
    expect(writes).toEqual([{ session: 'id-1', kind: 'start', walkId: 7, startedAt: now }]);
  });

  it('uses crypto.randomUUID for client ids unless told', () => {
    const a = startSession({ userId: 5, location: { id: 11, name: 'Oak Court' }, walk, now }).session.key;
    const b = startSession({ userId: 5, location: { id: 11, name: 'Oak Court' }, walk, now }).session.key;
    expect(a).toMatch(/^[0-9a-f-]{36}$/);
    expect(a).not.toBe(b);
  });
});

describe('arrivals', () => {
  it('by position: the fix, its accuracy and the distance from the marker', () => {
    const arrival = arrivalOf({ marker: plain, fix, method: 'position', now }, ids());
    expect(arrival).toMatchObject({
      clientId: 'id-1',
      markerId: 71,
      lat: fix.lat,
      accuracy: 6,
      method: 'position',
    });
    expect(arrival.distance).toBeCloseTo(11.1, 1);
    expect(arrival).not.toHaveProperty('targetUnit');
    const { session, writes } = recordArrival(started(), arrival, false);
    expect(session.arrivals).toEqual([arrival]);
    expect(writes).toEqual([{ session: session.key, kind: 'checkpoint', arrival, isDoor: false }]);
  });

  it('by hand with no fix yet: at the marker itself, accuracy 0, distance 0', () => {
    const arrival = arrivalOf({ marker: plain, fix: null, method: 'hand', now }, ids());
    expect(arrival).toMatchObject({
      lat: plain.lat,
      lng: plain.lng,
      accuracy: 0,
      distance: 0,
      method: 'hand',
    });
  });

  it('a door check: the units on the arrival, then the door photo', () => {
    const blob = new Blob(['jpeg'], { type: 'image/jpeg' });
    const arrival = arrivalOf(
      { marker: door, fix, method: 'position', now, targetUnit: '103', picturedUnit: ' 104 ' },
      ids(),
    );
    expect(arrival).toMatchObject({ targetUnit: '103', picturedUnit: '104' });
    const { session, writes } = recordDoorCheck(
      started(),
      arrival,
      { blob, contentType: 'image/jpeg', fix, now },
      ids(),
    );
    expect(writes.map(({ kind }) => kind)).toEqual(['checkpoint', 'photo']);
    expect(writes[0]).toMatchObject({ isDoor: true });
    expect(writes[1]).toMatchObject({
      photo: { markerId: 72, door: true, takenAt: now, lat: fix.lat, lng: fix.lng, accuracy: 6 },
      blob,
      contentType: 'image/jpeg',
    });
    expect(session.photos).toHaveLength(1);
    expect(session.arrivals).toEqual([arrival]);
  });

  it('a door with no unit asked records an empty target unit', () => {
    expect(arrivalOf({ marker: door, fix, method: 'hand', now, targetUnit: null }, ids())).toMatchObject({
      targetUnit: '',
      picturedUnit: '',
    });
  });
});

describe('notes, photos, incidents, finish', () => {
  it('a note is trimmed and queued', () => {
    const { session, writes } = recordNote(started(), 71, '  Gate open  ', now, ids());
    expect(session.notes).toEqual([{ clientId: 'id-1', markerId: 71, note: 'Gate open', at: now }]);
    expect(writes).toEqual([{ session: session.key, kind: 'note', note: session.notes[0] }]);
  });

  it('a photo without a fix has no position', () => {
    const blob = new Blob(['png'], { type: 'image/png' });
    const { session, writes } = recordPhoto(
      started(),
      { markerId: 73, blob, contentType: 'image/png', fix: null, now, door: false },
      ids(),
    );
    expect(session.photos).toEqual([{ clientId: 'id-1', markerId: 73, takenAt: now, door: false }]);
    expect(writes[0]).toMatchObject({ kind: 'photo', blob, contentType: 'image/png' });
  });

  it('an incident at the walk location, each photo with its own client id', () => {
    const blob = new Blob(['x'], { type: 'image/jpeg' });
    const { session, writes } = recordIncident(
      started(),
      {
        typeId: 1,
        note: ' Broken gate ',
        photos: [
          { blob, contentType: 'image/jpeg' },
          { blob, contentType: 'image/jpeg' },
        ],
        now,
      },
      ids(),
    );
    expect(session.incidents).toEqual([
      { clientId: 'id-1', typeId: 1, note: 'Broken gate', photoCount: 2, at: now },
    ]);
    expect(writes).toEqual([
      {
        session: session.key,
        kind: 'incident',
        clientId: 'id-1',
        locationId: 11,
        typeId: 1,
        note: 'Broken gate',
        photos: [
          { clientId: 'id-2', blob, contentType: 'image/jpeg' },
          { clientId: 'id-3', blob, contentType: 'image/jpeg' },
        ],
      },
    ]);
  });

  it('finish closes the session and queues the finish', () => {
    const { session, writes } = finishSession(started(), '2026-11-23T09:00:00.000Z');
    expect(session.finishedAt).toBe('2026-11-23T09:00:00.000Z');
    expect(writes).toEqual([
      { session: session.key, kind: 'finish', finishedAt: '2026-11-23T09:00:00.000Z' },
    ]);
  });
});
