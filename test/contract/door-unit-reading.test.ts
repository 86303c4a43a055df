import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { S3Event } from 'aws-lambda';
import { createCanvas } from '@napi-rs/canvas';
import { dataFromEnv } from '@sitewalk/functions/composition';
import type { WalkReport } from '@sitewalk/shared/schemas/walkReport';
import { doorImages } from '../support/door-images.ts';
import { marker, walkTestFile } from '../support/walks.ts';

/**
 * Issue 18: a door photo recorded with a walk is read once it arrives in the bucket (the S3 stand-in's event, the
 * walkPhoto worker, the DetectText stand-in), and the report shows what was read beside what the walker typed.
 */

const { api, t, w } = walkTestFile();
const uuid = () => crypto.randomUUID();
// Two of the generated door photos (seed 1) that the local reader reads exactly: units 748 and 868.
const [door748, door868] = doorImages(1, 2);

/** A flat grey door with no number on it. */
const blankDoor = () => {
  const canvas = createCanvas(320, 240);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#8c8f93';
  ctx.fillRect(0, 0, 320, 240);
  return canvas.toBuffer('image/jpeg', 85);
};

const upload = async (ticket: { uploadUrl: string; headers: Record<string, string> }, body: Buffer) => {
  const answer = await fetch(ticket.uploadUrl, { method: 'PUT', headers: ticket.headers, body });
  expect(answer.status).toBe(200);
};

/** A report started by the Employee on a walk of a plain marker and two door markers. */
const startedReport = async () => {
  const walk = await api(w.manager, 'walk.create', {
    body: {
      name: 'Doors',
      locationId: w.a.locationId,
      markers: [
        marker(1),
        // One unit: the API's draw (issue 27) is known, 748.
        marker(2, { isDoor: true, unitNumberRange: '748' }),
        marker(3, { isDoor: true, unitNumberRange: '100-120, 130' }),
      ],
    },
  });
  const { id: walkReportId, doorUnits } = await api(w.employee, 'walkReport.start', {
    body: { walkId: walk.id, clientId: uuid(), startedAt: '2026-11-24T07:00:00.000Z' },
  });
  return { walkReportId, markers: walk.markers, doorUnits };
};

/** A door check as the recorder sends it: the arrival with the units, then the door photo's upload. */
const doorCheck = async (
  walkReportId: number,
  markerId: number,
  units: { targetUnit: string; picturedUnit: string },
  photo: Buffer,
  arrivedAt: string,
) => {
  await api(w.employee, 'walkReport.recordCompletedMarker', {
    params: { walkReportId },
    body: {
      clientId: uuid(),
      markerId,
      arrivedAt,
      lat: 36.8,
      lng: -119.7,
      accuracy: 4,
      isDoor: true,
      ...units,
    },
  });
  const body = {
    clientId: uuid(),
    markerId,
    contentType: 'image/jpeg' as const,
    contentLength: photo.length,
    door: true,
  };
  const ticket = await api(w.employee, 'walkReport.photoUpload', { params: { walkReportId }, body });
  await upload(ticket, photo);
  return { ticket, clientId: body.clientId };
};

/** The report once nothing on it is pending any more, asked for every 200 ms for at most 20 s. */
const reportOnceRead = async (walkReportId: number): Promise<WalkReport> => {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const report = await api(w.manager, 'walkReport.get', { params: { walkReportId } });
    if (!report.CompletedMarker.some((c) => c.unitRead?.status === 'pending')) return report;
    if (Date.now() > deadline) throw new Error('The door photos were not read within 20 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
};

describe('door photos', () => {
  it('are read once they arrive, and the report shows the unit read beside the unit typed', async () => {
    const { walkReportId, markers, doorUnits } = await startedReport();
    const [plain, door, rangeDoor] = markers;
    const drawnAtRange = doorUnits.find((d) => d.markerId === rangeDoor!.id)?.unit;
    await api(w.employee, 'walkReport.recordCompletedMarker', {
      params: { walkReportId },
      body: {
        clientId: uuid(),
        markerId: plain!.id,
        arrivedAt: '2026-11-24T07:01:00.000Z',
        lat: 36.8,
        lng: -119.7,
        accuracy: 4,
      },
    });
    // The walker was asked for 748 and typed it; the photo shows 748.
    await doorCheck(
      walkReportId,
      door!.id,
      { targetUnit: '748', picturedUnit: '748' },
      door748!.jpeg,
      '2026-11-24T07:02:00.000Z',
    );
    // Asked for a unit of 100-120 or 130 (the phone's 104 is not what counts: the API drew one), typed 104, but
    // the photo shows 868.
    await doorCheck(
      walkReportId,
      rangeDoor!.id,
      { targetUnit: '104', picturedUnit: '104' },
      door868!.jpeg,
      '2026-11-24T07:03:00.000Z',
    );

    const report = await reportOnceRead(walkReportId);
    const byMarker = new Map(report.CompletedMarker.map((c) => [c.markerId, c]));
    expect(byMarker.get(plain!.id)?.unitRead).toBeNull();
    expect(byMarker.get(door!.id)).toMatchObject({
      targetUnit: '748',
      picturedUnit: '748',
      unitRead: { status: 'read', unit: '748', confidence: expect.any(Number) as number },
    });
    expect(byMarker.get(rangeDoor!.id)).toMatchObject({
      targetUnit: drawnAtRange,
      picturedUnit: '104',
      unitRead: { status: 'read', unit: '868' },
    });
  });

  it("say 'unreadable' when no number is on the photo, and a photo not of a door is not read", async () => {
    const { walkReportId, markers } = await startedReport();
    const [plain, door] = markers;
    await doorCheck(
      walkReportId,
      door!.id,
      { targetUnit: '748', picturedUnit: '' },
      blankDoor(),
      '2026-11-24T07:02:00.000Z',
    );
    const other = {
      clientId: uuid(),
      markerId: plain!.id,
      contentType: 'image/jpeg' as const,
      contentLength: door748!.jpeg.length,
    };
    await upload(
      await api(w.employee, 'walkReport.photoUpload', { params: { walkReportId }, body: other }),
      door748!.jpeg,
    );

    const report = await reportOnceRead(walkReportId);
    expect(report.CompletedMarker.find((c) => c.markerId === door!.id)?.unitRead).toEqual({
      status: 'unreadable',
      unit: null,
      confidence: null,
    });
    await t.uploadEvents.settled();
    const photo = await dataFromEnv()
      .entities.markerImage.get({ walkReportId, clientId: other.clientId })
      .go();
    expect(photo.data?.door).toBeUndefined();
    expect(photo.data?.unitRead).toBeUndefined();
  });

  it('are pending until the photo arrives, and read once however often their event comes', async () => {
    const { walkReportId, markers } = await startedReport();
    const door = markers[1]!;
    const arrival = {
      clientId: uuid(),
      markerId: door.id,
      arrivedAt: '2026-11-24T07:02:00.000Z',
      lat: 36.8,
      lng: -119.7,
      accuracy: 4,
      isDoor: true,
      targetUnit: '748',
      picturedUnit: '748',
    };
    await api(w.employee, 'walkReport.recordCompletedMarker', { params: { walkReportId }, body: arrival });
    const photo = {
      clientId: uuid(),
      markerId: door.id,
      contentType: 'image/jpeg' as const,
      contentLength: door748!.jpeg.length,
      door: true,
    };
    const ticket = await api(w.employee, 'walkReport.photoUpload', { params: { walkReportId }, body: photo });
    // The upload URL is handed out, the photo not sent yet.
    const before = await api(w.manager, 'walkReport.get', { params: { walkReportId } });
    expect(before.CompletedMarker[0]?.unitRead).toEqual({ status: 'pending', unit: null, confidence: null });

    await upload(ticket, door748!.jpeg);
    await reportOnceRead(walkReportId);
    const key = { walkReportId, clientId: photo.clientId };
    const first = (await dataFromEnv().entities.markerImage.get(key).go()).data?.unitRead;
    expect(first).toMatchObject({ unit: '748' });

    // The same upload again (a retried PUT) is refused, the file being written once (issue 27); and the same event
    // twice at once straight to the worker: what was read first stays, read once.
    const again = await fetch(ticket.uploadUrl, {
      method: 'PUT',
      headers: ticket.headers,
      body: door748!.jpeg,
    });
    expect(again.status).toBe(412);
    await t.uploadEvents.settled();
    const { handler } = await import('@sitewalk/functions/walkPhoto/handler');
    const event = {
      Records: [
        {
          eventName: 'ObjectCreated:Put',
          s3: {
            bucket: { name: t.provisioned.bucketName },
            object: { key: ticket.key, eTag: createHash('md5').update(door748!.jpeg).digest('hex') },
          },
        },
      ],
    } as unknown as S3Event;
    await Promise.all([handler(event), handler(event)]);
    expect((await dataFromEnv().entities.markerImage.get(key).go()).data?.unitRead).toEqual(first);
  });
});

describe('every walk photo', () => {
  it('is examined as it arrives: the same picture in a later report is flagged as reused, the first is not', async () => {
    // Prepare: two reports of the same company, each with a photo (not of a door) of the same picture, one
    // no other test of this file uploads.
    const picture = doorImages(7, 1)[0]!.jpeg;
    const photoIn = async (walkReportId: number, markerId: number) => {
      const body = {
        clientId: uuid(),
        markerId,
        contentType: 'image/jpeg' as const,
        contentLength: picture.length,
      };
      await upload(
        await api(w.employee, 'walkReport.photoUpload', { params: { walkReportId }, body }),
        picture,
      );
      return body.clientId;
    };
    const first = await startedReport();
    const firstPhoto = await photoIn(first.walkReportId, first.markers[0]!.id);
    await t.uploadEvents.settled();
    const second = await startedReport();
    const secondPhoto = await photoIn(second.walkReportId, second.markers[0]!.id);

    // Act: the upload events are handled.
    await t.uploadEvents.settled();

    // Assess: both photos carry their evidence; only the later report is flagged.
    const db = dataFromEnv();
    for (const [walkReportId, clientId] of [
      [first.walkReportId, firstPhoto],
      [second.walkReportId, secondPhoto],
    ] as const) {
      const { data } = await db.entities.markerImage.get({ walkReportId, clientId }).go();
      expect(data?.evidenceAt).toEqual(expect.any(String));
      expect(data?.hash).toEqual(expect.any(String));
    }
    const earlier = await api(w.manager, 'walkReport.get', { params: { walkReportId: first.walkReportId } });
    const later = await api(w.manager, 'walkReport.get', { params: { walkReportId: second.walkReportId } });
    expect(earlier.flags.map((f) => f.kind)).not.toContain('photoReused');
    expect(later.flags).toEqual([
      expect.objectContaining({ kind: 'photoReused', markerId: second.markers[0]!.id }),
    ]);
    expect(later.flagCount).toBe(1);
  });
});
