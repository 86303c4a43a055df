import * as z from 'zod';
import { roleFields, roleIds, roleNames, type RoleId } from '../roles.ts';
import { messages } from '../messages.ts';
import {
  MAX_MEMBERSHIPS,
  MAX_USER_IDS_PER_CALL,
  PASSWORD_MAX_LENGTH,
  PERSON_NAME_MAX_LENGTH,
  TABLE_NAME_MAX_LENGTH,
  TABLE_ORDER_MAX,
} from '../constants.ts';
import { email, id, idParam, isoDateTime, optionalPhone, pagedQuery, password, pin } from './common.ts';
import { refusedAs } from './required.ts';

export const roleId = z
  .number()
  .int()
  .refine((value): value is RoleId => (roleIds as readonly number[]).includes(value), 'Unknown role');

/** A user as the API answers it (the password never leaves the server; the PIN only through its reveal call). */
export const user = z.object({
  id,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  roleId,
  roleName: z.string(),
  needsPasswordReset: z.boolean(),
  companyEmail: z.boolean(),
  createdAt: isoDateTime,
  defaultLocationId: id.nullable(),
  managementCompanyId: id.nullable(),
  managementCompany: z.object({ name: z.string() }).nullable(),
  userToLocation: z.array(z.object({ locationId: id, location: z.object({ name: z.string() }) })),
  userToOrganization: z.array(z.object({ organizationId: id, organization: z.object({ name: z.string() }) })),
  hasProfileImage: z.boolean(),
  /** The profile shows asterisks with a reveal toggle, or 'Not set'. */
  hasPin: z.boolean(),
});
export type User = z.infer<typeof user>;

/** `GET /api/user/pin/{id}`: the user's PIN, or null when none is set. */
export const revealedPin = z.object({ pin: z.string().nullable() });

export const roleNameOf = (value: RoleId) => roleNames[value];

const name = (label: string) => z.string().trim().min(1, `${label} is required`).max(PERSON_NAME_MAX_LENGTH);

/** The fields a person fills in; which are required depends on the role. */
const userInfoFields = {
  firstName: name('First name'),
  lastName: name('Last name'),
  phone: optionalPhone,
  email: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), email.optional()),
  password: password.optional(),
  pin: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), pin.optional()),
  managementCompanyId: id.optional(),
  defaultLocationId: id.optional(),
};

const idList = z
  .array(id)
  .max(MAX_MEMBERSHIPS, `A user can belong to at most ${MAX_MEMBERSHIPS} locations and areas`)
  .transform((ids) => [...new Set(ids)]);

/** A field a role's user must fill in, and what is said when it is empty. */
export interface MissingField {
  field: 'managementCompanyId' | 'email' | 'pin' | 'organizationIds';
  message: string;
}

/**
 * What a user of the role lacks (roleFields): a management company, an e-mail, a PIN (unless one is set
 * already), an area. The create schema and the edit form both ask this.
 */
export const missingForRole = (
  roleId: RoleId,
  user: {
    managementCompanyId?: number | '' | null | undefined;
    email?: string | null | undefined;
    pin?: string | null | undefined;
    organizationIds?: readonly number[] | undefined;
  },
  { hasPin = false }: { hasPin?: boolean } = {},
): MissingField[] => {
  const fields = roleFields(roleId);
  const missing: MissingField[] = [];
  if (fields.company && (user.managementCompanyId ?? '') === '') {
    missing.push({ field: 'managementCompanyId', message: messages.validation.selectManagementCompany });
  }
  if (fields.emailRequired && !user.email?.trim()) {
    missing.push({ field: 'email', message: messages.validation.emailRequiredForRole });
  }
  if (fields.organizations && !user.organizationIds?.length) {
    missing.push({ field: 'organizationIds', message: messages.validation.chooseOrganization });
  }
  if (fields.pinRequired && !user.pin && !hasPin) {
    missing.push({ field: 'pin', message: messages.validation.pinRequired });
  }
  return missing;
};

/** The create body of one role's call: `{ userInfo, organizationIds?, locationIds? }`. */
export const createUserBody = (role: Exclude<RoleId, 50>) =>
  z
    .object(
      {
        userInfo: z.object(userInfoFields, { error: messages.validation.noUserInfo }),
        organizationIds: idList.optional(),
        locationIds: idList.optional(),
      },
      { error: messages.validation.noUserInfo },
    )
    .superRefine(({ userInfo, organizationIds }, ctx) => {
      for (const { field, message } of missingForRole(role, { ...userInfo, organizationIds })) {
        ctx.addIssue({
          code: 'custom',
          path: field === 'organizationIds' ? [field] : ['userInfo', field],
          message,
        });
      }
      if (userInfo.email && !userInfo.password) {
        ctx.addIssue({
          code: 'custom',
          path: ['userInfo', 'password'],
          message: 'A first password is required for a user who signs in',
        });
      }
    });
export type CreateUserBody = z.input<ReturnType<typeof createUserBody>>;

/**
 * `PUT /user/update/user/{id}`: any of the fields, a new role, area or location lists; or just
 * `{ id, password }` for a password change. Changing one's own password or e-mail needs
 * `currentPassword` too.
 */
export const updateUserBody = z.object(
  {
    userInfo: z.object(
      {
        id,
        ...z.object(userInfoFields).partial().shape,
        roleId: roleId.optional(),
        currentPassword: z.string().max(PASSWORD_MAX_LENGTH, messages.password.tooLong).optional(),
      },
      { error: messages.validation.noUserInfo },
    ),
    organizationIds: idList.optional(),
    locationIds: idList.optional(),
  },
  { error: messages.validation.noUserInfo },
);

export const userResult = <T extends z.ZodType>(data: T) =>
  z.object({
    success: z.literal(true),
    data,
    error: z.null(),
    message: z.string(),
    validationErrors: z.null(),
  });

export const companyEmailBody = z.object({ userId: id, company_email: z.boolean() });

/** The users of one add-to call: at least one, at most MAX_USER_IDS_PER_CALL. */
const userIds = z
  .array(id)
  .min(1, messages.validation.selectUsers)
  .max(MAX_USER_IDS_PER_CALL, `Select at most ${MAX_USER_IDS_PER_CALL} users at once`);

export const addUsersToLocationBody = z.object({
  userIds,
  locationId: refusedAs(id, messages.validation.invalidSourceId),
});
export const addUsersToOrganizationBody = z.object({
  userIds,
  organizationId: refusedAs(id, messages.validation.invalidSourceId),
});

export const tablePreferenceBody = z.object({
  tableName: z.string().trim().min(1).max(TABLE_NAME_MAX_LENGTH),
  tableId: z.number().int().nonnegative(),
  /** A position in an order of at most TABLE_ORDER_MAX tables. */
  displayOrder: z
    .number()
    .int()
    .nonnegative()
    .max(TABLE_ORDER_MAX - 1),
});
export const tablePreference = tablePreferenceBody.extend({ id });
export type TablePreference = z.infer<typeof tablePreference>;
/** The signed-in user's saved table order, by displayOrder. */
export const tablePreferences = z.array(tablePreference);

export const usersPage = z.object({ users: z.array(user), totalCount: z.number().int().nonnegative() });

/**
 * A page of a user's scope (`user.someByUser`); with `addableToLocationId` or `addableToOrganizationId`
 * (one at most), only those the caller may add to that location or area and who are not there yet: the
 * Add Users dialog's search, so its first matches are all addable.
 */
export const usersPagedQuery = pagedQuery
  .extend({ addableToLocationId: idParam.optional(), addableToOrganizationId: idParam.optional() })
  .refine((q) => q.addableToLocationId === undefined || q.addableToOrganizationId === undefined, {
    message: 'addableToLocationId and addableToOrganizationId: one at most',
    path: ['addableToOrganizationId'],
  });
