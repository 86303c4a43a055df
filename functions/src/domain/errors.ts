/**
 * Typed domain errors. Services throw these; the handler factory maps them to HTTP in exactly one place
 * (functions/src/http/error-mapper.ts), so the domain knows nothing of HTTP but a status number.
 */
/** The answer to a write whose condition failed because its item was deleted while the request ran. */
export const deletedMeanwhile = 'Not found: it was deleted while this request ran';

export abstract class AppError extends Error {
  abstract readonly status: number;
  constructor(
    message: string,
    /** Field -> messages, or numeric details such as `existingUserId`. */
    readonly validationErrors: Record<string, string[] | number> | null = null,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class BadRequestError extends AppError {
  readonly status = 400;
}
export class UnauthorizedError extends AppError {
  readonly status = 401;
  constructor(message = 'Unauthorized') {
    super(message);
  }
}
export class ForbiddenError extends AppError {
  readonly status = 403;
  constructor(
    message = 'You do not have permission to do this',
    validationErrors: Record<string, string[] | number> | null = null,
  ) {
    super(message, validationErrors);
  }
}
export class NotFoundError extends AppError {
  readonly status = 404;
}
export class ConflictError extends AppError {
  readonly status = 409;
}
export class TooManyRequestsError extends AppError {
  readonly status = 429;
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}
/** A route the contract lists whose handler a later issue adds. */
export class NotAvailableError extends AppError {
  readonly status = 501;
}
