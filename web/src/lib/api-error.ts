import type { ErrorBody } from '@sitewalk/shared/envelope';

// The errors of the API client, in a module of their own that loads no schema: the sign-in pages check
// failures against them before their schemas have loaded.

/** A failed call: the HTTP status and, when the server sent one, the error envelope. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly statusText: string,
    readonly body: ErrorBody | null,
    /** Seconds to wait before trying again, from a 429's Retry-After header. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(body?.message ?? statusText ?? `HTTP ${status}`);
    this.name = 'ApiError';
  }

  /** The server's field errors, by field: `validationErrors` when it sent them, else its `field: message` pairs. */
  fieldMessages(): Record<string, string> {
    const errors = this.body?.validationErrors;
    if (!errors) return this.fieldErrors();
    return Object.fromEntries(
      Object.entries(errors).flatMap(([field, value]) =>
        Array.isArray(value) && value.length ? [[field, value.join(', ')]] : [],
      ),
    );
  }

  /** The server's `field: message; field: message` pairs, by field. */
  fieldErrors(): Record<string, string> {
    if (!this.body) return {};
    return Object.fromEntries(
      this.body.message
        .split('; ')
        .map((pair) => pair.split(/: (.*)/s))
        .filter(
          (parts): parts is [string, string] => parts.length >= 2 && !!parts[0] && parts[1] !== undefined,
        )
        .map(([field, message]) => [field, message]),
    );
  }
}

/** The response did not match the contract: a server bug, never shown as data. */
export class ContractViolationError extends Error {
  override name = 'ContractViolationError';
}
