/**
 * The embed's style sheets, carried inside its one JavaScript file: the embed build (web/vite.config.ts)
 * turns each CSS import of the embed's modules into a call of `addEmbedStyles` with the minified text, so
 * neither the /m/{id} page nor a script-tag embed makes a request for CSS. `applyEmbedStyles` puts them
 * first in the document's head or in a shadow root, where the link elements used to be, so the author's
 * map CSS (added later by the viewer) still comes after them in the cascade. In the dev server Vite
 * injects the CSS itself and nothing is registered here.
 */
import { addSheet, type Sheet } from '../viewer/dom';

const texts: string[] = [];
let applied: Sheet[] = [];

/**
 * Called by the build's generated modules, in import order. CSS of a chunk loaded later (a panel loaded on demand)
 * is added to the sheets already shown.
 */
export function addEmbedStyles(css: string): void {
  texts.push(css);
  for (const sheet of applied) sheet.replace(texts.join('\n'));
}

/**
 * Adds the embed's CSS at the start of `root` (a document's head or a shadow root), as a constructed sheet where the
 * page's Content Security Policy refuses inline styles (../viewer/dom.ts `addSheet`); no-op without any. Answers
 * what takes it away again.
 */
export function applyEmbedStyles(root: HTMLHeadElement | ShadowRoot): () => void {
  if (!texts.length) return () => {};
  const sheet = addSheet(root, texts.join('\n'), true);
  applied.push(sheet);
  return () => {
    sheet.remove();
    applied = applied.filter((s) => s !== sheet);
  };
}
