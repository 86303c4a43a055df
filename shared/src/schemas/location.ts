import * as z from 'zod';
import {
  DEFAULT_LOCATION_ZOOM,
  GEOCODE_ADDRESS_MAX_LENGTH,
  NAME_MAX_LENGTH,
  STATE_MAX_LENGTH,
} from '../constants.ts';
import { messages } from '../messages.ts';
import { id, isoDateTime, zipcode } from './common.ts';
import { requiredAs } from './required.ts';

const text = (label: string) => z.string().trim().min(1, `${label} is required`).max(NAME_MAX_LENGTH);
const latitude = z.number().min(-90).max(90);
const longitude = z.number().min(-180).max(180);
const zoomLevel = z.number().min(1).max(22);

const fields = {
  name: text('Name'),
  address: text('Address'),
  city: requiredAs(
    z.string().trim().min(1, messages.validation.fillAllFields).max(NAME_MAX_LENGTH),
    messages.validation.fillAllFields,
  ),
  state: requiredAs(
    z.string().trim().min(1, messages.validation.fillAllFields).max(STATE_MAX_LENGTH),
    messages.validation.fillAllFields,
  ),
  zipcode: requiredAs(zipcode, messages.validation.fillAllFields),
  latitude,
  longitude,
  zoomLevel,
  organizationId: requiredAs(id, messages.validation.selectArea),
};

export const createLocationBody = z.object({
  ...fields,
  zoomLevel: zoomLevel.default(DEFAULT_LOCATION_ZOOM),
});
export const updateLocationBody = z.object({
  id,
  ...z.object(fields).partial().shape,
  name: text('Name').optional(),
});

export const location = z.object({
  id,
  name: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zipcode: z.string(),
  latitude,
  longitude,
  zoomLevel,
  organizationId: id,
  organizationName: z.string().nullable(),
  managementCompanyId: id,
  managementCompanyName: z.string().nullable(),
  createdAt: isoDateTime,
});
export type Location = z.infer<typeof location>;

export const locationsPage = z.object({
  locations: z.array(location),
  totalCount: z.number().int().nonnegative(),
});

export const geocodeQuery = z.object({
  address: z.string().trim().min(3, 'Enter an address to search').max(GEOCODE_ADDRESS_MAX_LENGTH),
});
export const geocodeResult = z.object({
  lat: latitude,
  lng: longitude,
  label: z.string(),
  /** The point is near the address, not on it: a ZIP code's centre (offline), or a street or town (AWS). */
  approximate: z.boolean(),
});
