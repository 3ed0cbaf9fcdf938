/**
 * Mapnest's own metrics, as CloudWatch embedded metric format (EMF) lines in the function's log (ADR 009, ADR 042):
 * one JSON object per metric, which CloudWatch turns into a metric in the `Mapnest` namespace with the dimensions
 * `service` and `stage` (the alarms and the dashboard read them, infra/src/constructs). The lines are exactly what
 * Powertools Metrics wrote for these calls (observability.test.ts compares them), without its 16 kB in every bundle.
 * Outside Lambda they are dropped rather than printed. Traces are Lambda's own (active tracing records each
 * invocation's segment); no tracer runs in the function, whose X-Ray SDK cost every bundle about 120 kB (ADR 034).
 */

/** The service name every log line, trace and metric of Mapnest carries. */
export const SERVICE = 'mapnest';
/** CloudWatch namespace of the application's own metrics. */
export const METRICS_NAMESPACE = 'Mapnest';

/** CloudWatch units, by the names EMF uses. */
export const MetricUnit = {
  Count: 'Count',
  Milliseconds: 'Milliseconds',
  Bytes: 'Bytes',
  Percent: 'Percent',
  None: 'None',
} as const;

/** An on/off variable as Powertools reads it ('1', 'yes', 'true', 'on'… or '0', 'no', 'false', 'off'…). */
export function flag(name: string): boolean | undefined {
  const value = process.env[name]?.toLowerCase();
  if (value === undefined) return undefined;
  if (['1', 'y', 'yes', 't', 'true', 'on'].includes(value)) return true;
  if (['0', 'n', 'no', 'f', 'false', 'off'].includes(value)) return false;
  return undefined;
}

/** POWERTOOLS_METRICS_DISABLED turns metrics off (or on), and POWERTOOLS_DEV turns them off unless it says otherwise. */
const disabled = () => flag('POWERTOOLS_METRICS_DISABLED') ?? flag('POWERTOOLS_DEV') ?? false;

/** The EMF line of one metric, as CloudWatch reads it. */
export function metricLine(
  name: string,
  value: number,
  unit: (typeof MetricUnit)[keyof typeof MetricUnit],
  stage: string,
  now = Date.now(),
): string {
  return JSON.stringify({
    _aws: {
      Timestamp: now,
      CloudWatchMetrics: [
        { Namespace: METRICS_NAMESPACE, Dimensions: [['service', 'stage']], Metrics: [{ Name: name, Unit: unit }] },
      ],
    },
    service: SERVICE,
    stage,
    [name]: value,
  });
}

const STAGE = process.env.STAGE ?? 'local';

/**
 * Records one metric and publishes it at once: the functions that count things (the sweep, the webhook, failed
 * calls) count a few per invocation, so a line each costs nothing and no flush can be forgotten on an early return.
 */
export function recordMetric(
  name: string,
  value: number,
  unit: (typeof MetricUnit)[keyof typeof MetricUnit] = MetricUnit.Count,
): void {
  if (!process.env.AWS_LAMBDA_FUNCTION_NAME || disabled()) return;
  const line = metricLine(name, value, unit, STAGE);
  // As Powertools: straight to stdout, or in development mode through the global console (which Lambda wraps).
  if (flag('POWERTOOLS_DEV')) console.log(line);
  else process.stdout.write(`${line}\n`);
}
