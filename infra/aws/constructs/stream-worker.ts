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
import { STALLED_AFTER_MS } from '@sitewalk/functions/cleanup/location-cleanup';
import type { StageConfig } from '../stage.ts';
import { ResourceFunction, type Backing } from './resource-function.ts';
import { deadLetterQueue } from './dead-letters.ts';

/** A step's batch is retried this often (halved each time, to find a bad record) before it is given up. */
export const STREAM_RETRIES = 5;

/**
 * The consumer of the table's stream that finishes what deletes leave (functions/src/cleanup/): its function,
 * an event source mapping that delivers only the records its filter matches, retries a failing batch and then
 * sends it to a dead-letter queue, and a schedule that resumes cleanups whose chain of events stopped.
 */
export class StreamWorker extends Construct {
  readonly name: Worker = 'cleanup';
  readonly function: NodejsFunction;
  /** Where a batch goes once its retries are spent (the cleanup's item stays in the table to be resumed). */
  readonly deadLetters: Queue;

  constructor(scope: Construct, id: string, props: { stage: StageConfig; backing: Backing }) {
    super(scope, id);
    const { stage, backing } = props;
    const streamArn = backing.table.tableStreamArn;
    if (!streamArn) throw new Error('The table has no stream');

    const worker = new ResourceFunction(this, 'Function', {
      resource: this.name,
      stage,
      backing,
      // A step removes one bounded page; this is room for a slow one, far below the stream's limits.
      timeout: Duration.minutes(5),
    });
    this.function = worker.function;

    this.deadLetters = deadLetterQueue(this, 'the cleanup stream mapping');

    new EventSourceMapping(this, 'Stream', {
      target: this.function,
      eventSourceArn: streamArn,
      startingPosition: StartingPosition.TRIM_HORIZON,
      batchSize: 10,
      bisectBatchOnError: true,
      retryAttempts: STREAM_RETRIES,
      onFailure: new SqsDlq(this.deadLetters),
      filters: [FilterCriteria.filter(streamFilter)],
    });

    new Rule(this, 'ResumeStalled', {
      description: `SiteWalk ${stage.name}: resume location cleanups that stopped`,
      schedule: Schedule.rate(Duration.millis(STALLED_AFTER_MS)),
      targets: [new LambdaFunction(this.function, { retryAttempts: 2 })],
    });
  }
}
