/**
 * A lock check's actions on the phone (issue 31), each as the check it leaves and the outbox writes it adds
 * (`store.recordLockCheck` takes both in one transaction). Pure: the clock and the ids come in.
 */
import type { ImageContentType } from '@sitewalk/shared/constants';
import {
  discrepanciesOf,
  photoRequired,
  unitKey,
  type DiscrepancyKind,
  type LockFinding,
  type RosterUnit,
} from '@sitewalk/shared/lock-check';
import {
  compareUnitNumbers,
  doorWalkOrder,
  isFullCheck,
  unitsInScope,
  type CheckScope,
} from '@sitewalk/shared/roster';
import type { RosterVersion } from '@sitewalk/shared/schemas/lockCheck';
import type { NewId } from '../logic/session-actions.ts';
import type { LockCheckSession, LockTap, OutboxWrite } from '../store/types.ts';

export interface LockRecorded {
  session: LockCheckSession;
  writes: OutboxWrite[];
}

const uuid: NewId = () => crypto.randomUUID();

export interface StartLockCheckInput {
  userId: number;
  location: { id: number; name: string };
  roster: Pick<RosterVersion, 'version'>;
  scope: CheckScope;
  now: string;
}

/** A new lock check: the session (named by the start's client id) and its start. */
export const startLockCheck = (
  { userId, location, roster, scope, now }: StartLockCheckInput,
  newId: NewId = uuid,
): LockRecorded => {
  const key = newId();
  return {
    session: {
      key,
      userId,
      locationId: location.id,
      locationName: location.name,
      scope,
      rosterVersion: roster.version,
      startedAt: now,
      results: {},
      awaitingPhoto: null,
      photoCounts: {},
      addedUnits: [],
      finishedAt: null,
    },
    writes: [{ session: key, kind: 'lockCheckStart', locationId: location.id, scope, startedAt: now }],
  };
};

/**
 * A tap of a finding at a unit. When the finding needs a door photo (a discrepancy of the unit's roster line),
 * the tap waits for it and nothing is queued yet; otherwise it is the unit's result (a tap again replaces it).
 */
export const tapFinding = (
  session: LockCheckSession,
  unit: { number: string; roster: RosterUnit | null },
  finding: LockFinding,
  now: string,
  newId: NewId = uuid,
): LockRecorded => {
  const tap: LockTap = { clientId: newId(), unit: unit.number, finding, seenAt: now };
  if (photoRequired(unit.roster, finding)) return { session: { ...session, awaitingPhoto: tap }, writes: [] };
  const awaiting = session.awaitingPhoto;
  return {
    session: {
      ...session,
      results: { ...session.results, [unitKey(unit.number)]: tap },
      // A tap of the unit that waited for its photo replaces that tap.
      awaitingPhoto: awaiting && unitKey(awaiting.unit) === unitKey(unit.number) ? null : awaiting,
    },
    writes: [{ session: session.key, kind: 'lockResult', result: tap }],
  };
};

export interface TakenPhoto {
  blob: Blob;
  contentType: ImageContentType;
}

/**
 * A door photo of a unit: the result that waited for it (when it is this unit's) is queued first, then the
 * photo, so the API has the unit's result when the photo arrives.
 */
export const addLockPhoto = (
  session: LockCheckSession,
  unit: string,
  photo: TakenPhoto,
  now: string,
  newId: NewId = uuid,
): LockRecorded => {
  const key = unitKey(unit);
  const awaiting =
    session.awaitingPhoto && unitKey(session.awaitingPhoto.unit) === key ? session.awaitingPhoto : null;
  const writes: OutboxWrite[] = awaiting
    ? [{ session: session.key, kind: 'lockResult', result: awaiting }]
    : [];
  writes.push({
    session: session.key,
    kind: 'lockPhoto',
    photo: { clientId: newId(), unit, takenAt: now },
    blob: photo.blob,
    contentType: photo.contentType,
  });
  return {
    session: {
      ...session,
      results: awaiting ? { ...session.results, [key]: awaiting } : session.results,
      awaitingPhoto: awaiting ? null : session.awaitingPhoto,
      photoCounts: { ...session.photoCounts, [key]: (session.photoCounts[key] ?? 0) + 1 },
    },
    writes,
  };
};

/** A unit found that is not on the roster: listed, to be tapped like the others. */
export const addUnit = (session: LockCheckSession, number: string): LockCheckSession => {
  const trimmed = number.trim();
  if (!trimmed || session.addedUnits.some((added) => unitKey(added) === unitKey(trimmed))) return session;
  return { ...session, addedUnits: [...session.addedUnits, trimmed] };
};

/** The finish: a tap still waiting for its photo is not sent (it was never a result). */
export const finishLockCheck = (session: LockCheckSession, now: string): LockRecorded => ({
  session: { ...session, finishedAt: now, awaitingPhoto: null },
  writes: [{ session: session.key, kind: 'lockCheckFinish', finishedAt: now }],
});

/** One unit of the check's list: its roster line (null: added on the phone). */
export interface CheckUnit {
  number: string;
  key: string;
  roster: RosterVersion['units'][number] | null;
}

/**
 * The check's units in walk order: the roster's in the scope, along the door markers of one of the location's
 * walks (`doorWalks`: each walk's door-marker ranges) when they cover them all, else by unit number; then those
 * added (not on the roster).
 */
export const checkUnits = (
  roster: Pick<RosterVersion, 'units'>,
  scope: CheckScope,
  addedUnits: readonly string[],
  doorWalks: readonly (readonly string[])[] = [],
): CheckUnit[] => {
  const inScope = unitsInScope(roster.units, scope);
  const alongDoors = doorWalkOrder(inScope, doorWalks);
  const listed = (alongDoors ?? inScope).map((unit) => ({
    number: unit.number,
    key: unitKey(unit.number),
    roster: unit,
  }));
  const known = new Set(listed.map((unit) => unit.key));
  const added = addedUnits
    .filter((number) => !known.has(unitKey(number)))
    .map((number) => ({ number, key: unitKey(number), roster: null }));
  if (added.length === 0) return listed;
  // Along the doors, a unit added on the phone has no place: it follows them.
  return alongDoors
    ? [...listed, ...added]
    : [...listed, ...added].sort((a, b) => compareUnitNumbers(a.number, b.number));
};

/** What the list shows of a unit's last tap: the discrepancies the rule table finds in it. */
export const unitDiscrepancies = (unit: CheckUnit, finding: LockFinding | null): DiscrepancyKind[] =>
  finding === null ? [] : discrepanciesOf({ unit: unit.roster, finding, fullCheck: false });

/** How many of the check's roster units have a result, and how many it covers. */
export const coverage = (units: readonly CheckUnit[], results: LockCheckSession['results']) => {
  let total = 0;
  let checked = 0;
  for (const unit of units) {
    if (unit.roster === null) continue;
    total += 1;
    if (results[unit.key]) checked += 1;
  }
  return { checked, total };
};

/** What the finish says of the units left: unchecked, and (a full check) reported as not found. */
export const uncheckedText = (unchecked: number, scope: CheckScope) => {
  if (unchecked === 0) return 'Every unit is checked.';
  const units = unchecked === 1 ? '1 unit is' : `${unchecked.toLocaleString('en')} units are`;
  return isFullCheck(scope)
    ? `${units} not checked: this is a full check, so they will be reported as not found.`
    : `${units} not checked.`;
};
