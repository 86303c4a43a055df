import { Duration, Stack } from 'aws-cdk-lib';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { Schedule, ScheduleExpression } from 'aws-cdk-lib/aws-scheduler';
import { LambdaInvoke } from 'aws-cdk-lib/aws-scheduler-targets';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Validations } from 'aws-cdk-lib';
import { Construct } from 'constructs';
import type { Worker } from '@sitewalk/functions/resource-access';
import type { StageConfig } from '../stage.ts';
import { ResourceFunction, type Backing } from './resource-function.ts';
import { deadLetterQueue } from './dead-letters.ts';

/** EventBridge Scheduler tries a failed invocation this often before it sends it to the dead-letter queue. */
export const SCHEDULE_RETRIES = 2;

export interface ScheduledWorkerProps {
  stage: StageConfig;
  backing: Backing;
  /** The worker it runs (functions/src/<name>/). */
  name: Worker;
  /** What a run does, for the schedule's description. */
  does: string;
  every: Duration;
  /** How long a run may take, well inside the interval. */
  timeout: Duration;
}

/**
 * A worker on a schedule (the missed-walk evaluator, the audit anchoring): its function, and an EventBridge
 * Scheduler schedule that invokes it at a fixed rate through a role of its own that may invoke that function
 * and nothing else. An invocation that fails past its retries goes to a dead-letter queue; the next run takes
 * up what was due, since each worker keeps its place in the table (or its anchors).
 */
export class ScheduledWorker extends Construct {
  readonly name: Worker;
  readonly function: NodejsFunction;
  readonly schedule: Schedule;
  readonly deadLetters: Queue;

  constructor(scope: Construct, id: string, props: ScheduledWorkerProps) {
    super(scope, id);
    const { stage, backing, name, every } = props;
    this.name = name;
    this.function = new ResourceFunction(this, 'Function', {
      resource: name,
      stage,
      backing,
      timeout: props.timeout,
    }).function;

    this.deadLetters = deadLetterQueue(this, `the ${name} schedule`);

    // The scheduler's own role: LambdaInvoke grants it lambda:InvokeFunction on this function only.
    const invoker = new Role(this, 'InvokerRole', {
      assumedBy: new ServicePrincipal('scheduler.amazonaws.com'),
      description: `SiteWalk ${stage.name}: EventBridge Scheduler invoking the ${name}`,
    });
    Validations.of(invoker).acknowledge({
      id: `AwsSolutions-IAM5[Resource::<${Stack.of(this).getLogicalId(this.function.node.defaultChild as CfnFunction)}.Arn>:*]`,
      reason: 'Invoking this one function by any of its versions; the grant names no other function.',
    });

    this.schedule = new Schedule(this, 'Schedule', {
      description: `SiteWalk ${stage.name}: ${props.does}`,
      schedule: ScheduleExpression.rate(every),
      target: new LambdaInvoke(this.function, {
        role: invoker,
        deadLetterQueue: this.deadLetters,
        retryAttempts: SCHEDULE_RETRIES,
        // A run older than the interval is overtaken by the next one.
        maxEventAge: every,
      }),
    });
  }
}
