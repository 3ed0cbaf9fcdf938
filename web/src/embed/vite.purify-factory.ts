/**
 * DOMPurify's module makes a sanitiser for the page's window as it loads (its default export), building
 * its allow-lists then: a few milliseconds before a map can show, spent on an instance the viewer never
 * uses, since sanitize.ts makes its own, configured ones when the first SVG or description needs them.
 * This plugin makes the default export the factory itself (`DOMPurify(window)` makes an instance, as
 * before), so no sanitiser is built until one is needed. The build fails if the module's last lines
 * change shape, rather than ship the eager instance unnoticed.
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
      return {
        code: `${code.slice(0, m.index)}\nvar ${m[1]} = (root) => createDOMPurify(root);\nexport { ${m[1]} as default };\n`,
        map: null,
      };
    },
  };
}
