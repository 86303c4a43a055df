import { z } from 'zod';
import {
  IMAGE_CONTENT_TYPES,
  LOGO_MAX_BYTES,
  MAX_PAGE_LIMIT,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PHOTO_MAX_BYTES,
  PROFILE_IMAGE_MAX_BYTES,
  WALK_REPORT_TABLE_LIMIT,
} from '../constants.ts';
import { messages } from '../messages.ts';

/** An id in a body or an answer. */
export const id = z.number().int().positive();
/** An id in a path or query string (always text there). */
export const idParam = z.coerce
  .number({ error: messages.validation.noId })
  .int(messages.validation.noId)
  .positive(messages.validation.noId);

export const idParams = z.object({ id: idParam });

export const isoDateTime = z.iso.datetime({ offset: true });
/** A time sent by a client, kept in UTC (`toISOString`), so stored times sort and compare as text. */
export const instant = isoDateTime.transform((value) => new Date(value).toISOString());

/** Strips non-digits, drops a leading 1, and formats ten digits as ###-###-#### (spec section 5). */
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
  .regex(/^\d{4,8}$/, messages.validation.invalidPin);

export const zipcode = z
  .string()
  .trim()
  .regex(/^\d{5}(-\d{4})?$/, messages.validation.invalidZipcode);

export const email = z.string().trim().toLowerCase().pipe(z.email('Invalid email address'));

/** The one password rule (DESIGN section 4): 8–50 characters, upper- and lower-case letters and a digit. */
export const password = z
  .string()
  .max(PASSWORD_MAX_LENGTH, messages.password.tooLong)
  .refine(
    (value) =>
      value.length >= PASSWORD_MIN_LENGTH && /[a-z]/.test(value) && /[A-Z]/.test(value) && /\d/.test(value),
    messages.password.rule,
  );

export const imageContentType = z.enum(IMAGE_CONTENT_TYPES, { error: messages.upload.invalidFileType });

const uploadRequest = (maxBytes: number) =>
  z.object({
    contentType: imageContentType,
    contentLength: z.coerce
      .number()
      .int()
      .positive('The file is empty')
      .max(maxBytes, messages.upload.fileTooLarge),
  });

/** The query of a logo upload-URL call: the file's type and size are checked before anything is signed. */
export const logoUploadQuery = uploadRequest(LOGO_MAX_BYTES);
export const profileImageUploadQuery = uploadRequest(PROFILE_IMAGE_MAX_BYTES);
export const photoUploadRequest = uploadRequest(PHOTO_MAX_BYTES);

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

const pageQuery = (maxLimit: number) =>
  z.object({
    limit: z.coerce
      .number({ error: 'limit must be a positive whole number' })
      .int('limit must be a positive whole number')
      .positive('limit must be a positive whole number')
      .max(maxLimit, messages.validation.limitTooLarge(maxLimit))
      .default(10),
    offset: z.coerce
      .number({ error: 'offset must be a whole number of 0 or more' })
      .int('offset must be a whole number of 0 or more')
      .min(0, 'offset must be a whole number of 0 or more')
      .default(0),
    searchTerm: z
      .string()
      .trim()
      .max(100)
      .optional()
      .transform((v) => (v ? v : undefined)),
  });

/** `limit` (at most 50), `offset` (from 0) and `searchTerm`, as every paged list takes them. */
export const pagedQuery = pageQuery(MAX_PAGE_LIMIT);
/** The walk-report table asks for up to 1,000 at once. */
export const walkReportPagedQuery = pageQuery(WALK_REPORT_TABLE_LIMIT);
export type PagedQuery = z.infer<typeof pagedQuery>;

export const deleted = z.object({ success: z.literal(true), id });

export const selectOption = z.object({ value: id, label: z.string() });
