import { describe, expect, it } from 'vitest';
import { UNIT_READ_MIN_CONFIDENCE } from '@sitewalk/shared/constants';
import type { TextDetection } from '../ports/text-detector.ts';
import { unitFromDetections } from './unit-reading.ts';

/** A WORD as DetectText reports it, `height` a fraction of the photo's. */
const word = (
  text: string,
  confidence = 95,
  height = 0.2,
  type: TextDetection['type'] = 'WORD',
): TextDetection => ({
  text,
  type,
  confidence,
  box: { left: 0.1, top: 0.1, width: 0.3, height },
});

describe('the unit read on a door photo', () => {
  it.each([
    ['a number alone', [word('104')], '104'],
    ["a number written with '#'", [word('#104')], '104'],
    ["'#' apart, and spaces inside", [word('# 1 04')], '104'],
    ['leading zeros kept', [word('007')], '007'],
    ['six digits at most', [word('123456')], '123456'],
    ['the tallest number: the door’s, not a sign’s', [word('12', 99, 0.03), word('310', 90, 0.25)], '310'],
    ['of two as tall, the more confident', [word('311', 80), word('318', 97)], '318'],
    [
      'words that are not numbers are passed over',
      [word('KEEP', 99, 0.3), word('CLEAR', 99, 0.3), word('215')],
      '215',
    ],
    ['confidence just at the floor counts', [word('42', UNIT_READ_MIN_CONFIDENCE)], '42'],
  ])('%s', (_, detections, unit) => {
    expect(unitFromDetections(detections).unit).toBe(unit);
  });

  it.each([
    ['nothing found', []],
    ['no numbers', [word('NO SMOKING'), word('UNIT')]],
    ['a number below the confidence floor', [word('104', UNIT_READ_MIN_CONFIDENCE - 0.1)]],
    ['digits mixed with letters', [word('104B'), word('A12'), word('1O4')]],
    ['more than six digits (a phone number)', [word('5551234')]],
    ['punctuation that is not a unit', [word('10-4'), word('1.04'), word('#')]],
    ['a LINE alone (its WORDs carry the unit)', [word('104', 99, 0.2, 'LINE')]],
    ['blank text', [word(''), word('   ')]],
  ])('reads no unit from %s', (_, detections) => {
    expect(unitFromDetections(detections)).toEqual({ unit: null, confidence: null });
  });

  it('answers the confidence of the word it chose, rounded', () => {
    expect(unitFromDetections([word('12', 60, 0.02), word('220', 87.6, 0.3)])).toEqual({
      unit: '220',
      confidence: 88,
    });
  });
});
