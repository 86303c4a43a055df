import { describe, expect, it } from 'vitest';
import { marker, walkTestFile } from '../support/walks.ts';

/**
 * Writes discarded on the phone (issue 28): the walker tells the report, once per write's client id, and a
 * manager reads the count on the report. Only the walker, and only their own report.
 */

const { call, api, w } = walkTestFile();

const uuid = () => crypto.randomUUID();

const startedReport = async () => {
  const walk = await api(w.manager, 'walk.create', {
    body: { name: 'Discards', locationId: w.a.locationId, markers: [marker(1), marker(2)] },
  });
  const report = await api(w.employee, 'walkReport.start', {
    body: { walkId: walk.id, clientId: uuid(), startedAt: '2026-11-22T06:00:00.000Z' },
  });
  return { walkReportId: report.id, path: `/api/walk/walk-report/${report.id}` };
};

describe('writes discarded on the phone', () => {
  it('counts each discarded write once, also on a finished report, and a manager sees the count', async () => {
    const { walkReportId, path } = await startedReport();
    const params = { walkReportId };
    expect((await api(w.manager, 'walkReport.get', { params })).discardedCount).toBe(0);

    const photo = { clientId: uuid(), kind: 'photo' as const };
    expect(await api(w.employee, 'walkReport.recordDiscardedWrite', { params, body: photo })).toEqual({
      walkReportId,
      discardedCount: 1,
    });
    // The same notice again (an answer lost on the way): still one.
    expect(await api(w.employee, 'walkReport.recordDiscardedWrite', { params, body: photo })).toEqual({
      walkReportId,
      discardedCount: 1,
    });
    // Two copies racing count once too.
    const note = { clientId: uuid(), kind: 'note' };
    const racing = await Promise.all([
      call(w.employee, 'POST', `${path}/discarded`, note),
      call(w.employee, 'POST', `${path}/discarded`, note),
    ]);
    expect(racing.map((answer) => answer.status)).toEqual([200, 200]);

    await api(w.employee, 'walkReport.finish', {
      params,
      body: { finishedAt: '2026-11-22T06:30:00.000Z' },
    });
    // The refusal often comes after the finish: the notice is still taken.
    const completedMarker = { clientId: uuid(), kind: 'checkpoint' as const };
    expect(
      (await api(w.employee, 'walkReport.recordDiscardedWrite', { params, body: completedMarker }))
        .discardedCount,
    ).toBe(3);

    const report = await api(w.manager, 'walkReport.get', { params });
    expect(report.discardedCount).toBe(3);
  });

  it('signs a photo recorded before the finish again after it (photos have their own lane), but no new one', async () => {
    const { walkReportId } = await startedReport();
    const params = { walkReportId };
    const report = await api(w.employee, 'walkReport.get', { params });
    const markerId = report.walk?.markers[0]?.id ?? 0;
    const photo = { clientId: uuid(), markerId, contentType: 'image/jpeg' as const, contentLength: 2048 };
    const ticket = await api(w.employee, 'walkReport.photoUpload', { params, body: photo });
    await api(w.employee, 'walkReport.finish', { params, body: { finishedAt: '2026-11-22T06:30:00.000Z' } });
    const again = await api(w.employee, 'walkReport.photoUpload', { params, body: photo });
    expect(again.imageName).toBe(ticket.imageName);
    const fresh = await call(w.employee, 'POST', `/api/walk/walk-report/${walkReportId}/photo`, {
      ...photo,
      clientId: uuid(),
    });
    expect(fresh.status).toBe(409);
  });

  it('is refused to anyone but the walker, and to another company', async () => {
    const { path } = await startedReport();
    const body = { clientId: uuid(), kind: 'photo' };
    // The walker's manager sees the report but does not record on it.
    expect((await call(w.manager, 'POST', `${path}/discarded`, body)).status).toBe(403);
    // Another company does not see it at all.
    expect((await call(w.managerB, 'POST', `${path}/discarded`, body)).status).toBe(404);
    expect((await call(null, 'POST', `${path}/discarded`, body)).status).toBe(401);
    // None of them counted.
    expect((await call(w.manager, 'GET', path)).body.discardedCount).toBe(0);
  });

  it('refuses bad input and reports that are not there', async () => {
    const { path } = await startedReport();
    const cases: unknown[] = [
      {},
      { kind: 'photo' },
      { clientId: 'not-a-uuid', kind: 'photo' },
      { clientId: uuid() },
      { clientId: uuid(), kind: 'start' },
      { clientId: uuid(), kind: 'everything' },
      { clientId: 42, kind: 'note' },
      [],
    ];
    for (const body of cases) {
      expect((await call(w.employee, 'POST', `${path}/discarded`, body)).status, JSON.stringify(body)).toBe(
        400,
      );
    }
    expect(
      (
        await call(w.employee, 'POST', '/api/walk/walk-report/abc/discarded', {
          clientId: uuid(),
          kind: 'note',
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await call(w.employee, 'POST', '/api/walk/walk-report/99999999/discarded', {
          clientId: uuid(),
          kind: 'note',
        })
      ).status,
    ).toBe(404);
    expect((await call(w.manager, 'GET', path)).body.discardedCount).toBe(0);
  });
});
