import { exportRoutes } from '@sitewalk/shared/contract/export';
import { dataFromEnv, storageFromEnv, withActors } from '../composition.ts';
import { exportStoreFromEnv } from '../ports/export-store.ts';
import { createResourceHandler, type Implementations } from '../http/handler.ts';
import { clock } from '../ports/clock.ts';
import { createExports } from '../domain/exports.ts';

/** Exported so the cold-start bench can time the PDF path's first load too. */
export { loadPdfWriters } from '../domain/exports.ts';

const db = dataFromEnv();
const exports = createExports({
  db,
  store: exportStoreFromEnv(),
  storage: storageFromEnv(),
  now: () => clock.now(),
});

export const implementations: Implementations<'export'> = {
  'export.walkReportsCsv': async ({ actor, body }) => exports.walkReportsCsv(actor, body),

  'export.incidentsCsv': async ({ actor, body }) => exports.incidentsCsv(actor, body),

  'export.walkReportPdf': async ({ actor, params }) => exports.walkReportPdf(actor, params.walkReportId),

  'export.incidentPdf': async ({ actor, params }) => exports.incidentPdf(actor, params.id),

  'export.lockCheckCsv': async ({ actor, params }) => exports.lockCheckCsv(actor, params.lockCheckId),

  'export.lockCheckPdf': async ({ actor, params }) => exports.lockCheckPdf(actor, params.lockCheckId),
};

export const handler = createResourceHandler('export', exportRoutes, implementations, withActors(db));
