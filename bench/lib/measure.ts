/** Measurements taken inside the page: time to drawn, frame intervals and long tasks during an interaction. */
import type { Page } from 'playwright-core';

/** What the probe writes to the console when the page has drawn, followed by the time (ms since navigation). */
const DRAWN_MESSAGE = 'mapnest-bench:drawn ';

/**
 * Registered before navigation: when the page says its locations are drawn (`mapnest:ready` from the
 * embed, `bench:drawn` from the Leaflet page), the next frame is awaited so the time includes painting.
 * The time is written to the console (and kept in `window.__drawnAt`): the bench hears it through the
 * DevTools protocol, without evaluating anything in the page while it loads. Waiting by evaluating
 * (Playwright's `waitForFunction`) installs Playwright's own script in the page, tens of milliseconds of
 * main-thread work that would land inside the load being measured.
 */
export const DRAWN_PROBE = `
(() => {
  const mark = () => requestAnimationFrame(() => setTimeout(() => {
    window.__drawnAt = performance.now();
    console.debug(${JSON.stringify(DRAWN_MESSAGE)} + window.__drawnAt);
  }, 0));
  addEventListener('mapnest:ready', mark, { once: true });
  addEventListener('bench:drawn', mark, { once: true });
  window.__long = [];
  try {
    new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__long.push({ start: e.startTime, duration: e.duration }); })
      .observe({ type: 'longtask', buffered: true });
  } catch {}
})();`;

/** Navigates to `url` and answers when the page has drawn (ms since navigation), as DRAWN_PROBE reports it. */
export async function timeToDrawn(page: Page, url: string, timeoutMs = 120_000): Promise<number> {
  const drawn = page.waitForEvent('console', {
    predicate: (m) => m.text().startsWith(DRAWN_MESSAGE),
    timeout: timeoutMs,
  });
  // A failed navigation rejects first; the wait for the message must not then reject unheard.
  drawn.catch(() => undefined);
  await page.goto(url, { waitUntil: 'commit' });
  return Number((await drawn).text().slice(DRAWN_MESSAGE.length));
}

export interface InteractionStats {
  frames: number;
  p50: number;
  p99: number;
  max: number;
  /** Frame intervals longer than two vsyncs (33.4 ms allows for the timer's rounding of 33.3). */
  overTwoVsyncs: number;
  /** Sum over long tasks of the part beyond 50 ms, during the interaction (the median run's, when pooled). */
  blockingMs: number;
  longTasks: number;
  durationMs: number;
  /** How many interaction runs the figures pool. */
  runs: number;
}

/** One run of the interaction: every frame interval and the long tasks. */
export interface InteractionRun {
  intervals: number[];
  blockingMs: number;
  longTasks: number;
  durationMs: number;
}

/** The p-th percentile (nearest rank) of ascending `sorted`. */
export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? NaN;
}

/**
 * Figures over several runs of the interaction: percentiles over all their frames together (one
 * disturbed run on a shared machine then weighs as one run among several, not as the whole
 * figure), blocking time and long tasks of the median run.
 */
export function summarize(runs: readonly InteractionRun[]): InteractionStats {
  const sorted = runs.flatMap((r) => r.intervals).sort((a, b) => a - b);
  return {
    frames: sorted.length,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted[sorted.length - 1] ?? NaN,
    overTwoVsyncs: sorted.filter((x) => x > 33.4).length,
    blockingMs: median(runs.map((r) => r.blockingMs)),
    longTasks: median(runs.map((r) => r.longTasks)),
    durationMs: median(runs.map((r) => r.durationMs)),
    runs: runs.length,
  };
}

/**
 * Pans by dragging and zooms with the wheel for a few seconds, recording every frame. A page too
 * slow to finish the script within `budgetMs` is measured over what it managed.
 */
export async function panAndZoom(page: Page, rounds = 3, budgetMs = 45_000): Promise<InteractionRun> {
  const deadline = Date.now() + budgetMs;
  const more = () => Date.now() < deadline;
  const vp = page.viewportSize()!;
  // The maps fill the page except the embed's directory on the left; aim at the map's middle.
  const cx = Math.round(vp.width * 0.62);
  const cy = Math.round(vp.height * 0.5);
  // Plain strings: the bundler that runs this file would otherwise wrap named functions in helpers the page lacks.
  await page.evaluate(`(() => {
    window.__frames = [];
    window.__run = true;
    window.__t0 = performance.now();
    const loop = (t) => { window.__frames.push(t); if (window.__run) requestAnimationFrame(loop); };
    requestAnimationFrame(loop);
  })()`);
  await page.mouse.move(cx, cy);
  for (let r = 0; r < rounds && more(); r++) {
    await page.mouse.down();
    for (let i = 1; i <= 24 && more(); i++) await page.mouse.move(cx - i * 10, cy - i * 5);
    await page.mouse.up();
    await page.mouse.move(cx, cy);
    for (let k = 0; k < 4 && more(); k++) {
      await page.mouse.wheel(0, -100);
      await page.waitForTimeout(90);
    }
    await page.mouse.down();
    for (let i = 1; i <= 24 && more(); i++) await page.mouse.move(cx + i * 10, cy + i * 6);
    await page.mouse.up();
    await page.mouse.move(cx, cy);
    for (let k = 0; k < 4 && more(); k++) {
      await page.mouse.wheel(0, 100);
      await page.waitForTimeout(90);
    }
  }
  await page.waitForTimeout(600);
  const raw = (await page.evaluate(`(() => {
    window.__run = false;
    const t1 = performance.now();
    return { frames: window.__frames, long: window.__long.filter((l) => l.start >= window.__t0 && l.start <= t1), t0: window.__t0, t1 };
  })()`)) as { frames: number[]; long: { start: number; duration: number }[]; t0: number; t1: number };
  return {
    intervals: raw.frames.slice(1).map((t, i) => t - raw.frames[i]!),
    blockingMs: raw.long.reduce((s, l) => s + Math.max(0, l.duration - 50), 0),
    longTasks: raw.long.length,
    durationMs: raw.t1 - raw.t0,
  };
}
