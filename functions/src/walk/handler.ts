import { auditedDataFromEnv, storageFromEnv, withActors } from '../composition.ts';
import { createResourceHandler, type Implementations } from '../http/handler.ts';
import { createWalks } from '../domain/walks.ts';
import { createWalkReports } from '../domain/walk-reports.ts';
import { toCompletedMarker, toNote, toReportsPage, toWalk, toWalkReport } from '../views/walks.ts';
import { walkRoutes } from '@sitewalk/shared/contract/walk';

const db = auditedDataFromEnv();
const walks = createWalks(db);
const reports = createWalkReports({ db, storage: storageFromEnv() });

export const implementations: Implementations<'walk'> = {
  'walk.create': async ({ actor, body }) => toWalk(await walks.create(actor, body)),

  'walk.get': async ({ actor, params }) => toWalk(await walks.get(actor, params.id)),

  'walk.allByLocation': async ({ actor, params }) =>
    (await walks.listByLocation(actor, params.locationId)).map(toWalk),

  'walk.catalog': async ({ actor }) =>
    (await walks.catalog(actor)).map(({ location, walks: recordable }) => ({
      id: location.locationId,
      name: location.name,
      walks: recordable.map(toWalk),
    })),

  'walk.update': async ({ actor, body }) => toWalk(await walks.update(actor, body)),

  'walk.delete': async ({ actor, params }) => {
    await walks.remove(actor, params.id);
    return { success: true as const, id: params.id };
  },

  'walkReport.start': async ({ actor, body }) => toWalkReport(await reports.start(actor, body)),

  'walkReport.recordCompletedMarker': async ({ actor, params, body }) =>
    toCompletedMarker(await reports.recordCompletedMarker(actor, params.walkReportId, body)),

  'walkReport.addNote': async ({ actor, params, body }) =>
    toNote(await reports.addNote(actor, params.walkReportId, body)),

  'walkReport.photoUpload': async ({ actor, params, body }) =>
    reports.photoUpload(actor, params.walkReportId, body),

  'walkReport.photo': async ({ actor, params }) => reports.photo(actor, params.walkReportId, params),

  'walkReport.finish': async ({ actor, params, body }) =>
    toWalkReport(await reports.finish(actor, params.walkReportId, body.finishedAt)),

  'walkReport.recordDiscardedWrite': async ({ actor, params, body }) =>
    reports.noteDiscarded(actor, params.walkReportId, body),

  'walkReport.someByLocation': async ({ actor, params, query }) =>
    toReportsPage(await reports.listByLocation(actor, params.locationId, query)),

  'walkReport.get': async ({ actor, params }) => toWalkReport(await reports.read(actor, params.walkReportId)),
};

export const handler = createResourceHandler('walk', walkRoutes, implementations, withActors(db));
