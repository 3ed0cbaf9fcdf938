/**
 * DevTools readings for the editor bench: a CPU profile (BENCH_PROFILE=1: self and inclusive time per function)
 * and a trace (BENCH_TRACE=1: the browser's own accounting of style, layout, paint and script).
 */
import type { BrowserContext, CDPSession, Page } from 'playwright-core';

/** Starts the CPU profiler when BENCH_PROFILE is set. */
export async function startCpuProfile(context: BrowserContext, page: Page): Promise<CDPSession | null> {
  const cdp = process.env.BENCH_PROFILE ? await context.newCDPSession(page) : null;
  if (cdp) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.start');
  }
  return cdp;
}

/** Stops the profiler and prints self time per function, then inclusive time (for an unminified build). */
export async function printCpuProfile(cdp: CDPSession): Promise<void> {
  const { profile } = await cdp.send('Profiler.stop');
  const self = new Map<string, number>();
  const dt = profile.timeDeltas ?? [];
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  (profile.samples ?? []).forEach((id, i) => {
    const n = byId.get(id)!;
    const key = `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}`;
    self.set(key, (self.get(key) ?? 0) + (dt[i] ?? 0) / 1000);
  });
  console.log(
    [...self]
      .sort((x, y) => y[1] - x[1])
      .slice(0, 25)
      .map(([k, v]) => `${v.toFixed(1).padStart(8)} ms  ${k}`)
      .join('\n'),
  );
  // Inclusive time (self and callees) per function, for reading an unminified build (vite build --minify false).
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const total = new Map<string, number>();
  (profile.samples ?? []).forEach((id, i) => {
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const f = byId.get(at)!.callFrame;
      const key = `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}:${f.lineNumber}`;
      if (seen.has(key)) continue;
      seen.add(key);
      total.set(key, (total.get(key) ?? 0) + (dt[i] ?? 0) / 1000);
    }
  });
  console.log('inclusive:');
  console.log(
    [...total]
      .filter(([k]) => !k.startsWith('('))
      .sort((x, y) => y[1] - x[1])
      .slice(0, 40)
      .map(([k, v]) => `${v.toFixed(1).padStart(8)} ms  ${k}`)
      .join('\n'),
  );
}

/**
 * Starts a trace when BENCH_TRACE is set; its events gather in the array returned. BENCH_TRACE_CATEGORIES replaces the
 * categories (the default's `v8` and `disabled-by-default-devtools.timeline` lengthen the tasks they trace; plain
 * `devtools.timeline`, what the browser's own task timing is closest to, names less).
 */
export async function startTrace(
  context: BrowserContext,
  page: Page,
): Promise<{ tracer: CDPSession; traceEvents: TraceEvent[] } | null> {
  if (!process.env.BENCH_TRACE) return null;
  const tracer = await context.newCDPSession(page);
  const traceEvents: TraceEvent[] = [];
  tracer.on('Tracing.dataCollected', (e) => void traceEvents.push(...(e.value as unknown as TraceEvent[])));
  await tracer.send('Tracing.start', {
    categories: process.env.BENCH_TRACE_CATEGORIES ?? 'devtools.timeline,disabled-by-default-devtools.timeline,v8',
    transferMode: 'ReportEvents',
  });
  return { tracer, traceEvents };
}

/** Ends the trace and prints its summary and the timeline of the last add. */
export async function printTrace({
  tracer,
  traceEvents,
}: {
  tracer: CDPSession;
  traceEvents: TraceEvent[];
}): Promise<void> {
  const done = new Promise<void>((ok) => tracer.once('Tracing.tracingComplete', () => ok()));
  await tracer.send('Tracing.end');
  await done;
  console.log(summariseTrace(traceEvents));
  console.log(timelineOfLastAdd(traceEvents));
}

export interface TraceEvent {
  name: string;
  ph: string;
  dur?: number;
  tid: number;
  pid: number;
  args?: { name?: string };
}

/** Total time per trace event name and thread (nested events are counted inside their parents too). */
function summariseTrace(events: readonly TraceEvent[]): string {
  const threads = new Map<string, string>();
  for (const e of events)
    if (e.ph === 'M' && e.name === 'thread_name') threads.set(`${e.pid}:${e.tid}`, e.args?.name ?? '');
  const total = new Map<string, { ms: number; n: number }>();
  for (const e of events) {
    if (e.ph !== 'X' || !e.dur) continue;
    const key = `${e.name} [${threads.get(`${e.pid}:${e.tid}`) ?? e.tid}]`;
    const t = total.get(key) ?? { ms: 0, n: 0 };
    t.ms += e.dur / 1000;
    t.n++;
    total.set(key, t);
  }
  return [...total]
    .sort((a, b) => b[1].ms - a[1].ms)
    .slice(0, 30)
    .map(([k, v]) => `${v.ms.toFixed(1).padStart(8)} ms ${String(v.n).padStart(5)}x  ${k}`)
    .join('\n');
}

/** The renderer main thread's tasks from the last pointerup on, with what each spent its time on. */
function timelineOfLastAdd(events: readonly TraceEvent[]): string {
  const main = new Set<string>();
  for (const e of events)
    if (e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain') main.add(`${e.pid}:${e.tid}`);
  const onMain = (events as (TraceEvent & { ts: number; args?: { data?: { type?: string } } })[]).filter(
    (e) => e.ph === 'X' && main.has(`${e.pid}:${e.tid}`),
  );
  const ups = onMain.filter((e) => e.name === 'EventDispatch' && e.args?.data?.type === 'pointerup');
  const from = ups.at(-1)?.ts ?? 0;
  const tasks = onMain.filter((e) => e.name === 'RunTask' && e.ts + (e.dur ?? 0) >= from && e.ts < from + 300_000);
  const lines: string[] = [];
  for (const t of tasks) {
    const end = t.ts + (t.dur ?? 0);
    const kids = onMain.filter(
      (e) => e !== t && e.ts >= t.ts && e.ts + (e.dur ?? 0) <= end && e.name !== 'RunTask' && (e.dur ?? 0) > 300,
    );
    const parts = kids
      .filter((k) =>
        [
          'EventDispatch',
          'FunctionCall',
          'FireAnimationFrame',
          'UpdateLayoutTree',
          'Layout',
          'Paint',
          'Commit',
          'PrePaint',
          'MinorGC',
          'MajorGC',
          'TimerFire',
          'v8.run',
        ].includes(k.name),
      )
      .map((k) => `${k.name}${k.args?.data?.type ? `(${k.args.data.type})` : ''} ${((k.dur ?? 0) / 1000).toFixed(1)}`);
    lines.push(
      `+${((t.ts - from) / 1000).toFixed(1).padStart(6)} ms  task ${((t.dur ?? 0) / 1000).toFixed(1).padStart(5)} ms  ${parts.join(', ')}`,
    );
  }
  return lines.join('\n');
}
