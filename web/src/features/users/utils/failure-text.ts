import { ApiError } from '../../../lib/api-client.ts';

/** The id of the user who already has the e-mail (a 409 names them only to a caller who may see them). */
export const existingUserIdOf = (error: unknown): number | null => {
  const value = error instanceof ApiError ? error.body?.validationErrors?.existingUserId : undefined;
  return typeof value === 'number' ? value : null;
};
