/**
 * Vite wraps each dynamic `import()` of a page's build in its preload helper (`__vitePreload`, about 2 KB before
 * gzip), which fetches the imported chunk's dependencies alongside it and reports a failed load as a
 * `vite:preloadError` event on the window. The embed needs neither: its CSS is inside its JavaScript and each part
 * it loads on demand depends only on the embed's main chunk, already running, so the build has no dependency lists to
 * give it (modulePreload is off); and each part's caller handles its failure itself (English texts, no minimap).
 * In a script-tag embed the event would even reach the customer's page, whose own Vite app may reload on it.
 * This plugin puts the plain `import()` back before the chunk is minified; the minifier then drops the unused
 * helper. The build fails if a wrapped import is left that it does not recognise, rather than ship the helper.
 */
import type { Plugin } from 'vite';

const CALL = '__vitePreload(';
/** The end of a wrapped import as Vite writes it, before its generateBundle fills in the (here empty) dependency list. */
const MARKER = /^\s*,\s*__VITE_PRELOAD__\s*(?:,\s*import\.meta\.url\s*)?\)/;
/** What Vite wraps: `() => import("./part.js")`, or an async arrow function that takes names from the import. */
const LOADER = /^\s*(?:async\s*)?\(\)\s*=>/;

/**
 * Each `__vitePreload(load, __VITE_PRELOAD__)` in `code` becomes `(load)()`: the import, called at once (the helper
 * called it a microtask later). Null when there is none; throws on a call of another shape.
 */
export function unwrapPreloads(code: string, fileName: string): string | null {
  if (!code.includes(CALL)) return null;
  const fail = (at: number) => {
    throw new Error(
      `${fileName}: Vite's preload helper is called in a way ${import.meta.url} does not know: ${code.slice(at, at + 120)}`,
    );
  };
  let out = '';
  let from = 0;
  for (let at = code.indexOf(CALL); at >= 0; at = code.indexOf(CALL, from)) {
    const body = at + CALL.length;
    const marker = code.indexOf('__VITE_PRELOAD__', body);
    const next = code.indexOf(CALL, body);
    const end = code.slice(body, marker).search(/\s*,\s*$/);
    if (marker < 0 || (next >= 0 && next < marker) || end < 0) fail(at);
    const load = code.slice(body, body + end);
    const tail = MARKER.exec(code.slice(body + end));
    if (!LOADER.test(load) || !tail) fail(at);
    out += `${code.slice(from, at)}(${load})()`;
    from = body + end + tail![0].length;
  }
  return out + code.slice(from);
}

export function plainDynamicImports(): Plugin {
  return {
    name: 'mapnest-plain-dynamic-imports',
    apply: 'build',
    renderChunk(code, chunk) {
      const out = unwrapPreloads(code, chunk.fileName);
      // The embed's build makes no source maps; the lines that change only lose their wrapper.
      return out === null ? null : { code: out, map: null };
    },
  };
}
