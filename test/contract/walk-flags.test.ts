import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DEVICE_CLOCK_SKEW_MAX_S } from '@sitewalk/shared/flags';
import type { Person } from '../support/people.ts';
import { tenMarkerSite, walkTestFile, type TenMarkerSite } from '../support/walks.ts';

/**
 * Flags on walk reports (issue 18, shared/src/flags.ts): decided by the API as completed markers are recorded, listed
 * with their reasons on the report, counted on the location's report rows and on the dashboard's card. Markers
 * of the test walks are 111 m apart, north of each other.
 */

const { t, api, call, w } = walkTestFile();

const MINUTE = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();
/** 0.001° of latitude north of 36.8 per marker: marker n (1-based) is `markers[n - 1]`. */
const at = (site: TenMarkerSite, index: number, northMetres = 0) => ({
  markerId: site.markers[index]?.id ?? 0,
  lat: 36.8 + (index + 1) / 1000 + northMetres / 111_195,
  lng: -119.7,
  accuracy: 4,
});

let sites = 0;
const newSite = () => {
  sites += 1;
  return tenMarkerSite(t.host.url, w.a, { location: `Flags ${sites}`, walk: `Flag walk ${sites}` });
};

const start = async (site: TenMarkerSite, startedAt: number) =>
  (
    await api(site.walker, 'walkReport.start', {
      body: { walkId: site.walkId, clientId: randomUUID(), startedAt: iso(startedAt) },
    })
  ).id;

const record = (site: TenMarkerSite, walkReportId: number, body: Record<string, unknown>) =>
  api(site.walker, 'walkReport.recordCompletedMarker', {
    params: { walkReportId },
    body: {
      clientId: randomUUID(),
      arrivedAt: iso(Date.now()),
      lat: 0,
      lng: 0,
      accuracy: 4,
      markerId: 0,
      ...body,
    },
  });

const rowOf = async (who: Person, locationId: number, walkReportId: number) => {
  const page = await api(who, 'walkReport.someByLocation', {
    params: { locationId },
    query: { limit: 50, offset: 0 },
  });
  return page.walkReports.find((r) => r.id === walkReportId);
};

const cardOf = async (who: Person, locationId: number) => {
  const answer = await api(who, 'incident.dashboard', { params: { userId: who.id }, query: { locationId } });
  return answer.locations.find((l) => l.id === locationId);
};

describe('flags on walk reports', () => {
  it('a walk at a walking pace, by position, with a good clock, has no flag anywhere', async () => {
    const site = await newSite();
    const t0 = Date.now() - 10 * MINUTE;
    const walkReportId = await start(site, t0);
    for (const index of [0, 1, 2]) {
      await record(site, walkReportId, {
        ...at(site, index),
        arrivedAt: iso(t0 + (index + 1) * 2 * MINUTE),
        sentAt: iso(Date.now()),
      });
    }
    await api(site.walker, 'walkReport.finish', {
      params: { walkReportId },
      body: { finishedAt: iso(t0 + 8 * MINUTE) },
    });

    const report = await api(w.admin, 'walkReport.get', { params: { walkReportId } });
    expect(report.flags).toEqual([]);
    expect(report.flagCount).toBe(0);
    expect((await rowOf(w.admin, site.locationId, walkReportId))?.flagCount).toBe(0);
    expect((await cardOf(w.admin, site.locationId))?.walkReportStats).toEqual({
      last72Hours: 1,
      lastWeek: 1,
      flagsLastWeek: 0,
    });
  });

  it('flags by hand, far, too fast and the clock, each with its reason, and counts them on the row and the card', async () => {
    const site = await newSite();
    const t0 = Date.now() - 30 * MINUTE;
    const walkReportId = await start(site, t0);
    const now = () => iso(Date.now());
    const byHand = await record(site, walkReportId, {
      ...at(site, 0),
      arrivedAt: iso(t0 + MINUTE),
      method: 'hand',
      sentAt: now(),
    });
    // 111 m in 20 s: 3 m/s over what the two arrival circles leave.
    const tooFast = await record(site, walkReportId, {
      ...at(site, 1),
      arrivedAt: iso(t0 + MINUTE + 20_000),
      sentAt: now(),
    });
    // 80 m north of marker 3, accurate to 4 m.
    const far = await record(site, walkReportId, {
      ...at(site, 2, 80),
      arrivedAt: iso(t0 + 5 * MINUTE),
      sentAt: now(),
    });
    // The phone's clock 20 minutes behind: it says it sent the write 20 minutes before the server received it.
    const clock = await record(site, walkReportId, {
      ...at(site, 3),
      arrivedAt: iso(t0 + 8 * MINUTE),
      sentAt: iso(Date.now() - 20 * MINUTE),
    });
    expect(far.farFromMarker).toBe(true);

    const report = await api(w.admin, 'walkReport.get', { params: { walkReportId } });
    expect(report.flags).toEqual([
      {
        kind: 'byHand',
        reason: "Marked reached by hand, not by the phone's position",
        markerId: byHand.markerId,
        completedMarkerId: byHand.id,
        imageName: null,
      },
      {
        kind: 'tooFast',
        reason: 'Reached 20 s after the previous marker, 111 m away: faster than a brisk walk (7.2 km/h)',
        markerId: tooFast.markerId,
        completedMarkerId: tooFast.id,
        imageName: null,
      },
      {
        kind: 'farFromMarker',
        reason: 'Recorded 80 m from the marker',
        markerId: far.markerId,
        completedMarkerId: far.id,
        imageName: null,
      },
      {
        kind: 'deviceClock',
        reason: expect.stringMatching(/^The phone's clock was 20 min behind the server's$/) as string,
        markerId: clock.markerId,
        completedMarkerId: clock.id,
        imageName: null,
      },
    ]);
    expect(report.flagCount).toBe(4);
    expect((await rowOf(w.admin, site.locationId, walkReportId))?.flagCount).toBe(4);
    expect((await cardOf(w.admin, site.locationId))?.walkReportStats.flagsLastWeek).toBe(4);
    // The walker sees the same.
    expect((await api(site.walker, 'walkReport.get', { params: { walkReportId } })).flagCount).toBe(4);
  });

  it('a clock just within the limit is not flagged; a write without a send time is not judged', async () => {
    const site = await newSite();
    const t0 = Date.now() - 10 * MINUTE;
    const walkReportId = await start(site, t0);
    await record(site, walkReportId, {
      ...at(site, 0),
      arrivedAt: iso(t0 + MINUTE),
      sentAt: iso(Date.now() - (DEVICE_CLOCK_SKEW_MAX_S - 30) * 1000),
    });
    await record(site, walkReportId, { ...at(site, 1), arrivedAt: iso(t0 + 4 * MINUTE) });
    expect((await api(w.admin, 'walkReport.get', { params: { walkReportId } })).flags).toEqual([]);
  });

  it('keeps the flags right when completed markers come out of order or twice', async () => {
    const site = await newSite();
    const t0 = Date.now() - 30 * MINUTE;
    const walkReportId = await start(site, t0);
    const first = { ...at(site, 0), clientId: randomUUID(), arrivedAt: iso(t0 + MINUTE) };
    // Marker 3, 222 m from marker 1, three minutes later: a walk.
    const third = { ...at(site, 2), clientId: randomUUID(), arrivedAt: iso(t0 + 4 * MINUTE) };
    // Marker 2, reached 10 s before marker 3, reaching the server last (the outbox was offline for it).
    const second = { ...at(site, 1), clientId: randomUUID(), arrivedAt: iso(t0 + 4 * MINUTE - 10_000) };
    await record(site, walkReportId, first);
    const thirdRecorded = await record(site, walkReportId, third);
    expect((await api(w.admin, 'walkReport.get', { params: { walkReportId } })).flags).toEqual([]);

    await record(site, walkReportId, second);
    await record(site, walkReportId, second); // sent twice
    await record(site, walkReportId, third); // and the third again
    const report = await api(w.admin, 'walkReport.get', { params: { walkReportId } });
    // Marker 3 is now 10 s after marker 2, 111 m away: too fast, flagged once.
    expect(report.flags.map((f) => [f.kind, f.completedMarkerId])).toEqual([['tooFast', thirdRecorded.id]]);
    expect((await rowOf(w.admin, site.locationId, walkReportId))?.flagCount).toBe(1);

    // A hand mark at marker 3 a second before: now that one is too fast (and by hand), the later one is not.
    const handAtThird = await record(site, walkReportId, {
      ...at(site, 2),
      arrivedAt: iso(t0 + 4 * MINUTE - 1000),
      method: 'hand',
    });
    await api(site.walker, 'walkReport.finish', {
      params: { walkReportId },
      body: { finishedAt: iso(t0 + 10 * MINUTE) },
    });
    const after = await api(w.admin, 'walkReport.get', { params: { walkReportId } });
    expect(after.flags.map((f) => [f.kind, f.completedMarkerId])).toEqual([
      ['byHand', handAtThird.id],
      ['tooFast', handAtThird.id],
    ]);
    expect((await rowOf(w.admin, site.locationId, walkReportId))?.flagCount).toBe(2);
    expect((await cardOf(w.admin, site.locationId))?.walkReportStats.flagsLastWeek).toBe(2);
  });

  it('another tenant sees no report, no row and no card', async () => {
    const site = await newSite();
    const walkReportId = await start(site, Date.now() - MINUTE);
    await record(site, walkReportId, { ...at(site, 0), method: 'hand' });
    expect((await call(w.managerB, 'GET', `/api/walk/walk-report/${walkReportId}`)).status).toBe(404);
    expect(
      (await call(w.managerB, 'GET', `/api/walk/some/by-location/${site.locationId}?limit=10&offset=0`))
        .status,
    ).toBe(404);
    const dashboard = await api(w.managerB, 'incident.dashboard', { params: { userId: w.managerB.id } });
    expect(dashboard.locations.map((l) => l.id)).not.toContain(site.locationId);
  });

  it.each([
    ['not a time', 'yesterday'],
    ['a number', 1_700_000_000_000],
    ['empty', ''],
  ])('a send time that is %s is refused, naming sentAt', async (_, sentAt) => {
    const site = await newSite();
    const walkReportId = await start(site, Date.now() - MINUTE);
    const answer = await call(site.walker, 'POST', `/api/walk/walk-report/${walkReportId}/checkpoint`, {
      clientId: randomUUID(),
      ...at(site, 0),
      arrivedAt: iso(Date.now()),
      sentAt,
    });
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toContain('sentAt');
  });
});
