import { Duration, Stack } from 'aws-cdk-lib';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { Schedule, ScheduleExpression } from 'aws-cdk-lib/aws-scheduler';
import { LambdaInvoke } from 'aws-cdk-lib/aws-scheduler-targets';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Validations } from 'aws-cdk-lib';
import { Construct } from 'constructs';
import { EVALUATOR_INTERVAL_MINUTES } from '@sitewalk/shared/constants';
import type { Worker } from '@sitewalk/functions/resource-access';
import type { StageConfig } from '../stage.ts';
import { ResourceFunction, type Backing } from './resource-function.ts';
import { deadLetterQueue } from './dead-letters.ts';

/** EventBridge Scheduler tries a failed invocation this often before it sends it to the dead-letter queue. */
export const SCHEDULE_RETRIES = 2;

/**
 * The missed-walk evaluator (functions/src/evaluator/): its function, and an EventBridge Scheduler schedule
 * that invokes it every EVALUATOR_INTERVAL_MINUTES through a role of its own that may invoke that function
 * and nothing else. An invocation that fails past its retries goes to a dead-letter queue; the next run takes
 * up what was due, since the evaluator keeps its place in the table.
 */
export class ScheduledWorker extends Construct {
  readonly name: Worker = 'evaluator';
  readonly function: NodejsFunction;
  readonly schedule: Schedule;
  readonly deadLetters: Queue;

  constructor(scope: Construct, id: string, props: { stage: StageConfig; backing: Backing }) {
    super(scope, id);
    const { stage, backing } = props;
    this.function = new ResourceFunction(this, 'Function', {
      resource: this.name,
      stage,
      backing,
      // A run takes what is due, in bounded batches: room for a slow one, well inside the interval.
      timeout: Duration.minutes(2),
    }).function;

    this.deadLetters = deadLetterQueue(this, 'the evaluator schedule');

    // The scheduler's own role: LambdaInvoke grants it lambda:InvokeFunction on this function only.
    const invoker = new Role(this, 'InvokerRole', {
      assumedBy: new ServicePrincipal('scheduler.amazonaws.com'),
      description: `SiteWalk ${stage.name}: EventBridge Scheduler invoking the ${this.name}`,
    });
    Validations.of(invoker).acknowledge({
      id: `AwsSolutions-IAM5[Resource::<${Stack.of(this).getLogicalId(this.function.node.defaultChild as CfnFunction)}.Arn>:*]`,
      reason: 'Invoking this one function by any of its versions; the grant names no other function.',
    });

    this.schedule = new Schedule(this, 'Schedule', {
      description: `SiteWalk ${stage.name}: look for walk windows due, raise alerts, send summaries`,
      schedule: ScheduleExpression.rate(Duration.minutes(EVALUATOR_INTERVAL_MINUTES)),
      target: new LambdaInvoke(this.function, {
        role: invoker,
        deadLetterQueue: this.deadLetters,
        retryAttempts: SCHEDULE_RETRIES,
        // A run older than the interval is overtaken by the next one.
        maxEventAge: Duration.minutes(EVALUATOR_INTERVAL_MINUTES),
      }),
    });
  }
}
