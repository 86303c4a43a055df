import * as z from 'zod';

/**
 * A required field whose absence answers the specs' own message (e.g. 'Please select an Area') under the
 * field, instead of zod's generic "expected number, received undefined". Present values go on to `schema`,
 * which is also what the field's type and OpenAPI description say.
 */
export const requiredAs = <T extends z.ZodType>(schema: T, message: string) =>
  z.preprocess((value, ctx) => {
    if (value === undefined || value === null || value === '') {
      ctx.addIssue({ code: 'custom', message, input: value });
      return z.NEVER;
    }
    return value;
  }, schema);

/** `schema`, but whatever it refuses answers the one `message` (e.g. 'Invalid user ID' for `/api/user/0`). */
export const refusedAs = <T extends z.ZodType>(schema: T, message: string) =>
  z.preprocess((value, ctx) => {
    if (!schema.safeParse(value).success) {
      ctx.addIssue({ code: 'custom', message, input: value });
      return z.NEVER;
    }
    return value;
  }, schema);

/** On update: a field left out keeps its value; `null` or a blank string clears it. */
export const clearable = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), schema.nullable().optional());
