import { describe, expect, it } from 'vitest';
import { dataFromEnv } from '@sitewalk/functions/composition';
import { marker, walkTestFile } from '../support/walks.ts';

/** Photos taken at the markers of a walk report: presigned uploads, when and where taken, viewing URLs. */

const { call, api, w } = walkTestFile();

const uuid = () => crypto.randomUUID();

/** A report just started by the Employee of location A, on a new walk of two markers. */
const startedReport = async (startedAt: string) => {
  const walk = await api(w.manager, 'walk.create', {
    body: { name: 'Photos', locationId: w.a.locationId, markers: [marker(1), marker(2, { isDoor: true })] },
  });
  const report = await api(w.employee, 'walkReport.start', {
    body: { walkId: walk.id, clientId: uuid(), startedAt },
  });
  return { walkReportId: report.id, markers: walk.markers };
};

describe("a walk report's photos", () => {
  it('keep when and where a photo was taken, as the first request said', async () => {
    const { walkReportId, markers } = await startedReport('2026-11-22T10:00:00.000Z');
    const params = { walkReportId };
    const taken = {
      clientId: uuid(),
      markerId: markers[0]?.id ?? 0,
      contentType: 'image/jpeg' as const,
      contentLength: 100,
      takenAt: '2026-11-22T11:05:30.500+01:00',
      lat: 36.80101,
      lng: -119.70002,
      accuracy: 6,
    };
    const ticket = await api(w.employee, 'walkReport.photoUpload', { params, body: taken });
    // A retry with other figures signs the same photo, and keeps what the first said.
    const retried = await api(w.employee, 'walkReport.photoUpload', {
      params,
      body: { ...taken, takenAt: '2026-11-22T12:00:00Z', lat: 1 },
    });
    expect(retried.imageName).toBe(ticket.imageName);
    // Without a time or a fix (the phone had none), it is taken all the same.
    await api(w.employee, 'walkReport.photoUpload', {
      params,
      body: { clientId: uuid(), markerId: markers[1]?.id ?? 0, contentType: 'image/png', contentLength: 100 },
    });
    const images = (await api(w.manager, 'walkReport.get', { params })).markerImage;
    expect(images).toHaveLength(2);
    expect(images.find((i) => i.imageName === ticket.imageName)).toMatchObject({
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
      .entities.markerImage.get({ walkReportId, clientId: taken.clientId })
      .go();
    expect(stored.data?.accuracy).toBe(6);
  });

  it('are listed in the order they were taken, whatever their client ids', async () => {
    const { walkReportId, markers } = await startedReport('2026-11-22T10:00:00.000Z');
    const times = ['2026-11-22T10:03:00.000Z', '2026-11-22T10:01:00.000Z', '2026-11-22T10:02:00.000Z'];
    // Client ids that sort the other way round from the times (the API keys photos by client id).
    const clientIds = ['a', 'b', 'c'].map((first) => `${first}${uuid().slice(1)}`);
    const names = new Map<string, string>();
    for (const [index, takenAt] of times.entries()) {
      const ticket = await api(w.employee, 'walkReport.photoUpload', {
        params: { walkReportId },
        body: {
          clientId: clientIds[index] ?? '',
          markerId: markers[0]?.id ?? 0,
          contentType: 'image/jpeg',
          contentLength: 10,
          takenAt,
        },
      });
      names.set(ticket.imageName, takenAt);
    }
    const images = (await api(w.manager, 'walkReport.get', { params: { walkReportId } })).markerImage;
    expect(images.map((i) => i.takenAt)).toEqual([...times].sort());
    expect(images.map((i) => names.get(i.imageName))).toEqual([...times].sort());
  });

  it('are taken by presigned upload, once per client id, and shown with short-lived URLs', async () => {
    const { walkReportId, markers } = await startedReport('2026-11-22T07:00:00.000Z');
    const params = { walkReportId };
    const markerId = markers[1]?.id ?? 0;
    const photo = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(61, 1)]);
    const request = {
      clientId: uuid(),
      markerId,
      contentType: 'image/jpeg' as const,
      contentLength: photo.length,
    };
    const ticket = await api(w.employee, 'walkReport.photoUpload', { params, body: request });
    const again = await api(w.employee, 'walkReport.photoUpload', { params, body: request });
    expect(again.key).toBe(ticket.key); // a retry signs the same object
    const put = await fetch(ticket.uploadUrl, { method: 'PUT', headers: ticket.headers, body: photo });
    expect(put.status).toBe(200);

    const images = (await api(w.manager, 'walkReport.get', { params })).markerImage;
    expect(images).toHaveLength(1);
    const imageName = images[0]?.imageName ?? '';
    expect(Buffer.from(await (await fetch(images[0]?.imageUrl ?? '')).arrayBuffer())).toEqual(photo);
    const view = await api(w.manager, 'walkReport.photo', { params: { walkReportId, markerId, imageName } });
    expect((await fetch(view.url ?? '')).status).toBe(200);
    // Only a photo recorded on the report is signed: another name, or another marker, gets no URL.
    for (const other of [
      { markerId, imageName: 'other.jpg' },
      { markerId: markers[0]?.id ?? 0, imageName },
    ]) {
      expect(
        (await api(w.manager, 'walkReport.photo', { params: { walkReportId, ...other } })).url,
      ).toBeNull();
    }
    expect((await call(w.manager, 'GET', `/api/walk/photo/${walkReportId}/${markerId}/..%2Fx`)).status).toBe(
      400,
    );
    expect(
      (await call(w.managerB, 'GET', `/api/walk/photo/${walkReportId}/${markerId}/${imageName}`)).status,
    ).toBe(404);
    const gif = { ...request, clientId: uuid(), contentType: 'image/gif' };
    expect((await call(w.employee, 'POST', `/api/walk/walk-report/${walkReportId}/photo`, gif)).status).toBe(
      400,
    );
  });
});
