import { Duration } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';
import type { StageConfig } from '../stages';
import type { MapnestFunction } from './mapnest-function';

export interface MonitoringProps {
  stage: StageConfig;
  functions: MapnestFunction[];
  api: HttpApi;
  table: ITable;
}

/** Share of API requests answered with 5xx, in percent, above which the API alarm fires. */
export const API_5XX_PERCENT = 5;
/** Fewer requests than this in a period never raise the 5xx alarm (one failure in three is not an outage). */
export const API_5XX_MIN_REQUESTS = 20;
/** Insights queries accept at most this many log groups. */
const MAX_QUERY_LOG_GROUPS = 50;

/**
 * Alarms to one SNS topic (email when configured): per function, any error or throttle; the API's 5xx
 * rate; DynamoDB throttling. A dashboard shows the same signals plus the latest error log lines.
 */
export class Monitoring extends Construct {
  readonly topic: sns.Topic;
  readonly alarms: cloudwatch.Alarm[] = [];
  readonly dashboard: cloudwatch.Dashboard;

  constructor(scope: Construct, id: string, props: MonitoringProps) {
    super(scope, id);
    const { stage } = props;
    const period = Duration.minutes(5);

    this.topic = new sns.Topic(this, 'Alarms', { displayName: `Mapnest ${stage.name} alarms`, enforceSSL: true });
    if (stage.alarmEmail) this.topic.addSubscription(new subscriptions.EmailSubscription(stage.alarmEmail));
    const action = new SnsAction(this.topic);
    const track = (alarm: cloudwatch.Alarm) => {
      alarm.addAlarmAction(action);
      alarm.addOkAction(action);
      this.alarms.push(alarm);
      return alarm;
    };

    for (const fn of props.functions) {
      // Callables answer their own 4xx/5xx; Lambda's Errors only counts crashes, timeouts and out-of-memory.
      const failures = new cloudwatch.MathExpression({
        label: `${fn.spec.id} errors + throttles`,
        expression: 'FILL(errors, 0) + FILL(throttles, 0)',
        usingMetrics: {
          errors: fn.function.metricErrors({ period, statistic: cloudwatch.Stats.SUM }),
          throttles: fn.function.metricThrottles({ period, statistic: cloudwatch.Stats.SUM }),
        },
        period,
      });
      track(
        failures.createAlarm(this, `${fn.node.id}Failures`, {
          alarmDescription: `Mapnest ${stage.name} ${fn.spec.id}: invocations failed (unhandled error, timeout, out of memory) or were throttled.`,
          threshold: 1,
          evaluationPeriods: 1,
          comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
          treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
        }),
      );
    }

    const requests = props.api.metricCount({ period, statistic: cloudwatch.Stats.SUM });
    const serverErrors = props.api.metricServerError({ period, statistic: cloudwatch.Stats.SUM });
    const serverErrorRate = new cloudwatch.MathExpression({
      label: 'API 5xx %',
      expression: `IF(requests >= ${API_5XX_MIN_REQUESTS}, 100 * FILL(errors, 0) / requests, 0)`,
      usingMetrics: { requests, errors: serverErrors },
      period,
    });
    track(
      serverErrorRate.createAlarm(this, 'Api5xxRate', {
        alarmDescription: `Mapnest ${stage.name}: more than ${API_5XX_PERCENT}% of API requests answered 5xx.`,
        threshold: API_5XX_PERCENT,
        evaluationPeriods: 3,
        datapointsToAlarm: 2,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      }),
    );

    const tableThrottles = new cloudwatch.MathExpression({
      label: 'DynamoDB throttle events',
      expression: 'FILL(reads, 0) + FILL(writes, 0)',
      usingMetrics: {
        reads: props.table.metric('ReadThrottleEvents', { period, statistic: cloudwatch.Stats.SUM }),
        writes: props.table.metric('WriteThrottleEvents', { period, statistic: cloudwatch.Stats.SUM }),
      },
      period,
    });
    track(
      tableThrottles.createAlarm(this, 'TableThrottles', {
        alarmDescription: `Mapnest ${stage.name}: DynamoDB throttled requests (hot partition or account limit).`,
        threshold: 1,
        evaluationPeriods: 1,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      }),
    );

    this.dashboard = new cloudwatch.Dashboard(this, 'Dashboard', { defaultInterval: Duration.hours(6) });
    this.dashboard.addWidgets(
      new cloudwatch.GraphWidget({
        title: 'API requests and errors',
        left: [requests, props.api.metricClientError({ period, statistic: cloudwatch.Stats.SUM }), serverErrors],
        width: 12,
      }),
      new cloudwatch.GraphWidget({
        title: 'API latency (ms)',
        left: ['p50', 'p90', 'p99'].map((p) => props.api.metricLatency({ period, statistic: p, label: p })),
        width: 12,
      }),
    );
    this.dashboard.addWidgets(
      new cloudwatch.GraphWidget({
        title: 'Lambda errors',
        left: props.functions.map((fn) => fn.function.metricErrors({ period, statistic: cloudwatch.Stats.SUM, label: fn.spec.id })),
        width: 8,
      }),
      new cloudwatch.GraphWidget({
        title: 'Lambda throttles',
        left: props.functions.map((fn) => fn.function.metricThrottles({ period, statistic: cloudwatch.Stats.SUM, label: fn.spec.id })),
        width: 8,
      }),
      new cloudwatch.GraphWidget({
        title: 'Lambda duration p99 (ms)',
        left: props.functions.map((fn) => fn.function.metricDuration({ period, statistic: 'p99', label: fn.spec.id })),
        width: 8,
      }),
    );
    this.dashboard.addWidgets(
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
    this.dashboard.addWidgets(
      new cloudwatch.LogQueryWidget({
        title: 'Latest errors (all functions)',
        logGroupNames: props.functions.slice(0, MAX_QUERY_LOG_GROUPS).map((fn) => fn.logGroup.logGroupName),
        // Lambda's JSON format sets level from the console method; the handlers' own JSON line is in message.
        queryLines: ['fields @timestamp, @log, level, message', 'filter level = "ERROR"', 'sort @timestamp desc', 'limit 50'],
        width: 24,
      }),
    );
  }
}
