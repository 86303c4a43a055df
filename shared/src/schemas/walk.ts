import * as z from 'zod';
import { MARKER_NOTES_MAX, UNIT_RANGE_MAX, WALK_DESCRIPTION_MAX, WALK_NAME_MAX } from '../constants.ts';
import { messages } from '../messages.ts';
import { id, isoDateTime } from './common.ts';

/** Unit ranges: digits, commas, spaces and hyphens only; no tabs or line breaks. */
export const UNIT_RANGE_PATTERN = /^[0-9, -]*$/;
/** What the form does as a person types: strips any other character. */
export const stripUnitRange = (text: string) => text.replace(/[^0-9, -]/g, '');

export const markerInput = z.object({
  /** On update, a marker that names one of the walk's markers keeps its id (reports point at it). */
  id: id.optional(),
  label: z.number().int().positive(),
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
  notes: z.string().trim().max(MARKER_NOTES_MAX).default(''),
  unitNumberRange: z
    .string()
    .trim()
    .max(UNIT_RANGE_MAX)
    .regex(UNIT_RANGE_PATTERN, messages.validation.unitRangeCharacters)
    .default(''),
  hasUnitRange: z.boolean().default(false),
  isDoor: z.boolean().default(false),
  order: z.number().int().nonnegative().optional(),
});

const walkFields = {
  name: z
    .string()
    .trim()
    .min(1, messages.validation.walkNameRequired)
    .max(WALK_NAME_MAX, messages.validation.walkNameTooLong),
  description: z
    .string()
    .trim()
    .max(WALK_DESCRIPTION_MAX, messages.validation.walkDescriptionTooLong)
    .default(''),
  locationId: id,
  markers: z.array(markerInput).min(1, messages.validation.walkNeedsMarker).max(200),
};

export const createWalkBody = z.object(walkFields);
export const updateWalkBody = z.object({ id, ...walkFields });

export const marker = z.object({
  id,
  walkId: id,
  label: z.number().int().positive(),
  lat: z.number(),
  lng: z.number(),
  notes: z.string(),
  unitNumberRange: z.string(),
  hasUnitRange: z.boolean(),
  isDoor: z.boolean(),
  order: z.number().int().nonnegative(),
});
export type Marker = z.infer<typeof marker>;

export const walk = z.object({
  id,
  name: z.string(),
  description: z.string(),
  locationId: id,
  markers: z.array(marker),
  createdAt: isoDateTime,
  deletedAt: isoDateTime.nullable(),
});
export type Walk = z.infer<typeof walk>;

/**
 * What a walker may record, for the recorder to keep on the device: each location of the caller's scope that has
 * a walk with markers (by name), with those walks (by name); deleted walks and walks without markers left out.
 */
export const recorderCatalog = z.array(z.object({ id, name: z.string(), walks: z.array(walk) }));
export type RecorderCatalogAnswer = z.infer<typeof recorderCatalog>;
