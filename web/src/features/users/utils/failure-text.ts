import { messages } from '@sitewalk/shared/messages';
import { ApiError } from '../../../lib/api-client.ts';

/**
 * The text of a failed create or update (spec section 8): the validation errors joined as
 * 'field: values; …' (numeric details such as existingUserId left out), else the server's message,
 * else the form's own default ('Manager creation failed', 'Update failed'), else the status text.
 */
export const failureText = (error: unknown, fallback: string): string => {
  if (!(error instanceof ApiError)) return error instanceof Error && error.message ? error.message : fallback;
  const errors = error.body?.validationErrors;
  if (errors) {
    const joined = Object.entries(errors)
      .flatMap(([field, value]) =>
        Array.isArray(value) && value.length ? [`${field}: ${value.join(', ')}`] : [],
      )
      .join('; ');
    if (joined) return joined;
  }
  return error.body?.message || fallback || error.statusText || messages.validation.validationFailed;
};

/** The id of the user who already has the e-mail (a 409 names them only to a caller who may see them). */
export const existingUserIdOf = (error: unknown): number | null => {
  const value = error instanceof ApiError ? error.body?.validationErrors?.existingUserId : undefined;
  return typeof value === 'number' ? value : null;
};
