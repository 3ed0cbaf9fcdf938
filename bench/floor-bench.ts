/**
 * A big floor on a phone: the embed loading a generated 10,000-element floor plan (bench/lib/floor-plan.ts, shaped
 * like an export from a drawing program) with its rooms bound to locations, against Leaflet showing the same file as
 * a plain image, both at 4x CPU slowdown (`Emulation.setCPUThrottlingRate`, set before navigation) from cold, on
 * fresh pages taken in turn. Figures per page: when the floor is shown (`mapnest:floor` / the image's load), the
 * longest main-thread task and the total blocking time (sum over long tasks of the part beyond 50 ms, from a
 * PerformanceObserver of type `longtask` registered before the page's own scripts) until the page has had no long
 * task for 2 s after the floor is shown. Targets (issue 31): no task over 200 ms, total blocking at most 1 s on any
 * load; Leaflet's figures, from the same run, are the reference.
 *
 * Run alone: npx tsx bench/floor-bench.ts [--no-build] [--quick | --loads N] (BENCH_TRACE=1: the long tasks' and long frames'
 * contents; BENCH_PROFILE=1: where the script time goes, best read from a build with `vite build --minify false`)
 * From bench/run.ts: `await runFloorBench({ browser, server })` and print `formatFloorRows(rows)`.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { blankDocument, type MapDocument } from '@mapnest/shared/map-document';
import { CHROMIUM_ARGS, launchChromium } from '../scripts/chromium-launch';
import { published } from './lib/data';
import { generateFloorPlan } from './lib/floor-plan';
import { LEAFLET_PAGE } from './lib/leaflet-page';
import { printCpuProfile, startCpuProfile, startTrace, type TraceEvent } from './lib/devtools';
import { DRAWN_PROBE, median } from './lib/measure';
import { seededRandom } from './lib/random';
import { startStaticServer, type StaticServer } from './lib/static-server';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.join(here, '..');

export const FLOOR_FILE = '/bench/floor-10k.svg';
export const FLOOR_MAP = 'floor10k';
const TARGETS = { longestTaskMs: 200, blockingMs: 1000 };
const THROTTLE = 4;
/** A phone's viewport. */
const PHONE = { width: 390, height: 844 };

/** The map: one floor, the generated plan, every room a location (a third placed by their region alone). */
export function floorBenchDocument(): { doc: MapDocument; svg: string; elements: number } {
  const plan = generateFloorPlan();
  const rnd = seededRandom(5);
  const doc = blankDocument({
    mapWidth: plan.width,
    mapHeight: plan.height,
    file: FLOOR_FILE,
    layerId: 'level-1',
    layerName: 'Level 1',
  });
  doc.locations = plan.rooms.map((id, i) => ({
    id,
    title: `Unit ${id.slice(5)}`,
    about: `Shop ${i + 1}`,
    ...(i % 3 === 0 ? {} : { coord: [0.05 + rnd() * 0.9, 0.05 + rnd() * 0.9] as [number, number] }),
  }));
  return { doc, svg: plan.svg, elements: plan.elements };
}

/** Serves the generated floor and its map on a bench server (and Leaflet's page, if not served yet). */
export function serveFloor(server: StaticServer): { elements: number; bytes: number } {
  const { doc, svg, elements } = floorBenchDocument();
  server.put(FLOOR_FILE, svg, 'image/svg+xml');
  server.publish(FLOOR_MAP, published(FLOOR_MAP, doc));
  return { elements, bytes: Buffer.byteLength(svg) };
}

interface LoadFigures {
  floorMs: number;
  longestMs: number;
  blockingMs: number;
  longTasks: number;
}

/** Registered before navigation: marks the Leaflet page's image load as the floor shown. */
const LEAFLET_FLOOR_PROBE = `
document.addEventListener('load', (e) => {
  if (e.target instanceof HTMLImageElement && e.target.classList.contains('leaflet-image-layer'))
    performance.mark('mapnest:floor');
}, true);`;

/**
 * BENCH_TRACE=1: frames over 100 ms as the page saw them (Long Animation Frames), with their scripts (what invoked
 * each, at which character of which file; read with a `vite build --minify false` build) and their rendering time:
 * the trace names the browser's work, this names the page's.
 */
const FRAME_PROBE = `window.__frames = [];
try {
  new PerformanceObserver((list) => {
    for (const f of list.getEntries()) {
      if (f.duration < 100) continue;
      const render = f.renderStart ? Math.round(f.startTime + f.duration - f.renderStart) : 0;
      const scripts = f.scripts.map((s) => s.invoker + ' ' + (s.sourceFunctionName || '') + '@' + s.sourceCharPosition + ' ' + Math.round(s.duration) + ' ms (forced layout ' + Math.round(s.forcedStyleAndLayoutDuration) + ')');
      window.__frames.push(Math.round(f.startTime) + ' +' + Math.round(f.duration) + ' ms, render ' + render + ': ' + scripts.join(' | '));
    }
  }).observe({ type: 'long-animation-frame', buffered: true });
} catch {}`;

async function oneLoad(browser: Browser, url: string, mark = 'mapnest:floor'): Promise<LoadFigures> {
  const context = await browser.newContext({ viewport: PHONE, deviceScaleFactor: 1, isMobile: true, hasTouch: true });
  try {
    await context.addInitScript(DRAWN_PROBE);
    await context.addInitScript(LEAFLET_FLOOR_PROBE);
    if (process.env.BENCH_TRACE) await context.addInitScript(FRAME_PROBE);
    const page = await context.newPage();
    page.on('pageerror', (e) => console.error(`page error: ${e.message}`));
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
    const trace = await startTrace(context, page);
    const profile = await startCpuProfile(context, page);
    await page.goto(url, { waitUntil: 'commit' });
    type Probe = { floor: number | null; long: { start: number; duration: number }[]; now: number };
    const read = () =>
      page.evaluate(
        (name) => ({
          floor: performance.getEntriesByName(name)[0]?.startTime ?? null,
          long: (window as unknown as { __long?: { start: number; duration: number }[] }).__long ?? [],
          now: performance.now(),
        }),
        mark,
      ) as Promise<Probe>;
    const deadline = Date.now() + 180_000;
    let p: Probe = await read();
    // Until the floor is shown and no long task has ended in the last 2 s.
    for (;;) {
      if (Date.now() > deadline) throw new Error('the floor was not shown within 180 s');
      if (p.floor !== null) {
        const lastEnd = Math.max(p.floor, ...p.long.map((t) => t.start + t.duration));
        if (p.now - lastEnd > 2000) break;
      }
      await new Promise((r) => setTimeout(r, 250));
      p = await read();
    }
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    if (profile) await printCpuProfile(profile);
    if (trace) {
      const done = new Promise<void>((ok) => trace.tracer.once('Tracing.tracingComplete', () => ok()));
      await trace.tracer.send('Tracing.end');
      await done;
      console.error(longTasksOf(trace.traceEvents, url));
      console.error(
        `long frames (ms since navigation, scripts by invoker):\n${await page.evaluate('window.__frames.join("\\n")')}`,
      );
      const measures = await page.evaluate(() =>
        performance
          .getEntriesByType('measure')
          .map((m) => `${m.name} @${Math.round(m.startTime)} ${Math.round(m.duration)} ms`),
      );
      if (measures.length) console.error(`the page's measures:\n${measures.join('\n')}`);
    }
    return {
      floorMs: p.floor!,
      longestMs: Math.max(0, ...p.long.map((t) => t.duration)),
      blockingMs: p.long.reduce((s, t) => s + Math.max(0, t.duration - 50), 0),
      longTasks: p.long.length,
    };
  } finally {
    await context.close();
  }
}

/** BENCH_TRACE=1: the main thread's tasks over 50 ms, with what each spent its time on. */
function longTasksOf(events: readonly TraceEvent[], url: string): string {
  type E = TraceEvent & {
    ts: number;
    args?: { name?: string; data?: { type?: string }; beginData?: { url?: string } };
  };
  // The page's own renderer: the one that parsed its document (the trace holds every renderer's main thread, such as
  // the browser automation's own pages); every renderer when none is found.
  const own = new Set(
    (events as E[]).filter((e) => e.name === 'ParseHTML' && e.args?.beginData?.url === url).map((e) => e.pid),
  );
  const main = new Set<string>();
  for (const e of events)
    if (e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && (!own.size || own.has(e.pid)))
      main.add(`${e.pid}:${e.tid}`);
  const onMain = (events as E[]).filter((e) => e.ph === 'X' && main.has(`${e.pid}:${e.tid}`));
  const t0 = Math.min(...onMain.map((e) => e.ts));
  const lines: string[] = [];
  // A task is `RunTask` (category disabled-by-default-devtools.timeline) or `ThreadControllerImpl::RunTask` (toplevel).
  const isTask = (e: E) => e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask';
  for (const t of onMain.filter((e) => isTask(e) && (e.dur ?? 0) > 150_000)) {
    const end = t.ts + (t.dur ?? 0);
    const parts = onMain
      .filter((e) => e !== t && e.ts >= t.ts && e.ts + (e.dur ?? 0) <= end && !isTask(e) && (e.dur ?? 0) > 5_000)
      .map((k) => `${k.name}${k.args?.data?.type ? `(${k.args.data.type})` : ''} ${((k.dur ?? 0) / 1000).toFixed(0)}`);
    lines.push(
      `+${((t.ts - t0) / 1000).toFixed(0)} ms task ${((t.dur ?? 0) / 1000).toFixed(0)} ms: ${parts.join(', ')}`,
    );
  }
  // Where the main thread's time went, by event (nested events counted in their own line too), and how many tasks.
  const byName = new Map<string, number>();
  for (const e of onMain) byName.set(e.name, (byName.get(e.name) ?? 0) + (e.dur ?? 0) / 1000);
  const tasks = onMain.filter(isTask).length;
  const top = [...byName]
    .sort((x, y) => y[1] - x[1])
    .slice(0, 14)
    .map(([k, v]) => `${k} ${v.toFixed(0)}`);
  lines.push(`main thread, ${tasks} tasks, ms by event: ${top.join(', ')}`);
  return lines.join('\n');
}

export interface FloorBenchRow {
  figure: string;
  mapnest: string;
  leaflet: string;
}

export interface FloorBenchResult {
  rows: FloorBenchRow[];
  raw: { mapnest: LoadFigures[]; leaflet: LoadFigures[]; elements: number; bytes: number };
}

export async function runFloorBench(opts: {
  browser: Browser;
  server: StaticServer;
  loads?: number;
}): Promise<FloorBenchResult> {
  const { browser, server } = opts;
  const { elements, bytes } = serveFloor(server);
  const loads = opts.loads ?? 5;
  const urls = {
    mapnest: `${server.url}/m/${FLOOR_MAP}`,
    leaflet: `${server.url}/bench/leaflet.html?map=${FLOOR_MAP}&mode=canvas`,
  };
  const got = { mapnest: [] as LoadFigures[], leaflet: [] as LoadFigures[] };
  for (let i = 0; i < loads; i++) {
    for (const v of i % 2 ? (['leaflet', 'mapnest'] as const) : (['mapnest', 'leaflet'] as const)) {
      const f = await oneLoad(browser, urls[v]);
      got[v].push(f);
      console.error(
        `floor ${v}: shown ${Math.round(f.floorMs)} ms, longest task ${Math.round(f.longestMs)} ms, blocking ${Math.round(f.blockingMs)} ms`,
      );
    }
  }
  const ms = (x: number) => `${Math.round(x)} ms`;
  const col = (xs: LoadFigures[], k: keyof LoadFigures) => {
    const v = xs.map((f) => f[k]);
    return `${ms(median(v))} (worst ${ms(Math.max(...v))})`;
  };
  const meets = (xs: LoadFigures[]) =>
    xs.every((f) => f.longestMs <= TARGETS.longestTaskMs && f.blockingMs <= TARGETS.blockingMs) ? 'yes' : 'no';
  const rows: FloorBenchRow[] = [
    {
      figure: 'Floor',
      mapnest: `${elements.toLocaleString('en')} elements, ${(bytes / 1024).toFixed(0)} KB`,
      leaflet: 'same file as an image',
    },
    {
      figure: `Floor shown, median of ${loads}`,
      mapnest: col(got.mapnest, 'floorMs'),
      leaflet: col(got.leaflet, 'floorMs'),
    },
    {
      figure: `Longest main-thread task (target ${TARGETS.longestTaskMs} ms)`,
      mapnest: col(got.mapnest, 'longestMs'),
      leaflet: col(got.leaflet, 'longestMs'),
    },
    {
      figure: `Total blocking time (target ${TARGETS.blockingMs} ms)`,
      mapnest: col(got.mapnest, 'blockingMs'),
      leaflet: col(got.leaflet, 'blockingMs'),
    },
    {
      figure: 'Blocking time, ratio to Leaflet in this run (medians)',
      mapnest: `${(median(got.mapnest.map((f) => f.blockingMs)) / Math.max(1, median(got.leaflet.map((f) => f.blockingMs)))).toFixed(2)}x`,
      leaflet: '1.00x',
    },
    { figure: 'Every load within both targets', mapnest: meets(got.mapnest), leaflet: meets(got.leaflet) },
  ];
  return { rows, raw: { ...got, elements, bytes } };
}

export function formatFloorRows(rows: FloorBenchRow[]): string {
  const head: FloorBenchRow = { figure: 'Figure', mapnest: 'Mapnest embed', leaflet: 'Leaflet (image)' };
  const all = [head, ...rows];
  const w = (k: keyof FloorBenchRow) => Math.max(...all.map((r) => r[k].length));
  const line = (r: FloorBenchRow) =>
    [r.figure.padEnd(w('figure')), r.mapnest.padEnd(w('mapnest')), r.leaflet.padEnd(w('leaflet'))].join(' | ');
  return [
    line(head),
    [w('figure'), w('mapnest'), w('leaflet')].map((n) => '-'.repeat(n)).join('-|-'),
    ...rows.map(line),
  ].join('\n');
}

/** The floor's table for bench/run.ts (its raw figures into `raw.floor`), or why it failed. */
export async function floorTable(
  opts: Parameters<typeof runFloorBench>[0],
  raw: Record<string, unknown>,
): Promise<string> {
  try {
    const floor = await runFloorBench(opts);
    raw.floor = floor.raw;
    return formatFloorRows(floor.rows);
  } catch (e) {
    return `floor benchmark failed: ${(e as Error).message}`;
  }
}

/** Leaflet's page and files on a bench server (bench/run.ts serves them itself). */
export function serveLeaflet(server: StaticServer): void {
  const leafletDir = path.join(root, 'node_modules', 'leaflet', 'dist');
  server.put('/bench/leaflet.html', LEAFLET_PAGE);
  server.put('/bench/leaflet/leaflet.js', readFileSync(path.join(leafletDir, 'leaflet.js')));
  server.put('/bench/leaflet/leaflet.css', readFileSync(path.join(leafletDir, 'leaflet.css')));
  for (const f of readdirSync(path.join(leafletDir, 'images')))
    server.put(`/bench/leaflet/images/${f}`, readFileSync(path.join(leafletDir, 'images', f)));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = new Set(process.argv.slice(2));
  const dist = process.env.MAPNEST_WEB_DIST ?? path.join(root, 'web', 'dist');
  if (!args.has('--no-build')) {
    const b = spawnSync('npx', ['vite', 'build', '--outDir', dist, '--emptyOutDir'], {
      cwd: path.join(root, 'web'),
      stdio: 'inherit',
    });
    if (b.status !== 0) throw new Error('The web build failed.');
  }
  const server = await startStaticServer(dist);
  serveLeaflet(server);
  const browser = await launchChromium();
  try {
    const at = process.argv.indexOf('--loads');
    const loads = at > 0 ? Number(process.argv[at + 1]) : args.has('--quick') ? 1 : 5;
    const { rows } = await runFloorBench({ browser, server, loads });
    console.log(
      `\nA 10,000-element floor at ${THROTTLE}x CPU slowdown, ${PHONE.width}x${PHONE.height}, headless Chromium ${CHROMIUM_ARGS.join(' ')}\n\n${formatFloorRows(rows)}`,
    );
  } finally {
    await browser.close();
    await server.stop();
  }
}
