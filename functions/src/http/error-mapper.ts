import { STATUS_CODES } from 'node:http';
import { ZodError } from 'zod';
import { formatValidationMessage, type ErrorBody } from '@sitewalk/shared/envelope';
import { AppError, TooManyRequestsError, deletedMeanwhile } from '../domain/errors.ts';
import { isConditionFailure } from '../db/conditional.ts';

export interface ErrorResponse {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
}

/** Where in the request a zod failure happened, so field names read `body.email` vs `query.limit`. */
export class RequestValidationError extends Error {
  constructor(
    readonly part: 'params' | 'query' | 'body',
    readonly zodError: ZodError,
  ) {
    super(`Invalid ${part}`);
  }
}

export class MalformedBodyError extends Error {}

/** A request without the body its route needs; the message is the route's own (`missingBody` in the contract). */
export class MissingBodyError extends Error {}

const envelope = (
  statusCode: number,
  message: string,
  validationErrors: ErrorBody['validationErrors'] = null,
  headers: Record<string, string> = {},
): ErrorResponse => {
  const body: ErrorBody = {
    success: false,
    error: STATUS_CODES[statusCode] ?? 'Error',
    message,
    validationErrors,
  };
  return {
    statusCode,
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  };
};

export const fieldErrors = (error: ZodError): Record<string, string[]> => {
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? issue.path.join('.') : 'request';
    (fields[field] ??= []).push(issue.message);
  }
  return fields;
};

export { deletedMeanwhile };

const isHttpError = (error: unknown): error is { statusCode: number; message: string; expose?: boolean } =>
  typeof error === 'object' &&
  error !== null &&
  typeof (error as { statusCode?: unknown }).statusCode === 'number' &&
  typeof (error as { message?: unknown }).message === 'string';

/**
 * The one place errors become HTTP: bad input is a 400 naming its fields, domain errors keep their status,
 * and anything unexpected is a 500 with no detail (the caller logs it).
 */
export const toErrorResponse = (error: unknown): { response: ErrorResponse; unexpected: boolean } => {
  if (error instanceof RequestValidationError) {
    const fields = fieldErrors(error.zodError);
    return { response: envelope(400, formatValidationMessage(fields), fields), unexpected: false };
  }
  if (error instanceof MalformedBodyError) {
    const fields = { body: ['Malformed JSON body'] };
    return { response: envelope(400, formatValidationMessage(fields), fields), unexpected: false };
  }
  if (error instanceof MissingBodyError) {
    return {
      response: envelope(400, error.message, { body: [error.message] }),
      unexpected: false,
    };
  }
  if (error instanceof TooManyRequestsError) {
    return {
      response: envelope(429, error.message, null, { 'retry-after': String(error.retryAfterSeconds) }),
      unexpected: false,
    };
  }
  if (error instanceof AppError) {
    return { response: envelope(error.status, error.message, error.validationErrors), unexpected: false };
  }
  // DynamoDB refused a conditional write the handler did not expect. Every update goes through ElectroDB
  // `patch`, whose condition is that the item exists: a delete that ran between a handler's read and its
  // write leaves nothing to update. That is a 404, not a 500.
  if (isConditionFailure(error)) {
    return { response: envelope(404, deletedMeanwhile), unexpected: false };
  }
  // middy's own errors (e.g. the router's 404), created with @middy/util createError
  if (isHttpError(error) && error.statusCode >= 400 && error.statusCode < 500) {
    return { response: envelope(error.statusCode, error.message), unexpected: false };
  }
  return { response: envelope(500, 'Internal Server Error'), unexpected: true };
};
