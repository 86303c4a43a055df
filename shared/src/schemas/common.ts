import * as z from 'zod';
import {
  EMAIL_MAX_LENGTH,
  IMAGE_CONTENT_TYPES,
  LOGO_MAX_BYTES,
  MAX_PAGE_LIMIT,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PIN_MAX_LENGTH,
  PIN_MIN_LENGTH,
  PHONE_INPUT_MAX_LENGTH,
  PHOTO_MAX_BYTES,
  SEARCH_TERM_MAX_LENGTH,
  ZIPCODE_MAX_LENGTH,
  PROFILE_IMAGE_MAX_BYTES,
  WALK_REPORT_TABLE_LIMIT,
  WEBSITE_MAX_LENGTH,
} from '../constants.ts';
import { messages } from '../messages.ts';

/** An id in a body or an answer: a JSON number, a positive safe integer (the string "1" is not an id there). */
export const id = z.number().int().positive();

/** Text of plain decimal digits, as a path or query value carries a number: no sign, space, leading zero, hex or exponent. */
const decimalText = (message: string) =>
  z
    .string({ error: message })
    .regex(/^(0|[1-9]\d{0,15})$/, message)
    .transform(Number);

/**
 * An id in a path or query string (always text there): `1`, never ` 1`, `+1`, `01`, `0x1` or `1e0`. Every id
 * param of the contract is this one schema; `idParamOf` only changes the message.
 */
export const idParamOf = (message: string) =>
  decimalText(message).pipe(z.number().int(message).positive(message));
export const idParam = idParamOf(messages.validation.noId);

/** A count or size in a query string, the same plain decimal text; the caller adds its bounds. */
export const wholeNumberParam = (message: string) => decimalText(message).pipe(z.number().int(message));

export const idParams = z.object({ id: idParam });

export const isoDateTime = z.iso.datetime({ offset: true });
/** A time sent by a client, kept in UTC (`toISOString`), so stored times sort and compare as text. */
export const instant = isoDateTime.transform((value) => new Date(value).toISOString());

/** A client-chosen id that makes a recording write idempotent: a retried write changes nothing. */
export const clientId = z.uuid();
/** A position as a phone reports it: where, and to within how many metres. */
export const latitude = z.number().min(-90).max(90);
export const longitude = z.number().min(-180).max(180);
export const accuracyMeters = z.number().nonnegative().max(100_000);

/** Strips non-digits, drops a leading 1, and formats ten digits as ###-###-####: the one phone format. */
export const normalizePhone = (input: string): string => {
  let digits = input.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  if (digits.length !== 10) return digits;
  return `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`;
};

/** Any common way of writing a US phone number in, `ddd-ddd-dddd` out. */
export const phone = z
  .string()
  .trim()
  .max(PHONE_INPUT_MAX_LENGTH, messages.validation.invalidPhone)
  .transform(normalizePhone)
  .pipe(z.string().regex(/^\d{3}-\d{3}-\d{4}$/, messages.validation.invalidPhone));

/** Optional phone: blank is no phone. */
export const optionalPhone = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
  phone.optional(),
);

export const pin = z
  .string()
  .trim()
  .max(PIN_MAX_LENGTH, messages.validation.invalidPin)
  .regex(new RegExp(`^\\d{${PIN_MIN_LENGTH},${PIN_MAX_LENGTH}}$`), messages.validation.invalidPin);

export const zipcode = z
  .string()
  .trim()
  .max(ZIPCODE_MAX_LENGTH, messages.validation.invalidZipcode)
  .regex(/^\d{5}(-\d{4})?$/, messages.validation.invalidZipcode);

/**
 * A web address a person types (a company's website): http or https only, so no `javascript:`, `data:` or
 * `file:` address is ever stored to be opened later. Every URL the API takes is this one schema.
 */
export const webAddress = z
  .url({ protocol: /^https?$/, error: messages.validation.invalidWebsite })
  .max(WEBSITE_MAX_LENGTH, messages.validation.invalidWebsite);

/** RFC 5321's limit: longer is no deliverable address (and would not fit a DynamoDB key). */
export const email = z
  .string()
  .trim()
  .max(EMAIL_MAX_LENGTH, messages.validation.emailTooLong)
  .toLowerCase()
  .pipe(z.email('Invalid email address'));

/** The one password rule of every form and call: 8–50 characters, upper- and lower-case letters, a digit. */
export const password = z
  .string()
  .max(PASSWORD_MAX_LENGTH, messages.password.tooLong)
  .refine(
    (value) =>
      value.length >= PASSWORD_MIN_LENGTH && /[a-z]/.test(value) && /[A-Z]/.test(value) && /\d/.test(value),
    messages.password.rule,
  );

export const imageContentType = z.enum(IMAGE_CONTENT_TYPES, { error: messages.upload.invalidFileType });

const contentLength = (maxBytes: number) =>
  z.number().int().positive('The file is empty').max(maxBytes, messages.upload.fileTooLarge);

/** In a query string the size is decimal text; in a JSON body (`photoUploadRequest`) a number. */
const uploadQuery = (maxBytes: number) =>
  z.object({
    contentType: imageContentType,
    contentLength: wholeNumberParam('contentLength must be a whole number of bytes').pipe(
      contentLength(maxBytes),
    ),
  });

/** The query of a logo upload-URL call: the file's type and size are checked before anything is signed. */
export const logoUploadQuery = uploadQuery(LOGO_MAX_BYTES);
export const profileImageUploadQuery = uploadQuery(PROFILE_IMAGE_MAX_BYTES);
export const photoUploadRequest = z.object({
  contentType: imageContentType,
  contentLength: contentLength(PHOTO_MAX_BYTES),
});

/** A presigned PUT: send the file there with exactly these headers and no Authorization. */
export const uploadTicket = z.object({
  uploadUrl: z.url(),
  key: z.string(),
  headers: z.record(z.string(), z.string()),
  expiresIn: z.number().int().positive(),
});
export type UploadTicket = z.infer<typeof uploadTicket>;

/** A short-lived presigned GET; `url` is null when nothing was uploaded. */
export const viewUrl = z.object({ url: z.url().nullable(), expiresIn: z.number().int().positive() });
export type ViewUrl = z.infer<typeof viewUrl>;

const limitMessage = 'limit must be a positive whole number';
const offsetMessage = 'offset must be a whole number of 0 or more';
const pageQuery = (maxLimit: number) =>
  z.object({
    limit: wholeNumberParam(limitMessage)
      .pipe(z.number().positive(limitMessage).max(maxLimit, messages.validation.limitTooLarge(maxLimit)))
      .default(10),
    offset: wholeNumberParam(offsetMessage).default(0),
    searchTerm: z
      .string()
      .trim()
      .max(SEARCH_TERM_MAX_LENGTH)
      .optional()
      .transform((v) => (v ? v : undefined)),
  });

/** `limit` (at most 50), `offset` (from 0) and `searchTerm`, as every paged list takes them. */
export const pagedQuery = pageQuery(MAX_PAGE_LIMIT);
/**
 * A page of a user's scope (`location.someByUser`, `organization.someByUser`), optionally of one management
 * company only: the pickers of a company's form or filter ask the server, so the page holds up to `limit` of
 * that company. The filter only narrows the scope; a company the caller cannot see is refused.
 */
export const pagedOfCompanyQuery = pagedQuery.extend({
  managementCompanyId: idParamOf('managementCompanyId must be a management company id').optional(),
});
/** The walk-report table asks for up to 1,000 at once. */
export const walkReportPagedQuery = pageQuery(WALK_REPORT_TABLE_LIMIT);
export type PagedQuery = z.infer<typeof pagedQuery>;

export const deleted = z.object({ success: z.literal(true), id });

export const selectOption = z.object({ value: id, label: z.string() });
