import * as z from 'zod';

/**
 * The one error body every failing call answers with (`message` holds `field: message`
 * pairs joined by '; ', and the client shows each under its field).
 */
export const errorBody = z.object({
  success: z.literal(false),
  /** The HTTP reason phrase: 'Bad Request', 'Unauthorized', 'Forbidden', 'Not Found', 'Conflict', … */
  error: z.string(),
  message: z.string(),
  /** Field path -> messages; numeric entries such as `existingUserId` carry ids the client may act on. */
  validationErrors: z.record(z.string(), z.union([z.array(z.string()), z.number()])).nullable(),
});
export type ErrorBody = z.infer<typeof errorBody>;

/** The `{success, data, error, message, validationErrors}` shape that user create and update answer. */
export const resultEnvelope = <T extends z.ZodType>(data: T) =>
  z.object({
    success: z.literal(true),
    data,
    error: z.null(),
    message: z.string(),
    validationErrors: z.null(),
  });

/** Joins field errors the way the spec's client splits them: `field: message; field: message`. */
export const formatValidationMessage = (errors: Record<string, string[]>): string =>
  Object.entries(errors)
    .map(([field, messages]) => `${field}: ${messages.join(', ')}`)
    .join('; ');
