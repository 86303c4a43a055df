import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-error.ts';

/**
 * Puts a 400's field errors under the form's fields (the API's 'field: message' pairs). Returns the
 * message of what no field took, or null when every error found its field.
 */
export const applyServerErrors = <T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
): string | null => {
  if (!(error instanceof ApiError)) return error instanceof Error ? error.message : null;
  const byField = error.fieldMessages();
  const rest: string[] = [];
  for (const [field, message] of Object.entries(byField)) {
    const match = fields.find((name) => name === field || field.endsWith(`.${name}`));
    if (match) setError(match, { type: 'server', message });
    else rest.push(`${field}: ${message}`);
  }
  if (Object.keys(byField).length === 0) return error.message;
  return rest.length ? rest.join('; ') : null;
};

/** '4 minutes', '1 minute', '30 seconds': a wait from a Retry-After header, for people. */
export const formatWait = (seconds: number): string => {
  if (seconds >= 90) {
    const minutes = Math.ceil(seconds / 60);
    return `${minutes} minutes`;
  }
  if (seconds >= 60) return '1 minute';
  const whole = Math.max(1, Math.ceil(seconds));
  return whole === 1 ? '1 second' : `${whole} seconds`;
};
