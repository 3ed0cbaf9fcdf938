import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JS_BUDGET_BYTES, NATIVE_BUDGET_BYTES, type Bundle } from '../src/bundle';
import { readManifest } from '../src/manifest';
import { FIXTURE_LAMBDAS, bundle, type Bundled } from './support';

let real: Bundled;
let fixture: Bundled;

beforeAll(() => {
  real = bundle(readManifest());
  fixture = bundle(readManifest({ srcDir: FIXTURE_LAMBDAS, publicCalls: [], httpRoutes: [], triggers: [{ module: 'thumbnail', source: 's3-upload' }] }));
  const kb = (n: number) => `${(n / 1000).toFixed(1)} kB`.padStart(11);
  const rows = [...real.bundles.values(), ...fixture.bundles.values()].map(
    (b) => `${b.id.padEnd(36)} js ${kb(b.jsBytes)}   all ${kb(b.totalBytes)}${b.nativePackages.length ? `   native: ${b.nativePackages.join(', ')}` : ''}`,
  );
  console.log(`Lambda bundles (fixture thumbnail last):\n${rows.join('\n')}`);
}, 180_000);
afterAll(() => {
  real?.cleanup();
  fixture?.cleanup();
});

/**
 * Imports bundles in a plain Node process (as Lambda does, without the test runner's module pipeline) and,
 * when given an event, invokes the handler; answers { [id]: { type, result?, error? } }.
 */
function run(bundles: Bundle[], event?: unknown): Record<string, { type?: string; result?: unknown; error?: string }> {
  const script = `
    const out = {};
    for (const [id, url] of ${JSON.stringify(bundles.map((b) => [b.id, pathToFileURL(join(b.dir, 'index.mjs')).href]))}) {
      try {
        const mod = await import(url);
        out[id] = { type: typeof mod.handler };
        if (${event !== undefined}) out[id].result = await mod.handler(${JSON.stringify(event ?? null)});
      } catch (error) { out[id] = { error: String(error && error.stack || error) }; }
    }
    process.stdout.write(JSON.stringify(out));`;
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    encoding: 'utf8',
    env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', LOG_SILENT: '1' },
    timeout: 60_000,
  });
  if (child.status !== 0) throw new Error(`bundle runner failed: ${child.stderr}`);
  return JSON.parse(child.stdout) as Record<string, { type?: string; result?: unknown; error?: string }>;
}

describe('bundles', () => {
  it('builds one bundle per function', () => {
    expect([...real.bundles.keys()].sort()).toEqual(readManifest().functions.map((f) => f.id).sort());
  });

  it('keeps every pure JavaScript bundle within 1 MB', () => {
    const over = [...real.bundles.values()]
      .filter((b) => b.nativePackages.length === 0 && b.jsBytes > JS_BUDGET_BYTES)
      .map((b) => `${b.id}: ${b.jsBytes} bytes`);
    // The usual cause is `import { z } from 'zod'`, which esbuild cannot tree-shake (about 370 kB of zod,
    // locales included); `import * as z from 'zod'` is the same API and shakes.
    expect(over, `over the ${JS_BUDGET_BYTES}-byte budget (usual cause: import { z } from 'zod'; import * as z from 'zod' shakes)`).toEqual([]);
  });

  it('keeps functions with native packages within their own budget', () => {
    const native = [...real.bundles.values(), fixture.bundles.get('triggers/thumbnail')!].filter((x) => x.nativePackages.length > 0);
    expect(native.length).toBeGreaterThan(0);
    for (const b of native) expect(b.totalBytes, b.id).toBeLessThanOrEqual(NATIVE_BUDGET_BYTES);
  });

  it('loads every bundle as an ES module exporting a handler', () => {
    // Native bundles load their binary on import, so this also proves a real thumbnail bundle's sharp loads.
    const loaded = run([...real.bundles.values()]);
    for (const [id, outcome] of Object.entries(loaded)) expect(outcome, id).toEqual({ type: 'function' });
    expect(Object.keys(loaded)).toHaveLength(real.bundles.size);
  });

  it('answers the health check from its bundle', () => {
    const outcome = run([real.bundles.get('http/health')!], {})['http/health']!;
    const res = outcome.result as { statusCode: number; body: string };
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.body)).toMatchObject({ status: 'ok' });
  });

  it('runs sharp from the thumbnail bundle\'s own node_modules', () => {
    const thumbnail = fixture.bundles.get('triggers/thumbnail')!;
    // The bundle lives in the temp folder, outside the repository, so only its own node_modules can resolve sharp.
    expect(thumbnail.dir.startsWith(process.cwd())).toBe(false);
    expect(run([thumbnail], { width: 16 })['triggers/thumbnail']).toEqual({ type: 'function', result: { width: 16, height: 12, format: 'jpeg' } });
  });
});
