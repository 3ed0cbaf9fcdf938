import { describe, expect, it } from 'vitest';
import { unwrapPreloads } from './vite.plain-dynamic-imports';

// As Vite's import analysis leaves a chunk before its generateBundle: each dynamic import in the preload helper.
const PLAIN = 'const lang = () => __vitePreload(() => import("./lang-de-!~{00a}~.js"), __VITE_PRELOAD__);';
const NAMED = [
  'attach(__vitePreload(async () => {',
  '\tconst { Minimap } = await import("./minimap-!~{00h}~.js");',
  '\treturn { Minimap };',
  '}, __VITE_PRELOAD__).then(({ Minimap }) => new Minimap()));',
].join('\n');

describe('unwrapPreloads (the embed loads its parts with plain import())', () => {
  it('calls each wrapped loader itself, of both shapes Vite writes, and leaves the rest of the chunk as it was', () => {
    const out = unwrapPreloads(`var x = 1;\n${PLAIN}\n${NAMED}\nvar __vitePreload = function preload() {};`, 'a.js');
    expect(out).toBe(
      [
        'var x = 1;',
        'const lang = () => (() => import("./lang-de-!~{00a}~.js"))();',
        'attach((async () => {',
        '\tconst { Minimap } = await import("./minimap-!~{00h}~.js");',
        '\treturn { Minimap };',
        '})().then(({ Minimap }) => new Minimap()));',
        'var __vitePreload = function preload() {};',
      ].join('\n'),
    );
    expect(out).not.toContain('__VITE_PRELOAD__');
  });

  it('loads what the wrapped loader loaded', async () => {
    const out = unwrapPreloads(
      'return __vitePreload(async () => {\n\tconst { a } = await load("./a.js");\n\treturn { a };\n}, __VITE_PRELOAD__, import.meta.url);',
      'a.js',
    )!;
    const run = new Function('load', out.replace('import.meta.url', '""')) as (
      load: (p: string) => Promise<{ a: string }>,
    ) => Promise<{ a: string }>;
    await expect(run(async (p) => ({ a: `loaded ${p}` }))).resolves.toEqual({ a: 'loaded ./a.js' });
  });

  it('leaves a chunk without the helper alone', () => {
    expect(unwrapPreloads('import("./x.js");', 'a.js')).toBeNull();
  });

  it('fails the build on a call of another shape instead of shipping the helper', () => {
    expect(() => unwrapPreloads('__vitePreload(loader, __VITE_PRELOAD__);', 'a.js')).toThrow(/does not know/);
    expect(() => unwrapPreloads('__vitePreload(() => import("./x.js"), ["x.css"]);', 'a.js')).toThrow(/does not know/);
  });
});
