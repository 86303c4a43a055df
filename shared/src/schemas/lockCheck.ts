import * as z from 'zod';
import {
  FILE_NAME_MAX_LENGTH,
  ROSTER_COLUMN_MAX,
  ROSTER_UNIT_SIZE_MAX,
  ROSTER_UNITS_MAX,
  UNIT_NUMBER_MAX,
} from '../constants.ts';
import { UNIT_STATUSES, type UnitStatus } from '../lock-check.ts';
import type { ImportedUnit, RosterChanges, RosterMapping } from '../roster.ts';
import { id, isoDateTime, pagedQuery, wholeNumberParam } from './common.ts';

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
