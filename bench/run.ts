/**
 * `npm run bench`: the embed against a plain Leaflet page in the same run, in headless Chromium.
 * Builds the web (skip with --no-build), serves web/dist from a local server on a free port, and
 * prints one table. Figures vary with the machine; compare columns, not runs.
 *   --no-build   use the existing web/dist
 *   --quick      one load and one interaction run per figure instead of three
 *   --ready      only the load figures and the 1,000-location ready ratio to Leaflet's canvas renderer
 *   MAPNEST_WEB_DIST=dir  build into and serve dir instead of web/dist
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { cpus, loadavg } from 'node:os';
import type { Browser, Page } from 'playwright-core';
import { CHROMIUM_ARGS, launchChromium } from '../scripts/chromium-launch';
import { embedJsDownloadBytes, embedJsFiles } from '../web/src/embed/embed-size';
import { formatRows, runEditorBench } from './editor-bench';
import { formatRouteRows, runRouteBench } from './route-bench';
import { floorTable } from './floor-bench';
import { parseTable } from './parse-bench';
import { bigMapTable } from './big-map-edits';
import { benchDocument, published } from './lib/data';
import { LEAFLET_PAGE } from './lib/leaflet-page';
import {
  DRAWN_PROBE,
  panAndZoom,
  summarize,
  timeToDrawn,
  type InteractionRun,
  type InteractionStats,
  median,
  percentile,
} from './lib/measure';
import { startStaticServer, type StaticServer } from './lib/static-server';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// MAPNEST_WEB_DIST: build into and serve another folder (as the stack tests do), leaving web/dist alone.
const dist = process.env.MAPNEST_WEB_DIST ?? join(root, 'web', 'dist');
const args = new Set(process.argv.slice(2));
const runs = args.has('--quick') ? 1 : 3;
/** --ready: only the load figures and the 1,000-location ready ratio (no interactions, no 100,000, no editor). */
const readyOnly = args.has('--ready');

const VIEWPORT = { width: 1280, height: 800 };
const LAYER = '/demo/riverside-ground.svg';

type Variant = 'mapnest' | 'leafletMarkers' | 'leafletCanvas';
const VARIANTS: Variant[] = ['mapnest', 'leafletMarkers', 'leafletCanvas'];
const LABEL: Record<Variant, string> = {
  mapnest: 'Mapnest embed',
  leafletMarkers: 'Leaflet (L.marker)',
  leafletCanvas: 'Leaflet (canvas)',
};

function urlFor(server: StaticServer, v: Variant, map: string): string {
  if (v === 'mapnest') return `${server.url}/m/${map}`;
  return `${server.url}/bench/leaflet.html?map=${map}&mode=${v === 'leafletCanvas' ? 'canvas' : 'markers'}`;
}

async function freshPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 1 });
  await context.addInitScript(DRAWN_PROBE);
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error(`page error: ${e.message}`));
  return page;
}

/** Round trip added to every request by the bench server for the "over a network" figures. */
const RTT_MS = 50;

async function loadTime(
  browser: Browser,
  server: StaticServer,
  v: Variant,
  map: string,
  timeoutMs = 120_000,
): Promise<number | null> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const page = await freshPage(browser);
    try {
      times.push(await timeToDrawn(page, urlFor(server, v, map), timeoutMs));
    } catch {
      await page.context().close();
      return null;
    }
    await page.context().close();
  }
  return median(times);
}

interface LoadFigures {
  drawnMs: number;
  firstPaintMs: number;
}

/** Medians of each page's loads, and each pair's drawn-time ratio (the embed's load over Leaflet's), ascending. */
interface PairedFigures extends Record<'mapnest' | 'leafletCanvas', LoadFigures> {
  pairRatios: number[];
}

/** One load on a fresh page; `latencyMs` is added to every request (each round trip), as a real network does. */
async function timedLoad(
  browser: Browser,
  server: StaticServer,
  v: Variant,
  map: string,
  latencyMs: number,
): Promise<LoadFigures> {
  const page = await freshPage(browser);
  // The server holds each response back (Chromium's own network emulation left the page's navigation out).
  server.setLatency(latencyMs);
  try {
    const drawnMs = await timeToDrawn(page, urlFor(server, v, map));
    const timing = (await page.evaluate(`({
      firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
      firstByte: performance.getEntriesByType('navigation')[0].responseStart,
    })`)) as { firstPaint: number; firstByte: number };
    // The page's own first byte arrives one round trip in: a figure without it would not be "over a network".
    if (timing.firstByte < latencyMs)
      throw new Error(`the latency did not apply (first byte after ${timing.firstByte} ms)`);
    return { drawnMs, firstPaintMs: timing.firstPaint };
  } finally {
    server.setLatency(0);
    await page.context().close();
  }
}

/**
 * The embed and Leaflet's canvas page loaded in turn, `pairs` times, so that other work on the machine weighs on
 * both alike; medians of each.
 */
async function pairedLoads(
  browser: Browser,
  server: StaticServer,
  map: string,
  latencyMs: number,
  pairs: number,
): Promise<PairedFigures> {
  const got = { mapnest: [] as LoadFigures[], leafletCanvas: [] as LoadFigures[] };
  for (let i = 0; i < pairs; i++) {
    for (const v of i % 2 ? (['leafletCanvas', 'mapnest'] as const) : (['mapnest', 'leafletCanvas'] as const))
      got[v].push(await timedLoad(browser, server, v, map, latencyMs));
  }
  const med = (xs: LoadFigures[]) => ({
    drawnMs: median(xs.map((f) => f.drawnMs)),
    firstPaintMs: median(xs.map((f) => f.firstPaintMs)),
  });
  const ratios = got.mapnest.map((f, i) => f.drawnMs / got.leafletCanvas[i]!.drawnMs).sort((a, b) => a - b);
  return { mapnest: med(got.mapnest), leafletCanvas: med(got.leafletCanvas), pairRatios: ratios };
}

/** The pan and zoom script, `runs` times on a fresh page each, pooled. */
async function interaction(
  browser: Browser,
  server: StaticServer,
  v: Variant,
  map: string,
  throttle: number,
): Promise<InteractionStats> {
  const all: InteractionRun[] = [];
  for (let i = 0; i < runs; i++) {
    const page = await freshPage(browser);
    await timeToDrawn(page, urlFor(server, v, map));
    await page.waitForTimeout(800);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
    try {
      all.push(await panAndZoom(page));
    } finally {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      await page.context().close();
    }
  }
  return summarize(all);
}

const kb = (b: number) => `${(b / 1024).toFixed(1)} KB`;
const ms = (x: number | null | undefined) => (x == null || Number.isNaN(x) ? 'n/a' : `${Math.round(x)} ms`);

/** The figures of one run: the table rows by metric and variant, and the raw values written to latest.json. */
interface Report {
  results: Record<string, Record<Variant, string>>;
  raw: Record<string, unknown>;
  row(name: string, values: Partial<Record<Variant, string>>): void;
}

function newReport(): Report {
  const results: Report['results'] = {};
  return {
    results,
    raw: {},
    row(name, values) {
      results[name] = {
        mapnest: values.mapnest ?? '',
        leafletMarkers: values.leafletMarkers ?? '',
        leafletCanvas: values.leafletCanvas ?? '',
      };
    },
  };
}

/** Serves the built web, Leaflet's files and page, and the 1,000, 10,000 and 100,000-location maps. */
async function startBenchServer(): Promise<{ server: StaticServer; leafletDir: string }> {
  if (!args.has('--no-build')) {
    const build = spawnSync('npx', ['vite', 'build', '--outDir', dist, '--emptyOutDir'], {
      cwd: join(root, 'web'),
      stdio: 'inherit',
    });
    if (build.status !== 0) throw new Error('The web build failed.');
  }
  const server = await startStaticServer(dist);
  const leafletDir = join(root, 'node_modules', 'leaflet', 'dist');
  server.put('/bench/leaflet.html', LEAFLET_PAGE);
  server.put('/bench/leaflet/leaflet.js', readFileSync(join(leafletDir, 'leaflet.js')));
  server.put('/bench/leaflet/leaflet.css', readFileSync(join(leafletDir, 'leaflet.css')));
  for (const f of readdirSync(join(leafletDir, 'images')))
    server.put(`/bench/leaflet/images/${f}`, readFileSync(join(leafletDir, 'images', f)));
  for (const n of [1000, 10_000, 100_000])
    server.publish(`bench${n / 1000}k`, published(`bench${n / 1000}k`, benchDocument(n, LAYER)));
  return { server, leafletDir };
}

/** The JavaScript each page downloads, gzipped. */
function downloadSizes(report: Report, leafletDir: string): void {
  const { row, raw } = report;
  const files = embedJsFiles(dist);
  const embedJs = embedJsDownloadBytes(files);
  const coldJs = files.filter((f) => !f.onDemand).reduce((s, f) => s + f.gzipBytes, 0);
  const leafletJs =
    gzipSync(readFileSync(join(leafletDir, 'leaflet.js')), { level: 9 }).length +
    gzipSync(LEAFLET_PAGE, { level: 9 }).length;
  row('JavaScript downloaded, gzipped (budget 90 KB)', {
    mapnest: kb(embedJs),
    leafletMarkers: kb(leafletJs),
    leafletCanvas: kb(leafletJs),
  });
  // What a view downloads when it needs nothing loaded on demand (no directions opened, no CSV source).
  row('JavaScript of a view without on-demand chunks, gzipped', {
    mapnest: kb(coldJs),
    leafletMarkers: kb(leafletJs),
    leafletCanvas: kb(leafletJs),
  });
  raw.js = { mapnest: embedJs, mapnestCold: coldJs, leaflet: leafletJs };
}

/** Time to all locations drawn, 1,000 and 10,000 locations, every variant. */
async function drawnTimes(report: Report, browser: Browser, server: StaticServer): Promise<void> {
  const { row, raw } = report;
  // One throwaway load, so the first measured figure does not pay for starting the browser.
  await loadTime(browser, server, 'mapnest', 'bench1k');
  await loadTime(browser, server, 'leafletCanvas', 'bench1k');
  for (const n of [1000, 10_000]) {
    const map = `bench${n / 1000}k`;
    const t: Partial<Record<Variant, string>> = {};
    for (const v of VARIANTS) {
      const value = await loadTime(browser, server, v, map);
      raw[`drawn-${n}-${v}`] = value;
      t[v] = ms(value);
      console.error(`drawn ${n} ${v}: ${ms(value)}`);
    }
    row(`Navigation to all ${n.toLocaleString('en')} locations drawn (median of ${runs})`, t);
  }
}

/**
 * The embed's ready time for a small map as a ratio to Leaflet's canvas renderer in this run (target 0.7x or
 * less): loaded in turn (pairs), on the local server (no latency: CPU alone) and over a network with a round trip
 * of RTT_MS per request, where the requests a page makes one after another count.
 */
async function readyRatio(report: Report, browser: Browser, server: StaticServer): Promise<void> {
  const { row, raw } = report;
  // Fifteen pairs: on a shared 2-core machine one load varies by ±20%, and seven left the ratio moving by ±0.1 run to run.
  const pairs = runs === 1 ? 3 : 15;
  const x = (a: number, b: number) => `${(a / b).toFixed(2)}x`;
  const ready: Record<string, PairedFigures> = {};
  for (const latency of [0, RTT_MS]) {
    const f = await pairedLoads(browser, server, 'bench1k', latency, pairs);
    ready[latency ? `rtt${latency}` : 'local'] = f;
    console.error(
      `ready 1000 at ${latency} ms RTT: mapnest ${ms(f.mapnest.drawnMs)}, leaflet canvas ${ms(f.leafletCanvas.drawnMs)}`,
    );
    const where = latency ? `over a ${latency} ms round trip per request` : 'local server';
    row(`1,000 locations, ${where}, taken in turn (median of ${pairs}): drawn / first paint`, {
      mapnest: `${ms(f.mapnest.drawnMs)} / ${ms(f.mapnest.firstPaintMs)}`,
      leafletCanvas: `${ms(f.leafletCanvas.drawnMs)} / ${ms(f.leafletCanvas.firstPaintMs)}`,
    });
  }
  raw['ready-1000'] = { ...ready, target: 0.7 };
  const local = ready.local!;
  const far = ready[`rtt${RTT_MS}`]!;
  // Each pair's own ratio too: how widely they spread says how far one run's ratio can be trusted.
  const spread = (f: PairedFigures) =>
    `pairs ${percentile(f.pairRatios, 25).toFixed(2)}–${percentile(f.pairRatios, 75).toFixed(2)}`;
  row('1,000 locations drawn, ratio to Leaflet (canvas) in this run (target 0.7x or less)', {
    mapnest: `${x(local.mapnest.drawnMs, local.leafletCanvas.drawnMs)} local (${spread(local)}), ${x(far.mapnest.drawnMs, far.leafletCanvas.drawnMs)} at ${RTT_MS} ms RTT (${spread(far)})`,
    leafletCanvas: '1.00x',
  });
}

/** Pan and zoom on 10,000 (at 4x CPU slowdown) and on 100,000 locations, and drawing 100,000. */
async function interactions(report: Report, browser: Browser, server: StaticServer): Promise<void> {
  const { row, raw } = report;
  const p99: Partial<Record<Variant, string>> = {};
  const tbt: Partial<Record<Variant, string>> = {};
  for (const v of VARIANTS) {
    try {
      const s = await interaction(browser, server, v, 'bench10k', 4);
      raw[`pan-10000-${v}`] = s;
      p99[v] = `${ms(s.p99)} (p50 ${ms(s.p50)}; ${s.overTwoVsyncs} of ${s.frames} frames over 33 ms)`;
      tbt[v] = `${ms(s.blockingMs)} (${s.longTasks} long tasks)`;
    } catch (e) {
      p99[v] = tbt[v] = `failed: ${(e as Error).message.split('\n')[0]}`;
    }
    console.error(`pan 10k ${v}: p99 ${p99[v]}, blocking ${tbt[v]}`);
  }
  row(`Pan + zoom 10,000 at 4x CPU slowdown: p99 frame interval (limit 33 ms), ${runs} runs pooled`, p99);
  row(`Pan + zoom 10,000 at 4x CPU slowdown: main-thread blocking (median run)`, tbt);

  const big: Partial<Record<Variant, string>> = {};
  for (const v of ['mapnest', 'leafletCanvas'] as const) {
    const value = await loadTime(browser, server, v, 'bench100k', 180_000);
    raw[`drawn-100000-${v}`] = value;
    big[v] = value === null ? 'did not finish in 180 s' : ms(value);
    console.error(`drawn 100k ${v}: ${big[v]}`);
  }
  big.leafletMarkers = 'not run (100,000 DOM markers)';
  row('Navigation to 100,000 locations drawn (clustered in Mapnest)', big);
  const usable: Partial<Record<Variant, string>> = {};
  for (const v of ['mapnest', 'leafletCanvas'] as const) {
    if (raw[`drawn-100000-${v}`] == null) continue;
    try {
      const s = await interaction(browser, server, v, 'bench100k', 1);
      raw[`pan-100000-${v}`] = s;
      usable[v] = `p99 ${ms(s.p99)}, blocking ${ms(s.blockingMs)}`;
    } catch (e) {
      usable[v] = `failed: ${(e as Error).message.split('\n')[0]}`;
    }
    console.error(`pan 100k ${v}: ${usable[v]}`);
  }
  row('Pan + zoom 100,000 (no slowdown): p99 frame interval, blocking', usable);
}

/** The route and editor benchmarks, each with its own targets; a failure is reported in its table. */
async function otherBenches(
  browser: Browser,
  raw: Record<string, unknown>,
): Promise<{ routeTable: string; editorTable: string }> {
  // A route on a generated 5,000-node, 3-floor network at 1x and 4x CPU slowdown (its own targets and reference).
  let routeTable = '';
  try {
    const rows = await runRouteBench({ browser });
    raw.route = rows;
    routeTable = formatRouteRows(rows);
  } catch (e) {
    routeTable = `route benchmark failed: ${(e as Error).message}`;
  }
  // The editor on a 5,000-location map against the local stack (its own figures and targets).
  let editorTable = 'not run (--ready)';
  try {
    if (!readyOnly) {
      const rows = await runEditorBench({ browser });
      raw.editor = rows;
      editorTable = formatRows(rows);
    }
  } catch (e) {
    editorTable = `editor benchmark failed: ${(e as Error).message}`;
  } finally {
    await browser.close();
  }
  return { routeTable, editorTable };
}

/** Prints the tables and writes the raw figures to bench/results/latest.json. */
function printReport(report: Report, tables: { routeTable: string; editorTable: string }): void {
  const { results, raw } = report;
  const { routeTable, editorTable } = tables;
  const names = Object.keys(results);
  const widths = [
    Math.max(...names.map((n) => n.length)),
    ...VARIANTS.map((v) => Math.max(LABEL[v].length, ...names.map((n) => results[n]![v].length))),
  ];
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ');
  console.log(
    `\nMapnest embed vs Leaflet, headless Chromium ${CHROMIUM_ARGS.join(' ')}, viewport ${VIEWPORT.width}x${VIEWPORT.height}`,
  );
  console.log(
    `Load average during the run (other work on this machine skews every column alike): ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} on ${cpus().length} cores\n`,
  );
  console.log(line(['Metric', ...VARIANTS.map((v) => LABEL[v])]));
  console.log(widths.map((w) => '-'.repeat(w)).join('-|-'));
  for (const n of names) console.log(line([n, ...VARIANTS.map((v) => results[n]![v])]));
  console.log(`\nEditor, 5,000 locations, local stack (headless Chromium, viewport 1440x900)\n`);
  console.log(editorTable);
  console.log(`\nWayfinding route, 3 floors, about 5,000 nodes (headless Chromium)\n`);
  console.log(routeTable);
  mkdirSync(join(root, 'bench', 'results'), { recursive: true });
  writeFileSync(
    join(root, 'bench', 'results', 'latest.json'),
    JSON.stringify({ at: new Date().toISOString(), runs, raw }, null, 2),
  );
}

async function main(): Promise<void> {
  const { server, leafletDir } = await startBenchServer();
  const browser = await launchChromium();
  const report = newReport();
  let floor = 'not run (--ready)';
  try {
    downloadSizes(report, leafletDir);
    await drawnTimes(report, browser, server);
    await readyRatio(report, browser, server);
    if (!readyOnly) {
      await interactions(report, browser, server);
      // A 10,000-element floor at 4x CPU slowdown on a phone's viewport, against Leaflet showing it as an image.
      floor = await floorTable({ browser, server, loads: runs === 1 ? 1 : 5 }, report.raw);
    }
  } finally {
    await server.stop();
  }
  printReport(report, await otherBenches(browser, report.raw));
  console.log(`\nA 10,000-element floor at 4x CPU slowdown, 390x844 (headless Chromium)\n\n${floor}`);
  // What reading a map document costs a cold and a warm process, by size (ADR 050): Node alone, no browser.
  if (!readyOnly)
    console.log(`\nMap document parse, store locators by size (Node)\n\n${parseTable(runs === 1 ? 1 : 5)}`);
  // A trade fair's 4,000 locations: the list's search and an undo over another tab's change (Node alone).
  if (!readyOnly) console.log(`\n${bigMapTable(4000, runs === 1 ? 3 : 7)}`);
}

await main();
