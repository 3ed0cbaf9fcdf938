/**
 * The embed's style sheets, carried inside its one JavaScript file: the embed build (web/vite.config.ts)
 * turns each CSS import of the embed's modules into a call of `addEmbedStyles` with the minified text, so
 * neither the /m/{id} page nor a script-tag embed makes a request for CSS. `applyEmbedStyles` puts them
 * first in the document's head or in a shadow root, where the link elements used to be, so the author's
 * map CSS (added later by the viewer) still comes after them in the cascade. In the dev server Vite
 * injects the CSS itself and nothing is registered here.
 */
const texts: string[] = [];
let applied: HTMLStyleElement[] = [];

/**
 * Called by the build's generated modules, in import order. CSS of a chunk loaded later (a panel loaded on demand)
 * is added to the style elements already shown.
 */
export function addEmbedStyles(css: string): void {
  texts.push(css);
  applied = applied.filter((s) => s.isConnected);
  for (const style of applied) style.textContent += `\n${css}`;
}

/** Adds the embed's CSS at the start of `root` (a document's head or a shadow root); no-op without any. */
export function applyEmbedStyles(root: HTMLHeadElement | ShadowRoot): void {
  if (!texts.length) return;
  const style = document.createElement('style');
  style.dataset.mapnest = 'embed';
  style.textContent = texts.join('\n');
  root.prepend(style);
  applied.push(style);
}
