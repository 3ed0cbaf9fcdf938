/**
 * Powertools metrics, one per container (ADR 009). Metrics go out as CloudWatch embedded metric format lines in the
 * function's log; outside Lambda they are dropped rather than printed. Traces are Lambda's own (active tracing records
 * each invocation's segment); no tracer runs in the function, whose X-Ray SDK cost every bundle about 120 kB (ADR 034).
 */
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';

/** The service name every log line, trace and metric of Mapnest carries. */
export const SERVICE = 'mapnest';
/** CloudWatch namespace of the application's own metrics. */
export const METRICS_NAMESPACE = 'Mapnest';

const metrics = new Metrics({
  namespace: METRICS_NAMESPACE,
  serviceName: SERVICE,
  defaultDimensions: { stage: process.env.STAGE ?? 'local' },
});

export { MetricUnit };

/**
 * Records one metric and publishes it at once: the functions that count things (the sweep, the webhook, failed
 * calls) count a few per invocation, so a line each costs nothing and no flush can be forgotten on an early return.
 */
export function recordMetric(
  name: string,
  value: number,
  unit: (typeof MetricUnit)[keyof typeof MetricUnit] = MetricUnit.Count,
): void {
  if (!process.env.AWS_LAMBDA_FUNCTION_NAME) return;
  metrics.addMetric(name, unit, value);
  metrics.publishStoredMetrics();
}
