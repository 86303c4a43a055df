import {
  COMPLETED_MARKER_FLAG_KINDS,
  FLAG_KINDS,
  PHOTO_FLAG_KINDS,
  completedMarkerVerdicts,
  doorVerdict,
  flagReason,
  type CompletedMarkerFacts,
  type FlagFacts,
  type FlagKind,
  type PhotoFlagKind,
} from '@sitewalk/shared/flags';
import type { Point } from '@sitewalk/shared/arrival';
import type { DataService } from '../db/service.ts';
import type { CompletedMarkerItem, MarkerImageItem, WalkReportItem } from '../db/entities/walkReport.ts';
import { changeReportFlags } from '../db/flags.ts';
import { getWalkReport } from '../db/walk-reports.ts';

/**
 * Flags on a report (shared/src/flags.ts) as stored: one entry of the report's `flags` set per flag,
 * `<kind>:c<completedMarkerId>` for a completed marker's, `<kind>:p<photo ref>` for a photo's, the photo ref being the
 * first 12 hex digits of the photo's client id (48 bits: unique among a report's 200 photos, and short, since
 * every entry is repeated in the month tally the dashboard reads).
 */

export const completedMarkerFlagRef = (kind: FlagKind, completedMarkerId: number) =>
  `${kind}:c${completedMarkerId}`;
export const photoRefOf = (clientId: string) => clientId.replaceAll('-', '').slice(0, 12).toLowerCase();
export const photoFlagRef = (kind: FlagKind, clientId: string) => `${kind}:p${photoRefOf(clientId)}`;

const isCompletedMarkerRef = (ref: string) => ref.includes(':c');
const isPhotoRefOf = (ref: string, clientId: string) => ref.endsWith(`:p${photoRefOf(clientId)}`);
const isKindOf = (ref: string, kinds: readonly FlagKind[]) =>
  kinds.some((kind) => ref.startsWith(`${kind}:`));

/** A stored entry read back: its kind and what it concerns, or null for an entry this code does not know. */
const parseRef = (ref: string) => {
  const match = /^(\w+):([cp])(\w+)$/.exec(ref);
  const kind = match?.[1] as FlagKind | undefined;
  if (!match || !kind || !FLAG_KINDS.includes(kind)) return null;
  return { kind, target: match[2] as 'c' | 'p', id: match[3] ?? '' };
};

/** A completed marker with its distance from its marker (null when its marker is no longer on the walk). */
type Measured = Omit<CompletedMarkerItem, 'distance'> & { distance: number | null };

/** A completed marker as the rules see it. */
export const completedMarkerFacts = (c: Measured, distance: number | null): CompletedMarkerFacts => ({
  key: c.clientId,
  markerId: c.markerId,
  arrivedAt: c.arrivedAt,
  method: c.method,
  distance,
  accuracy: c.accuracy,
  sentAt: c.sentAt ?? null,
  receivedAt: c.receivedAt,
});

/** The completed markers' flags, by stored entry, with the facts behind each. */
const completedMarkerFlagsOf = (completed: readonly Measured[], markers: ReadonlyMap<number, Point>) => {
  const byClientId = new Map(completed.map((c) => [c.clientId, c]));
  const flags = new Map<string, { facts: FlagFacts; completedMarker: Measured }>();
  for (const verdict of completedMarkerVerdicts(
    completed.map((c) => completedMarkerFacts(c, c.distance)),
    markers,
  )) {
    const completedMarker = byClientId.get(verdict.key);
    if (!completedMarker) continue;
    for (const facts of verdict.flags) {
      flags.set(completedMarkerFlagRef(facts.kind, completedMarker.completedMarkerId), {
        facts,
        completedMarker,
      });
    }
  }
  return flags;
};

/**
 * Brings the report's completed marker flags in line with its completed markers, all decided again together (an arrival
 * that reached the server late may flag or clear the one after it): adds what is missing, removes what no
 * longer holds, on the report and its month tally. Runs after each completed marker write and on the finish, so a
 * change lost to a crash is made by the next.
 */
export const reconcileCompletedMarkerFlags = async (
  db: DataService,
  report: WalkReportItem,
  completed: readonly Measured[],
  markers: ReadonlyMap<number, Point>,
) => {
  const wanted = new Set(completedMarkerFlagsOf(completed, markers).keys());
  const stored = new Set((report.flags ?? []).filter(isCompletedMarkerRef));
  await changeReportFlags(db, report, {
    add: [...wanted].filter((ref) => !stored.has(ref)),
    remove: [...stored].filter((ref) => !wanted.has(ref)),
  });
};

/** Brings one photo's evidence flags (PHOTO_FLAG_KINDS) in line with what its evidence decided. */
export const reconcilePhotoFlags = async (
  db: DataService,
  report: WalkReportItem,
  photo: Pick<MarkerImageItem, 'clientId'>,
  kinds: readonly PhotoFlagKind[],
) => {
  const wanted = new Set(kinds.map((kind) => photoFlagRef(kind, photo.clientId)));
  const stored = new Set(
    (report.flags ?? []).filter(
      (ref) => isPhotoRefOf(ref, photo.clientId) && isKindOf(ref, PHOTO_FLAG_KINDS),
    ),
  );
  await changeReportFlags(db, report, {
    add: [...wanted].filter((ref) => !stored.has(ref)),
    remove: [...stored].filter((ref) => !wanted.has(ref)),
  });
};

/** The unit the report drew for a marker, or null (none drawn: an older report, or a range naming none). */
const drawnUnitOf = (report: Pick<WalkReportItem, 'doorUnits'>, markerId: number) =>
  report.doorUnits?.find((d) => d.markerId === markerId)?.unit ?? null;

/**
 * Brings a door photo's 'wrongDoor' flag in line with the unit read on it and the unit its report drew for its
 * marker (shared/src/flags.ts, `doorVerdict`). Called by the walkPhoto worker once the unit is read, and again
 * on a repeated event, so a flag lost to a crash is made by the next; a report deleted meanwhile is left alone.
 */
export const reconcileDoorFlag = async (
  db: DataService,
  walkReportId: number,
  photo: Pick<MarkerImageItem, 'clientId' | 'markerId' | 'door'> & { readUnit: string | null },
) => {
  if (!photo.door) return null;
  const report = await getWalkReport(db, walkReportId);
  if (!report) return null;
  const verdict = doorVerdict(drawnUnitOf(report, photo.markerId), photo.readUnit);
  const ref = photoFlagRef('wrongDoor', photo.clientId);
  const stored = (report.flags ?? []).includes(ref);
  await changeReportFlags(db, report, {
    add: verdict && !stored ? [ref] : [],
    remove: !verdict && stored ? [ref] : [],
  });
  return verdict;
};

/** A flag as the report's detail lists it. */
export interface FlagView {
  kind: FlagKind;
  reason: string;
  markerId: number | null;
  completedMarkerId: number | null;
  imageName: string | null;
}

/** The facts of a photo's flag, from what its evidence stored (and, for a door photo, its report's draw). */
const photoFacts = (
  kind: FlagKind,
  image: MarkerImageItem,
  report: Pick<WalkReportItem, 'doorUnits'>,
): FlagFacts | null => {
  if (kind === 'wrongDoor')
    return doorVerdict(drawnUnitOf(report, image.markerId), image.unitRead?.unit ?? null);
  if (kind === 'photoTime' && image.cameraTimeOffset !== undefined)
    return { kind, offsetSeconds: image.cameraTimeOffset };
  if (kind === 'photoPosition' && image.cameraDistance !== undefined)
    return { kind, distance: image.cameraDistance };
  if (kind === 'photoReused') return { kind, walkReportId: image.reusedFrom ?? null };
  return null;
};

/** Words for a flag whose facts are no longer at hand (a marker since moved off the walk). */
const GENERIC_REASONS: Record<FlagKind, string> = {
  byHand: flagReason({ kind: 'byHand' }),
  farFromMarker: 'Recorded far from the marker',
  tooFast: 'Reached faster than a brisk walk from the previous marker',
  deviceClock: "The phone's clock was off",
  photoTime: 'Photo taken long before or after the marker was reached (camera time)',
  photoPosition: 'Photo taken far from the marker (camera position)',
  photoReused: flagReason({ kind: 'photoReused', walkReportId: null }),
  wrongDoor: 'The photo shows another unit than the one asked for',
};

/**
 * The report's flags for its detail: those stored on the report, each with its reason, completed markers' first (in
 * arrival order), then photos'. The reasons' figures are decided again from what the report holds.
 */
export const flagsOfReport = (
  report: WalkReportItem,
  completed: readonly Measured[],
  images: readonly MarkerImageItem[],
  markers: ReadonlyMap<number, Point>,
): FlagView[] => {
  const stored = report.flags ?? [];
  if (stored.length === 0) return [];
  const decided = completedMarkerFlagsOf(completed, markers);
  const completedMarkersById = new Map(completed.map((c) => [String(c.completedMarkerId), c]));
  const imagesByRef = new Map(images.map((i) => [photoRefOf(i.clientId), i]));
  const order = (kind: FlagKind) => FLAG_KINDS.indexOf(kind);
  const views: (FlagView & { at: string })[] = [];
  for (const ref of stored) {
    const parsed = parseRef(ref);
    if (!parsed) continue;
    if (parsed.target === 'c') {
      const completedMarker = completedMarkersById.get(parsed.id);
      if (!completedMarker || !(COMPLETED_MARKER_FLAG_KINDS as readonly string[]).includes(parsed.kind))
        continue;
      const facts = decided.get(ref)?.facts;
      views.push({
        kind: parsed.kind,
        reason: facts ? flagReason(facts) : GENERIC_REASONS[parsed.kind],
        markerId: completedMarker.markerId,
        completedMarkerId: completedMarker.completedMarkerId,
        imageName: null,
        at: `0${completedMarker.arrivedAt}`,
      });
    } else {
      const image = imagesByRef.get(parsed.id);
      if (!image) continue;
      const facts = photoFacts(parsed.kind, image, report);
      views.push({
        kind: parsed.kind,
        reason: facts ? flagReason(facts) : GENERIC_REASONS[parsed.kind],
        markerId: image.markerId,
        completedMarkerId: null,
        imageName: image.imageName,
        at: `1${image.takenAt ?? image.createdAt}`,
      });
    }
  }
  return views
    .sort((a, b) => a.at.localeCompare(b.at) || order(a.kind) - order(b.kind))
    .map(({ at: _, ...view }) => view);
};
