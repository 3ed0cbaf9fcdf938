/**
 * DOMPurify's module makes a sanitiser for the page's window as it loads (its default export), building
 * its allow-lists then: a few milliseconds before a map can show, spent on an instance the viewer never
 * uses, since sanitize.ts makes its own, configured ones when the first SVG floor or description needs them.
 * This plugin makes the default export a factory (`DOMPurify(window)` makes an instance, as before) and puts the
 * module's own code inside it, run once on the first call: the allow-lists (hundreds of strings) and helpers are
 * then neither compiled nor run while the page starts (the code is still in the same file, so no request is added;
 * the browser only skims a function it has not called yet). The build fails if the module's last lines change
 * shape, or if it gains an import or export, rather than ship it unnoticed.
 */
import type { Plugin } from 'vite';

const EAGER = /\nvar (\w+) = createDOMPurify\(\);\nexport \{ \1 as default \};\s*(?:\/\/# sourceMappingURL=\S+\s*)?$/;

export function purifyFactoryOnly(): Plugin {
  return {
    name: 'mapnest-purify-factory',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]node_modules[\\/]dompurify[\\/]dist[\\/]purify\.es\.mjs$/.test(id)) return null;
      const m = EAGER.exec(code);
      if (!m) throw new Error(`${id}: DOMPurify no longer ends with its default instance; update ${import.meta.url}.`);
      const body = code.slice(0, m.index);
      if (/^\s*(?:import|export)\b/m.test(body))
        throw new Error(`${id}: DOMPurify now imports or exports more than its default; update ${import.meta.url}.`);
      return {
        code: `function loadPurify() {\n${body}\nreturn createDOMPurify;\n}\nlet createPurifier = null;\nvar ${m[1]} = (root) => (createPurifier ??= loadPurify())(root);\nexport { ${m[1]} as default };\n`,
        map: null,
      };
    },
  };
}
