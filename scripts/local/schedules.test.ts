import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TRIGGERS } from '@mapnest/lambdas/routes';
import { ratePeriodMs, startSchedules } from './schedules';

describe('rate expressions', () => {
  it('reads EventBridge rate expressions, singular and plural', () => {
    expect(ratePeriodMs('rate(1 hour)')).toBe(3_600_000);
    expect(ratePeriodMs('rate(5 minutes)')).toBe(300_000);
    expect(ratePeriodMs('rate(2 days)')).toBe(172_800_000);
  });

  it('refuses what it cannot run', () => {
    for (const e of ['cron(0 * * * ? *)', 'rate(0 hours)', 'rate(1 week)', 'rate(hour)', ''])
      expect(ratePeriodMs(e), e).toBeNull();
  });

  it('runs every scheduled trigger the product declares', () => {
    for (const t of TRIGGERS.filter((x) => x.source === 'schedule'))
      expect(ratePeriodMs(t.schedule!), t.module).not.toBeNull();
  });
});

describe('the local schedules', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2026-11-29T10:00:00Z') });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs a trigger once per period, not at the start, with a scheduled event, until stopped', async () => {
    const runs: Array<[string, Record<string, unknown>]> = [];
    const stop = startSchedules(
      [
        { module: 'sweep', source: 'schedule', schedule: 'rate(1 hour)' },
        { module: 'thumbnail', source: 's3-upload' },
      ],
      async (module, event) => void runs.push([module, event]),
      () => undefined,
    );
    await vi.advanceTimersByTimeAsync(3_599_999);
    expect(runs).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toHaveLength(1);
    expect(runs[0]![0]).toBe('sweep');
    expect(runs[0]![1]).toMatchObject({
      'detail-type': 'Scheduled Event',
      source: 'aws.events',
      time: '2026-11-29T11:00:00Z',
    });
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(runs).toHaveLength(2);
    await stop();
    await vi.advanceTimersByTimeAsync(10 * 3_600_000);
    expect(runs).toHaveLength(2);
  });

  it('logs a failed run and runs again on time; never starts a run while the last one is going', async () => {
    const lines: string[] = [];
    let calls = 0;
    let release: () => void = () => undefined;
    const stop = startSchedules(
      [{ module: 'sweep', source: 'schedule', schedule: 'rate(1 minute)' }],
      async () => {
        calls++;
        if (calls === 1) throw new Error('table unavailable');
        await new Promise<void>((resolve) => (release = resolve));
      },
      (line) => lines.push(line),
    );
    await vi.advanceTimersByTimeAsync(60_000);
    expect(lines).toEqual(['[stack] scheduled trigger sweep failed: Error: table unavailable']);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toBe(2);
    // The second run is still going: the next two periods start nothing.
    await vi.advanceTimersByTimeAsync(120_000);
    expect(calls).toBe(2);
    const stopped = stop();
    release();
    await stopped;
  });

  it('says which schedules it does not run', () => {
    const lines: string[] = [];
    const stop = startSchedules(
      [{ module: 'nightly', source: 'schedule', schedule: 'cron(0 3 * * ? *)' }],
      async () => undefined,
      (line) => lines.push(line),
    );
    expect(lines).toEqual([
      '[stack] scheduled trigger nightly: cron(0 3 * * ? *) is not run locally (only rate(...) is)',
    ]);
    void stop();
  });
});
