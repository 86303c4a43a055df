import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataFromEnv } from '@sitewalk/functions/composition';
import {
  WALK_REPORT_COMPLETED_MARKERS_MAX,
  WALK_REPORT_NOTES_MAX,
  WALK_REPORT_PHOTOS_MAX,
} from '@sitewalk/shared/constants';
import { apiAs, type Api } from '../support/api.ts';
import { startTestHost, type TestHost } from '../support/host.ts';
import { callAs } from '../support/people.ts';
import { seedTenant } from '../support/site.ts';
import { tenMarkerSite, type TenMarkerSite } from '../support/walks.ts';

/** What a walk report holds at most: completed markers, notes and photos each up to a cap, even when writes race. */

let t: TestHost;
let call: ReturnType<typeof callAs>;
let api: Api;
let site: TenMarkerSite;

beforeAll(async () => {
  t = await startTestHost();
  call = callAs(t.host.url);
  api = apiAs(t.host.url);
  site = await tenMarkerSite(t.host.url, await seedTenant(t.host.url), {
    location: 'Caps site',
    walk: 'Capped',
  });
});
afterAll(() => t.host.close());

const uuid = () => crypto.randomUUID();
const at = (minute: number) => new Date(Date.UTC(2026, 10, 24, 6, 0) + minute * 60_000).toISOString();
const startReport = async (minute: number) =>
  (
    await api(site.walker, 'walkReport.start', {
      body: { walkId: site.walkId, clientId: uuid(), startedAt: at(minute) },
    })
  ).id;

const writes = {
  completedMarker: {
    path: 'checkpoint',
    count: 'completedMarkerCount',
    max: WALK_REPORT_COMPLETED_MARKERS_MAX,
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
type Write = keyof typeof writes;
const kinds = Object.keys(writes) as Write[];

describe('what a walk report holds at most', () => {
  it.each(kinds)(
    'takes %s writes up to the cap, even when they race, and retries of written ones still answer',
    async (kind) => {
      const write = writes[kind];
      const walkReportId = await startReport(0);
      const post = (body: unknown) =>
        call(site.walker, 'POST', `/api/walk/walk-report/${walkReportId}/${write.path}`, body);
      const markerId = site.markers[0]?.id ?? 0;
      // Real writes are counted on the report.
      const early = { clientId: uuid(), ...write.body(markerId) };
      expect((await post(early)).status).toBe(200);
      const table = dataFromEnv().entities.walkReport;
      const counted = await table.get({ walkReportId }).go();
      expect(counted.data?.[write.count]).toBe(1);
      // As if the report were three short of its cap: ten parallel writes, three of them fit.
      await table
        .patch({ walkReportId })
        .set({ [write.count]: write.max - 3 })
        .go();
      const bodies = Array.from({ length: 10 }, () => ({ clientId: uuid(), ...write.body(markerId) }));
      const answers = await Promise.all(bodies.map(post));
      expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, ...Array(7).fill(409)]);
      for (const refused of answers.filter((a) => a.status === 409)) {
        expect(refused.body.message).toBe(`A walk report holds at most ${write.max} ${write.noun}`);
      }
      expect((await table.get({ walkReportId }).go()).data?.[write.count]).toBe(write.max);
      // One more is refused; a retry of a write that was stored still answers it, and so does the early one.
      expect((await post({ clientId: uuid(), ...write.body(markerId) })).status).toBe(409);
      const storedIndex = answers.findIndex((a) => a.status === 200);
      const retried = await post(bodies[storedIndex]);
      expect(retried.status).toBe(200);
      if (kind !== 'photo') expect(retried.body).toEqual(answers[storedIndex]?.body);
      else expect(retried.body.imageName).toBe(answers[storedIndex]?.body.imageName);
      expect((await post(early)).status).toBe(200);
      // What the report holds: the early write and the three that fit.
      const detail = await api(site.walker, 'walkReport.get', { params: { walkReportId } });
      const held = {
        completedMarker: detail.CompletedMarker,
        note: detail.walkNote,
        photo: detail.markerImage,
      };
      expect(held[kind]).toHaveLength(4);
    },
  );

  it.each(kinds)('refuses a %s on a finished report with 409', async (kind) => {
    const walkReportId = await startReport(10);
    await api(site.walker, 'walkReport.finish', { params: { walkReportId }, body: { finishedAt: at(20) } });
    const answer = await call(
      site.walker,
      'POST',
      `/api/walk/walk-report/${walkReportId}/${writes[kind].path}`,
      {
        clientId: uuid(),
        ...writes[kind].body(site.markers[0]?.id ?? 0),
      },
    );
    expect(answer.status).toBe(409);
  });
});
