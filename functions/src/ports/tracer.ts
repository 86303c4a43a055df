import { Tracer } from '@aws-lambda-powertools/tracer';

/**
 * The function's X-Ray tracer (service name from POWERTOOLS_SERVICE_NAME). It turns itself off outside
 * Lambda, and the local host says so too (POWERTOOLS_TRACE_ENABLED=false): no daemon, no cost.
 */
export const tracer = new Tracer();

/**
 * An AWS SDK client built on first use, not at import (a route that never calls it never pays for it),
 * then kept, its calls traced as subsegments of the request's trace.
 */
export const tracedClient = <Client>(create: () => Client): (() => Client) => {
  let client: Client | undefined;
  return () => (client ??= tracer.captureAWSv3Client(create()));
};
