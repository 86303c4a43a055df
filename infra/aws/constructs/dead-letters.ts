import { Duration, Validations } from 'aws-cdk-lib';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';

/**
 * A worker's dead-letter queue (`Failed`): encrypted, TLS only, kept two weeks. It has no dead-letter queue of its
 * own (cdk-nag's SQS3): it is one.
 */
export const deadLetterQueue = (scope: Construct, of: string): Queue => {
  const queue = new Queue(scope, 'Failed', {
    encryption: QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
    retentionPeriod: Duration.days(14),
  });
  Validations.of(queue).acknowledge({
    id: 'AwsSolutions-SQS3',
    reason: `This queue is itself the dead-letter destination of ${of}.`,
  });
  return queue;
};
