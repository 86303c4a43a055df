import { auditedDataFromEnv, storageFromEnv, withActors } from '../composition.ts';
import { createResourceHandler, type Implementations } from '../http/handler.ts';
import { createWalks } from '../domain/walks.ts';
import { createWalkReports } from '../domain/walk-reports.ts';
import { toCheckpoint, toNote, toReportsPage, toWalk, toWalkReport } from '../views/walks.ts';
import { walkRoutes } from '@sitewalk/shared/contract/walk';

const db = auditedDataFromEnv();
const walks = createWalks(db);
const reports = createWalkReports({ db, storage: storageFromEnv() });

export const implementations: Implementations<'walk'> = {
  'walk.create': async ({ actor, body }) => toWalk(await walks.create(actor, body)),

  'walk.get': async ({ actor, params }) => toWalk(await walks.get(actor, params.id)),

  'walk.allByLocation': async ({ actor, params }) =>
    (await walks.listByLocation(actor, params.locationId)).map(toWalk),

  'walk.update': async ({ actor, body }) => toWalk(await walks.update(actor, body)),

  'walk.delete': async ({ actor, params }) => {
    await walks.remove(actor, params.id);
    return { success: true as const, id: params.id };
  },

  'walk.startReport': async ({ actor, body }) => toWalkReport(await reports.start(actor, body)),

  'walk.recordCheckpoint': async ({ actor, params, body }) =>
    toCheckpoint(await reports.recordCompletedMarker(actor, params.walkReportId, body)),

  'walk.addNote': async ({ actor, params, body }) =>
    toNote(await reports.addNote(actor, params.walkReportId, body)),

  'walk.photoUpload': async ({ actor, params, body }) =>
    reports.photoUpload(actor, params.walkReportId, body),

  'walk.photo': async ({ actor, params }) => reports.photo(actor, params.walkReportId, params),

  'walk.finishReport': async ({ actor, params, body }) =>
    toWalkReport(await reports.finish(actor, params.walkReportId, body.finishedAt)),

  'walk.reportDiscarded': async ({ actor, params, body }) =>
    reports.noteDiscarded(actor, params.walkReportId, body),

  'walk.reportsByLocation': async ({ actor, params, query }) =>
    toReportsPage(await reports.listByLocation(actor, params.locationId, query)),

  'walk.report': async ({ actor, params }) => toWalkReport(await reports.read(actor, params.walkReportId)),
};

export const handler = createResourceHandler('walk', walkRoutes, implementations, withActors(db));
