import type { FieldErrors, FieldValues, Path, Resolver, UseFormSetError } from 'react-hook-form';
import type * as z from 'zod';
import { ApiError } from './api-error.ts';

/** A form-only rule's finding (e.g. a password confirmation that differs): a field and what is said. */
export interface FormProblem<V extends FieldValues> {
  field: Path<V>;
  message: string;
}

/**
 * The resolver of a form whose values are not the request body (the user forms: a confirmation field, a
 * switch, ids as ''): builds the body, checks it with the shared schema, and puts each issue under the field
 * its path names (`userInfo.email` under `email`), with the form's own rules after. Forms whose values are
 * the body use `zodResolver(schema)` directly. Submit receives the parsed body.
 */
export const bodyResolver =
  <V extends FieldValues, S extends z.ZodType>(
    schema: S,
    bodyOf: (values: V) => z.input<S>,
    fields: readonly Path<V>[],
    formRules: (values: V) => readonly FormProblem<V>[] = () => [],
  ): Resolver<V, unknown, z.output<S>> =>
  async (values) => {
    const errors: Record<string, { type: string; message: string }> = {};
    const add = (field: Path<V>, message: string) => {
      errors[field] ??= { type: 'validation', message };
    };
    const parsed = schema.safeParse(bodyOf(values));
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const name = issue.path[0] === 'userInfo' ? issue.path[1] : issue.path[0];
        const field = fields.find((f) => f === name);
        if (field) add(field, issue.message);
      }
    }
    for (const { field, message } of formRules(values)) add(field, message);
    if (parsed.success && Object.keys(errors).length === 0) return { values: parsed.data, errors: {} };
    return { values: {}, errors: errors as FieldErrors<V> };
  };

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
