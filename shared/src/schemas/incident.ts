import * as z from 'zod';
import { messages } from '../messages.ts';
import { INCIDENT_BY_LOCATION_LIMIT, INCIDENT_TEXT_MAX_LENGTH, NOTE_MAX_LENGTH } from '../constants.ts';
import {
  clientId,
  id,
  idParam,
  instant,
  isoDateTime,
  photoUploadRequest,
  wholeNumberParam,
} from './common.ts';

export const priority = z.number().int().min(1, 'Priority is 1, 2 or 3').max(3, 'Priority is 1, 2 or 3');

const texts = z.array(z.string().trim().min(1).max(INCIDENT_TEXT_MAX_LENGTH)).max(20);

export const createIncidentBody = z.object(
  {
    locationId: id,
    typeId: priority,
    incidentTexts: texts.default([]),
    notes: z.array(z.string().trim().min(1).max(NOTE_MAX_LENGTH)).max(20).default([]),
    walkReportId: id.optional(),
    /** Makes the create idempotent (the walk recorder's outbox may send it twice): a retry answers the first. */
    clientId: clientId.optional(),
  },
  { error: messages.validation.missingIncidentInfo },
);
export const updateIncidentBody = z.object(
  { id, typeId: priority.optional(), incidentTexts: texts.optional() },
  { error: messages.validation.missingIncidentInfo },
);

/** A photo of an incident; a `clientId` makes a retried request sign the same upload again. */
export const incidentPhotoUploadBody = photoUploadRequest.extend({ clientId: clientId.optional() });

export const incidentNoteBody = z.object({
  incidentId: id,
  note: z.string().trim().min(1, messages.validation.noteRequired).max(NOTE_MAX_LENGTH),
});
export const resolveIncidentBody = z.object({
  resolved: z.boolean(),
  /** When it was resolved, by the client's clock; a time in the future is taken as now, one before the incident as its creation. */
  resolvedAt: instant.nullable().optional(),
});

export const incidentNote = z.object({
  id,
  note: z.string(),
  createdAt: isoDateTime,
  user: z.object({ firstName: z.string(), lastName: z.string() }).nullable(),
});

export const incident = z.object({
  id,
  typeId: z.number().int(),
  createdAt: isoDateTime,
  resolvedAt: isoDateTime.nullable(),
  resolved: z.boolean(),
  locationId: id,
  walkReportId: id.nullable(),
  notes: z.array(incidentNote),
  images: z.array(z.object({ key: z.string(), presignedUrl: z.url() })),
  incidentTexts: z.array(z.object({ id, incidentNoteText: z.object({ text: z.string() }) })),
  walk: z.object({ location: z.object({ name: z.string() }), locationId: id }).nullable(),
  location: z.object({ name: z.string() }).nullable(),
});
export type Incident = z.infer<typeof incident>;

export const incidentsPage = z.object({
  incidents: z.array(incident),
  totalCount: z.number().int().nonnegative(),
  unresolvedCount: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  limit: z.number().int().positive(),
  totalPages: z.number().int().nonnegative(),
});

/** `unresolvedOnly=true` lists open incidents only (the screens' default filter); any list of incidents takes it. */
export const unresolvedOnly = z
  .enum(['true', 'false'])
  .default('false')
  .transform((v) => v === 'true');

/** Where a list of a location's incidents, newest first, goes on: just before this incident. */
export interface IncidentCursor {
  createdAt: string;
  incidentId: number;
}
export const encodeIncidentCursor = (at: IncidentCursor): string => `${at.createdAt}_${at.incidentId}`;
const invalidCursor = 'pass back the nextCursor of an earlier answer';

export const byLocationQuery = z.object({
  unresolvedOnly,
  /** At most this many, newest first (fewer when the answer would grow past its byte budget). */
  limit: wholeNumberParam('limit must be a positive whole number')
    .pipe(
      z
        .number()
        .positive('limit must be a positive whole number')
        .max(INCIDENT_BY_LOCATION_LIMIT, messages.validation.limitTooLarge(INCIDENT_BY_LOCATION_LIMIT)),
    )
    .default(INCIDENT_BY_LOCATION_LIMIT),
  /** The `nextCursor` of the previous answer: the incidents older than those it listed. */
  cursor: z
    .string()
    .max(100, invalidCursor)
    .transform((value, ctx): IncidentCursor => {
      const [createdAt = '', incidentId = ''] = value.split('_');
      if (!isoDateTime.safeParse(createdAt).success || !/^[1-9]\d{0,15}$/.test(incidentId)) {
        ctx.addIssue({ code: 'custom', message: invalidCursor, input: value });
        return z.NEVER;
      }
      return { createdAt, incidentId: Number(incidentId) };
    })
    .optional(),
});

export const dashboardQuery = z.object({
  /** The incidents shown are those created from `from` (default: 30 days before `to`) to `to` (default: now). */
  from: instant.optional(),
  /** The walk-report counts are of the 72 hours and the week before `to`. */
  to: instant.optional(),
  typeId: wholeNumberParam('typeId is 1, 2 or 3').pipe(priority).optional(),
  locationId: idParam.optional(),
  /** Open incidents only, in the list and in the counts. */
  unresolvedOnly,
});

/** A location's incidents, newest first; `nextCursor` (null at the oldest) asks for the ones before them. */
export const incidentsOfLocation = z.object({
  incidents: z.array(incident),
  nextCursor: z.string().nullable(),
});

export const dashboardLocation = z.object({
  id,
  name: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zipcode: z.string(),
  walkReportStats: z.object({
    last72Hours: z.number().int().nonnegative(),
    lastWeek: z.number().int().nonnegative(),
    /** Flags on the reports started in the last week (shared/src/flags.ts). */
    flagsLastWeek: z.number().int().nonnegative().default(0),
  }),
  incidentCountsByType: z.object({ 1: z.number().int(), 2: z.number().int(), 3: z.number().int() }),
  incidents: z.array(incident),
});
export const dashboard = z.object({ locations: z.array(dashboardLocation) });
