/**
 * The marker canvas's incremental path (patch), in Chromium: after random adds, moves, restyles and
 * removals applied as patches, the canvas must equal, pixel for pixel and hit for hit, one drawn from
 * scratch for the same locations. This is what lets the editor repaint one marker instead of 5,000.
 */
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../helpers/browser';
import type { LabelPixels, RunResult } from './fixtures/marker-canvas-harness';

let browser: Browser;
let page: Page;

beforeAll(async () => {
  const bundle = await build({
    entryPoints: [fileURLToPath(new URL('./fixtures/marker-canvas-harness.ts', import.meta.url))],
    bundle: true,
    format: 'iife',
    globalName: 'harness',
    write: false,
    target: 'chrome120',
    logLevel: 'silent',
  });
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 900, height: 700 }, deviceScaleFactor: 1 });
  await page.setContent('<!doctype html><body style="margin:0"></body>');
  await page.addScriptTag({ content: bundle.outputFiles[0]!.text });
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

// Each case runs twice: drawing off screen and showing finished images (what Chromium, Firefox and
// Safari 16.4+ get), and drawing on the visible canvas (older browsers). Both are compared with a
// reference drawn from scratch on a visible canvas.
describe.each([true, false])('MarkerCanvas.patch (off screen: %s)', (offscreen) => {
  const run = async (
    seed: number,
    count: number,
    edits: number,
    scale: number,
    sliced = false,
    firstMargin?: number,
  ): Promise<RunResult> => {
    const r = (await page.evaluate(
      `harness.run(${seed}, ${count}, ${edits}, ${scale}, ${sliced}, ${offscreen}, ${firstMargin})`,
    )) as RunResult;
    expect(r.offscreen).toBe(offscreen);
    expect(r.cssMatches).toBe(true);
    return r;
  };

  it.each([
    [1, 200, 1],
    [2, 400, 1.6],
    [3, 150, 3.5],
  ])(
    'matches a full redraw of full markers after random edits (seed %i, %i locations, zoom %f)',
    async (seed, count, scale) => {
      const r = await run(seed, count, 60, scale);
      expect(r.patched).toBeGreaterThan(50);
      expect(r.firstMismatch).toBeNull();
      expect(r.differingPixels).toBe(0);
      expect(r.hitMismatches).toBe(0);
    },
  );

  it('matches a full redraw when every marker came from patches (a map started empty)', async () => {
    const r = await run(5, 0, 60, 1.2);
    expect(r.patched).toBeGreaterThan(50);
    expect(r.firstMismatch).toBeNull();
    expect(r.hitMismatches).toBe(0);
  });

  it('draws the view alone (a floor’s first drawing) as the view’s part of a drawing with its margin, patches too', async () => {
    // Full markers, then dots (crowded): each drawn without the margin first, patched, and compared over the view.
    for (const [seed, count, scale] of [
      [11, 300, 1.4],
      [12, 3000, 0.8],
    ] as const) {
      const r = await run(seed, count, 40, scale, false, 0);
      expect(r.patched).toBeGreaterThan(30);
      expect(r.firstMismatch).toBeNull();
      expect(r.differingPixels).toBe(0);
      expect(r.hitMismatches).toBe(0);
    }
  });

  it('plans an unhurried redraw of a few markers in one slice and draws it in the next', async () => {
    expect(await page.evaluate('harness.tasksDuringSlicedRedraw(200)')).toBeGreaterThanOrEqual(1);
  });

  it('matches a full redraw on a crowded view drawn as dots, and a sliced redraw matches a direct one', async () => {
    const r = await run(7, 3000, 60, 0.8, true);
    expect(r.patched).toBeGreaterThan(50);
    expect(r.firstMismatch).toBeNull();
    expect(r.differingPixels).toBe(0);
  });
});

describe('a label inside a marker', () => {
  it('stays inside its marker, however wide its three characters, at any scale and pixel ratio', async () => {
    for (const label of ['WWW', 'ATM', '888']) {
      const found = (await page.evaluate(
        `harness.labelPixels(${JSON.stringify(label)}, [0.6, 1, 2.5], [1, 2])`,
      )) as LabelPixels[];
      expect(found).toHaveLength(30);
      for (const f of found) {
        const where = `${label} in a ${f.kind} at scale ${f.scale}, pixel ratio ${f.dpr}`;
        expect(f.outside, `${where}: pixels over the map`).toBe(0);
        expect(f.inside, `${where}: pixels drawn`).toBeGreaterThan(0);
      }
    }
  });
});
