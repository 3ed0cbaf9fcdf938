/**
 * The scheduled triggers on the local stack, as EventBridge runs them in AWS: each handler on its `rate(...)`, first
 * one period after the start (EventBridge's rate schedules do not fire at creation either), with the scheduled
 * event Lambda receives. A run that fails is logged and the next one comes on time, as Lambda's asynchronous
 * invocation would (its retries and failure queue are AWS's own: docs/deploy.md). Cron expressions are not run
 * locally; none is used.
 */
import type { TriggerSpec } from '@mapnest/lambdas/routes';

const UNIT_MS: Record<string, number> = { minute: 60_000, hour: 3_600_000, day: 86_400_000 };

/** The period of an EventBridge `rate(N unit)` expression in milliseconds; null for anything else. */
export function ratePeriodMs(expression: string): number | null {
  const m = /^rate\((\d+) (minute|hour|day)s?\)$/.exec(expression.trim());
  if (!m) return null;
  const n = Number(m[1]);
  return n > 0 ? n * UNIT_MS[m[2]!]! : null;
}

/** What EventBridge sends a scheduled Lambda: a `Scheduled Event` with the time it fired. */
export function scheduledEvent(module: string, at: Date): Record<string, unknown> {
  return {
    version: '0',
    id: `local-${module}-${at.getTime()}`,
    'detail-type': 'Scheduled Event',
    source: 'aws.events',
    time: at.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    region: process.env.AWS_REGION ?? 'us-east-1',
    resources: [`local:rule/${module}`],
    detail: {},
  };
}

/**
 * Runs every scheduled trigger of `triggers` on its rate with `run(module, event)`. Answers a stop that cancels the
 * schedules and waits for a run under way. A run still going when its next time comes is not started twice.
 */
export function startSchedules(
  triggers: readonly TriggerSpec[],
  run: (module: string, event: Record<string, unknown>) => Promise<unknown>,
  log: (line: string) => void = (line) => console.warn(line),
): () => Promise<void> {
  const timers: NodeJS.Timeout[] = [];
  const running = new Map<string, Promise<void>>();
  for (const t of triggers) {
    if (t.source !== 'schedule') continue;
    const period = ratePeriodMs(t.schedule ?? '');
    if (period === null) {
      log(`[stack] scheduled trigger ${t.module}: ${t.schedule} is not run locally (only rate(...) is)`);
      continue;
    }
    const timer = setInterval(() => {
      if (running.has(t.module)) return;
      const once = run(t.module, scheduledEvent(t.module, new Date()))
        .then(() => undefined)
        .catch((err: unknown) => log(`[stack] scheduled trigger ${t.module} failed: ${String(err)}`))
        .finally(() => running.delete(t.module));
      running.set(t.module, once);
    }, period);
    timer.unref();
    timers.push(timer);
  }
  return async () => {
    for (const timer of timers) clearInterval(timer);
    await Promise.all(running.values());
  };
}
