import { Duration } from 'aws-cdk-lib';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { EventSourceMapping, FilterCriteria, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { Worker } from '@sitewalk/functions/resource-access';
import { streamFilter } from '@sitewalk/functions/cleanup/stream-filter';
import { mailStreamFilter } from '@sitewalk/functions/mailOutbox/stream-filter';
import { STALLED_AFTER_MS } from '@sitewalk/functions/domain/location-cleanup';
import type { StageConfig } from '../stage.ts';
import { ResourceFunction, type Backing } from './resource-function.ts';
import { deadLetterQueue } from './dead-letters.ts';

/**
 * A failed record is retried this often before it is given up (a batch whose handler throws is halved each time,
 * to find the bad record).
 */
export const STREAM_RETRIES = 5;

/** What differs between the stream's consumers: their worker, filter, schedule and time per invocation. */
export interface StreamConsumer {
  name: Extract<Worker, 'cleanup' | 'mailOutbox'>;
  /** Lambda's filter syntax: only these records reach the function. */
  filter: object;
  /** The schedule's interval and what it does (stalled work resumed, retries due sent). */
  every: Duration;
  does: string;
  timeout: Duration;
}

/** The cleanup worker (functions/src/cleanup/): finishes what deletes leave. */
export const cleanupConsumer: StreamConsumer = {
  name: 'cleanup',
  filter: streamFilter,
  every: Duration.millis(STALLED_AFTER_MS),
  does: 'resume location cleanups that stopped',
  // A step removes one bounded page; this is room for a slow one, far below the stream's limits.
  timeout: Duration.minutes(5),
};

/**
 * The mail worker (functions/src/mailOutbox/, issue 28): each new outbox item's first attempt from the stream, and
 * every minute the mails whose next attempt (after backoff) is due. An SES failure is recorded on the item, not
 * thrown; a table failure fails its record alone.
 */
export const mailConsumer: StreamConsumer = {
  name: 'mailOutbox',
  filter: mailStreamFilter,
  every: Duration.minutes(1),
  does: 'send the mails whose next attempt is due',
  // A sweep sends at most MAILS_PER_SWEEP, a few at a time: room for SES being slow.
  timeout: Duration.minutes(1),
};

/**
 * A consumer of the table's stream: its function, an event source mapping that delivers only the records its
 * filter matches, retries from a failed record (its handler reports partial batch failures, lambda.ts's
 * `eachStreamRecord`) and then sends it to a dead-letter queue, and a schedule (stalled
 * cleanups resumed; mails due for another attempt sent).
 */
export class StreamWorker extends Construct {
  readonly name: StreamConsumer['name'];
  readonly function: NodejsFunction;
  /** Where a batch goes once its retries are spent (the item stays in the table for the schedule). */
  readonly deadLetters: Queue;

  constructor(
    scope: Construct,
    id: string,
    props: { stage: StageConfig; backing: Backing; consumer?: StreamConsumer },
  ) {
    super(scope, id);
    const { stage, backing, consumer = cleanupConsumer } = props;
    this.name = consumer.name;
    const streamArn = backing.table.tableStreamArn;
    if (!streamArn) throw new Error('The table has no stream');

    const worker = new ResourceFunction(this, 'Function', {
      resource: this.name,
      stage,
      backing,
      timeout: consumer.timeout,
    });
    this.function = worker.function;

    this.deadLetters = deadLetterQueue(this, `the ${this.name} stream mapping`);

    new EventSourceMapping(this, 'Stream', {
      target: this.function,
      eventSourceArn: streamArn,
      startingPosition: StartingPosition.TRIM_HORIZON,
      batchSize: 10,
      bisectBatchOnError: true,
      retryAttempts: STREAM_RETRIES,
      onFailure: new SqsDlq(this.deadLetters),
      filters: [FilterCriteria.filter(consumer.filter as Record<string, unknown>)],
      reportBatchItemFailures: true,
    });

    new Rule(this, consumer.name === 'cleanup' ? 'ResumeStalled' : 'Sweep', {
      description: `SiteWalk ${stage.name}: ${consumer.does}`,
      schedule: Schedule.rate(consumer.every),
      targets: [new LambdaFunction(this.function, { retryAttempts: 2 })],
    });
  }
}
