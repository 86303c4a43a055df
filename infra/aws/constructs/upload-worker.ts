import { Duration, Stack, Validations } from 'aws-cdk-lib';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { EventType } from 'aws-cdk-lib/aws-s3';
import { LambdaDestination } from 'aws-cdk-lib/aws-s3-notifications';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { Worker } from '@sitewalk/functions/resource-access';
import { TENANTS_PREFIX } from '@sitewalk/functions/ports/storage';
import type { StageConfig } from '../stage.ts';
import { ResourceFunction, type Backing } from './resource-function.ts';
import { deadLetterQueue } from './dead-letters.ts';

/** Lambda tries a failed upload event this often more (its asynchronous invocation) before giving it up. */
export const UPLOAD_EVENT_RETRIES = 2;
/** An upload event not handled within this time is given up (to the dead-letter queue). */
export const UPLOAD_EVENT_MAX_AGE = Duration.hours(6);

/**
 * The consumer of walk photos as they arrive (functions/src/walkPhoto/): its function, notified by the upload
 * bucket of every object created under `tenants/` (S3 filters by prefix and suffix only, so the function itself
 * leaves other kinds alone, reading nothing), tried again on failure and then given up to an encrypted
 * dead-letter queue. Its role reads only walk photos and may call Rekognition's DetectText (resource-function.ts).
 */
export class UploadWorker extends Construct {
  readonly name: Worker = 'walkPhoto';
  readonly function: NodejsFunction;
  readonly deadLetters: Queue;

  constructor(scope: Construct, id: string, props: { stage: StageConfig; backing: Backing }) {
    super(scope, id);
    const { stage, backing } = props;
    this.function = new ResourceFunction(this, 'Function', {
      resource: this.name,
      stage,
      backing,
      // One photo: DetectText answers in about a second; room for a slow one.
      timeout: Duration.seconds(30),
    }).function;

    this.deadLetters = deadLetterQueue(this, 'the walk-photo upload events');
    this.function.configureAsyncInvoke({
      retryAttempts: UPLOAD_EVENT_RETRIES,
      maxEventAge: UPLOAD_EVENT_MAX_AGE,
      onFailure: new SqsDestination(this.deadLetters),
    });

    backing.uploads.addEventNotification(EventType.OBJECT_CREATED, new LambdaDestination(this.function), {
      prefix: TENANTS_PREFIX,
    });
    acknowledgeNotificationsHandler(Stack.of(this));
  }
}

/**
 * S3 bucket notifications are set by the CDK's own singleton Lambda (BucketNotificationsHandler…), run by
 * CloudFormation at deploy time only; its role and runtime are the CDK's.
 */
const acknowledgeNotificationsHandler = (stack: Stack): void => {
  const handler = stack.node.children.find((child) => child.node.id.startsWith('BucketNotificationsHandler'));
  if (!handler) return;
  const reason =
    'The CDK’s BucketNotificationsHandler sets the upload bucket’s notification configuration at deploy time; its role and runtime are the CDK’s.';
  for (const finding of [
    'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
    'AwsSolutions-IAM5[Resource::*]',
  ]) {
    Validations.of(handler).acknowledge({ id: finding, reason });
  }
};
