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

/**
 * DOMPurify's options the viewer never sets (sanitize.ts's two configurations; this plugin's test holds them to that),
 * each pinned to its default, false: declared a constant and no longer read from a configuration, so the minifier
 * drops the code each one guards: scrubbing templates' expressions, whole documents, a forced body, sanitising in
 * place, prefixing named properties, answering Trusted Types. A configuration that sets one is refused with an error
 * rather than sanitised without it.
 */
export const PINNED_OPTIONS = [
  'SAFE_FOR_TEMPLATES',
  'WHOLE_DOCUMENT',
  'FORCE_BODY',
  'IN_PLACE',
  'SANITIZE_NAMED_PROPS',
  'RETURN_TRUSTED_TYPE',
] as const;

/**
 * DOMPurify's code with PINNED_OPTIONS pinned. An option whose code is of another shape (declared otherwise, read
 * otherwise, or assigned anywhere else) is left as it is (the embed's size test notices).
 */
export function withoutUnusedOptions(code: string): string {
  let out = code;
  for (const name of PINNED_OPTIONS) {
    const declared = `let ${name} = false;`;
    const read = `${name} = cfg.${name} || false;`;
    const assigned = out.match(new RegExp(`\\b${name} = `, 'g'))?.length;
    if (assigned !== 2 || !out.includes(declared) || !out.includes(read)) continue;
    out = out
      .replace(declared, `const ${name} = false;`)
      .replace(read, `if (cfg.${name}) throw new TypeError("${name} is left out of this build");`);
  }
  return out;
}

export function purifyFactoryOnly(): Plugin {
  return {
    name: 'mapnest-purify-factory',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]node_modules[\\/]dompurify[\\/]dist[\\/]purify\.es\.mjs$/.test(id)) return null;
      const m = EAGER.exec(code);
      if (!m) throw new Error(`${id}: DOMPurify no longer ends with its default instance; update ${import.meta.url}.`);
      const body = withoutUnusedOptions(withoutProfiles(dropUnusedHelpers(code.slice(0, m.index))));
      if (/^\s*(?:import|export)\b/m.test(body))
        throw new Error(`${id}: DOMPurify now imports or exports more than its default; update ${import.meta.url}.`);
      return {
        code: `function loadPurify() {\n${body}\nreturn createDOMPurify;\n}\nlet createPurifier = null;\nvar ${m[1]} = (root) => (createPurifier ??= loadPurify())(root);\nexport { ${m[1]} as default };\n`,
        map: null,
      };
    },
  };
}
