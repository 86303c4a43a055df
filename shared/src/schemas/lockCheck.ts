import * as z from 'zod';
import {
  FILE_NAME_MAX_LENGTH,
  LOCK_CHECK_EVERY_DAYS_MAX,
  NOTE_MAX_LENGTH,
  ROSTER_COLUMN_MAX,
  ROSTER_UNIT_SIZE_MAX,
  ROSTER_UNITS_MAX,
  UNIT_NUMBER_MAX,
} from '../constants.ts';
import { DISCREPANCY_KINDS, LOCK_FINDINGS, UNIT_STATUSES, type UnitStatus } from '../lock-check.ts';
import type { CheckScope, ImportedUnit, RosterChanges, RosterMapping } from '../roster.ts';
import {
  clientId,
  id,
  idParam,
  instant,
  isoDateTime,
  pagedQuery,
  photoUploadRequest,
  wholeNumberParam,
} from './common.ts';

/** One unit of a roster as the client read it from the rent roll (shared/src/roster.ts `readRosterRow`). */
export const rosterUnit = z.object({
  number: z
    .string()
    .trim()
    .min(1, 'No unit number')
    .max(UNIT_NUMBER_MAX, `The unit number is longer than ${UNIT_NUMBER_MAX} characters`),
  status: z.enum(UNIT_STATUSES, { error: `A status is one of ${UNIT_STATUSES.join(', ')}` }),
  delinquent: z.boolean(),
  overlocked: z.boolean(),
  size: z
    .string()
    .trim()
    .max(ROSTER_UNIT_SIZE_MAX)
    .nullish()
    .transform((size) => size || null),
}) satisfies z.ZodType<ImportedUnit, unknown>;

/** A new roster version: the units, and the version the importer saw (null: the location had none). */
export const rosterImportBody = z.object({
  basedOnVersion: id.nullable(),
  units: z
    .array(rosterUnit)
    .min(1, 'A roster has at least one unit')
    .max(ROSTER_UNITS_MAX, `A roster has at most ${ROSTER_UNITS_MAX.toLocaleString('en')} units`),
  fileName: z.string().trim().max(FILE_NAME_MAX_LENGTH).optional(),
});

const column = z.string().trim().min(1).max(ROSTER_COLUMN_MAX);
/** Which CSV column holds each field (shared/src/roster.ts `RosterMapping`). */
export const rosterMapping = z.object({
  unit: column,
  status: column,
  delinquent: column.nullable(),
  overlocked: column.nullable(),
  size: column.nullable(),
}) satisfies z.ZodType<RosterMapping, unknown>;

/** A company's remembered mapping; null until someone saves one. */
export const rosterMappingAnswer = z.object({ mapping: rosterMapping.nullable() });

/** `?version=N`: an older version (the current one without it). */
export const rosterQuery = z.object({
  version: wholeNumberParam('version must be a whole number')
    .pipe(z.number().positive('version must be a whole number'))
    .optional(),
});

const importer = z.object({ firstName: z.string(), lastName: z.string() });

/** A version as the versions list shows it. */
export const rosterVersionSummary = z.object({
  version: id,
  importedAt: isoDateTime,
  /** Who imported it, as they were named then. */
  importedBy: importer,
  unitCount: z.number().int().nonnegative(),
  fileName: z.string().nullable(),
});

const unitAnswer = z.object({
  number: z.string(),
  status: z.enum(UNIT_STATUSES),
  delinquent: z.boolean(),
  overlocked: z.boolean(),
  size: z.string().nullable(),
});

/** One version with its units, in walk order (`compareUnitNumbers`). */
export const rosterVersion = rosterVersionSummary.extend({
  locationId: id,
  units: z.array(unitAnswer),
});
export type RosterVersion = z.infer<typeof rosterVersion>;

const statusEnum = z.enum(UNIT_STATUSES) satisfies z.ZodType<UnitStatus>;
/** What an import answers: its version, and what changed since the previous one (`rosterChanges`). */
export const rosterImported = z.object({
  version: id,
  changes: z.object({
    added: z.array(z.string()),
    removed: z.array(z.string()),
    statusChanged: z.array(z.object({ number: z.string(), from: statusEnum, to: statusEnum })),
    countBefore: z.number().int().nonnegative(),
    countAfter: z.number().int().nonnegative(),
  }) satisfies z.ZodType<RosterChanges>,
});

export const rosterVersionsQuery = pagedQuery.pick({ limit: true, offset: true });
export const rosterVersionsPage = z.object({
  versions: z.array(rosterVersionSummary),
  totalCount: z.number().int().nonnegative(),
});

// ---- Recording a lock check (the recorder's outbox sends each write, idempotent under its clientId) ----

const unitNumber = rosterUnit.shape.number;

/** Which units a check covers (shared/src/roster.ts `CheckScope`). */
export const checkScope = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('all') }),
    z.object({ kind: z.literal('prefix'), prefix: unitNumber }),
    z.object({ kind: z.literal('range'), from: unitNumber, to: unitNumber }),
  ],
  { error: 'A scope is all units, a prefix or a range' },
) satisfies z.ZodType<CheckScope, unknown>;

/** Start a check at a location, against its current roster (fixed at start). */
export const startLockCheckBody = z.object({
  clientId,
  locationId: id,
  scope: checkScope,
  startedAt: instant,
});

/** One tap: what was seen at a unit's door. A later tap of the same unit replaces it as the unit's result. */
export const lockResultBody = z.object({
  clientId,
  unit: unitNumber,
  finding: z.enum(LOCK_FINDINGS, { error: `A finding is one of ${LOCK_FINDINGS.join(', ')}` }),
  seenAt: instant,
});

/** A presigned PUT for the photo of a unit's door (read for its number once it arrives, as door checks are). */
export const lockPhotoUploadBody = photoUploadRequest.extend({
  clientId,
  unit: unitNumber,
  takenAt: instant.optional(),
});

export const finishLockCheckBody = z.object({ finishedAt: instant });

const person = z.object({ firstName: z.string(), lastName: z.string() });
const discrepancyKind = z.enum(DISCREPANCY_KINDS);

/** A photo of a unit's door, with the number SiteWalk read on it (null: not read yet, or unreadable). */
export const lockPhoto = z.object({
  imageName: z.string(),
  /** A short-lived URL to view it; null until it arrived. */
  url: z.url().nullable(),
  takenAt: isoDateTime.nullable(),
  picturedUnit: z.string().nullable(),
});

/** A unit's result in a check: its last tap, and the discrepancies the rule table finds in it. */
export const lockResult = z.object({
  unit: z.string(),
  finding: z.enum(LOCK_FINDINGS),
  seenAt: isoDateTime,
  /** The photo's unit number differs from the unit (`unitKey` compared). */
  photoMismatch: z.boolean(),
  photos: z.array(lockPhoto),
  discrepancies: z.array(discrepancyKind),
});

/** One discrepancy of a check (a unit can have more than one), and what was done about it. */
export const discrepancy = z.object({
  unit: z.string(),
  kind: discrepancyKind,
  severity: z.number().int().min(1).max(3),
  /** What was seen (null: the unit was not found). */
  finding: z.enum(LOCK_FINDINGS).nullable(),
  /** The roster's line (null: not on the roster). */
  roster: unitAnswer.nullable(),
  resolvedAt: isoDateTime.nullable(),
  resolvedBy: person.nullable(),
  resolution: z.string().nullable(),
  taskId: id.nullable(),
});

/** A check as the list shows it. */
export const lockCheckSummary = z.object({
  id,
  locationId: id,
  location: z.object({ name: z.string() }),
  startedBy: person,
  startedAt: isoDateTime,
  finishedAt: isoDateTime.nullable(),
  scope: checkScope,
  fullCheck: z.boolean(),
  rosterVersion: id,
  /** Units of the roster in the scope. */
  unitCount: z.number().int().nonnegative(),
  /** Units with a result (roster units in scope; units not on the roster are counted apart). */
  checkedCount: z.number().int().nonnegative(),
  discrepancyCount: z.number().int().nonnegative(),
  openDiscrepancyCount: z.number().int().nonnegative(),
});

/**
 * The report: the check, counts by finding, every result (so a phone can resume it) and the discrepancies, most
 * severe first. Until it is finished, 'notFound' is not counted (the walker may still reach those units).
 */
export const lockCheck = lockCheckSummary.extend({
  countsByFinding: z.record(z.enum(LOCK_FINDINGS), z.number().int().nonnegative()),
  results: z.array(lockResult),
  discrepancies: z.array(discrepancy),
});
export type LockCheck = z.infer<typeof lockCheck>;

export const lockChecksQuery = pagedQuery.pick({ limit: true, offset: true });
export const lockChecksPage = z.object({
  lockChecks: z.array(lockCheckSummary),
  totalCount: z.number().int().nonnegative(),
});

/** `?unit=`: a unit's history at a location, its findings newest first. */
export const unitHistoryQuery = pagedQuery.pick({ limit: true, offset: true }).extend({ unit: unitNumber });
export const unitHistoryPage = z.object({
  findings: z.array(
    z.object({
      lockCheckId: id,
      finding: z.enum(LOCK_FINDINGS),
      seenAt: isoDateTime,
      seenBy: person,
      discrepancies: z.array(discrepancyKind),
    }),
  ),
  totalCount: z.number().int().nonnegative(),
});

/** Which discrepancy: a unit of a check and one of its kinds. */
export const discrepancyRef = z.object({ lockCheckId: id, unit: unitNumber, kind: discrepancyKind });

/** Resolve one discrepancy with a note; it is then closed on the report. */
export const resolveDiscrepancyBody = discrepancyRef.omit({ lockCheckId: true }).extend({
  note: z.string().trim().min(1, 'A resolution needs a note').max(NOTE_MAX_LENGTH),
});

/** The photo route's params: a short-lived URL to view it. */
export const lockPhotoParams = z.object({ lockCheckId: idParam, imageName: z.string().min(1).max(200) });

/** How often a location's units are to be checked in full; the 'noLockCheck' alert says when one is overdue. */
export const lockCheckCadenceBody = z.object({
  everyDays: z
    .number({ error: 'Days are a whole number' })
    .int('Days are a whole number')
    .min(1, 'At least every day')
    .max(LOCK_CHECK_EVERY_DAYS_MAX, `At most every ${LOCK_CHECK_EVERY_DAYS_MAX} days`),
});
export const lockCheckCadence = z.object({
  locationId: id,
  everyDays: z.number().int().positive(),
  /** When the last full check finished (null: none yet). */
  lastFullCheckAt: isoDateTime.nullable(),
  /** When a full check is next due: everyDays after the last one, or after the first roster (null: no roster). */
  dueAt: isoDateTime.nullable(),
});
