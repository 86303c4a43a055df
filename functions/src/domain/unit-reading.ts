import { UNIT_READ_MIN_CONFIDENCE } from '@sitewalk/shared/constants';
import type { TextDetection } from '../ports/text-detector.ts';

/** What was read on a door photo: the unit number, or null when no number could be read. */
export interface UnitRead {
  unit: string | null;
  /** 0 to 100; null when nothing was read. */
  confidence: number | null;
}

/** A unit number as doors show it: digits, perhaps written with a '#' or spaces ('# 104', '1 04'). */
const asUnit = (text: string): string | null => {
  const compact = text.replace(/[#\s]/g, '');
  return /^\d{1,6}$/.test(compact) ? compact : null;
};

/**
 * The unit number among the text found on a door photo: of the words that are numbers and were read with
 * enough confidence, the tallest (the number painted on the door, not a sign's small print); a tie goes to
 * the more confident.
 */
export const unitFromDetections = (detections: readonly TextDetection[]): UnitRead => {
  const numbers = detections
    .filter((d) => d.type === 'WORD' && d.confidence >= UNIT_READ_MIN_CONFIDENCE)
    .flatMap((d) => {
      const unit = asUnit(d.text);
      return unit ? [{ unit, confidence: d.confidence, height: d.box.height }] : [];
    })
    .sort((a, b) => b.height - a.height || b.confidence - a.confidence);
  const best = numbers[0];
  return best
    ? { unit: best.unit, confidence: Math.round(best.confidence) }
    : { unit: null, confidence: null };
};
