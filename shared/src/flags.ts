/**
 * Flags on walk reports (issue 18): what a reviewer should look at twice. A flag never refuses a write; the API
 * decides it when a completed marker is recorded or a photo's evidence is read, and stores it on the report. The
 * kinds, their thresholds and their reasons live here once, for the API and the screens.
 */
import { ARRIVAL_RADIUS_M, distanceMeters, isWithinReach, type Point } from './arrival.ts';
import { isRequestedUnit } from './unit-check.ts';

export const COMPLETED_MARKER_FLAG_KINDS = ['byHand', 'farFromMarker', 'tooFast', 'deviceClock'] as const;
/** A photo's flags decided from what its file says (photo evidence). */
export const PHOTO_FLAG_KINDS = ['photoTime', 'photoPosition', 'photoReused'] as const;
/** A door photo's flag decided from the unit read on it (issue 27): not the unit the report drew. */
export const DOOR_FLAG_KINDS = ['wrongDoor'] as const;
export const FLAG_KINDS = [...COMPLETED_MARKER_FLAG_KINDS, ...PHOTO_FLAG_KINDS, ...DOOR_FLAG_KINDS] as const;
export type CompletedMarkerFlagKind = (typeof COMPLETED_MARKER_FLAG_KINDS)[number];
export type PhotoFlagKind = (typeof PHOTO_FLAG_KINDS)[number];
export type FlagKind = (typeof FLAG_KINDS)[number];

/**
 * A brisk walk, in metres a second (7.2 km/h). People patrolling a site walk at 1.2–1.5 m/s; 2 m/s over the
 * straight line between two markers, which is never longer than the path walked, is faster than anyone walks it.
 */
export const BRISK_WALK_MPS = 2;
/**
 * Metres of the straight line not counted against the walker: an arrival by position counts anywhere within
 * `ARRIVAL_RADIUS_M` of a marker, so two arrivals can be that much closer at each end.
 */
export const SPEED_DISTANCE_ALLOWANCE_M = 2 * ARRIVAL_RADIUS_M;
/**
 * How far the phone's clock may be from the server's, in seconds (5 minutes): phones set their clocks from the
 * network, so more means a clock set by hand, and then every time the phone reports is in doubt. Judged from
 * when the phone says it sent a request against when the server received it (a write sent late from the
 * outbox still compares two moments that are seconds apart).
 */
export const DEVICE_CLOCK_SKEW_MAX_S = 5 * 60;
/**
 * How far a photo's camera time may be from the arrival at its completed marker, in seconds (10 minutes): a photo of
 * a marker is taken while standing at it.
 */
export const PHOTO_TIME_MAX_S = 10 * 60;
/**
 * How far a photo's camera position may be from its marker, in metres: 100 m is twice the arrival rule's
 * widest reach (25 m plus 25 m of the fix's accuracy) and more than a phone camera's GPS tag is off outdoors.
 */
export const PHOTO_POSITION_MAX_M = 100;
/**
 * Photos whose 64-bit difference hashes differ in at most this many bits are the same picture (recompressed,
 * resized or lightly edited). Stored in 4 bands of 16 bits, so any hash within 3 bits shares a whole band with
 * the one it matches and is found by key.
 */
export const PHOTO_HASH_MAX_DISTANCE = 3;
export const PHOTO_HASH_BANDS = 4;

/** What a flag's reason is made from. */
export type FlagFacts =
  | { kind: 'byHand' }
  | { kind: 'farFromMarker'; distance: number }
  | { kind: 'tooFast'; distance: number; seconds: number }
  | { kind: 'deviceClock'; offsetSeconds: number }
  | { kind: 'photoTime'; offsetSeconds: number }
  | { kind: 'photoPosition'; distance: number }
  | { kind: 'photoReused'; walkReportId: number | null }
  | { kind: 'wrongDoor'; asked: string; read: string };

/** A flag's title, as a column or a chip shows it. */
export const FLAG_TITLES: Record<FlagKind, string> = {
  byHand: 'Marked by hand',
  farFromMarker: 'Far from marker',
  tooFast: 'Too fast',
  deviceClock: 'Device clock',
  photoTime: 'Photo time',
  photoPosition: 'Photo position',
  photoReused: 'Photo reused',
  wrongDoor: 'Wrong door',
};

const metres = (m: number) => `${Math.round(m)} m`;
/** Whole minutes, at least 1, for an offset of seconds. */
const minutes = (seconds: number) => {
  const n = Math.max(1, Math.round(Math.abs(seconds) / 60));
  return `${n} min`;
};
const duration = (seconds: number) =>
  seconds < 120 ? `${Math.max(0, Math.round(seconds))} s` : minutes(seconds);

/** The reason a flag gives, in words a reviewer reads. */
export const flagReason = (facts: FlagFacts): string => {
  switch (facts.kind) {
    case 'byHand':
      return "Marked reached by hand, not by the phone's position";
    case 'farFromMarker':
      return `Recorded ${metres(facts.distance)} from the marker`;
    case 'tooFast':
      return `Reached ${duration(facts.seconds)} after the previous marker, ${metres(facts.distance)} away: faster than a brisk walk (${BRISK_WALK_MPS * 3.6} km/h)`;
    case 'deviceClock':
      return `The phone's clock was ${minutes(facts.offsetSeconds)} ${facts.offsetSeconds > 0 ? 'behind' : 'ahead of'} the server's`;
    case 'photoTime':
      return `Photo taken ${minutes(facts.offsetSeconds)} ${facts.offsetSeconds < 0 ? 'before' : 'after'} the marker was reached (camera time)`;
    case 'photoPosition':
      return `Photo taken ${metres(facts.distance)} from the marker (camera position)`;
    case 'photoReused':
      return facts.walkReportId === null
        ? 'The same picture is in another walk report'
        : `The same picture is in walk report ${facts.walkReportId}`;
    case 'wrongDoor':
      return `Unit ${facts.asked} was asked for; the photo shows ${facts.read}`;
  }
};

/**
 * The door photo's flag against the unit its report drew for the marker (issue 27): 'wrongDoor' when a unit was
 * read on the photo and it is not the one drawn (leading zeros aside, shared/src/unit-check.ts). Nothing read
 * ('None': a blurred or numberless photo) raises nothing, as a reading is not evidence of another door; nor does
 * a marker with no drawn unit (a report started before the API drew units, or a range that names none).
 */
export const doorVerdict = (drawn: string | null, read: string | null): FlagFacts | null => {
  const asked = drawn?.trim() ?? '';
  const seen = read?.trim() ?? '';
  if (!asked || !seen || isRequestedUnit(asked, seen)) return null;
  return { kind: 'wrongDoor', asked, read: seen };
};

/**
 * Whether a walker reached a marker faster than a brisk walk from the previous one: `distance` metres between the
 * two markers in a straight line, `seconds` between the two arrivals (device time; both from one clock). Markers
 * closer than the allowance never are; an arrival at the same instant or before the previous one at a marker
 * farther away always is.
 */
export const isTooFast = (distance: number, seconds: number): boolean => {
  if (!Number.isFinite(distance) || !Number.isFinite(seconds)) return false;
  const counted = distance - SPEED_DISTANCE_ALLOWANCE_M;
  if (counted <= 0) return false;
  return seconds <= 0 || counted / seconds > BRISK_WALK_MPS;
};

/** Seconds the phone's clock is behind the server's (negative: ahead), from one request's two times. */
export const clockOffsetSeconds = (sentAt: string, receivedAt: string): number =>
  (Date.parse(receivedAt) - Date.parse(sentAt)) / 1000;

export const isClockOff = (offsetSeconds: number): boolean =>
  Number.isFinite(offsetSeconds) && Math.abs(offsetSeconds) > DEVICE_CLOCK_SKEW_MAX_S;

/** Seconds from a completed marker's arrival to its photo's camera time (negative: taken before). */
export const photoTimeOffsetSeconds = (takenAt: string, arrivedAt: string): number =>
  (Date.parse(takenAt) - Date.parse(arrivedAt)) / 1000;

export const isPhotoTimeOff = (offsetSeconds: number): boolean =>
  Number.isFinite(offsetSeconds) && Math.abs(offsetSeconds) > PHOTO_TIME_MAX_S;

export const isPhotoFarFromMarker = (distance: number): boolean =>
  Number.isFinite(distance) && distance > PHOTO_POSITION_MAX_M;

/** A completed marker as the rules see it. */
export interface CompletedMarkerFacts {
  /** Identifies it in the answer (the client's id of the write). */
  key: string;
  markerId: number;
  /** The device's time of arrival. */
  arrivedAt: string;
  method?: 'position' | 'hand';
  /** Metres from its marker as measured when recorded; null when not known. */
  distance: number | null;
  accuracy: number;
  /** When the device says it sent the write, and when the server received it. */
  sentAt?: string | null;
  receivedAt: string;
}

/** A completed marker's flags with the facts behind each. */
export type CompletedMarkerVerdict = { key: string; flags: FlagFacts[] };

/** Earliest arrival first; the client's id orders arrivals of the same instant, so the order is stable. */
export const byArrival = (a: CompletedMarkerFacts, b: CompletedMarkerFacts) =>
  a.arrivedAt.localeCompare(b.arrivedAt) || a.key.localeCompare(b.key);

/**
 * The flags of every completed marker of a report, decided together: 'too fast' compares each arrival with the one
 * before it in device time (not in the order they reached the server, which a phone's outbox may change), so a
 * completed marker arriving late can flag, or clear, the one after it. `markers` are the walk's marker positions.
 */
export const completedMarkerVerdicts = (
  completedMarkers: readonly CompletedMarkerFacts[],
  markers: ReadonlyMap<number, Point>,
): CompletedMarkerVerdict[] => {
  const ordered = [...completedMarkers].sort(byArrival);
  return ordered.map((c, index) => {
    const flags: FlagFacts[] = [];
    if (c.method === 'hand') flags.push({ kind: 'byHand' });
    if (c.distance !== null && !isWithinReach(c.distance, c.accuracy)) {
      flags.push({ kind: 'farFromMarker', distance: c.distance });
    }
    const previous = ordered[index - 1];
    const from = previous && previous.markerId !== c.markerId ? markers.get(previous.markerId) : undefined;
    const to = markers.get(c.markerId);
    if (previous && from && to) {
      const distance = distanceMeters(from, to);
      const seconds = (Date.parse(c.arrivedAt) - Date.parse(previous.arrivedAt)) / 1000;
      if (isTooFast(distance, seconds)) flags.push({ kind: 'tooFast', distance, seconds });
    }
    if (c.sentAt) {
      const offsetSeconds = clockOffsetSeconds(c.sentAt, c.receivedAt);
      if (isClockOff(offsetSeconds)) flags.push({ kind: 'deviceClock', offsetSeconds });
    }
    return { key: c.key, flags };
  });
};

/** What a photo's file says about it (issue 18): camera time and position, and its difference hash. */
export interface PhotoEvidence {
  takenAt: string | null;
  lat: number | null;
  lng: number | null;
  /** 64-bit difference hash, 16 hex digits; null when the image could not be decoded. */
  hash: string | null;
}

/** The photo's flags for time and position against its completed marker (reuse is found by the API's index). */
export const photoVerdict = (
  evidence: Pick<PhotoEvidence, 'takenAt' | 'lat' | 'lng'>,
  completedMarker: { arrivedAt: string } | null,
  marker: Point | null,
): FlagFacts[] => {
  const flags: FlagFacts[] = [];
  if (evidence.takenAt && completedMarker) {
    const offsetSeconds = photoTimeOffsetSeconds(evidence.takenAt, completedMarker.arrivedAt);
    if (isPhotoTimeOff(offsetSeconds)) flags.push({ kind: 'photoTime', offsetSeconds });
  }
  if (evidence.lat !== null && evidence.lng !== null && marker) {
    const distance = distanceMeters({ lat: evidence.lat, lng: evidence.lng }, marker);
    if (isPhotoFarFromMarker(distance)) flags.push({ kind: 'photoPosition', distance });
  }
  return flags;
};

/** Bits in which two 64-bit hashes (16 hex digits each) differ. */
export const hammingDistance = (a: string, b: string): number => {
  let x = BigInt(`0x${a}`) ^ BigInt(`0x${b}`);
  let bits = 0;
  while (x > 0n) {
    bits += Number(x & 1n);
    x >>= 1n;
  }
  return bits;
};

/** The bands a hash is indexed by: `<band>:<4 hex digits>`. */
export const hashBands = (hash: string): string[] =>
  Array.from({ length: PHOTO_HASH_BANDS }, (_, band) => `${band}:${hash.slice(band * 4, band * 4 + 4)}`);

export const isSamePicture = (a: string, b: string): boolean =>
  hammingDistance(a, b) <= PHOTO_HASH_MAX_DISTANCE;
