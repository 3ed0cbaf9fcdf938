/**
 * DOMPurify's module makes a sanitiser for the page's window as it loads (its default export), building
 * its allow-lists then: a few milliseconds before a map can show, spent on an instance the viewer never
 * uses, since sanitize.ts makes its own, configured ones when the first SVG floor or description needs them.
 * This plugin makes the default export a factory (`DOMPurify(window)` makes an instance, as before) and puts the
 * module's own code inside it, run once on the first call: the allow-lists (hundreds of strings) and helpers are
 * then neither compiled nor run while the page starts (the code is still in the same file, so no request is added;
 * the browser only skims a function it has not called yet). The build fails if the module's last lines change
 * shape, or if it gains an import or export, rather than ship it unnoticed.
 *
 * It also leaves out two Babel helpers that DOMPurify's ES build carries without needing them (`dropUnusedHelpers`),
 * so the minifier drops them: about 2 KB of the embed's script before gzip, 0.75 KB after (ADR 091).
 */
import type { Plugin } from 'vite';

const EAGER = /\nvar (\w+) = createDOMPurify\(\);\nexport \{ \1 as default \};\s*(?:\/\/# sourceMappingURL=\S+\s*)?$/;

/** The statement that gives Babel's async-generator class its methods: the class's only use in DOMPurify. */
const ASYNC_GENERATOR_METHODS = /^AsyncGenerator\.prototype\b[\s\S]*?^\};\n/m;
/** The one array destructuring, of an `Object.entries` entry (`entries` is DOMPurify's name for that function). */
const ENTRY_DESTRUCTURING = /(for \(const (\w+) of entries\(\w+\)\) \{\s*var \w+ = )_slicedToArray\(\2, 2\);/g;

/**
 * DOMPurify's code without the assignments to the prototype of Babel's async-generator class, when nothing else uses
 * the class, and with its one call of the array-destructuring helper replaced by the entry itself: an entry of
 * `Object.entries` is an array of two already, which the helper answers unchanged. Nothing then refers to either
 * helper and the minifier leaves both out. Code of another shape is left as it is (the embed's size test notices).
 */
export function dropUnusedHelpers(code: string): string {
  let out = code;
  const methods = ASYNC_GENERATOR_METHODS.exec(out);
  if (
    methods &&
    (out.match(/\bAsyncGenerator\b/g) ?? []).length === 1 + (methods[0].match(/\bAsyncGenerator\b/g) ?? []).length
  )
    out = out.slice(0, methods.index) + out.slice(methods.index + methods[0].length);
  if (/^const entries = Object\.entries;$/m.test(out)) out = out.replace(ENTRY_DESTRUCTURING, '$1$2;');
  return out;
}

/** DOMPurify's reading of `USE_PROFILES`: a block that replaces the allow-lists with those of the profiles named. */
const PROFILES = /\n(\t+)if \(USE_PROFILES\) \{\n[\s\S]*?\n\1\}\n/;

/**
 * DOMPurify's code without its profiles (`USE_PROFILES`: ready-made allow-lists), which the viewer never asks for: its
 * configurations name their tags and attributes (sanitize.ts; this plugin's test holds them to that). A configuration
 * that asks for them anyway is refused with an error rather than sanitised by other lists. About 110 bytes of the
 * embed's script after gzip (ADR 091). Code of another shape is left as it is (the embed's size test notices).
 */
export function withoutProfiles(code: string): string {
  return code.replace(
    PROFILES,
    '\n$1if (USE_PROFILES) throw new TypeError("USE_PROFILES is left out of this build");\n',
  );
}

export function purifyFactoryOnly(): Plugin {
  return {
    name: 'mapnest-purify-factory',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]node_modules[\\/]dompurify[\\/]dist[\\/]purify\.es\.mjs$/.test(id)) return null;
      const m = EAGER.exec(code);
      if (!m) throw new Error(`${id}: DOMPurify no longer ends with its default instance; update ${import.meta.url}.`);
      const body = withoutProfiles(dropUnusedHelpers(code.slice(0, m.index)));
      if (/^\s*(?:import|export)\b/m.test(body))
        throw new Error(`${id}: DOMPurify now imports or exports more than its default; update ${import.meta.url}.`);
      return {
        code: `function loadPurify() {\n${body}\nreturn createDOMPurify;\n}\nlet createPurifier = null;\nvar ${m[1]} = (root) => (createPurifier ??= loadPurify())(root);\nexport { ${m[1]} as default };\n`,
        map: null,
      };
    },
  };
}
