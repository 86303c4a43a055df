import {
  DISCREPANCY_LABELS,
  LOCK_FINDING_LABELS,
  LOCK_FINDINGS,
  UNIT_STATUS_LABELS,
  unitKey,
  type LockFinding,
} from '@sitewalk/shared/lock-check';
import { scopeLabel } from '@sitewalk/shared/roster';
import type { LockCheck } from '@sitewalk/shared/schemas/lockCheck';

type Discrepancy = LockCheck['discrepancies'][number];
type Result = LockCheck['results'][number];

/** One discrepancy as the report lists it: what it is, what was seen, what the roster says, and its state. */
export interface DiscrepancyRow {
  key: string;
  discrepancy: Discrepancy;
  label: string;
  /** 'Lock cut or damaged', or 'Not found' for a roster unit no one reached. */
  seen: string;
  /** 'Rented · Delinquent', or 'Not on the roster'. */
  roster: string;
  /** The unit's result (its photos, and whether a photo reads another number). */
  result: Result | null;
  /** Open until someone resolves it with a note; a task made of it keeps it open, linked, until then. */
  state: 'open' | 'resolved';
}

const rosterLine = (roster: Discrepancy['roster']) =>
  roster === null
    ? 'Not on the roster'
    : [
        UNIT_STATUS_LABELS[roster.status],
        ...(roster.delinquent ? ['Delinquent'] : []),
        ...(roster.overlocked ? ['Overlocked'] : []),
      ].join(' · ');

/** The report's discrepancies, as the server orders them (most severe first), with the unit's result beside. */
export const discrepancyRows = (check: LockCheck): DiscrepancyRow[] => {
  const results = new Map(check.results.map((result) => [unitKey(result.unit), result]));
  return check.discrepancies.map((discrepancy) => ({
    key: `${unitKey(discrepancy.unit)}:${discrepancy.kind}`,
    discrepancy,
    label: DISCREPANCY_LABELS[discrepancy.kind],
    seen: discrepancy.finding === null ? 'Not found' : LOCK_FINDING_LABELS[discrepancy.finding],
    roster: rosterLine(discrepancy.roster),
    result: results.get(unitKey(discrepancy.unit)) ?? null,
    state: discrepancy.resolvedAt !== null ? 'resolved' : 'open',
  }));
};

/** The findings seen at least once, in the order the phone's buttons show them, with their counts. */
export const findingCounts = (check: LockCheck): { finding: LockFinding; label: string; count: number }[] =>
  LOCK_FINDINGS.flatMap((finding) => {
    const count = check.countsByFinding[finding] ?? 0;
    return count > 0 ? [{ finding, label: LOCK_FINDING_LABELS[finding], count }] : [];
  });

/** The units whose number holds `term` (letter case aside), in the report's order. */
export const resultsMatching = (check: LockCheck, term: string): Result[] => {
  const wanted = unitKey(term);
  return wanted ? check.results.filter((result) => unitKey(result.unit).includes(wanted)) : check.results;
};

export const scopeOf = (check: LockCheck) => scopeLabel(check.scope);
