/**
 * The infra tests' bundle cache (bundle-cache.ts, ADR 039): a build is reused only while every file it read is
 * unchanged, a changed input is rebuilt (never served stale), and two processes asking at once build once.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readManifest, type Manifest } from '../src/manifest';
import { REPO_ROOT } from '../src/paths';
import { cachedBundleFunctions, configurationKey } from './bundle-cache';

const scratch = mkdtempSync(join(tmpdir(), 'mapnest-bundle-cache-test-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A handler folder of one call importing a helper module, and a cache folder of its own. */
function project(name: string, word: string): { src: string; cache: string; manifest: () => Manifest } {
  const src = join(scratch, name, 'src');
  mkdirSync(join(src, 'calls'), { recursive: true });
  mkdirSync(join(src, 'lib'), { recursive: true });
  writeFileSync(
    join(src, 'calls', 'say-word.ts'),
    "import { WORD } from '../lib/word';\nexport const handler = async () => WORD;\n",
  );
  writeFileSync(join(src, 'lib', 'word.ts'), `export const WORD = '${word}';\n`);
  const manifest = () => readManifest({ srcDir: src, publicCalls: [], httpRoutes: [], triggers: [] });
  return { src, cache: join(scratch, name, 'cache'), manifest };
}

const code = (bundles: Map<string, { dir: string }>) =>
  readFileSync(join(bundles.get('calls/say-word')!.dir, 'index.mjs'), 'utf8');

describe('bundle cache', () => {
  it('serves a build again while its inputs are unchanged, and rebuilds when one changes', async () => {
    const p = project('change', 'first-word');
    const first = await cachedBundleFunctions(p.manifest().functions, p.cache);
    expect(first.hit).toBe(false);
    expect(code(first.bundles)).toContain('first-word');

    const again = await cachedBundleFunctions(p.manifest().functions, p.cache);
    expect(again.hit).toBe(true);
    expect(again.bundles.get('calls/say-word')).toEqual(first.bundles.get('calls/say-word'));

    // The helper is not an entry point: only the build's own record of what it read can notice the change.
    writeFileSync(join(p.src, 'lib', 'word.ts'), "export const WORD = 'second-word';\n");
    const changed = await cachedBundleFunctions(p.manifest().functions, p.cache);
    expect(changed.hit).toBe(false);
    expect(code(changed.bundles)).toContain('second-word');
    expect(code(changed.bundles)).not.toContain('first-word');
    expect(changed.bundles.get('calls/say-word')!.dir).not.toBe(first.bundles.get('calls/say-word')!.dir);

    // The earlier build is kept: going back to its sources serves it again, unchanged.
    writeFileSync(join(p.src, 'lib', 'word.ts'), "export const WORD = 'first-word';\n");
    const back = await cachedBundleFunctions(p.manifest().functions, p.cache);
    expect(back.hit).toBe(true);
    expect(back.bundles.get('calls/say-word')!.dir).toBe(first.bundles.get('calls/say-word')!.dir);
    expect(code(back.bundles)).toContain('first-word');
  }, 60_000);

  it('keys builds by their esbuild options: another function list is another build', async () => {
    const p = project('options', 'a-word');
    const functions = p.manifest().functions;
    expect(configurationKey(functions)).toBe(configurationKey(p.manifest().functions));
    const renamed = functions.map((fn) => ({ ...fn, id: `${fn.id}-2` }));
    expect(configurationKey(renamed)).not.toBe(configurationKey(functions));
    expect((await cachedBundleFunctions(functions, p.cache)).hit).toBe(false);
    expect((await cachedBundleFunctions(renamed, p.cache)).hit).toBe(false);
  }, 60_000);

  it('removes configurations unused for days when it stores a build, and keeps recent ones', async () => {
    const p = project('old-configurations', 'a-word');
    const aged = (name: string, daysAgo: number) => {
      const entry = join(p.cache, name, 'entry-0');
      mkdirSync(entry, { recursive: true });
      writeFileSync(join(entry, 'entry.json'), '{"inputs":{},"bundles":[]}');
      const then = new Date(Date.now() - daysAgo * 24 * 60 * 60_000);
      for (const path of [join(entry, 'entry.json'), entry, join(p.cache, name)]) utimesSync(path, then, then);
      return join(p.cache, name);
    };
    const stale = aged('stale-configuration', 4);
    const recent = aged('recent-configuration', 1);
    expect((await cachedBundleFunctions(p.manifest().functions, p.cache)).hit).toBe(false);
    expect(existsSync(stale)).toBe(false);
    expect(existsSync(recent)).toBe(true);
  }, 60_000);

  it('takes over a build lock left by a process that died', async () => {
    const p = project('dead-lock', 'a-word');
    const functions = p.manifest().functions;
    const lock = join(p.cache, configurationKey(functions), 'lock');
    mkdirSync(lock, { recursive: true });
    const dead = spawnSync(process.execPath, ['-e', '']).pid!; // has exited by now
    writeFileSync(join(lock, 'pid'), String(dead));
    expect((await cachedBundleFunctions(functions, p.cache)).hit).toBe(false);
  }, 60_000);

  it('builds once when two processes ask for the same bundles at the same time', async () => {
    const p = project('race', 'a-word');
    const script = join(scratch, 'race.mts');
    const go = join(scratch, 'race-go');
    // Both processes load everything, say so, and wait for the go file, so their look-ups really happen together.
    writeFileSync(
      script,
      `import { existsSync } from 'node:fs';
       import { readManifest } from ${JSON.stringify(join(REPO_ROOT, 'infra/src/manifest.ts'))};
       import { cachedBundleFunctions } from ${JSON.stringify(join(REPO_ROOT, 'infra/test/bundle-cache.ts'))};
       process.stderr.write('ready\\n');
       while (!existsSync(${JSON.stringify(go)})) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 2);
       const { hit, bundles } = await cachedBundleFunctions(
         readManifest({ srcDir: ${JSON.stringify(p.src)}, publicCalls: [], httpRoutes: [], triggers: [] }).functions,
         ${JSON.stringify(p.cache)},
       );
       process.stdout.write(JSON.stringify({ hit, dir: bundles.get('calls/say-word').dir }));`,
    );
    const tsx = join(REPO_ROOT, 'node_modules/.bin/tsx');
    let ready = 0;
    const race = () =>
      new Promise<{ hit: boolean; dir: string }>((done, fail) => {
        const child = spawn(tsx, [script], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
        let out = '';
        let err = '';
        child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
        child.stderr.on('data', (chunk: Buffer) => {
          err += chunk.toString();
          if (chunk.toString().includes('ready') && ++ready === 2) writeFileSync(go, '');
        });
        child.on('close', (status) =>
          status === 0 ? done(JSON.parse(out) as { hit: boolean; dir: string }) : fail(new Error(err)),
        );
      });
    const results = await Promise.all([race(), race()]);
    expect(results.map((r) => r.hit).sort()).toEqual([false, true]);
    expect(results[0]!.dir).toBe(results[1]!.dir);
  }, 120_000);
});
