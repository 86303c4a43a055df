import { priorityName } from '@sitewalk/shared/constants';
import { messages } from '@sitewalk/shared/messages';
import { INCIDENT_CSV_COLUMNS, WALK_REPORT_CSV_COLUMNS } from '@sitewalk/shared/schemas/export';
import { exportRoutes } from '@sitewalk/shared/contract/export';
import { dataFromEnv, exportStoreFromEnv, storageFromEnv, withActors } from '../composition.ts';
import { createResourceHandler, type Implementations } from '../http/handler.ts';
import { clock } from '../ports/clock.ts';
import { createExports, slug } from '../domain/exports.ts';
import { createWalkReports } from '../domain/walk-reports.ts';
import { loadIncident } from '../domain/incidents.ts';
import { NotFoundError } from '../domain/errors.ts';
import { timeZoneAt } from '@sitewalk/shared/time-zones';
import { csvTime } from '../domain/csv.ts';
import { getLocation } from '../db/locations.ts';
import { newWalkReportDocument, writeWalkReportPdf } from '../domain/pdf/walk-report-pdf.ts';
import { newIncidentDocument, writeIncidentPdf } from '../domain/pdf/incident-pdf.ts';
import { toReportSummary, toWalkReport } from '../walk/views.ts';
import { namesFor, toIncident } from '../incident/views.ts';

const db = dataFromEnv();
const storage = storageFromEnv();
const store = exportStoreFromEnv();
const exports = createExports({ db, store, now: () => clock.now() });
const reports = createWalkReports({ db, storage });

/** The location a report or incident sits at, as the PDF's heading shows it (gone meanwhile: 404). */
const locationOf = async (locationId: number, notFound: string) => {
  const location = await getLocation(db, locationId);
  if (!location) throw new NotFoundError(notFound);
  return location;
};

export const implementations: Implementations<'export'> = {
  // The columns of the location's walk-report table (Completed, Name, Walk, Id, Total Time) and what its rows carry.
  'export.walkReportsCsv': async ({ actor, body }) =>
    exports.walkReportsCsv(actor, body, WALK_REPORT_CSV_COLUMNS, ({ location, users }, item) => {
      const row = toReportSummary(item, users.get(item.userId));
      return [
        row.id,
        location.name,
        row.walk?.name ?? messages.status.unknownWalk,
        row.user ? `${row.user.firstName} ${row.user.lastName}` : messages.status.unknownUser,
        csvTime(row.startedAt),
        csvTime(row.finishedAt),
        row.totalTime,
        row.totalMinutes,
        row.completedMarkerCount,
        row.walk?.markerCount ?? null,
        row.completed ? 'Completed' : messages.status.notCompleted,
        item.discardedWriteIds?.length ?? 0,
      ];
    }),

  // The columns of the incidents table (Incident, Priority, Status, Id, Created) and what the detail adds.
  'export.incidentsCsv': async ({ actor, body }) =>
    exports.incidentsCsv(actor, body, INCIDENT_CSV_COLUMNS, ({ location }, item) => [
      item.incidentId,
      location.name,
      priorityName(item.typeId),
      item.status === 'resolved' ? 'Resolved' : 'Unresolved',
      csvTime(item.createdAt),
      csvTime(item.resolvedAt),
      item.texts.map((t) => t.text).join('; '),
      item.notes.length,
      item.imageKeys.length,
      item.walkReportId ?? null,
    ]),

  'export.walkReportPdf': async ({ actor, params }) => {
    const detail = await reports.read(actor, params.walkReportId);
    const report = toWalkReport(detail);
    const location = await locationOf(detail.report.locationId, 'Walk report not found');
    const keys = new Map(
      detail.images.map(({ image }) => [`${image.markerId}/${image.imageName}`, image.key]),
    );
    const doc = newWalkReportDocument({ report, location });
    return exports.pdf(
      {
        owner: { managementCompanyId: location.managementCompanyId, userId: actor.userId },
        fileName: `walk-report-${report.id}_${slug(location.name)}.pdf`,
      },
      doc,
      () =>
        writeWalkReportPdf(doc, {
          report,
          location,
          timeZone: timeZoneAt(location.latitude, location.longitude),
          generatedAt: exports.now().toISOString(),
          loadPhoto: async (photo) => {
            const key = keys.get(`${photo.markerId}/${photo.imageName}`);
            return key ? store.readPhoto(key) : null;
          },
        }),
    );
  },

  'export.incidentPdf': async ({ actor, params }) => {
    const item = await loadIncident(db, actor, 'read', params.id);
    const location = await locationOf(item.locationId, 'Incident not found');
    const incident = await toIncident(storage, item, await namesFor(db, [item], [location]));
    const doc = newIncidentDocument({ incident, location });
    return exports.pdf(
      {
        owner: { managementCompanyId: location.managementCompanyId, userId: actor.userId },
        fileName: `incident-${incident.id}_${slug(location.name)}.pdf`,
      },
      doc,
      () =>
        writeIncidentPdf(doc, {
          incident,
          location,
          timeZone: timeZoneAt(location.latitude, location.longitude),
          generatedAt: exports.now().toISOString(),
          loadImage: (key) => store.readPhoto(key),
        }),
    );
  },
};

export const handler = createResourceHandler('export', exportRoutes, implementations, withActors(db));
