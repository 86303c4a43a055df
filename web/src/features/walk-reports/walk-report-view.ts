import type { WalkReport } from '@sitewalk/shared/schemas/walkReport';
import { messages } from '@sitewalk/shared/messages';
import { unitCheckOf, type UnitCheck } from '@sitewalk/shared/unit-check';
import { FLAG_TITLES, type FlagKind } from '@sitewalk/shared/flags';
import type { MarkerState } from '../../components/map/numbered-marker.tsx';

export type { UnitCheck } from '@sitewalk/shared/unit-check';

export interface ReportPoint {
  markerId: number;
  label: number;
  lat: number;
  lng: number;
  isDoor: boolean;
  /** First arrival, when the walk reached it. */
  arrivedAt: string | null;
  state: MarkerState;
  notes: string[];
  /** The photos taken there; a null URL could not be signed, a null time was not sent by the phone. */
  images: { imageName: string; imageUrl: string | null; takenAt: string | null }[];
  /** The reasons of the flags on its completed markers and photos (issue 18). */
  flags: string[];
}

/** The flags of a completed marker (issue 15): an arrival marked by hand, an arrival far from its marker. */
export const flagTexts = {
  byHand: 'Marked by hand',
  far: (meters: number) => `Far from marker (${meters} m)`,
} as const;

export interface CompletedEntry {
  id: number;
  markerId: number;
  label: number | null;
  arrivedAt: string;
  isDoor: boolean;
  /** 'Picture: Taken': a completed door marker with a photo. */
  pictureTaken: boolean;
  /**
   * Shown on completed door markers and wherever a unit was asked for or typed (shared/src/unit-check.ts): the unit
   * SiteWalk read on the door photo against the one asked for, pending while the photo is read.
   */
  unitCheck: UnitCheck | null;
  /** What the walker typed as the unit on the door ('' when nothing), beside what SiteWalk read. */
  typedUnit: string | null;
  /** The walker said they were there ('Mark reached'), the phone's position did not. */
  byHand: boolean;
  /** Metres from the marker, rounded, when the arrival was outside the arrival rule; else null. */
  farMeters: number | null;
  /** The texts of its flags' chips: by hand, far, and those the API stored on it (too fast, device clock). */
  flagChips: string[];
}

/** A flag as the report's 'Flags' section lists it. */
export interface FlagEntry {
  key: string;
  kind: FlagKind;
  title: string;
  reason: string;
  markerId: number | null;
  /** The point's label on the walk, when known. */
  label: number | null;
  /** 'Photo' for a photo's flag, 'Arrival' for a completed marker's. */
  concerns: 'Arrival' | 'Photo';
}

export interface ReportView {
  walkedBy: string;
  walkName: string;
  totalTime: string;
  points: ReportPoint[];
  completed: CompletedEntry[];
  flags: FlagEntry[];
}

/**
 * What the walk report screen shows, from the API's report: the walk's points in order, reached or missed
 * (a door reached is its own kind), with their notes and photos; the completed markers in order of arrival. Without
 * the walk, the points are the completed markers' own positions.
 */
export const reportView = (report: WalkReport): ReportView => {
  const completedMarkers = [...report.CompletedMarker].sort((a, b) => a.arrivedAt.localeCompare(b.arrivedAt));
  const firstArrival = new Map<number, string>();
  for (const c of completedMarkers)
    if (!firstArrival.has(c.markerId)) firstArrival.set(c.markerId, c.arrivedAt);
  const notesAt = (markerId: number) =>
    report.walkNote.filter((n) => n.markerId === markerId).map((n) => n.note);
  const imagesAt = (markerId: number) =>
    report.markerImage
      .filter((i) => i.markerId === markerId)
      .map(({ imageName, imageUrl, takenAt }) => ({ imageName, imageUrl, takenAt }));

  const flags = report.flags ?? [];
  const flagsAt = (markerId: number) => flags.filter((f) => f.markerId === markerId).map((f) => f.reason);
  /**
   * A completed marker's chips: by hand and far as answered on it (reports older than stored flags too), then the rest.
   */
  const chipsOf = (c: WalkReport['CompletedMarker'][number]) => {
    const farMeters = c.farFromMarker && c.distance !== null ? Math.round(c.distance) : null;
    const kinds = new Set(flags.filter((f) => f.completedMarkerId === c.id).map((f) => f.kind));
    return [
      ...(c.method === 'hand' ? [flagTexts.byHand] : []),
      ...(farMeters !== null ? [flagTexts.far(farMeters)] : []),
      ...[...kinds].filter((k) => k !== 'byHand' && k !== 'farFromMarker').map((k) => FLAG_TITLES[k]),
    ];
  };

  const walkMarkers = report.walk
    ? [...report.walk.markers].sort((a, b) => a.order - b.order || a.label - b.label)
    : [];
  const labelOf = new Map(walkMarkers.map((m) => [m.id, m.label]));
  const stateOf = (markerId: number, isDoor: boolean): MarkerState =>
    !firstArrival.has(markerId) ? 'missed' : isDoor ? 'door' : 'reached';

  const points: ReportPoint[] = report.walk
    ? walkMarkers.map((m) => ({
        markerId: m.id,
        label: m.label,
        lat: m.lat,
        lng: m.lng,
        isDoor: m.isDoor,
        arrivedAt: firstArrival.get(m.id) ?? null,
        state: stateOf(m.id, m.isDoor),
        notes: notesAt(m.id),
        images: imagesAt(m.id),
        flags: flagsAt(m.id),
      }))
    : [...new Map(completedMarkers.map((c) => [c.markerId, c])).values()].map((c, i) => ({
        markerId: c.markerId,
        label: i + 1,
        lat: c.lat,
        lng: c.lng,
        isDoor: c.isDoor,
        arrivedAt: firstArrival.get(c.markerId) ?? null,
        state: stateOf(c.markerId, c.isDoor),
        notes: notesAt(c.markerId),
        images: imagesAt(c.markerId),
        flags: flagsAt(c.markerId),
      }));
  const pointLabel = new Map(points.map((p) => [p.markerId, p.label]));

  return {
    walkedBy: report.user
      ? `${report.user.firstName} ${report.user.lastName}`.trim() || messages.status.unknownUser
      : messages.status.unknownUser,
    walkName: report.walk?.name || messages.status.unknownWalk,
    totalTime: report.totalTime || messages.status.notCompleted,
    points,
    completed: completedMarkers.map((c) => ({
      id: c.id,
      markerId: c.markerId,
      label: labelOf.get(c.markerId) ?? pointLabel.get(c.markerId) ?? null,
      arrivedAt: c.arrivedAt,
      isDoor: c.isDoor,
      pictureTaken: c.isDoor && report.markerImage.some((i) => i.markerId === c.markerId),
      unitCheck: c.isDoor || c.targetUnit || c.picturedUnit ? unitCheckOf(c) : null,
      typedUnit: c.isDoor || c.picturedUnit ? (c.picturedUnit ?? '').trim() : null,
      byHand: c.method === 'hand',
      farMeters: c.farFromMarker && c.distance !== null ? Math.round(c.distance) : null,
      flagChips: chipsOf(c),
    })),
    flags: flags.map((f, index) => ({
      key: `${index}-${f.kind}`,
      kind: f.kind,
      title: FLAG_TITLES[f.kind],
      reason: f.reason,
      markerId: f.markerId,
      label: f.markerId === null ? null : (labelOf.get(f.markerId) ?? pointLabel.get(f.markerId) ?? null),
      concerns: f.imageName === null ? 'Arrival' : 'Photo',
    })),
  };
};
