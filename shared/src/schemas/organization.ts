import * as z from 'zod';
import { messages } from '../messages.ts';
import { NAME_MAX_LENGTH } from '../constants.ts';
import { id, isoDateTime, zipcode } from './common.ts';
import { clearable, requiredAs } from './required.ts';

const optionalText = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
  z.string().trim().max(NAME_MAX_LENGTH).optional(),
);

const fields = {
  name: z.string().trim().min(1, 'Name is required').max(NAME_MAX_LENGTH),
  managementCompanyId: id,
  address: optionalText,
  city: optionalText,
  state: optionalText,
  zipcode: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    zipcode.optional(),
  ),
};

export const createOrganizationBody = z.object(
  { ...fields, managementCompanyId: requiredAs(id, messages.validation.selectManagementCompany) },
  { error: messages.validation.noOrganizationInfo },
);

/** On update, a field left out keeps its value; `null` or a blank string clears an optional one. */
export const updateOrganizationBody = z.object(
  {
    id,
    name: fields.name.optional(),
    managementCompanyId: id.optional(),
    address: clearable(z.string().trim().max(NAME_MAX_LENGTH)),
    city: clearable(z.string().trim().max(NAME_MAX_LENGTH)),
    state: clearable(z.string().trim().max(NAME_MAX_LENGTH)),
    zipcode: clearable(zipcode),
  },
  { error: messages.validation.noAreaInfo },
);

/** An area as the API answers it, with its company's name and its totals. */
export const organization = z.object({
  id,
  name: z.string(),
  createdAt: isoDateTime,
  hasLogo: z.boolean(),
  managementCompanyId: id,
  managementCompanyName: z.string().nullable(),
  totalLocations: z.number().int().nonnegative(),
  totalEmployees: z.number().int().nonnegative(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zipcode: z.string().nullable(),
});
export type Organization = z.infer<typeof organization>;

export const organizationsPage = z.object({
  organizations: z.array(organization),
  totalCount: z.number().int().nonnegative(),
});
export const nameResponse = z.object({ id, name: z.string() });
