import { Annotations, Duration, Stack, Validations } from 'aws-cdk-lib';
import * as budgets from 'aws-cdk-lib/aws-budgets';
import type { Distribution } from 'aws-cdk-lib/aws-cloudfront';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import * as iam from 'aws-cdk-lib/aws-iam';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';
import type { StageConfig } from '../stages';
import { functionAlarms, type MapnestFunction } from './mapnest-function';
import { Canaries } from './canaries';
import { DASHBOARD_WIDGETS, productWidgets } from './dashboard';
import { REQUEST_METRICS_FILTER } from './storage';

export { DASHBOARD_LATENCY_FUNCTIONS, DASHBOARD_WIDGETS } from './dashboard';

export interface MonitoringProps {
  stage: StageConfig;
  /** The alarm topic (in the stage's root stack, so alarms in every nested stack can notify it). */
  topic: sns.ITopic;
  functions: MapnestFunction[];
  api: HttpApi;
  table: ITable;
  /** Asynchronous invocations that failed after Lambda's retries (FailedInvocations). */
  failures: sqs.IQueue;
  distribution: Distribution;
  /** The app's origin (https://...), which the canaries load. */
  appOrigin: string;
  /** Bucket the canaries keep their artifacts in. */
  canaryArtifacts: IBucket;
  /** Origins of the paths customers' visitors load: /data (published maps) and /m (the embed page and assets). */
  origins: { data: IBucket; embed: IBucket };
  /** The metric name of the stage's own web ACL (on the API distribution), when it has one. */
  webAclMetricName?: string;
}

/** The stage's alarm topic (email when configured), in the root stack so alarms in every nested stack reach it. */
export function createAlarmTopic(scope: Construct, stage: StageConfig): sns.Topic {
  const topic = new sns.Topic(scope, 'Alarms', { displayName: `Mapnest ${stage.name} alarms`, enforceSSL: true });
  if (stage.alarmEmail) topic.addSubscription(new subscriptions.EmailSubscription(stage.alarmEmail));
  return topic;
}

/** CloudFront 5xx share, in percent, above which the edge alarm fires. */
export const EDGE_5XX_PERCENT = 1;
/** Fewer viewer requests than this in a period never raise the edge alarm. */
export const EDGE_5XX_MIN_REQUESTS = 100;

/**
 * The dead-letter queue of asynchronous invocations: an upload whose thumbnail or check failed, a sweep that
 * failed, each after Lambda's own retries, kept 14 days with the event that failed (Lambda's OnFailure record),
 * so it can be read and re-driven. Created before the functions, which name it as their OnFailure destination.
 */
export class FailedInvocations extends Construct {
  readonly queue: sqs.Queue;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.queue = new sqs.Queue(this, 'Queue', {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    Validations.of(this.queue).acknowledge({
      id: 'AwsSolutions-SQS3',
      reason:
        'This queue is itself the dead-letter destination of the asynchronous triggers; nothing consumes it automatically, so it needs no queue of its own.',
    });
  }
}

/** Account-wide concurrent executions that raise the concurrency alarm (80% of the 1,000 quota). */
export const ACCOUNT_CONCURRENCY_ALARM = 800;
/** SES bounce and complaint rates (fractions) that raise the reputation alarms: half of AWS's review levels. */
export const SES_BOUNCE_RATE_ALARM = 0.025;
export const SES_COMPLAINT_RATE_ALARM = 0.0005;

/** Share of API requests answered with 5xx, in percent, above which the API alarm fires. */
export const API_5XX_PERCENT = 5;
/** Fewer requests than this in a period never raise the 5xx alarm (one failure in three is not an outage). */
export const API_5XX_MIN_REQUESTS = 20;
/** Insights queries accept at most this many log groups. */
const MAX_QUERY_LOG_GROUPS = 50;
/** The period of every alarm and graph. */
const period = Duration.minutes(5);

/**
 * Alarms to one SNS topic (email when configured): per function, any error or throttle; the API's 5xx
 * rate; DynamoDB throttling. A dashboard shows the same signals plus the latest error log lines.
 */
export class Monitoring extends Construct {
  readonly topic: sns.ITopic;
  private readonly action: SnsAction;
  readonly alarms: cloudwatch.Alarm[] = [];
  readonly dashboard: cloudwatch.Dashboard;
  readonly budget: budgets.CfnBudget;
  readonly canaries: Canaries;

  constructor(scope: Construct, id: string, props: MonitoringProps) {
    super(scope, id);
    const { stage } = props;
    this.topic = props.topic;
    this.action = new SnsAction(this.topic);
    this.alarmFunctions(props);
    const { requests, serverErrors } = this.alarmApi(props);
    this.alarmFailedInvocations(props);
    this.alarmAccountConcurrency(props);
    this.canaries = new Canaries(this, 'Canaries', {
      stageName: stage.name,
      appOrigin: props.appOrigin,
      artifacts: props.canaryArtifacts,
    });
    for (const alarm of this.canaries.alarms) this.track(alarm);
    this.alarmEmailReputation(props);
    this.alarmEdge(props);
    this.alarmOrigins(props);
    this.alarmFollowUps(props);
    this.budget = this.stageBudget(stage);
    const tableThrottles = this.alarmTable(props);
    this.dashboard = this.createDashboard(props, requests, serverErrors, tableThrottles);
  }

  /** Sends an alarm's changes (into alarm and back to OK) to the topic, and lists it. */
  private track(alarm: cloudwatch.Alarm): cloudwatch.Alarm {
    alarm.addAlarmAction(this.action);
    alarm.addOkAction(this.action);
    this.alarms.push(alarm);
    return alarm;
  }

  /**
   * Per function: any crash, timeout, throttle or failure it answered itself (CallFailures, StripeEventFailures),
   * and p99 duration near its timeout. Gradual functions own theirs (their deployment rolls back on them).
   */
  private alarmFunctions(props: MonitoringProps): void {
    for (const fn of props.functions) {
      if (fn.alarms.length > 0) {
        this.alarms.push(...fn.alarms);
        continue;
      }
      for (const alarm of functionAlarms(this, fn, props.stage.name)) this.track(alarm);
    }
  }

  /** The account's concurrent executions near its quota (1,000 once raised; docs/deploy.md step 3). */
  private alarmAccountConcurrency(props: MonitoringProps): void {
    const concurrent = new cloudwatch.Metric({
      namespace: 'AWS/Lambda',
      metricName: 'ConcurrentExecutions',
      period,
      statistic: cloudwatch.Stats.MAXIMUM,
    });
    this.track(
      concurrent.createAlarm(this, 'AccountConcurrency', {
        alarmDescription: `Mapnest ${props.stage.name}: the account's Lambda concurrent executions reached ${ACCOUNT_CONCURRENCY_ALARM} (80% of the 1,000 quota docs/deploy.md asks for); beyond the quota every function throttles.`,
        threshold: ACCOUNT_CONCURRENCY_ALARM,
        evaluationPeriods: 2,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      }),
    );
  }

  /**
   * SES reputation: AWS reviews an account at a 5% bounce rate or 0.1% complaint rate and may pause sending at
   * 10% / 0.5%, which would stop sign-up emails; alarm at half the review levels. Only where the stage sends.
   */
  private alarmEmailReputation(props: MonitoringProps): void {
    if (!props.stage.email) return;
    for (const [name, metricName, threshold] of [
      ['SesBounceRate', 'Reputation.BounceRate', SES_BOUNCE_RATE_ALARM],
      ['SesComplaintRate', 'Reputation.ComplaintRate', SES_COMPLAINT_RATE_ALARM],
    ] as const) {
      this.track(
        new cloudwatch.Metric({
          namespace: 'AWS/SES',
          metricName,
          period: Duration.hours(1),
          statistic: 'Maximum',
        }).createAlarm(this, name, {
          alarmDescription: `Mapnest ${props.stage.name}: SES ${metricName} above ${threshold * 100}% (AWS reviews the account at twice this).`,
          threshold,
          evaluationPeriods: 1,
          comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
          treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
        }),
      );
    }
  }

  /** The API's share of 5xx answers, once there are enough requests to mean something. */
  private alarmApi(props: MonitoringProps): { requests: cloudwatch.Metric; serverErrors: cloudwatch.Metric } {
    const { stage } = props;
    const requests = props.api.metricCount({ period, statistic: cloudwatch.Stats.SUM });
    const serverErrors = props.api.metricServerError({ period, statistic: cloudwatch.Stats.SUM });
    const serverErrorRate = new cloudwatch.MathExpression({
      label: 'API 5xx %',
      expression: `IF(requests >= ${API_5XX_MIN_REQUESTS}, 100 * FILL(errors, 0) / requests, 0)`,
      usingMetrics: { requests, errors: serverErrors },
      period,
    });
    this.track(
      serverErrorRate.createAlarm(this, 'Api5xxRate', {
        alarmDescription: `Mapnest ${stage.name}: more than ${API_5XX_PERCENT}% of API requests answered 5xx.`,
        threshold: API_5XX_PERCENT,
        evaluationPeriods: 3,
        datapointsToAlarm: 2,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      }),
    );
    return { requests, serverErrors };
  }

  /** An upload trigger or sweep that failed after its retries (its event waits in the queue). */
  private alarmFailedInvocations(props: MonitoringProps): void {
    const { stage } = props;
    this.track(
      props.failures
        .metricApproximateNumberOfMessagesVisible({ period, statistic: cloudwatch.Stats.MAXIMUM })
        .createAlarm(this, 'FailedInvocations', {
          alarmDescription: `Mapnest ${stage.name}: an upload trigger or scheduled sweep failed after its retries; the event waits in the failed-invocations queue.`,
          threshold: 1,
          evaluationPeriods: 1,
          comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
          treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
        }),
    );
  }

  /** CloudFront's 5xx share, where its metrics exist (us-east-1). */
  private alarmEdge(props: MonitoringProps): void {
    const { stage } = props;
    // The paths customers' visitors use. CloudFront publishes its metrics per distribution (in us-east-1), so the
    // edge alarm covers every path; the origins' own 5xx (S3 request metrics) say which of /data or /m failed.
    if (Stack.of(this).region === 'us-east-1') {
      const edgeRequests = props.distribution.metricRequests({ period, statistic: cloudwatch.Stats.SUM });
      const edgeErrorRate = new cloudwatch.MathExpression({
        label: 'CloudFront 5xx %',
        expression: `IF(requests >= ${EDGE_5XX_MIN_REQUESTS}, rate, 0)`,
        usingMetrics: {
          requests: edgeRequests,
          rate: props.distribution.metric5xxErrorRate({ period, statistic: cloudwatch.Stats.AVERAGE }),
        },
        period,
      });
      this.track(
        edgeErrorRate.createAlarm(this, 'Edge5xxRate', {
          alarmDescription: `Mapnest ${stage.name}: more than ${EDGE_5XX_PERCENT}% of CloudFront responses (embeds /m, map data /data, app) were 5xx.`,
          threshold: EDGE_5XX_PERCENT,
          evaluationPeriods: 3,
          datapointsToAlarm: 2,
          comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
          treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
        }),
      );
    } else {
      Annotations.of(this).addWarningV2(
        'mapnest:edge-alarm',
        'CloudFront metrics exist only in us-east-1: the edge 5xx alarm needs a us-east-1 stack; only the origin alarms are created.',
      );
    }
  }

  /** 5xx from the S3 origins of /data and /m. */
  private alarmOrigins(props: MonitoringProps): void {
    const { stage } = props;
    for (const [path, bucket] of [
      ['Data', props.origins.data],
      ['Embed', props.origins.embed],
    ] as const) {
      const originErrors = new cloudwatch.Metric({
        namespace: 'AWS/S3',
        metricName: '5xxErrors',
        dimensionsMap: { BucketName: bucket.bucketName, FilterId: REQUEST_METRICS_FILTER },
        period,
        statistic: cloudwatch.Stats.SUM,
      });
      this.track(
        originErrors.createAlarm(this, `${path}Origin5xx`, {
          alarmDescription: `Mapnest ${stage.name}: the S3 origin of /${path === 'Data' ? 'data' : 'm'} answered 5xx to CloudFront.`,
          threshold: 5,
          evaluationPeriods: 1,
          comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
          treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
        }),
      );
    }
  }

  /**
   * Follow-ups of committed changes (lambdas/src/domain/follow-ups.ts, ADR 045): a public copy or a billing email
   * that failed after its change and failed again when the hourly sweep retried it. Each is still owed to someone.
   */
  private alarmFollowUps(props: MonitoringProps): void {
    const { stage } = props;
    const failed = new cloudwatch.Metric({
      namespace: 'Mapnest',
      metricName: 'FollowUpsFailed',
      dimensionsMap: { service: 'mapnest', stage: stage.name },
      period: Duration.hours(1),
      statistic: cloudwatch.Stats.SUM,
    });
    this.track(
      failed.createAlarm(this, 'FollowUpsFailed', {
        alarmDescription: `Mapnest ${stage.name}: a public copy or billing email owed after a committed change failed again when the hourly sweep retried it (docs/deploy.md, Follow-ups).`,
        threshold: 1,
        evaluationPeriods: 1,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      }),
    );
  }

  private stageBudget(stage: StageConfig): budgets.CfnBudget {
    // AWS Budgets: this stage's monthly cost (resources tagged stage=<name>) against its limit.
    this.topic.addToResourcePolicy(
      new iam.PolicyStatement({
        sid: 'BudgetsPublish',
        principals: [new iam.ServicePrincipal('budgets.amazonaws.com')],
        actions: ['sns:Publish'],
        resources: [this.topic.topicArn],
        conditions: { StringEquals: { 'aws:SourceAccount': Stack.of(this).account } },
      }),
    );
    const toTopic = [{ subscriptionType: 'SNS', address: this.topic.topicArn }];
    return new budgets.CfnBudget(this, 'Budget', {
      budget: {
        budgetType: 'COST',
        timeUnit: 'MONTHLY',
        budgetLimit: { amount: stage.monthlyBudgetUsd, unit: 'USD' },
        costFilters: { TagKeyValue: [`user:stage$${stage.name}`] },
      },
      notificationsWithSubscribers: [
        {
          notification: {
            notificationType: 'ACTUAL',
            comparisonOperator: 'GREATER_THAN',
            threshold: 80,
            thresholdType: 'PERCENTAGE',
          },
          subscribers: toTopic,
        },
        {
          notification: {
            notificationType: 'FORECASTED',
            comparisonOperator: 'GREATER_THAN',
            threshold: 100,
            thresholdType: 'PERCENTAGE',
          },
          subscribers: toTopic,
        },
      ],
    });
  }

  /** DynamoDB throttling (hot partition or account limit). */
  private alarmTable(props: MonitoringProps): cloudwatch.MathExpression {
    const { stage } = props;
    const tableThrottles = new cloudwatch.MathExpression({
      label: 'DynamoDB throttle events',
      expression: 'FILL(reads, 0) + FILL(writes, 0)',
      usingMetrics: {
        reads: props.table.metric('ReadThrottleEvents', { period, statistic: cloudwatch.Stats.SUM }),
        writes: props.table.metric('WriteThrottleEvents', { period, statistic: cloudwatch.Stats.SUM }),
      },
      period,
    });
    this.track(
      tableThrottles.createAlarm(this, 'TableThrottles', {
        alarmDescription: `Mapnest ${stage.name}: DynamoDB throttled requests (hot partition or account limit).`,
        threshold: 1,
        evaluationPeriods: 1,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      }),
    );
    return tableThrottles;
  }

  /** The dashboard: the alarms' signals plus latency, capacity and the latest error log lines. */
  private createDashboard(
    props: MonitoringProps,
    requests: cloudwatch.Metric,
    serverErrors: cloudwatch.Metric,
    tableThrottles: cloudwatch.MathExpression,
  ): cloudwatch.Dashboard {
    const dashboard = new cloudwatch.Dashboard(this, 'Dashboard', { defaultInterval: Duration.hours(6) });
    for (const row of productWidgets(this, { ...props, period })) dashboard.addWidgets(...row);
    dashboard.addWidgets(
      new cloudwatch.GraphWidget({
        title: DASHBOARD_WIDGETS.apiErrors,
        left: [requests, props.api.metricClientError({ period, statistic: cloudwatch.Stats.SUM }), serverErrors],
        width: 12,
      }),
      new cloudwatch.GraphWidget({
        title: 'API latency (ms)',
        left: ['p50', 'p90', 'p99'].map((p) => props.api.metricLatency({ period, statistic: p, label: p })),
        width: 12,
      }),
    );
    dashboard.addWidgets(
      new cloudwatch.GraphWidget({
        title: 'Lambda errors',
        left: props.functions.map((fn) =>
          fn.function.metricErrors({ period, statistic: cloudwatch.Stats.SUM, label: fn.spec.id }),
        ),
        width: 8,
      }),
      new cloudwatch.GraphWidget({
        title: 'Lambda throttles',
        left: props.functions.map((fn) =>
          fn.function.metricThrottles({ period, statistic: cloudwatch.Stats.SUM, label: fn.spec.id }),
        ),
        width: 8,
      }),
      new cloudwatch.GraphWidget({
        title: 'Lambda duration p99 (ms)',
        left: props.functions.map((fn) => fn.function.metricDuration({ period, statistic: 'p99', label: fn.spec.id })),
        width: 8,
      }),
    );
    dashboard.addWidgets(
      new cloudwatch.GraphWidget({
        title: 'DynamoDB capacity consumed',
        left: [
          props.table.metricConsumedReadCapacityUnits({ period, statistic: cloudwatch.Stats.SUM }),
          props.table.metricConsumedWriteCapacityUnits({ period, statistic: cloudwatch.Stats.SUM }),
        ],
        width: 12,
      }),
      new cloudwatch.GraphWidget({ title: 'DynamoDB throttle events', left: [tableThrottles], width: 12 }),
    );
    dashboard.addWidgets(
      new cloudwatch.LogQueryWidget({
        title: 'Latest errors (all functions)',
        logGroupNames: props.functions.slice(0, MAX_QUERY_LOG_GROUPS).map((fn) => fn.logGroup.logGroupName),
        // Powertools Logger writes each line as JSON with its own level (WARN stays WARN).
        queryLines: [
          'fields @timestamp, @log, level, message, requestId, error.message',
          'filter level = "ERROR"',
          'sort @timestamp desc',
          'limit 50',
        ],
        width: 24,
      }),
    );
    return dashboard;
  }
}
