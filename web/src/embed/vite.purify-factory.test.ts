// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import createDOMPurify from 'dompurify';
import { HTML_VECTORS, SVG_VECTORS, svgDocument } from '../viewer/xss-corpus.fixtures';
import {
  dropUnusedHelpers,
  PINNED_OPTIONS,
  purifyFactoryOnly,
  withoutProfiles,
  withoutUnusedOptions,
} from './vite.purify-factory';

const file = createRequire(import.meta.url)
  .resolve('dompurify')
  .replace(/purify\.cjs\.js$/, 'purify.es.mjs');
const transform = (code: string, id: string) =>
  (purifyFactoryOnly().transform as (code: string, id: string) => { code: string } | null)(code, id);

describe('purifyFactoryOnly (the build keeps DOMPurify from building a sanitiser as it loads)', () => {
  it('rewrites the installed DOMPurify so its default export makes sanitisers that still sanitise', async () => {
    const out = transform(readFileSync(file, 'utf8'), file);
    expect(out).not.toBeNull();
    // The module imports nothing: its text runs as a function that returns the default export.
    const body = out!.code.replace(/^export \{ (\w+) as default \};$/m, 'return $1;');
    const DOMPurify = new Function(body)() as ((w: Window) => { sanitize(s: string): string }) & { sanitize?: unknown };
    // No instance was made on import: the default export is the factory alone.
    expect(DOMPurify.sanitize).toBeUndefined();
    const purifier = DOMPurify(window);
    expect(purifier.sanitize('<img src="x.png" onerror="alert(1)"><b>hi</b>')).toBe('<img src="x.png"><b>hi</b>');
  });

  it('runs none of DOMPurify’s own code until the first sanitiser is made, and then once', () => {
    const out = transform(readFileSync(file, 'utf8'), file);
    const body = out!.code.replace(/^export \{ (\w+) as default \};$/m, 'return $1;');
    // Its allow-lists are frozen arrays, made as its code runs (its code keeps the Object.freeze it found then).
    const freeze = Object.freeze;
    let frozen = 0;
    Object.freeze = <T>(o: T): Readonly<T> => (frozen++, freeze(o));
    try {
      const DOMPurify = new Function(body)() as (w: Window) => { sanitize(s: string): string };
      expect(frozen).toBe(0);
      DOMPurify(window);
      expect(frozen).toBeGreaterThan(10);
      // A second sanitiser reuses the code already run: had it run again, it would have taken this Object.freeze
      // for its allow-lists (the first run keeps calling the one it found).
      let again = 0;
      Object.freeze = <T>(o: T): Readonly<T> => (again++, freeze(o));
      expect(DOMPurify(window).sanitize('<i>ok</i>')).toBe('<i>ok</i>');
      expect(again).toBe(0);
    } finally {
      Object.freeze = freeze;
    }
  });

  it('leaves every other module alone', () => {
    expect(transform('var purify_default = createDOMPurify();', '/app/src/other.ts')).toBeNull();
  });

  it('fails the build when DOMPurify no longer ends as expected, instead of shipping the eager instance', () => {
    expect(() => transform('export default createDOMPurify();', file)).toThrow(
      /no longer ends with its default instance/,
    );
  });

  it('fails the build when DOMPurify gains an import, which could not run inside a function', () => {
    const code =
      "import x from './x.js';\nfunction createDOMPurify() {}\nvar purify = createDOMPurify();\nexport { purify as default };\n";
    expect(() => transform(code, file)).toThrow(/imports or exports more than its default/);
  });

  it('leaves out the Babel helpers DOMPurify does not use, and still sanitises with a configuration', () => {
    const out = transform(readFileSync(file, 'utf8'), file)!.code;
    // Nothing refers to them any more, so the minifier drops them.
    expect(out).not.toMatch(/AsyncGenerator\.prototype|_slicedToArray\(\w+, 2\)/);
    const body = out.replace(/^export \{ (\w+) as default \};$/m, 'return $1;');
    const DOMPurify = new Function(body)() as (w: Window) => { sanitize(s: string, cfg?: object): string };
    // A configuration is copied entry by entry (DOMPurify's clone), where the destructuring helper was called.
    const cfg = { ALLOWED_TAGS: ['b', 'a'], ALLOWED_ATTR: ['href'], USE_PROFILES: undefined };
    expect(DOMPurify(window).sanitize('<b onclick="x()">hi</b><i>there</i><a href="/x" title="t">a</a>', cfg)).toBe(
      '<b>hi</b>there<a href="/x">a</a>',
    );
  });

  it('keeps the async-generator class where DOMPurify would use it', () => {
    const code = [
      'const entries = Object.entries;',
      'function AsyncGenerator(e) {}',
      'AsyncGenerator.prototype.next = function(e) {',
      '\treturn e;',
      '};',
      'const g = new AsyncGenerator(1);',
      '',
    ].join('\n');
    expect(dropUnusedHelpers(code)).toBe(code);
    expect(dropUnusedHelpers(code.replace('const g = new AsyncGenerator(1);\n', ''))).toBe(
      'const entries = Object.entries;\nfunction AsyncGenerator(e) {}\n',
    );
  });

  it('leaves out DOMPurify’s profiles, which the viewer never asks for, and refuses a configuration that does', () => {
    const out = transform(readFileSync(file, 'utf8'), file)!.code;
    expect(out).not.toMatch(/USE_PROFILES\.(html|svg|svgFilters|mathMl)/);
    const body = out.replace(/^export \{ (\w+) as default \};$/m, 'return $1;');
    const DOMPurify = new Function(body)() as (w: Window) => { sanitize(s: string, cfg?: object): string };
    expect(() => DOMPurify(window).sanitize('<b>hi</b>', { USE_PROFILES: { html: true } })).toThrow(
      'USE_PROFILES is left out of this build',
    );
    expect(DOMPurify(window).sanitize('<b>hi</b><script>x</script>')).toBe('<b>hi</b>');
    // The viewer's configurations name their lists (sanitize.ts); none asks for a profile.
    const sanitize = readFileSync(join(dirname(fileURLToPath(import.meta.url)), '../viewer/sanitize.ts'), 'utf8');
    expect(sanitize).toContain('ALLOWED_TAGS');
    expect(sanitize).not.toContain('USE_PROFILES');
    // Code of another shape is left as it is.
    expect(withoutProfiles('if (USE_PROFILES) x();\n')).toBe('if (USE_PROFILES) x();\n');
  });

  it('pins the options the viewer never sets to their default, and refuses a configuration that sets one', () => {
    const out = transform(readFileSync(file, 'utf8'), file)!.code;
    // Every one found in the installed DOMPurify: a constant now, so the minifier drops the code it guards.
    for (const name of PINNED_OPTIONS) {
      expect(out).toContain(`const ${name} = false;`);
      expect(out).not.toContain(`${name} = cfg.${name}`);
    }
    const body = out.replace(/^export \{ (\w+) as default \};$/m, 'return $1;');
    const DOMPurify = new Function(body)() as (w: Window) => { sanitize(s: string, cfg?: object): string };
    for (const name of PINNED_OPTIONS)
      expect(() => DOMPurify(window).sanitize('<b>hi</b>', { [name]: true }), name).toThrow(
        `${name} is left out of this build`,
      );
    // Set to false, as they are when left out, they are welcome.
    expect(DOMPurify(window).sanitize('<b>hi</b>', { SAFE_FOR_TEMPLATES: false })).toBe('<b>hi</b>');
    // The viewer's configurations set none of them (sanitize.ts).
    const sanitize = readFileSync(join(dirname(fileURLToPath(import.meta.url)), '../viewer/sanitize.ts'), 'utf8');
    for (const name of PINNED_OPTIONS) expect(sanitize).not.toContain(name);
    // Code of another shape is left as it is: assigned once more, or read otherwise.
    const elsewhere = 'let IN_PLACE = false;\nIN_PLACE = cfg.IN_PLACE || false;\nIN_PLACE = true;\n';
    expect(withoutUnusedOptions(elsewhere)).toBe(elsewhere);
    const otherwise = 'let IN_PLACE = false;\nIN_PLACE = !!cfg.IN_PLACE;\n';
    expect(withoutUnusedOptions(otherwise)).toBe(otherwise);
  });

  it('sanitises the XSS corpus to the very same output as the DOMPurify it was made from', () => {
    const out = transform(readFileSync(file, 'utf8'), file)!.code;
    const body = out.replace(/^export \{ (\w+) as default \};$/m, 'return $1;');
    const pinned = (new Function(body)() as typeof createDOMPurify)(window);
    const original = createDOMPurify(window);
    // The viewer's kinds of configuration (sanitize.ts): its own lists, no content kept, no data attributes, a DOM
    // fragment; and DOMPurify's defaults, as strings.
    const svg = { ADD_ATTR: ['xlink:href', 'href'], KEEP_CONTENT: false, ALLOW_DATA_ATTR: false };
    const html = { ALLOWED_TAGS: ['a', 'b', 'img', 'p', 'iframe', '#text'], ALLOWED_ATTR: ['href', 'src', 'alt'] };
    const asText = (f: DocumentFragment | null) =>
      f && Array.from(f.childNodes, (n) => (n as Element).outerHTML ?? n.textContent);
    const cases: [string, object][] = [
      ...SVG_VECTORS.map((v): [string, object] => [svgDocument(v), svg]),
      ...HTML_VECTORS.flatMap((v): [string, object][] => [
        [v, {}],
        [v, { ...html, KEEP_CONTENT: false, ALLOW_DATA_ATTR: false, ALLOW_ARIA_ATTR: false }],
      ]),
    ];
    for (const [dirty, cfg] of cases) {
      expect(pinned.sanitize(dirty, cfg), dirty).toBe(original.sanitize(dirty, cfg));
      const fragment = { ...cfg, RETURN_DOM_FRAGMENT: true };
      const dom = (p: typeof pinned) => asText(p.sanitize(dirty, fragment) as unknown as DocumentFragment | null);
      expect(dom(pinned), dirty).toEqual(dom(original));
    }
  });
});
