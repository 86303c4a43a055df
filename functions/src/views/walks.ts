import type { Walk } from '@sitewalk/shared/schemas/walk';
import type {
  UnitReadView,
  WalkReport,
  WalkReportSummary,
  WalkReportTotals,
} from '@sitewalk/shared/schemas/walkReport';
import { walkDuration } from '@sitewalk/shared/walk-duration';
import { isWithinReach } from '@sitewalk/shared/arrival';
import type { WalkItem } from '../db/entities/walk.ts';
import type { MarkerImageItem, WalkReportItem } from '../db/entities/walkReport.ts';
import type { UserItem } from '../db/entities/user.ts';
import type { MeasuredCompletedMarker, ReportDetail, ReportsPage } from '../domain/walk-reports.ts';

/** Stored walks and walk reports as the API answers them. */

export const toWalk = (item: WalkItem): Walk => ({
  id: item.walkId,
  name: item.name,
  description: item.description,
  locationId: item.locationId,
  markers: item.markers.map((m) => ({ ...m, walkId: item.walkId })),
  createdAt: item.createdAt,
  deletedAt: item.deletedAt ?? null,
});

/** What was read on a door photo, as the completed marker shows it. */
const unitReadOf = (photo: MarkerImageItem | undefined): UnitReadView | null => {
  if (!photo) return null;
  if (!photo.unitRead) return { status: 'pending', unit: null, confidence: null };
  const { unit, confidence } = photo.unitRead;
  return unit
    ? { status: 'read', unit, confidence: confidence ?? null }
    : { status: 'unreadable', unit: null, confidence: null };
};

/**
 * Far from the marker is the arrival rule's verdict on the completed marker's distance and the fix's accuracy; a door
 * completed marker shows what was read on its marker's door photo (the last one taken).
 */
export const toCompletedMarker = (c: MeasuredCompletedMarker, doorPhoto?: MarkerImageItem) => ({
  id: c.completedMarkerId,
  markerId: c.markerId,
  arrivedAt: c.arrivedAt,
  receivedAt: c.receivedAt,
  lat: c.lat,
  lng: c.lng,
  accuracy: c.accuracy,
  method: c.method ?? ('position' as const),
  distance: c.distance,
  farFromMarker: c.distance !== null && !isWithinReach(c.distance, c.accuracy),
  isDoor: c.isDoor,
  targetUnit: c.targetUnit ?? null,
  picturedUnit: c.picturedUnit ?? null,
  unitRead: c.isDoor ? unitReadOf(doorPhoto) : null,
});

export const toNote = (n: { walkNoteId: number; markerId: number; note: string }) => ({
  id: n.walkNoteId,
  markerId: n.markerId,
  note: n.note,
});

/** The duration rule's figures, from the report item alone: the same on the detail and on the list row. */
const totalsOf = (item: WalkReportItem): WalkReportTotals => {
  const visited = item.visitedMarkerIds?.length ?? 0;
  const duration = walkDuration({
    startedAt: item.startedAt,
    finishedAt: item.finishedAt ?? null,
    expectedMarkerCount: item.markerCount,
    completedMarkerCount: visited,
    firstArrivalAt: item.firstArrivalAt ?? null,
    lastArrivalAt: item.lastArrivalAt ?? null,
  });
  return {
    markerCount: item.markerCount,
    completedMarkerCount: visited,
    firstArrivalAt: item.firstArrivalAt ?? null,
    lastArrivalAt: item.lastArrivalAt ?? null,
    totalTime: duration.label,
    totalMinutes: duration.minutes,
    completed: duration.minutes !== null,
  };
};

const walkerName = (walker: UserItem | null | undefined) =>
  walker ? { firstName: walker.firstName, lastName: walker.lastName } : null;

/** In the order they were taken (as recorded when the phone gave no time). */
const byTakenAt = ({ image: a }: { image: MarkerImageItem }, { image: b }: { image: MarkerImageItem }) =>
  (a.takenAt ?? a.createdAt).localeCompare(b.takenAt ?? b.createdAt);

export const toWalkReport = ({
  report,
  walk,
  walker,
  completed,
  flags,
  notes,
  images,
}: ReportDetail): WalkReport => {
  // Each marker's last door photo (in the order taken).
  const doorPhotos = new Map(
    [...images]
      .sort(byTakenAt)
      .filter(({ image }) => image.door)
      .map(({ image }) => [image.markerId, image]),
  );
  return {
    id: report.walkReportId,
    createdAt: report.createdAt,
    startedAt: report.startedAt,
    finishedAt: report.finishedAt ?? null,
    userId: report.userId,
    user: walkerName(walker),
    walkId: report.walkId,
    walk: walk ? { name: walk.name, locationId: walk.locationId, markers: toWalk(walk).markers } : null,
    doorUnits: (report.doorUnits ?? []).map(({ markerId, unit }) => ({ markerId, unit })),
    CompletedMarker: completed
      .sort((a, b) => a.arrivedAt.localeCompare(b.arrivedAt))
      .map((c) => toCompletedMarker(c, doorPhotos.get(c.markerId))),
    walkNote: notes.sort((a, b) => a.walkNoteId - b.walkNoteId).map(toNote),
    markerImage: images.sort(byTakenAt).map(({ image, url }) => ({
      walkReportId: report.walkReportId,
      markerId: image.markerId,
      imageName: image.imageName,
      imageUrl: url,
      takenAt: image.takenAt ?? null,
      lat: image.lat ?? null,
      lng: image.lng ?? null,
    })),
    flags,
    flagCount: flags.length,
    discardedCount: report.discardedWriteIds?.length ?? 0,
    ...totalsOf(report),
  };
};

/** A row of the walk-report table, from the report item alone. */
export const toReportSummary = (item: WalkReportItem, walker: UserItem | undefined): WalkReportSummary => {
  const { markerCount, ...totals } = totalsOf(item);
  return {
    id: item.walkReportId,
    createdAt: item.createdAt,
    startedAt: item.startedAt,
    finishedAt: item.finishedAt ?? null,
    user: walkerName(walker),
    walkId: item.walkId,
    walk: { name: item.walkName, markerCount },
    ...totals,
    flagCount: item.flags?.length ?? 0,
  };
};

export const toReportsPage = ({ reports, walkers, totalCount }: ReportsPage) => ({
  walkReports: reports.map((item) => toReportSummary(item, walkers.get(item.userId))),
  totalCount,
});
