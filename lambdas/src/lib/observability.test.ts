import { Metrics } from '@aws-lambda-powertools/metrics';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** The variables either writer reads; each test sets its own. */
const VARIABLES = ['STAGE', 'AWS_LAMBDA_FUNCTION_NAME', 'POWERTOOLS_METRICS_DISABLED', 'POWERTOOLS_DEV'] as const;

/** Everything written to stdout, stderr and the console while `run` runs. */
async function written(run: () => unknown): Promise<string> {
  let out = '';
  for (const stream of ['stdout', 'stderr'] as const)
    vi.spyOn(process[stream], 'write').mockImplementation((chunk: string | Uint8Array) => {
      out += String(chunk);
      return true;
    });
  // Development mode writes through the global console (which vitest, like Lambda, takes over).
  vi.spyOn(console, 'log').mockImplementation((line: string) => {
    out += `${line}\n`;
  });
  try {
    await run();
  } finally {
    vi.restoreAllMocks();
  }
  return out;
}

/** What Powertools Metrics, set up as Mapnest set it up until ADR 042, writes for one metric. */
const powertools = (name: string, value: number) =>
  written(() => {
    const metrics = new Metrics({
      namespace: 'Mapnest',
      serviceName: 'mapnest',
      defaultDimensions: { stage: process.env.STAGE ?? 'local' },
    });
    if (!process.env.AWS_LAMBDA_FUNCTION_NAME) return;
    metrics.addMetric(name, 'Count', value);
    metrics.publishStoredMetrics();
  });

/** What recordMetric writes, from a fresh load of the module (it reads STAGE when loaded, as Powertools did). */
const own = (name: string, value: number) =>
  written(async () => {
    vi.resetModules();
    const { recordMetric } = await import('./observability');
    recordMetric(name, value);
  });

describe('recordMetric', () => {
  // Each test starts with none of the variables set and a fixed clock; vitest puts the variables back after it.
  beforeEach(() => {
    for (const key of VARIABLES) vi.stubEnv(key, undefined);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-28T12:00:00.123Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllEnvs();
  });

  it('writes, in Lambda, the very EMF line Powertools Metrics wrote: namespace, dimensions, name, unit, value', async () => {
    process.env.AWS_LAMBDA_FUNCTION_NAME = 'mapnest-prod-saveMap';
    for (const stage of ['prod', 'staging', undefined]) {
      if (stage === undefined) delete process.env.STAGE;
      else process.env.STAGE = stage;
      for (const [name, value] of [
        ['CallFailures', 1],
        ['StripeEventFailures', 1],
        ['StripeEventsRefused', 3],
        ['TestMapsExpired', 0],
      ] as const) {
        const line = await own(name, value);
        expect(line, `${name} on ${stage}`).toBe(await powertools(name, value));
        expect(JSON.parse(line)).toEqual({
          _aws: {
            Timestamp: Date.parse('2026-11-28T12:00:00.123Z'),
            CloudWatchMetrics: [
              { Namespace: 'Mapnest', Dimensions: [['service', 'stage']], Metrics: [{ Name: name, Unit: 'Count' }] },
            ],
          },
          service: 'mapnest',
          stage: stage ?? 'local',
          [name]: value,
        });
      }
    }
  });

  it('writes nothing outside Lambda, nor when metrics are turned off, as Powertools did', async () => {
    expect(await own('CallFailures', 1)).toBe('');
    process.env.AWS_LAMBDA_FUNCTION_NAME = 'mapnest-prod-saveMap';
    for (const [key, value] of [
      ['POWERTOOLS_METRICS_DISABLED', 'true'],
      ['POWERTOOLS_DEV', '1'],
    ] as const) {
      process.env[key] = value;
      expect(await own('CallFailures', 1), key).toBe('');
      expect(await powertools('CallFailures', 1), key).toBe('');
      delete process.env[key];
    }
    // Development mode with metrics explicitly on still writes them.
    process.env.POWERTOOLS_DEV = 'true';
    process.env.POWERTOOLS_METRICS_DISABLED = 'false';
    expect(await own('CallFailures', 1)).toBe(await powertools('CallFailures', 1));
    expect(await own('CallFailures', 1)).not.toBe('');
  });
});
