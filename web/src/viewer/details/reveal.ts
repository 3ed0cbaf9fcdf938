/**
 * Brings the map into the page's view when a location opens from outside it (the directory under the map of a
 * script-tag embed on a phone, below the fold): with the least scroll, `block: 'nearest'`, and clear of what the host
 * page keeps over the top of its window, its `scroll-padding-top` (which the browser applies itself) or a sticky or
 * fixed header found at the top of the window (given to the map as `scroll-margin-top` for that scroll only).
 */

/** How far a fixed or sticky element of the page (not `own`, the viewer's host) covers the top of the window. */
export function coveredTop(own: Element, x: number): number {
  let covered = 0;
  for (const hit of document.elementsFromPoint(x, 1)) {
    for (let el: Element | null = hit; el && el !== document.documentElement; el = el.parentElement) {
      if (el === own || el.contains(own)) break;
      const position = getComputedStyle(el).position;
      if (position !== 'fixed' && position !== 'sticky') continue;
      const r = el.getBoundingClientRect();
      if (r.top <= 1 && r.height < innerHeight / 2) covered = Math.max(covered, r.bottom);
      break;
    }
  }
  return covered;
}

/** The page's own `scroll-padding-top` in pixels (0 for auto). */
function scrollPaddingTop(): number {
  const root = document.scrollingElement ?? document.documentElement;
  return parseFloat(getComputedStyle(root).scrollPaddingTop) || 0;
}

/** Scrolls the page the least that shows `map` whole under the page's header (its top, when it is taller). */
export function revealInPage(map: HTMLElement): void {
  const root = map.getRootNode();
  const host = root instanceof ShadowRoot ? root.host : map;
  const r = map.getBoundingClientRect();
  const x = Math.min(Math.max(r.left + r.width / 2, 0), innerWidth - 1);
  const margin = Math.max(0, coveredTop(host, x) - scrollPaddingTop());
  const before = map.style.scrollMarginTop;
  map.style.scrollMarginTop = `${margin}px`;
  map.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  map.style.scrollMarginTop = before;
}
