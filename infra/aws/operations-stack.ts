import { Duration, Stack, type StackProps } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  Alarm,
  ComparisonOperator,
  Dashboard,
  GraphWidget,
  MathExpression,
  TextWidget,
  TreatMissingData,
  type IMetric,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { Construct } from 'constructs';
import type { Resource } from '@sitewalk/shared/contract/route';
import { METRICS_NAMESPACE, ROUTE_DIMENSION, type AnswerMetric } from '@sitewalk/functions/http/metrics';
import type { StageConfig } from './stage.ts';
import type { StreamWorker } from './constructs/stream-worker.ts';
import type { ScheduledWorker } from './constructs/scheduled-worker.ts';
import type { UploadWorker } from './constructs/upload-worker.ts';

export interface OperationsStackProps extends StackProps {
  stage: StageConfig;
  httpApi: HttpApi;
  functions: Record<Resource, NodejsFunction>;
  /** Stream consumers, each with its dead-letter queue. */
  workers: StreamWorker[];
  /** Workers invoked on a schedule (the evaluator), each with its dead-letter queue. */
  scheduled: ScheduledWorker[];
  /** Workers notified of uploads (walk photos), each with its dead-letter queue. */
  uploadWorkers: UploadWorker[];
  table: ITableV2;
}

const PERIOD = Duration.minutes(5);

/**
 * Watching a stage: alarms on API 5xx, Lambda errors and throttles, and DynamoDB throttling, e-mailed to the
 * stage's ops address through an encrypted SNS topic; and one CloudWatch dashboard.
 */
export class OperationsStack extends Stack {
  readonly alarmTopic: Topic;
  readonly alarms: Alarm[] = [];

  constructor(scope: Construct, id: string, props: OperationsStackProps) {
    super(scope, id, props);
    const { stage, httpApi, functions, workers, scheduled, uploadWorkers, table } = props;

    const key = new Key(this, 'AlarmTopicKey', {
      description: `SiteWalk ${stage.name}: alarm notifications`,
      enableKeyRotation: true,
      removalPolicy: stage.removalPolicy,
    });
    // CloudWatch publishes alarms to the topic, so it must be able to use the topic's key.
    key.grant(new ServicePrincipal('cloudwatch.amazonaws.com'), 'kms:Decrypt', 'kms:GenerateDataKey*');
    this.alarmTopic = new Topic(this, 'Alarms', {
      displayName: `SiteWalk ${stage.name} alarms`,
      masterKey: key,
      enforceSSL: true,
    });
    this.alarmTopic.addSubscription(new EmailSubscription(stage.opsEmail));
    const notify = new SnsAction(this.alarmTopic);

    const alarm = (id: string, metric: IMetric, description: string, threshold = stage.alarmThreshold) => {
      const created = new Alarm(this, id, {
        metric,
        threshold,
        evaluationPeriods: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
        alarmDescription: `SiteWalk ${stage.name}: ${description}`,
      });
      created.addAlarmAction(notify);
      created.addOkAction(notify);
      this.alarms.push(created);
      return created;
    };

    const api5xx = httpApi.metricServerError({ period: PERIOD, statistic: 'Sum' });
    alarm('Api5xx', api5xx, 'the API answered 5xx');

    const entries: [string, NodejsFunction][] = [
      ...(Object.entries(functions) as [Resource, NodejsFunction][]),
      ...[...workers, ...scheduled, ...uploadWorkers].map((worker): [string, NodejsFunction] => [
        worker.name,
        worker.function,
      ]),
    ];
    for (const worker of uploadWorkers) {
      // An upload event given up after its retries: that photo was not read (its report shows it pending).
      const failed = worker.deadLetters.metricApproximateNumberOfMessagesVisible({
        period: PERIOD,
        statistic: 'Maximum',
      });
      alarm(`${worker.name}DeadLetters`, failed, `the ${worker.name} worker gave up an upload event`, 1);
    }
    for (const worker of scheduled) {
      // A run the scheduler gave up on: missed-walk alerts may be late until the next run succeeds.
      const failed = worker.deadLetters.metricApproximateNumberOfMessagesVisible({
        period: PERIOD,
        statistic: 'Maximum',
      });
      alarm(`${worker.name}DeadLetters`, failed, `the scheduler gave up invoking the ${worker.name}`, 1);
    }
    for (const worker of workers) {
      // One batch given up is one cleanup stopped until the schedule resumes it: worth a look at once.
      const failed = worker.deadLetters.metricApproximateNumberOfMessagesVisible({
        period: PERIOD,
        statistic: 'Maximum',
      });
      alarm(
        `${worker.name}DeadLetters`,
        failed,
        `the ${worker.name} worker gave up a batch of stream records`,
        1,
      );
      const behind = worker.function.metric('IteratorAge', { period: PERIOD, statistic: 'Maximum' });
      alarm(
        `${worker.name}IteratorAge`,
        behind,
        `the ${worker.name} worker is more than 15 minutes behind the stream`,
        15 * 60_000,
      );
    }
    for (const [resource, fn] of entries) {
      alarm(`${resource}Errors`, fn.metricErrors({ period: PERIOD }), `the ${resource} Lambda failed`);
      alarm(
        `${resource}Throttles`,
        fn.metricThrottles({ period: PERIOD }),
        `the ${resource} Lambda was throttled`,
      );
    }

    const tableThrottles = new MathExpression({
      expression: 'reads + writes',
      usingMetrics: {
        reads: table.metric('ReadThrottleEvents', { period: PERIOD, statistic: 'Sum' }),
        writes: table.metric('WriteThrottleEvents', { period: PERIOD, statistic: 'Sum' }),
      },
      label: 'Throttled requests',
      period: PERIOD,
    });
    alarm('TableThrottles', tableThrottles, 'DynamoDB throttled requests');

    const dashboard = new Dashboard(this, 'Dashboard', { defaultInterval: Duration.days(1) });
    dashboard.addWidgets(
      new TextWidget({ markdown: `# SiteWalk ${stage.name}`, width: 24, height: 1 }),
      new GraphWidget({
        title: 'API requests and errors',
        left: [httpApi.metricCount({ period: PERIOD })],
        right: [httpApi.metricClientError({ period: PERIOD }), api5xx],
      }),
      new GraphWidget({
        title: 'API latency (p50, p99)',
        left: [
          httpApi.metricLatency({ period: PERIOD, statistic: 'p50' }),
          httpApi.metricLatency({ period: PERIOD, statistic: 'p99' }),
        ],
      }),
    );
    dashboard.addWidgets(
      new GraphWidget({
        title: 'Lambda errors',
        left: entries.map(([resource, fn]) => fn.metricErrors({ period: PERIOD, label: resource })),
      }),
      new GraphWidget({
        title: 'Lambda duration p99',
        left: entries.map(([resource, fn]) =>
          fn.metricDuration({ period: PERIOD, statistic: 'p99', label: resource }),
        ),
      }),
    );
    dashboard.addWidgets(
      new GraphWidget({
        title: 'DynamoDB consumed capacity',
        left: [
          table.metric('ConsumedReadCapacityUnits', { period: PERIOD, statistic: 'Sum' }),
          table.metric('ConsumedWriteCapacityUnits', { period: PERIOD, statistic: 'Sum' }),
        ],
      }),
      new GraphWidget({ title: 'DynamoDB throttling', left: [tableThrottles] }),
    );

    // SiteWalk's own metrics (functions/src/http/metrics.ts): each answer counted by route and function.
    const search = (name: AnswerMetric) =>
      `SEARCH('{${METRICS_NAMESPACE},${ROUTE_DIMENSION},service,stage} MetricName="${name}" stage="${stage.name}"', 'Sum', ${PERIOD.toSeconds()})`;
    const total = (name: AnswerMetric) =>
      new MathExpression({ expression: `SUM(${search(name)})`, label: name, period: PERIOD });
    const byRoute = (name: AnswerMetric) =>
      new MathExpression({ expression: search(name), label: '', period: PERIOD });
    dashboard.addWidgets(
      new GraphWidget({
        title: 'Walk reports started and finished',
        left: [total('ReportsStarted'), total('ReportsFinished')],
      }),
      new GraphWidget({
        title: 'Failed sign-ins and throttled requests',
        left: [total('FailedSignIns'), total('Throttles')],
      }),
    );
    const evaluator = (name: string) =>
      new MathExpression({
        expression: `SUM(SEARCH('{${METRICS_NAMESPACE},service,stage} MetricName="${name}" stage="${stage.name}"', 'Sum', ${PERIOD.toSeconds()}))`,
        label: name,
        period: PERIOD,
      });
    dashboard.addWidgets(
      new GraphWidget({
        title: 'Missed-walk evaluator: schedules checked and alerts raised',
        left: [evaluator('SchedulesChecked'), evaluator('AlertsRaised')],
        right: [evaluator('AlertMailsFailed')],
      }),
    );
    dashboard.addWidgets(
      new GraphWidget({ title: 'Client errors (4xx) by route', left: [byRoute('ClientErrors')] }),
      new GraphWidget({ title: 'Server errors (5xx) by route', left: [byRoute('ServerErrors')] }),
    );
  }
}
