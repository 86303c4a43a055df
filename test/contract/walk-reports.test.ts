import { beforeAll, describe, expect, it } from 'vitest';
import { dataFromEnv } from '@sitewalk/functions/composition';
import { messages } from '@sitewalk/shared/messages';
import type { WalkReportSummary } from '@sitewalk/shared/schemas/walkReport';
import type { Person } from '../support/people.ts';
import { marker, recordReport, walkTestFile, tenMarkerSite, type TenMarkerSite } from '../support/walks.ts';

/** A location's walk reports: the list, its paging and search, and the duration rule on each row. */

const { t, call, api, w } = walkTestFile();

const uuid = () => crypto.randomUUID();

/** A page of the site's walk reports, as its walker sees it. */
const reportsOf = (
  site: TenMarkerSite,
  query: { limit?: number; offset?: number; searchTerm?: string } = {},
) => api(site.walker, 'walkReport.someByLocation', { params: { locationId: site.locationId }, query });

describe("a location's walk reports", () => {
  const at = (minute: number) => new Date(Date.UTC(2026, 10, 20, 6, 0) + minute * 60_000).toISOString();
  let site: TenMarkerSite;
  const reportIds: number[] = [];

  /** A report started at `start` (minutes), reaching the given markers at the given minutes. */
  const walkReport = (start: number, arrivals: [number, number][], finish?: number) =>
    recordReport(
      t.host.url,
      site,
      at(start),
      arrivals.map(([index, minute]) => [index, at(minute)]),
      finish === undefined ? undefined : at(finish),
    );

  beforeAll(async () => {
    site = await tenMarkerSite(t.host.url, w.a, { location: 'Reports site', walk: 'Ten stops' });
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
    // No completed markers, finished 12 minutes after the start.
    reportIds.push(await walkReport(1200, [], 1212));
  });

  it('are listed newest first with walker, walk and the duration rule applied', async () => {
    const list = await api(w.admin, 'walkReport.someByLocation', {
      params: { locationId: site.locationId },
      query: { limit: 1000, offset: 0 },
    });
    expect(list.totalCount).toBe(3);
    const rows = list.walkReports;
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
    expect(rows.every((r) => (r.user?.lastName.length ?? 0) > 0)).toBe(true);
  });

  it('page by limit and offset, and search by walker or id', async () => {
    const page = await reportsOf(site, { limit: 1, offset: 1 });
    expect(page.walkReports.map((r) => r.id)).toEqual([reportIds[1]]);
    expect(page.totalCount).toBe(3);
    const { lastName } = await api(site.walker, 'auth.me');
    expect((await reportsOf(site, { searchTerm: lastName })).totalCount).toBe(3);
    const byId = await reportsOf(site, { searchTerm: String(reportIds[1]) });
    expect(byId.walkReports.map((r) => r.id)).toContain(reportIds[1]);
    expect(await reportsOf(site, { searchTerm: 'nothing-like-it' })).toEqual({
      walkReports: [],
      totalCount: 0,
    });
  });

  it('count a retried completed marker once', async () => {
    const walkReportId = await walkReport(2000, [[0, 2001]]);
    const again = {
      clientId: uuid(),
      markerId: site.markers[0]?.id ?? 0,
      arrivedAt: at(2003),
      lat: 1,
      lng: 1,
      accuracy: 1,
    };
    const completedMarker = () =>
      api(site.walker, 'walkReport.recordCompletedMarker', { params: { walkReportId }, body: again });
    // Copies racing each other, then a late retry: one completed marker, the same answer to each.
    const answers = await Promise.all(Array.from({ length: 3 }, completedMarker));
    answers.push(await completedMarker());
    expect(answers.every((a) => a.id === answers[0]?.id)).toBe(true);
    const detail = await api(site.walker, 'walkReport.get', { params: { walkReportId } });
    expect(detail.CompletedMarker).toHaveLength(2);
    const list = await reportsOf(site, { limit: 1 });
    expect(list.walkReports).toMatchObject([
      { id: walkReportId, completedMarkerCount: 1, firstArrivalAt: at(2001), lastArrivalAt: at(2003) },
    ]);
    expect(list.totalCount).toBe(4);
  });

  // The bound is WALK_REPORT_PAGE_DEPTH (10,000) reports back: the last page within it answers, one past it not.
  it.each([
    ['limit=1001', 400],
    ['limit=0', 400],
    ['offset=-1', 400],
    ['offset=9500&limit=1000', 400],
    ['offset=9000&limit=1000', 200],
    ['offset=9999&limit=1', 200],
    ['offset=10000&limit=1', 400],
    ['offset=9001&limit=1000', 400],
    ['offset=100000000000&limit=1', 400],
  ])('answer ?%s with %i', async (query, status) => {
    const answer = await call(site.walker, 'GET', `/api/walk/some/by-location/${site.locationId}?${query}`);
    expect(answer.status).toBe(status);
    if (status === 400 && query.startsWith('offset='))
      expect(answer.body.validationErrors).toHaveProperty('offset');
  });

  it('refuse other tenants, other locations and an id that is no number', async () => {
    const path = `/api/walk/some/by-location/${site.locationId}`;
    expect((await call(w.managerB, 'GET', path)).status).toBe(404);
    expect((await call(w.manager, 'GET', path)).status).toBe(404); // same company, not this location
    expect((await call(site.walker, 'GET', '/api/walk/some/by-location/abc')).status).toBe(400);
  });

  it('mend at the finish a row whose completed marker was stored but not folded in (a crash between the two)', async () => {
    const walkReportId = await walkReport(3000, [[0, 3001]]);
    // As if the server died after storing the completed marker and before updating the report's totals.
    await dataFromEnv()
      .entities.completedMarker.create({
        walkReportId,
        clientId: uuid(),
        completedMarkerId: 900_000 + walkReportId,
        markerId: site.markers[1]?.id ?? 0,
        arrivedAt: at(3009),
        receivedAt: at(3009),
        lat: 36.8,
        lng: -119.7,
        accuracy: 3,
        isDoor: false,
      })
      .go();
    const row = async () => (await reportsOf(site, { limit: 1 })).walkReports[0];
    expect(await row()).toMatchObject({ id: walkReportId, completedMarkerCount: 1, lastArrivalAt: at(3001) });
    await api(site.walker, 'walkReport.finish', { params: { walkReportId }, body: { finishedAt: at(3012) } });
    expect(await row()).toMatchObject({ id: walkReportId, completedMarkerCount: 2, lastArrivalAt: at(3009) });
  });
});

/** The detail of a report carries the same totals as its row in the list (one rule, one set of figures). */
const expectDetailAgrees = async (who: Person, walkReportId: number, row: WalkReportSummary | undefined) => {
  expect(row).toBeDefined();
  const detail = await api(who, 'walkReport.get', { params: { walkReportId } });
  const totals = [
    'completedMarkerCount',
    'firstArrivalAt',
    'lastArrivalAt',
    'totalTime',
    'totalMinutes',
    'flagCount',
    'completed',
  ] as const;
  const pick = (from: Partial<Record<(typeof totals)[number], unknown>>) =>
    Object.fromEntries(totals.map((k) => [k, from[k]]));
  expect(pick(detail)).toEqual(pick(row ?? {}));
  expect(detail.markerCount).toBe(row?.walk?.markerCount);
  // 'Not Completed' is the label of no time at all.
  expect(detail.totalMinutes === null).toBe(detail.totalTime === messages.status.notCompleted);
  expect(detail.totalMinutes === null).toBe(!detail.completed);
  if (detail.totalMinutes !== null) expect(detail.totalTime).toBe(`${detail.totalMinutes} min`);
};

describe('the duration rule in the walk-report list, at its edges', () => {
  const at = (minute: number, seconds = 0) =>
    new Date(Date.UTC(2026, 10, 10, 6, 0) + minute * 60_000 + seconds * 1000).toISOString();
  let site: TenMarkerSite;

  beforeAll(async () => {
    site = await tenMarkerSite(t.host.url, w.a, { location: 'Edges site', walk: 'Ten edges' });
  });

  /** Records a report and answers its row of the list. Arrivals are [marker index, minute, second?]. */
  const row = async (start: number, arrivals: [number, number, number?][], finish?: number) => {
    const reportId = await recordReport(
      t.host.url,
      site,
      at(start),
      arrivals.map(([index, minute, second]) => [index, at(minute, second)]),
      finish === undefined ? undefined : at(finish),
    );
    const found = (await reportsOf(site, { limit: 1000, offset: 0 })).walkReports.find(
      (r) => r.id === reportId,
    );
    await expectDetailAgrees(site.walker, reportId, found);
    return found && { totalTime: found.totalTime, completed: found.completed };
  };
  const reaching = (count: number, from: number, step: number): [number, number][] =>
    Array.from({ length: count }, (_, n) => [n, from + n * step]);

  it('counts a walk of all ten completed markers from the first to the last arrival', async () => {
    // The report started 5 minutes before the first arrival and finished 30 after the last: neither counts.
    expect(await row(0, reaching(10, 5, 2), 53)).toEqual({ totalTime: '18 min', completed: true });
  });

  it('takes 9 of 10 completed markers (90%) as completed, and 8 of 10 as not', async () => {
    expect(await row(100, reaching(9, 100, 3), 200)).toEqual({ totalTime: '24 min', completed: true });
    expect(await row(200, reaching(8, 200, 3), 300)).toEqual({
      totalTime: 'Not Completed',
      completed: false,
    });
  });

  it('counts a completed marker reached twice once', async () => {
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

  it('without completed markers, counts from start to finish', async () => {
    expect(await row(500, [], 512)).toEqual({ totalTime: '12 min', completed: true });
  });

  it("without completed markers, shows 'Not Completed' for 0 or negative minutes, or no finish", async () => {
    expect(await row(600, [], 600)).toEqual({ totalTime: 'Not Completed', completed: false });
    // A finish by the phone's clock before the start it sent.
    expect(await row(700, [], 695)).toEqual({ totalTime: 'Not Completed', completed: false });
    expect(await row(800, [])).toEqual({ totalTime: 'Not Completed', completed: false });
  });

  it('measures a report against the walk as it was when it started', async () => {
    const { walker, walkId, locationId, markers } = site;
    const { id: walkReportId } = await api(walker, 'walkReport.start', {
      body: { walkId, clientId: uuid(), startedAt: at(900) },
    });
    // The walk grows to 20 markers while it is walked: 9 of the 10 it had still make it completed.
    const walk = await api(w.admin, 'walk.get', { params: { id: walkId } });
    const grown = await api(w.admin, 'walk.update', {
      body: {
        id: walkId,
        name: 'Ten edges',
        locationId,
        markers: [
          ...walk.markers.map((m, n) => ({ ...marker(n + 1), id: m.id })),
          ...Array.from({ length: 10 }, (_, n) => marker(n + 11)),
        ],
      },
    });
    expect(grown.markers).toHaveLength(20);
    for (const [index, minute] of reaching(9, 901, 2)) {
      await api(walker, 'walkReport.recordCompletedMarker', {
        params: { walkReportId },
        body: {
          clientId: uuid(),
          markerId: markers[index]?.id ?? 0,
          arrivedAt: at(minute),
          lat: 36.8,
          lng: -119.7,
          accuracy: 3,
        },
      });
    }
    const list = await reportsOf(site, { limit: 1 });
    expect(list.walkReports).toMatchObject([
      {
        id: walkReportId,
        walk: { markerCount: 10 },
        completedMarkerCount: 9,
        totalTime: '16 min',
        completed: true,
      },
    ]);
    // The detail, too, measures against the 10 markers of the start, though its walk now has 20.
    const detail = await api(walker, 'walkReport.get', { params: { walkReportId } });
    expect(detail).toMatchObject({
      markerCount: 10,
      completedMarkerCount: 9,
      totalTime: '16 min',
      totalMinutes: 16,
      completed: true,
    });
    expect(detail.walk?.markers).toHaveLength(20);
    await expectDetailAgrees(walker, walkReportId, list.walkReports[0]);
  });
});
