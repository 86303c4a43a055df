import { describe, expect, it } from 'vitest';
import {
  BRISK_WALK_MPS,
  DEVICE_CLOCK_SKEW_MAX_S,
  PHOTO_POSITION_MAX_M,
  PHOTO_TIME_MAX_S,
  SPEED_DISTANCE_ALLOWANCE_M,
  completedMarkerVerdicts,
  doorVerdict,
  clockOffsetSeconds,
  flagReason,
  hammingDistance,
  hashBands,
  isClockOff,
  isPhotoFarFromMarker,
  isPhotoTimeOff,
  isSamePicture,
  isTooFast,
  photoVerdict,
  type CompletedMarkerFacts,
} from './flags.ts';

describe('too fast', () => {
  const slack = SPEED_DISTANCE_ALLOWANCE_M;
  it.each([
    // [metres between markers, seconds, flagged]
    [slack, 0, false], // within the two arrival circles: never too fast
    [slack + 1, 0, true], // farther, at the same instant
    [slack + 100, -5, true], // farther, and before the previous arrival
    [slack + 100, 100 / BRISK_WALK_MPS, false], // exactly a brisk walk
    [slack + 100, 100 / BRISK_WALK_MPS - 1, true], // a second faster
    [slack + 100, 60, false], // 1.7 m/s
    [30, 1, false], // neighbouring markers
    [Number.NaN, 10, false],
    [200, Number.NaN, false],
  ])('%s m in %s s: %s', (distance, seconds, flagged) => {
    expect(isTooFast(distance, seconds)).toBe(flagged);
  });
});

describe('device clock', () => {
  it.each([
    ['2026-11-24T10:00:00.000Z', '2026-11-24T10:00:02.000Z', 2, false],
    ['2026-11-24T10:00:00.000Z', '2026-11-24T10:05:00.000Z', DEVICE_CLOCK_SKEW_MAX_S, false],
    ['2026-11-24T10:00:00.000Z', '2026-11-24T10:05:00.001Z', 300.001, true], // phone behind
    ['2026-11-24T10:05:00.001Z', '2026-11-24T10:00:00.000Z', -300.001, true], // phone ahead
  ])('sent %s, received %s: offset %s s, off %s', (sentAt, receivedAt, offset, off) => {
    expect(clockOffsetSeconds(sentAt, receivedAt)).toBeCloseTo(offset, 3);
    expect(isClockOff(clockOffsetSeconds(sentAt, receivedAt))).toBe(off);
  });

  it('a time that is no time is not a flag', () => {
    expect(isClockOff(clockOffsetSeconds('yesterday', '2026-11-24T10:00:00.000Z'))).toBe(false);
  });
});

describe('photo time and position', () => {
  it.each([
    [0, false],
    [PHOTO_TIME_MAX_S, false],
    [-PHOTO_TIME_MAX_S, false],
    [PHOTO_TIME_MAX_S + 1, true],
    [-PHOTO_TIME_MAX_S - 1, true],
    [Number.NaN, false],
  ])('%s s from the arrival: off %s', (offset, off) => {
    expect(isPhotoTimeOff(offset)).toBe(off);
  });

  it.each([
    [0, false],
    [PHOTO_POSITION_MAX_M, false],
    [PHOTO_POSITION_MAX_M + 0.1, true],
    [Number.POSITIVE_INFINITY, false],
  ])('%s m from the marker: far %s', (distance, far) => {
    expect(isPhotoFarFromMarker(distance)).toBe(far);
  });

  const marker = { lat: 40, lng: -74 };
  it('a photo at its marker, minutes after the arrival, has no flag', () => {
    const verdict = photoVerdict(
      { takenAt: '2026-11-24T10:03:00.000Z', lat: 40.0001, lng: -74 },
      { arrivedAt: '2026-11-24T10:00:00.000Z' },
      marker,
    );
    expect(verdict).toEqual([]);
  });

  it('a photo taken an hour before, a kilometre away, has both flags', () => {
    const verdict = photoVerdict(
      { takenAt: '2026-11-24T09:00:00.000Z', lat: 40.009, lng: -74 },
      { arrivedAt: '2026-11-24T10:00:00.000Z' },
      marker,
    );
    expect(verdict.map((f) => f.kind)).toEqual(['photoTime', 'photoPosition']);
    expect(flagReason(verdict[0]!)).toBe('Photo taken 60 min before the marker was reached (camera time)');
    expect(flagReason(verdict[1]!)).toBe('Photo taken 1001 m from the marker (camera position)');
  });

  it('a photo without camera time or position, or without a completed marker, has no flag', () => {
    expect(
      photoVerdict(
        { takenAt: null, lat: null, lng: null },
        { arrivedAt: '2026-11-24T10:00:00.000Z' },
        marker,
      ),
    ).toEqual([]);
    expect(photoVerdict({ takenAt: '2020-01-01T00:00:00.000Z', lat: 0, lng: 0 }, null, null)).toEqual([]);
  });
});

describe('completed marker verdicts', () => {
  // Markers 0 m, 150 m and 300 m north of the first (0.00135° of latitude is about 150 m).
  const markers = new Map([
    [1, { lat: 40, lng: -74 }],
    [2, { lat: 40.00135, lng: -74 }],
    [3, { lat: 40.0027, lng: -74 }],
  ]);
  const at = (
    markerId: number,
    arrivedAt: string,
    more: Partial<CompletedMarkerFacts> = {},
  ): CompletedMarkerFacts => ({
    key: `k${markerId}-${arrivedAt}`,
    markerId,
    arrivedAt: `2026-11-24T10:${arrivedAt}.000Z`,
    method: 'position',
    distance: 3,
    accuracy: 5,
    receivedAt: `2026-11-24T10:${arrivedAt}.500Z`,
    sentAt: `2026-11-24T10:${arrivedAt}.000Z`,
    ...more,
  });
  const kinds = (list: CompletedMarkerFacts[]) =>
    completedMarkerVerdicts(list, markers).map((v) => [v.key, v.flags.map((f) => f.kind)]);

  it('a walk at a walking pace, by position, with a good clock, has no flag', () => {
    expect(kinds([at(1, '00:00'), at(2, '02:00'), at(3, '04:00')]).flatMap(([, k]) => k)).toEqual([]);
  });

  it('flags by hand, far, too fast and the clock, each on its completed marker', () => {
    const verdicts = kinds([
      at(1, '00:00', { method: 'hand' }),
      at(2, '00:20'), // 150 m in 20 s
      at(3, '05:00', { distance: 80 }),
      at(1, '09:00', { sentAt: '2026-11-24T09:00:00.000Z' }),
    ]);
    expect(verdicts.map(([, k]) => k)).toEqual([['byHand'], ['tooFast'], ['farFromMarker'], ['deviceClock']]);
  });

  it('judges speed in arrival order, whatever order the completed markers came in', () => {
    const first = at(1, '00:00');
    const second = at(2, '00:20');
    const third = at(3, '00:40');
    expect(kinds([third, first, second])).toEqual(kinds([first, second, third]));
    // Without the middle one, the third is 300 m from the first in 40 s: still too fast.
    expect(kinds([first, third]).map(([, k]) => k)).toEqual([[], ['tooFast']]);
  });

  it('a second arrival at the same marker is never too fast; a marker no longer on the walk is not measured', () => {
    expect(kinds([at(2, '00:00'), at(2, '00:01')]).flatMap(([, k]) => k)).toEqual([]);
    expect(kinds([at(9, '00:00'), at(1, '00:01')]).flatMap(([, k]) => k)).toEqual([]);
  });

  it('an arrival without a send time (an older phone app) is not judged for its clock', () => {
    expect(kinds([at(1, '00:00', { sentAt: null, receivedAt: '2026-11-25T10:00:00.000Z' })])).toEqual([
      ['k1-00:00', []],
    ]);
  });
});

describe('reasons', () => {
  it.each([
    [{ kind: 'byHand' } as const, "Marked reached by hand, not by the phone's position"],
    [{ kind: 'farFromMarker', distance: 82.4 } as const, 'Recorded 82 m from the marker'],
    [
      { kind: 'tooFast', distance: 240, seconds: 30 } as const,
      'Reached 30 s after the previous marker, 240 m away: faster than a brisk walk (7.2 km/h)',
    ],
    [
      { kind: 'deviceClock', offsetSeconds: 720 } as const,
      "The phone's clock was 12 min behind the server's",
    ],
    [
      { kind: 'deviceClock', offsetSeconds: -400 } as const,
      "The phone's clock was 7 min ahead of the server's",
    ],
    [
      { kind: 'photoTime', offsetSeconds: 1800 } as const,
      'Photo taken 30 min after the marker was reached (camera time)',
    ],
    [{ kind: 'photoReused', walkReportId: 1042 } as const, 'The same picture is in walk report 1042'],
    [
      { kind: 'wrongDoor', asked: '104', read: '107' } as const,
      'Unit 104 was asked for; the photo shows 107',
    ],
  ])('%o', (facts, reason) => {
    expect(flagReason(facts)).toBe(reason);
  });
});

describe('a door photo against the unit drawn', () => {
  it.each([
    ['104', '107', { kind: 'wrongDoor', asked: '104', read: '107' }],
    [' 104 ', ' 107', { kind: 'wrongDoor', asked: '104', read: '107' }],
    ['007', '70', { kind: 'wrongDoor', asked: '007', read: '70' }],
    ['104', '104', null],
    ['104', '0104', null],
    ['007', '7', null],
    // Nothing read ('None') is not evidence of another door; no unit drawn, nothing to compare.
    ['104', null, null],
    ['104', '', null],
    [null, '107', null],
    ['', '107', null],
  ])('drawn %j, read %j: %o', (drawn, read, flag) => {
    expect(doorVerdict(drawn, read)).toEqual(flag);
  });
});

describe('picture hashes', () => {
  it.each([
    ['0000000000000000', '0000000000000000', 0],
    ['0000000000000000', '0000000000000007', 3],
    ['ffffffffffffffff', '0000000000000000', 64],
    ['8000000000000001', '0000000000000000', 2],
  ])('%s and %s differ in %i bits', (a, b, bits) => {
    expect(hammingDistance(a, b)).toBe(bits);
    expect(isSamePicture(a, b)).toBe(bits <= 3);
  });

  it('any hash within 3 bits shares a whole band with the one it matches', () => {
    const hash = '0123456789abcdef';
    const near = '1123456709abcdee'; // three bits off, in three different bands
    expect(hammingDistance(hash, near)).toBe(3);
    expect(hashBands(hash).filter((band) => hashBands(near).includes(band))).toEqual(['1:4567']);
  });
});
