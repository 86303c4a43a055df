import { z } from 'zod';

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
