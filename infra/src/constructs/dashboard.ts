import { Duration, Stack } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import type { Construct } from 'constructs';
import type { StageConfig } from '../stages';
import type { MapnestFunction } from './mapnest-function';

/** The functions whose p50 and p99 latency the dashboard graphs: the paths users feel at once. */
export const DASHBOARD_LATENCY_FUNCTIONS = [
  'calls/save-map',
  'calls/get-map',
  'calls/list-maps',
  'calls/publish-map',
  'http/beacon',
] as const;

/** The dashboard's widget titles (tests and operators find them by these). */
export const DASHBOARD_WIDGETS = {
  calls: 'Calls per call (invocations)',
  handledFailures: 'Handled failures: 5xx the calls and the webhook answered themselves',
  apiErrors: 'API requests and errors',
  latency: 'Latency of the main calls, p50 and p99 (ms)',
  saves: 'Map saves',
  beacons: 'Analytics beacons',
  webhook: 'Stripe webhook events',
  costs: 'Costs',
  estimatedCharges: 'Estimated charges this month, whole account (USD)',
  waf: 'WAF on the API distribution: allowed, blocked and counted requests',
} as const;

export interface ProductWidgetsProps {
  stage: StageConfig;
  functions: MapnestFunction[];
  /** The metric name of the stage's own web ACL, when it has one. */
  webAclMetricName?: string;
  period: Duration;
}

type Rows = cloudwatch.IWidget[][];

/**
 * What the product does and what it costs (issue 28), as dashboard rows: calls per call, handled failures, latency of
 * the main calls, saves, beacons and webhook events, costs (billing metrics are account-wide, so a text widget says
 * where the stage's own cost is) and the WAF of production stages.
 */
export function productWidgets(scope: Construct, props: ProductWidgetsProps): Rows {
  return [
    ...callWidgets(props),
    activityWidgets(props),
    costWidgets(scope, props),
    ...(props.webAclMetricName ? [[wafWidget(props.webAclMetricName, props.period)]] : []),
  ];
}

/** The application's own metrics (Powertools EMF lines, lambdas/src/lib/observability.ts), for one stage. */
const appMetric = (props: ProductWidgetsProps, metricName: string, label: string) =>
  new cloudwatch.Metric({
    namespace: 'Mapnest',
    metricName,
    dimensionsMap: { service: 'mapnest', stage: props.stage.name },
    period: props.period,
    statistic: cloudwatch.Stats.SUM,
    label,
  });

/** Invocations of each call, the failures calls and the webhook answered themselves, latency of the main calls. */
function callWidgets(props: ProductWidgetsProps): Rows {
  const { period } = props;
  const sum = { period, statistic: cloudwatch.Stats.SUM };
  const byId = new Map(props.functions.map((fn) => [fn.spec.id, fn]));
  const calls = props.functions.filter((fn) => fn.spec.kind === 'call');
  const latency = DASHBOARD_LATENCY_FUNCTIONS.flatMap((id) => {
    const fn = byId.get(id);
    return fn
      ? (['p50', 'p99'] as const).map((p) => fn.function.metricDuration({ period, statistic: p, label: `${id} ${p}` }))
      : [];
  });
  return [
    [
      new cloudwatch.GraphWidget({
        title: DASHBOARD_WIDGETS.calls,
        left: calls.map((fn) => fn.function.metricInvocations({ ...sum, label: fn.spec.id.replace('calls/', '') })),
        legendPosition: cloudwatch.LegendPosition.RIGHT,
        width: 24,
        height: 8,
      }),
    ],
    [
      new cloudwatch.GraphWidget({
        title: DASHBOARD_WIDGETS.handledFailures,
        left: [
          appMetric(props, 'CallFailures', 'all calls (CallFailures)'),
          appMetric(props, 'StripeEventFailures', 'webhook (StripeEventFailures)'),
        ],
        right: props.functions.flatMap((fn) =>
          fn.handledFailures ? [fn.handledFailures.with({ label: fn.spec.id, period })] : [],
        ),
        width: 24,
        height: 6,
      }),
    ],
    [new cloudwatch.GraphWidget({ title: DASHBOARD_WIDGETS.latency, left: latency, width: 24, height: 6 })],
  ];
}

/** Saves, beacons and Stripe webhook events: invocations, errors, throttles and the 5xx they answered. */
function activityWidgets(props: ProductWidgetsProps): cloudwatch.IWidget[] {
  const { period } = props;
  const sum = { period, statistic: cloudwatch.Stats.SUM };
  const byId = new Map(props.functions.map((fn) => [fn.spec.id, fn]));
  const activity = (title: string, id: string, extra: cloudwatch.IMetric[] = []) => {
    const fn = byId.get(id);
    const own = fn
      ? [
          fn.function.metricInvocations({ ...sum, label: 'invocations' }),
          fn.function.metricErrors({ ...sum, label: 'errors' }),
          fn.function.metricThrottles({ ...sum, label: 'throttles' }),
          ...(fn.handledFailures ? [fn.handledFailures.with({ label: 'answered 5xx', period })] : []),
        ]
      : [];
    return new cloudwatch.GraphWidget({ title, left: [...own, ...extra], width: 8 });
  };
  return [
    activity(DASHBOARD_WIDGETS.saves, 'calls/save-map'),
    activity(DASHBOARD_WIDGETS.beacons, 'http/beacon'),
    activity(DASHBOARD_WIDGETS.webhook, 'http/stripe-webhook', [
      appMetric(props, 'StripeEventsRefused', 'refused (invalid)'),
    ]),
  ];
}

/** Where the stage's cost is (a text widget), and the account's estimated charges where billing metrics exist. */
function costWidgets(scope: Construct, props: ProductWidgetsProps): cloudwatch.IWidget[] {
  const stage = props.stage.name;
  const explorer =
    'https://us-east-1.console.aws.amazon.com/cost-management/home#/cost-explorer?groupBy=%5B%22TagKeyValue:stage%22%5D';
  const widgets: cloudwatch.IWidget[] = [
    new cloudwatch.TextWidget({
      markdown: [
        `### ${DASHBOARD_WIDGETS.costs}`,
        'AWS publishes cost per account only (AWS/Billing, in us-east-1, once "Receive Billing Alerts" is on), so the graph beside this is the whole account\'s.',
        `This stage's own cost: [Cost Explorer, grouped by the \`stage\` tag](${explorer}) and the budget of stage \`${stage}\`, which alerts the alarm topic ([Budgets](https://us-east-1.console.aws.amazon.com/billing/home#/budgets)). What a view, a save and a beacon cost: docs/cost.md.`,
      ].join('\n\n'),
      width: 12,
      height: 6,
    }),
  ];
  if (Stack.of(scope).region === 'us-east-1') {
    widgets.push(
      new cloudwatch.GraphWidget({
        title: DASHBOARD_WIDGETS.estimatedCharges,
        left: [
          new cloudwatch.Metric({
            namespace: 'AWS/Billing',
            metricName: 'EstimatedCharges',
            dimensionsMap: { Currency: 'USD' },
            period: Duration.hours(6),
            statistic: cloudwatch.Stats.MAXIMUM,
            label: 'estimated charges (account)',
          }),
        ],
        width: 12,
        height: 6,
      }),
    );
  }
  return widgets;
}

/** The web ACL's allowed, blocked and counted requests (CloudFront ACLs publish in us-east-1). */
function wafWidget(webAclMetricName: string, period: Duration): cloudwatch.IWidget {
  const waf = (metricName: string) =>
    new cloudwatch.Metric({
      namespace: 'AWS/WAFV2',
      metricName,
      dimensionsMap: { WebACL: webAclMetricName, Rule: 'ALL' },
      period,
      statistic: cloudwatch.Stats.SUM,
      label: metricName,
    });
  return new cloudwatch.GraphWidget({
    title: DASHBOARD_WIDGETS.waf,
    left: [waf('AllowedRequests'), waf('BlockedRequests'), waf('CountedRequests')],
    width: 24,
    height: 6,
  });
}
