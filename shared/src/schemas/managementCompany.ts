import * as z from 'zod';
import { messages } from '../messages.ts';
import { companyRoleIds, type RoleId } from '../roles.ts';
import { NAME_MAX_LENGTH } from '../constants.ts';
import { clearable } from './required.ts';
import { email, id, isoDateTime, optionalPhone, phone, webAddress } from './common.ts';

const website = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
  webAddress.optional(),
);

const fields = {
  name: z.string().trim().min(1, 'Company Name is required').max(NAME_MAX_LENGTH),
  email,
  phone: optionalPhone,
  website,
};

export const createManagementCompanyBody = z.object(fields, {
  error: messages.validation.noManagementCompanyInfo,
});

/** The company's roles that must use two-step verification (Owner and below), each once. */
const mfaRequiredRoles = z
  .array(
    z
      .number()
      .int()
      .refine(
        (value): value is RoleId => (companyRoleIds as readonly number[]).includes(value),
        'Only the roles of a management company (Owner and below)',
      ),
  )
  .max(companyRoleIds.length)
  .refine((roles) => new Set(roles).size === roles.length, 'Each role once');

export const updateManagementCompanyBody = z.object(
  {
    id,
    name: fields.name.optional(),
    email: email.optional(),
    phone: clearable(phone),
    website: clearable(webAddress),
    mfaRequiredRoles: mfaRequiredRoles.optional(),
  },
  { error: messages.validation.noManagementCompanyInfo },
);

export const managementCompany = z.object({
  id,
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  website: z.string().nullable(),
  hasLogo: z.boolean(),
  createdAt: isoDateTime,
  /** The roles the company requires two-step verification of. */
  mfaRequiredRoles: z.array(z.number()),
  /** The roles the stage requires it of anyway: a company can add to these, never lift them. */
  mfaRequiredByStage: z.array(z.number()),
});
export type ManagementCompany = z.infer<typeof managementCompany>;

export const managementCompaniesPage = z.object({
  managementCompanies: z.array(managementCompany),
  totalCount: z.number().int().nonnegative(),
});
