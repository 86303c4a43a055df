/**
 * Lock checks (issue 31): the unit-by-unit inventory walk against the facility's rent roll. The roster's
 * statuses, what a walker can see at a door, and the one rule table that turns a unit and what was seen there
 * into discrepancies — the same for the phone (which asks for a photo when there is one), the API (which stores
 * them) and the reports (which list them).
 */
import { INCIDENT_PRIORITIES } from './constants.ts';

/** A roster unit's status, as the management software exports it (mapped at import). */
export const UNIT_STATUSES = ['rented', 'vacant', 'companyUse', 'unavailable'] as const;
export type UnitStatus = (typeof UNIT_STATUSES)[number];
export const UNIT_STATUS_LABELS: Record<UnitStatus, string> = {
  rented: 'Rented',
  vacant: 'Vacant',
  companyUse: 'Company use',
  unavailable: 'Unavailable',
};

/** What a roster says of one unit (the parts the rules read). */
export interface RosterUnit {
  number: string;
  status: UnitStatus;
  /** The tenant is behind on rent. */
  delinquent: boolean;
  /** The software says the site has overlocked it. */
  overlocked: boolean;
}

/** What the walker sees at a unit's door: one tap each, in the order the buttons show. */
export const LOCK_FINDINGS = [
  'tenantLock',
  'overlock',
  'companyLock',
  'noLock',
  'doorOpen',
  'lockCut',
] as const;
export type LockFinding = (typeof LOCK_FINDINGS)[number];
export const LOCK_FINDING_LABELS: Record<LockFinding, string> = {
  tenantLock: 'Tenant lock',
  overlock: 'Overlock',
  companyLock: 'Company lock',
  noLock: 'No lock',
  doorOpen: 'Door open',
  lockCut: 'Lock cut or damaged',
};

/** A discrepancy's severity, on the incidents' and tasks' priority scale (1 Critical, 2 Important, 3 Regular). */
export type Severity = keyof typeof INCIDENT_PRIORITIES;

export const DISCREPANCY_KINDS = [
  'lockCut',
  'unsecured',
  'doorOpen',
  'vacantTenantLock',
  'notOnRoster',
  'delinquentNotOverlocked',
  'overlockedNotDelinquent',
  'notFound',
  'rentedCompanyLock',
] as const;
export type DiscrepancyKind = (typeof DISCREPANCY_KINDS)[number];

/** Everything the rules read of one unit: its roster line (null: not on the roster) and what was seen (null: not checked). */
export interface UnitObservation {
  unit: RosterUnit | null;
  finding: LockFinding | null;
  /** The check covered every unit of the roster (a full check), so an unchecked roster unit was not found. */
  fullCheck: boolean;
}

interface DiscrepancyRule {
  kind: DiscrepancyKind;
  label: string;
  severity: Severity;
  applies: (observation: UnitObservation) => boolean;
}

const seen = (finding: LockFinding) => (o: UnitObservation) => o.finding === finding;

/**
 * The rule table, most severe first (a report lists a unit's discrepancies in this order). A unit can have more
 * than one: a delinquent unit found with its lock cut is both 'lockCut' and 'delinquentNotOverlocked'.
 */
export const DISCREPANCY_RULES: readonly DiscrepancyRule[] = [
  { kind: 'lockCut', label: 'Lock cut or damaged', severity: 1, applies: seen('lockCut') },
  {
    kind: 'unsecured',
    label: 'Rented unit with no lock',
    severity: 1,
    applies: (o) => o.unit?.status === 'rented' && o.finding === 'noLock',
  },
  { kind: 'doorOpen', label: 'Door open', severity: 1, applies: seen('doorOpen') },
  {
    kind: 'vacantTenantLock',
    label: 'Vacant unit with a tenant lock',
    severity: 1,
    applies: (o) => o.unit?.status === 'vacant' && o.finding === 'tenantLock',
  },
  {
    kind: 'notOnRoster',
    label: 'Unit not on the roster',
    severity: 2,
    applies: (o) => o.unit === null && o.finding !== null,
  },
  {
    kind: 'delinquentNotOverlocked',
    label: 'Delinquent and not overlocked',
    severity: 2,
    applies: (o) => o.unit?.delinquent === true && o.finding !== null && o.finding !== 'overlock',
  },
  {
    kind: 'overlockedNotDelinquent',
    label: 'Overlocked and not delinquent',
    severity: 2,
    applies: (o) => o.unit !== null && !o.unit.delinquent && o.finding === 'overlock',
  },
  {
    kind: 'notFound',
    label: 'Roster unit not found',
    severity: 2,
    applies: (o) => o.unit !== null && o.finding === null && o.fullCheck,
  },
  {
    kind: 'rentedCompanyLock',
    label: 'Rented unit with a company lock',
    severity: 3,
    applies: (o) => o.unit?.status === 'rented' && o.finding === 'companyLock',
  },
];

export const DISCREPANCY_LABELS = Object.fromEntries(
  DISCREPANCY_RULES.map(({ kind, label }) => [kind, label]),
) as Record<DiscrepancyKind, string>;
export const DISCREPANCY_SEVERITY = Object.fromEntries(
  DISCREPANCY_RULES.map(({ kind, severity }) => [kind, severity]),
) as Record<DiscrepancyKind, Severity>;

/** The discrepancies of one unit, most severe first (none: all is as the roster says). */
export const discrepanciesOf = (observation: UnitObservation): DiscrepancyKind[] =>
  DISCREPANCY_RULES.filter((rule) => rule.applies(observation)).map((rule) => rule.kind);

/** A photo of the door is required where what was seen is a discrepancy, and optional otherwise. */
export const photoRequired = (unit: RosterUnit | null, finding: LockFinding): boolean =>
  discrepanciesOf({ unit, finding, fullCheck: false }).length > 0;

/** Units compared as the roster writes them: spaces around and letter case aside ('a-101' is 'A-101'). */
export const unitKey = (number: string) => number.trim().toUpperCase();

/**
 * Whether the number read on a door photo is the unit's (else the report shows a mismatch): the same text (as
 * `unitKey` compares), or the unit's last number, leading zeros aside, since the door reader
 * (functions/src/domain/unit-reading.ts) reads digits only: 'B-012' shows '12'.
 */
export const photoShowsUnit = (unit: string, pictured: string): boolean => {
  if (unitKey(unit) === unitKey(pictured)) return true;
  const read = pictured.trim();
  const digits = /(\d+)\D*$/.exec(unit.trim())?.[1];
  return /^\d+$/.test(read) && digits !== undefined && Number(digits) === Number(read);
};
