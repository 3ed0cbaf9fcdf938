/**
 * A few lines of DOM building for the viewer's interface. The viewer is plain DOM rather than
 * React because the embed must fit in 90 KB and React 19 alone is about 68 KB gzipped; the app
 * uses it through the MapViewer React component.
 */

export type Child = Node | string | number | null | undefined | false;
type Attrs = Record<string, unknown>;

/** Creates an element: attributes (on* become listeners, `class`, `style` objects), then children. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs?: Attrs | null,
  ...children: (Child | Child[])[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  if (attrs) {
    for (const key in attrs) {
      const v = attrs[key];
      if (v == null || v === false) continue;
      if (key.startsWith('on') && typeof v === 'function') el.addEventListener(key.slice(2), v as EventListener);
      else if (key === 'style' && typeof v === 'object') Object.assign(el.style, v);
      else el.setAttribute(key, v === true ? '' : String(v));
    }
  }
  append(el, children);
  return el;
}

export function append(el: Node, children: (Child | Child[])[]): void {
  for (const c of children.flat()) {
    if (c == null || c === false) continue;
    el.appendChild(typeof c === 'object' ? c : document.createTextNode(String(c)));
  }
}

/** A style sheet of the viewer's (`addSheet`): its text can be replaced, and it can be taken away. */
export interface Sheet {
  replace(css: string): void;
  remove(): void;
}

/** Whether the page's Content Security Policy refused a style element of the viewer's (see `addSheet`). */
let refused = false;

/**
 * True once the page's Content Security Policy has refused the viewer's inline styles (a site whose `style-src` has
 * no 'unsafe-inline'): its style sheets are then constructed ones, and style attributes of floors and descriptions are
 * set through the CSSOM (../viewer/sanitize.ts), neither of which a policy governs.
 */
export const inlineStylesRefused = (): boolean => refused;

/**
 * Adds a style sheet for `parent`'s document or shadow root: a `<style>` in `parent` (first or last), as browsers
 * have always taken it. A page whose Content Security Policy refuses inline styles gives that element no sheet: it is
 * taken out and the sheet is a constructed one (`adoptedStyleSheets`, which no policy governs), after the root's
 * others, as is every later one of the page; so the map is styled on such a site with one report of the refusal.
 */
export function addSheet(parent: ParentNode, css: string, first?: boolean): Sheet {
  const root = (parent as Node).getRootNode() as Document | ShadowRoot;
  if (!refused || !('adoptedStyleSheets' in root)) {
    const style = h('style', null, css);
    if (first) parent.prepend(style);
    else parent.append(style);
    refused ||= style.isConnected && !style.sheet;
    if (!refused || !('adoptedStyleSheets' in root))
      return { replace: (text) => (style.textContent = text), remove: () => style.remove() };
    style.remove();
  }
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(css);
  root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
  return {
    replace: (text) => sheet.replaceSync(text),
    remove: () => (root.adoptedStyleSheets = root.adoptedStyleSheets.filter((s) => s !== sheet)),
  };
}

const ICONS = {
  plus: 'M12 5v14M5 12h14',
  minus: 'M5 12h14',
  reset: 'M4 12a8 8 0 1 0 2.3-5.6M4 4v4h4',
  fullscreen: 'M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5',
  exitFullscreen: 'M9 4v5H4M15 4v5h5M9 20v-5H4M15 20v-5h5',
  close: 'M6 6l12 12M18 6L6 18',
  search: 'M11 18a7 7 0 1 1 0-14 7 7 0 0 1 0 14zM20 20l-4-4',
  filter: 'M4 6h16M7 12h10M10 18h4',
  phone: 'M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2',
  email: 'M4 6h16v12H4zM4 7l8 6 8-6',
  clock: 'M12 21a9 9 0 1 1 0-18 9 9 0 0 1 0 18zM12 7v5l3 2',
  back: 'M15 6l-6 6 6 6',
  external: 'M14 4h6v6M20 4l-9 9M18 14v5H5V6h5',
  sidebar: 'M4 5h16v14H4zM9 5v14',
  legend: 'M5 6h.01M5 12h.01M5 18h.01M9 6h10M9 12h10M9 18h10',
  route: 'M6 20a2 2 0 1 0 0-4 2 2 0 0 0 0 4zM18 8a2 2 0 1 0 0-4 2 2 0 0 0 0 4zM8 18h7a3 3 0 0 0 0-6H9a3 3 0 0 1 0-6h7',
  swap: 'M7 4v16M3 8l4-4 4 4M17 20V4M13 16l4 4 4-4',
  link: 'M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1',
  // A map pin, for the notice of a map that cannot be shown.
  pin: 'M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21zM12 12a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z',
} as const;

export type IconName = keyof typeof ICONS;

/** A decorative icon (hidden from assistive tech). */
export function icon(name: IconName, size = 18): SVGSVGElement {
  const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  const path = document.createElementNS(ns, 'path');
  for (const [k, v] of Object.entries({
    class: 'mn-icon',
    width: size,
    height: size,
    viewBox: '0 0 24 24',
    'aria-hidden': 'true',
    focusable: 'false',
  }))
    svg.setAttribute(k, String(v));
  for (const [k, v] of Object.entries({
    d: ICONS[name],
    fill: 'none',
    stroke: 'currentColor',
    'stroke-width': '2',
    'stroke-linecap': 'round',
    'stroke-linejoin': 'round',
  }))
    path.setAttribute(k, v);
  svg.append(path);
  return svg;
}

/** The focused element when it is inside `root` (focus goes back to it), else null. */
export function focusedIn(root: Element): HTMLElement | null {
  const el = document.activeElement;
  return el instanceof HTMLElement && root.contains(el) ? el : null;
}

let seq = 0;
/** A page-unique id for aria relations. */
export function uid(prefix = 'mn'): string {
  return `${prefix}-${(++seq).toString(36)}`;
}

/** A task later: lets input, frames and other work run in between (MessageChannel: not clamped like a timeout). */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(0);
  });
}

/**
 * Lets input and frames run, then carries on ahead of other queued work (`scheduler.yield()`, Chromium 129+; elsewhere a
 * plain next task): for a job that is one piece of work split up, which should not wait behind what queued meanwhile.
 */
export function yieldToInput(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return typeof scheduler?.yield === 'function' ? scheduler.yield() : nextTask();
}

/**
 * Runs `fn` once the next frame has been painted (a frame callback, then a task after it), or after
 * `fallbackMs` when no frame comes (a page in a background tab or a hidden frame paints none).
 * Returns a function that cancels it.
 */
export function afterNextPaint(fn: () => void, fallbackMs = 250): () => void {
  let after: ReturnType<typeof setTimeout> | undefined;
  const cancel = () => {
    cancelAnimationFrame(frame);
    clearTimeout(after);
    clearTimeout(fallback);
  };
  const run = () => {
    cancel();
    fn();
  };
  const frame = requestAnimationFrame(() => (after = setTimeout(run, 0)));
  const fallback = setTimeout(run, fallbackMs);
  return cancel;
}

/** Resolves once the next frame has been painted (`afterNextPaint`), or after its fallback when no frame comes. */
export function nextFrame(): Promise<void> {
  return new Promise((resolve) => afterNextPaint(resolve));
}
