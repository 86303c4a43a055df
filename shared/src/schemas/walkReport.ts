import * as z from 'zod';
import { messages } from '../messages.ts';
import { FILE_NAME_MAX_LENGTH, NOTE_MAX_LENGTH, UNIT_NUMBER_MAX } from '../constants.ts';
import { ARRIVAL_METHODS } from '../arrival.ts';
import { FLAG_KINDS } from '../flags.ts';
import {
  accuracyMeters,
  clientId,
  id,
  idParam,
  instant,
  isoDateTime,
  latitude,
  longitude,
  photoUploadRequest,
} from './common.ts';
import { marker } from './walk.ts';

export { clientId };

export const startWalkReportBody = z.object({ walkId: id, clientId, startedAt: instant });
export const completedMarkerBody = z.object({
  clientId,
  markerId: id,
  arrivedAt: instant,
  lat: latitude,
  lng: longitude,
  accuracy: accuracyMeters,
  /** By the phone's position, or marked by hand ('Mark reached'). */
  method: z.enum(ARRIVAL_METHODS).default('position'),
  isDoor: z.boolean().default(false),
  /**
   * The unit the door check asked for. Ignored on a report whose units the API drew (issue 27): the drawn unit
   * is recorded instead, whatever the phone says; kept only on reports started before that.
   */
  targetUnit: z.string().trim().max(UNIT_NUMBER_MAX).optional(),
  picturedUnit: z.string().trim().max(UNIT_NUMBER_MAX).optional(),
  /**
   * When the phone sent this request, by its own clock (set at each try, not when the arrival was recorded):
   * against the server's time at receipt it tells whether the phone's clock is off (shared/src/flags.ts).
   */
  sentAt: instant.optional(),
});
export const walkNoteBody = z.object({
  clientId,
  markerId: id,
  note: z.string().trim().min(1, messages.validation.noteRequired).max(NOTE_MAX_LENGTH),
});
/** A photo at a marker: where and when it was taken, as the phone knew it. */
export const walkPhotoUploadBody = photoUploadRequest.extend({
  clientId,
  markerId: id,
  takenAt: instant.optional(),
  lat: latitude.optional(),
  lng: longitude.optional(),
  accuracy: accuracyMeters.optional(),
  /** The photo of a door check: SiteWalk reads the unit number on it once it arrives. */
  door: z.boolean().default(false),
});
export const finishWalkReportBody = z.object({ finishedAt: instant });

/**
 * What a phone can discard of a walk's writes after the API refused it (issue 28). 'checkpoint' is the wire
 * name of a completed marker's write (the recorder's outbox kind, kept on phones).
 */
export const DISCARDED_WRITE_KINDS = ['checkpoint', 'note', 'photo', 'incident', 'finish'] as const;
/**
 * A write the walker discarded on the phone: its client id (the notice counts once under it, however often it is
 * sent) and what it was.
 */
export type DiscardedWriteKind = (typeof DISCARDED_WRITE_KINDS)[number];
export const discardedWriteBody = z.object({ clientId, kind: z.enum(DISCARDED_WRITE_KINDS) });
export const discardedWrites = z.object({
  walkReportId: id,
  /** How many writes of the report were discarded on the phone. */
  discardedCount: z.number().int().nonnegative(),
});

export const completedMarker = z.object({
  id,
  markerId: id,
  arrivedAt: isoDateTime,
  receivedAt: isoDateTime,
  lat: z.number(),
  lng: z.number(),
  accuracy: z.number(),
  method: z.enum(ARRIVAL_METHODS),
  /** Metres from the marker, measured by the API when recorded; null when the marker is not on the walk. */
  distance: z.number().nonnegative().nullable(),
  /** Outside the arrival rule (shared/src/arrival.ts) at that distance and accuracy: a flag on the report. */
  farFromMarker: z.boolean(),
  isDoor: z.boolean(),
  targetUnit: z.string().nullable(),
  /** What the walker typed as the unit on the door. */
  picturedUnit: z.string().nullable(),
  /**
   * What SiteWalk read on the door photo at this marker (issue 18): 'pending' until the photo has arrived and
   * been read, then the unit ('read') or none ('unreadable'). Null for a completed marker with no door photo.
   */
  unitRead: z
    .object({
      status: z.enum(['pending', 'read', 'unreadable']),
      unit: z.string().nullable(),
      /** 0 to 100. */
      confidence: z.number().nullable(),
    })
    .nullable(),
});
export type UnitReadView = NonNullable<z.infer<typeof completedMarker>['unitRead']>;

/**
 * What the duration rule (`shared/src/walk-duration.ts`) makes of a report: the same figures on its detail
 * and on its row in the walk-report table.
 */
export const walkReportTotals = z.object({
  /** The walk's marker count when the walk started: what this report is measured against. */
  markerCount: z.number().int().nonnegative(),
  /** Distinct markers reached. */
  completedMarkerCount: z.number().int().nonnegative(),
  firstArrivalAt: isoDateTime.nullable(),
  lastArrivalAt: isoDateTime.nullable(),
  /** '{n} min' or 'Not Completed', as the screens show it. */
  totalTime: z.string(),
  /** Whole minutes, or null when the walk is 'Not Completed'. */
  totalMinutes: z.number().int().positive().nullable(),
  /** At least 90% of the expected markers completed, with a positive time. */
  completed: z.boolean(),
});
export type WalkReportTotals = z.infer<typeof walkReportTotals>;

/** A flag on a report (shared/src/flags.ts): what it is, why, and the completed marker or photo it concerns. */
export const walkReportFlag = z.object({
  kind: z.enum(FLAG_KINDS),
  reason: z.string(),
  markerId: id.nullable(),
  /** The completed marker flagged (its `CompletedMarker` id), or null for a photo's flag. */
  completedMarkerId: id.nullable(),
  /** The photo flagged (its `markerImage` name), or null for a completed marker's flag. */
  imageName: z.string().nullable(),
});
export type WalkReportFlag = z.infer<typeof walkReportFlag>;

/**
 * The unit a door check asks for at a door marker (issue 27): drawn by the API from the marker's range when the
 * report starts, once, and kept with the report, so the phone cannot choose it and a reload asks the same.
 */
export const doorUnit = z.object({ markerId: id, unit: z.string() });
export type DoorUnit = z.infer<typeof doorUnit>;

export const walkReport = z
  .object({
    id,
    createdAt: isoDateTime,
    startedAt: isoDateTime,
    finishedAt: isoDateTime.nullable(),
    userId: id,
    user: z.object({ firstName: z.string(), lastName: z.string() }).nullable(),
    walkId: id,
    walk: z.object({ name: z.string(), locationId: id, markers: z.array(marker) }).nullable(),
    /**
     * The unit drawn for each door marker whose range names one (in the walk's marker order); none on reports
     * started before the API drew units.
     */
    doorUnits: z.array(doorUnit).default([]),
    CompletedMarker: z.array(completedMarker),
    walkNote: z.array(z.object({ id, markerId: id, note: z.string() })),
    markerImage: z.array(
      z.object({
        walkReportId: id,
        markerId: id,
        imageName: z.string(),
        imageUrl: z.url().nullable(),
        takenAt: isoDateTime.nullable(),
        lat: z.number().nullable(),
        lng: z.number().nullable(),
      }),
    ),
    /** Its flags, completed markers' first in arrival order; none on reports recorded before flags existed. */
    flags: z.array(walkReportFlag).default([]),
    flagCount: z.number().int().nonnegative().default(0),
    /** Writes the walker discarded on the phone after the API refused them (issue 28): never sent. */
    discardedCount: z.number().int().nonnegative().default(0),
  })
  .extend(walkReportTotals.shape);
export type WalkReport = z.infer<typeof walkReport>;

/** A row of the walk-report table. */
export const walkReportSummary = walkReport
  .pick({ id: true, createdAt: true, startedAt: true, finishedAt: true, user: true, walkId: true })
  .extend({
    walk: z.object({ name: z.string(), markerCount: z.number().int().nonnegative() }).nullable(),
  })
  .extend(walkReportTotals.omit({ markerCount: true }).shape)
  .extend({ flagCount: z.number().int().nonnegative().default(0) });

export type WalkReportSummary = z.infer<typeof walkReportSummary>;

export const walkReportsPage = z.object({
  walkReports: z.array(walkReportSummary),
  totalCount: z.number().int().nonnegative(),
});

export const walkPhotoParams = z.object({
  walkReportId: idParam,
  markerId: idParam,
  imageName: z
    .string()
    .max(FILE_NAME_MAX_LENGTH, 'Invalid image name')
    .regex(/^[\w.-]+$/, 'Invalid image name'),
});
