import { describe, expect, it } from 'vitest';
import { createCanvas } from '@napi-rs/canvas';
import { dataFromEnv } from '@sitewalk/functions/composition';
import { doorImages } from '../support/door-images.ts';
import { marker, walkTestFile } from '../support/walks.ts';

/**
 * Issue 27, item 8: the unit a door check asks for is drawn by the API when the walk report starts, once per door
 * marker, kept with the report (a retried start answers the same draw), and it is the completed marker's requested unit
 * whatever the phone says; a door photo whose read unit is not the drawn one is flagged 'Wrong door'.
 */

const { api, t, w } = walkTestFile();
const uuid = () => crypto.randomUUID();
// A generated door photo (seed 1) that the local reader reads exactly: unit 868.
const [, door868] = doorImages(1, 2);
const MINUTE = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();

const blankDoor = () => {
  const canvas = createCanvas(320, 240);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#8c8f93';
  ctx.fillRect(0, 0, 320, 240);
  return canvas.toBuffer('image/jpeg', 85);
};

let walks = 0;
/** A walk at tenant A's location with these markers (1-based labels in order). */
const walkOf = async (markers: ReturnType<typeof marker>[]) => {
  walks += 1;
  return api(w.manager, 'walk.create', {
    body: { name: `Door draw ${walks}`, locationId: w.a.locationId, markers },
  });
};

const startOf = (walkId: number, clientId = uuid(), startedAt = iso(Date.now() - 10 * MINUTE)) =>
  api(w.employee, 'walkReport.start', { body: { walkId, clientId, startedAt } });

const completedMarker = (walkReportId: number, markerId: number, extra: Record<string, unknown> = {}) =>
  api(w.employee, 'walkReport.recordCompletedMarker', {
    params: { walkReportId },
    body: {
      clientId: uuid(),
      markerId,
      arrivedAt: iso(Date.now() - 5 * MINUTE),
      lat: 36.8,
      lng: -119.7,
      accuracy: 4,
      isDoor: true,
      ...extra,
    },
  });

const doorPhoto = async (walkReportId: number, markerId: number, photo: Buffer) => {
  const body = {
    clientId: uuid(),
    markerId,
    contentType: 'image/jpeg' as const,
    contentLength: photo.length,
    door: true,
  };
  const ticket = await api(w.employee, 'walkReport.photoUpload', { params: { walkReportId }, body });
  const answer = await fetch(ticket.uploadUrl, { method: 'PUT', headers: ticket.headers, body: photo });
  expect(answer.status).toBe(200);
  return ticket.imageName;
};

describe('the unit a door check asks for', () => {
  it('is drawn by the API as the report starts, one per door marker with units, from its range', async () => {
    const walk = await walkOf([
      marker(1, { unitNumberRange: '5-9' }), // not a door: nothing drawn
      marker(2, { isDoor: true, unitNumberRange: '740-760' }),
      marker(3, { isDoor: true, unitNumberRange: '007' }),
      marker(4, { isDoor: true }), // no range: only the photo is asked
      marker(5, { isDoor: true, unitNumberRange: '-, 12-' }), // names no unit
    ]);
    const [, ranged, single] = walk.markers;
    const started = await startOf(walk.id);
    expect(started.doorUnits).toEqual([
      { markerId: ranged!.id, unit: expect.stringMatching(/^7[4-6]\d$/) as string },
      { markerId: single!.id, unit: '007' },
    ]);
    const drawn = Number(started.doorUnits[0]!.unit);
    expect(drawn).toBeGreaterThanOrEqual(740);
    expect(drawn).toBeLessThanOrEqual(760);
  });

  it('is the same on a retried start, on the report read again, and differs between reports', async () => {
    const walk = await walkOf([marker(1, { isDoor: true, unitNumberRange: '100-999' })]);
    const clientId = uuid();
    const startedAt = iso(Date.now() - 10 * MINUTE);
    const first = await startOf(walk.id, clientId, startedAt);
    const retried = await Promise.all([
      startOf(walk.id, clientId, startedAt),
      startOf(walk.id, clientId, startedAt),
    ]);
    for (const again of retried) {
      expect(again.id).toBe(first.id);
      expect(again.doorUnits).toEqual(first.doorUnits);
    }
    const read = await api(w.manager, 'walkReport.get', { params: { walkReportId: first.id } });
    expect(read.doorUnits).toEqual(first.doorUnits);
    // Eight other reports of the same walk: 900 units to draw from, so not all eight draw the first one's unit.
    const others = await Promise.all(Array.from({ length: 8 }, () => startOf(walk.id)));
    const units = new Set(others.map((r) => r.doorUnits[0]?.unit));
    expect(units.size).toBeGreaterThan(1);
  });

  it('is the requested unit of the completed marker, whatever unit the phone claims, on the answer and the detail', async () => {
    const walk = await walkOf([
      marker(1, { isDoor: true, unitNumberRange: '740-760' }),
      marker(2, { isDoor: true, unitNumberRange: '100-120' }),
      marker(3, { isDoor: true }),
    ]);
    const [claimed, silent, noRange] = walk.markers;
    const started = await startOf(walk.id);
    const drawnAt = new Map(started.doorUnits.map((d) => [d.markerId, d.unit]));
    // The phone claims a convenient unit of the range, a unit outside it, and a unit where none was drawn.
    const claimedConvenient = drawnAt.get(claimed!.id) === '750' ? '751' : '750';
    const answers = [
      await completedMarker(started.id, claimed!.id, { targetUnit: claimedConvenient, picturedUnit: '750' }),
      await completedMarker(started.id, silent!.id, { picturedUnit: '104' }),
      await completedMarker(started.id, noRange!.id, { targetUnit: '999', picturedUnit: '' }),
    ];
    expect(answers.map((a) => a.targetUnit)).toEqual([
      drawnAt.get(claimed!.id),
      drawnAt.get(silent!.id),
      null,
    ]);
    const report = await api(w.manager, 'walkReport.get', { params: { walkReportId: started.id } });
    const requested = new Map(report.CompletedMarker.map((c) => [c.markerId, c.targetUnit]));
    expect(requested).toEqual(
      new Map([
        [claimed!.id, drawnAt.get(claimed!.id)],
        [silent!.id, drawnAt.get(silent!.id)],
        [noRange!.id, null],
      ]),
    );

    // A walk whose doors name no unit draws none: the phone still cannot name one.
    const unnamed = await walkOf([marker(1, { isDoor: true })]);
    const none = await startOf(unnamed.id);
    expect(none.doorUnits).toEqual([]);
    const answer = await completedMarker(none.id, unnamed.markers[0]!.id, {
      targetUnit: '999',
      picturedUnit: '',
    });
    expect(answer.targetUnit).toBeNull();
  });

  it('keeps what the phone asked on a report started before units were drawn by the API', async () => {
    const walk = await walkOf([marker(1, { isDoor: true, unitNumberRange: '100-120' })]);
    const started = await startOf(walk.id);
    // A report stored before this change: no draw on it.
    await dataFromEnv().entities.walkReport.patch({ walkReportId: started.id }).remove(['doorUnits']).go();
    const read = await api(w.manager, 'walkReport.get', { params: { walkReportId: started.id } });
    expect(read.doorUnits).toEqual([]);
    const answer = await completedMarker(started.id, walk.markers[0]!.id, {
      targetUnit: '104',
      picturedUnit: '104',
    });
    expect(answer.targetUnit).toBe('104');
  });
});

describe("a door photo whose unit is not the one drawn: 'Wrong door'", () => {
  it('is flagged with its reason on the report, its row and the dashboard card; a match or an unread photo is not', async () => {
    // Single-unit ranges make the draw known: 748 at the first door, 868 at the second, 750 at the third.
    const walk = await walkOf([
      marker(1, { isDoor: true, unitNumberRange: '748' }),
      marker(2, { isDoor: true, unitNumberRange: '868' }),
      marker(3, { isDoor: true, unitNumberRange: '750' }),
    ]);
    const [wrong, right, unread] = walk.markers;
    const location = async () =>
      (
        await api(w.manager, 'incident.dashboard', {
          params: { userId: w.manager.id },
          query: { locationId: w.a.locationId },
        })
      ).locations.find((l) => l.id === w.a.locationId)?.walkReportStats.flagsLastWeek ?? 0;
    const flagsBefore = await location();
    const started = await startOf(walk.id);
    expect(started.doorUnits.map((d) => d.unit)).toEqual(['748', '868', '750']);

    // The walker photographs unit 868 at the door asked for 748, and types 748.
    await completedMarker(started.id, wrong!.id, { picturedUnit: '748' });
    const wrongPhoto = await doorPhoto(started.id, wrong!.id, door868!.jpeg);
    await completedMarker(started.id, right!.id, { picturedUnit: '868' });
    await doorPhoto(started.id, right!.id, door868!.jpeg);
    await completedMarker(started.id, unread!.id, { picturedUnit: '750' });
    await doorPhoto(started.id, unread!.id, blankDoor());
    await t.uploadEvents.settled();

    const report = await api(w.manager, 'walkReport.get', { params: { walkReportId: started.id } });
    const wrongDoor = report.flags.filter((f) => f.kind === 'wrongDoor');
    expect(wrongDoor).toEqual([
      {
        kind: 'wrongDoor',
        reason: 'Unit 748 was asked for; the photo shows 868',
        markerId: wrong!.id,
        completedMarkerId: null,
        imageName: wrongPhoto,
      },
    ]);
    const unitReads = new Map(report.CompletedMarker.map((c) => [c.markerId, c.unitRead?.status]));
    expect(unitReads.get(unread!.id)).toBe('unreadable');
    expect(report.flagCount).toBe(report.flags.length);
    const page = await api(w.manager, 'walkReport.someByLocation', {
      params: { locationId: w.a.locationId },
      query: { limit: 50, offset: 0 },
    });
    expect(page.walkReports.find((r) => r.id === started.id)?.flagCount).toBe(report.flags.length);
    expect(await location()).toBe(flagsBefore + report.flags.length);

    // The photo's event again (S3 sends at least once): still one flag.
    const { handler } = await import('@sitewalk/functions/walkPhoto/handler');
    const image = (
      await dataFromEnv().entities.markerImage.query.primary({ walkReportId: started.id }).go()
    ).data.find((i) => i.imageName === wrongPhoto);
    await handler({
      Records: [
        {
          eventName: 'ObjectCreated:Put',
          s3: { bucket: { name: t.provisioned.bucketName }, object: { key: image!.key } },
        },
      ],
    } as never);
    const again = await api(w.manager, 'walkReport.get', { params: { walkReportId: started.id } });
    expect(again.flags.filter((f) => f.kind === 'wrongDoor')).toHaveLength(1);
  });
});
