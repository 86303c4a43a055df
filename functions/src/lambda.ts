import middy from '@middy/core';
import { Logger } from '@aws-lambda-powertools/logger';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { Metrics } from '@aws-lambda-powertools/metrics';
import { captureLambdaHandler } from '@aws-lambda-powertools/tracer/middleware';
import type { Context, DynamoDBBatchResponse, DynamoDBRecord } from 'aws-lambda';
import { createMetrics } from './http/metrics.ts';
import { tracer } from './ports/tracer.ts';
import type { Worker } from './resource-access.ts';

/**
 * The middlewares every SiteWalk Lambda runs under, the API's (http/handler.ts) and the workers' alike: a trace
 * per invocation and log lines that name it. Answers carry tokens, PINs and presigned URLs and events carry
 * e-mails (a stream record of the mail outbox holds a reset link): neither an answer goes into a trace nor an
 * event into a log line, whatever POWERTOOLS_LOGGER_LOG_EVENT says.
 */
export const lambdaMiddlewares = (logger: Logger) => [
  captureLambdaHandler(tracer, { captureResponse: false }),
  injectLambdaContext(logger, { resetKeys: true, logEvent: false }),
];

/** A worker's logger and metrics, named after it (`sitewalk-<worker>`, as its POWERTOOLS_SERVICE_NAME). */
export const workerTools = (worker: Worker): { logger: Logger; metrics: Metrics } => ({
  logger: new Logger({ serviceName: `sitewalk-${worker}` }),
  metrics: createMetrics(`sitewalk-${worker}`),
});

/**
 * A worker's Lambda handler: `run` under the same middlewares as the API's. A run that throws is logged with the
 * invocation's context and thrown on, so Lambda retries it (then dead-letters it). The local host calls workers
 * without a Lambda context: they run the same.
 */
export const createWorkerHandler = <Event, Result>(
  { logger }: { logger: Logger },
  run: (event: Event) => Promise<Result>,
) => {
  const handler = middy<Event, Result>()
    .use(lambdaMiddlewares(logger))
    .use({
      onError: async (request) => {
        logger.error('The worker failed', request.error as Error);
      },
    })
    .handler((event) => run(event));
  return (event: Event, context?: Context): Promise<Result> => handler(event, context ?? ({} as Context));
};

/**
 * Each stream record handled on its own: a record that throws is logged and reported as a partial batch failure
 * (ReportBatchItemFailures on the event source mapping), so Lambda retries from it and the records handled
 * before it are not tried again.
 */
export const eachStreamRecord = async (
  { logger }: { logger: Logger },
  records: readonly DynamoDBRecord[],
  handle: (record: DynamoDBRecord) => Promise<void>,
): Promise<DynamoDBBatchResponse> => {
  const batchItemFailures: DynamoDBBatchResponse['batchItemFailures'] = [];
  for (const record of records) {
    try {
      await handle(record);
    } catch (error) {
      logger.error('A stream record failed', error as Error);
      batchItemFailures.push({ itemIdentifier: record.dynamodb?.SequenceNumber ?? '' });
    }
  }
  return { batchItemFailures };
};
