/**
 * Base images of the floors: SVG files are fetched, sanitised and inlined (so their elements can
 * be clickable regions), raster files become <img>. Each floor is loaded once and kept, so
 * switching back is instant.
 */
import type { Layer } from '@mapnest/shared/map-document';
import type { Size } from '../../map-core/coords';
import { imageToCoord, rectCentre } from '../../map-core/coords';
import { sanitizeFloor } from './floor-slices';
import { addSheet, inlineStylesRefused, nextFrame } from '../dom';
import { takeSheetsAside } from '../sanitize';
import type { ResolvedLocation } from '../viewer-model';
import { onLayer } from '../viewer-model';

/** What visitors read where a floor that cannot be loaded would be. */
export const floorUnavailable = (name: string) =>
  `The floor “${name}” can’t be shown right now. Try again, or choose another floor.`;

export type LayerKind = 'svg' | 'raster' | 'blank';

/** How a layer file is drawn, judged by its extension (query strings and fragments ignored). */
export function layerKind(file: string): LayerKind {
  if (!file.trim()) return 'blank';
  const path = file.split(/[?#]/)[0]!.toLowerCase();
  if (path.endsWith('.svg') || path.startsWith('data:image/svg')) return 'svg';
  return 'raster';
}

export interface LoadedLayer {
  readonly id: string;
  readonly el: HTMLElement;
  readonly kind: LayerKind;
  readonly svg: SVGSVGElement | null;
  /** Region element of each location index on this layer. */
  readonly regions: Map<number, Element>;
  /**
   * A big SVG floor arrives empty: this fills it a chunk per task (floor-slices.ts, ADR 035). The stage runs it once the
   * floor is on screen, and binds regions when it resolves. Absent when the floor is complete.
   */
  readonly build?: () => Promise<void>;
}

let scopeCounter = 0;
const prefetched = new Map<string, Promise<string>>();

function fetchLayerText(url: string, signal?: AbortSignal): Promise<string> {
  const early = prefetched.get(url);
  if (early) {
    prefetched.delete(url);
    return early;
  }
  return fetch(url, { signal, credentials: 'omit' }).then((res) => {
    if (!res.ok) {
      // An unread error body keeps the request open (the page never settles).
      void res.text().catch(() => '');
      throw new Error(`HTTP ${res.status}`);
    }
    return res.text();
  });
}

/**
 * Starts downloading an SVG floor before the viewer is built, so the request does not wait behind
 * building the model and the directory; loadLayer picks the download up.
 */
export function prefetchLayer(file: string, resolveUrl: (u: string) => string): void {
  if (layerKind(file) !== 'svg') return;
  const url = resolveUrl(file);
  if (prefetched.has(url)) return;
  const p = fetchLayerText(url);
  p.catch(() => undefined);
  prefetched.set(url, p);
}

/**
 * Loads one layer into a new element sized to the map image. Of `locations`, those on this floor are its regions: a big
 * floor drawn in parts never splits one of them.
 */
export async function loadLayer(
  layer: Layer,
  image: Size,
  resolveUrl: (u: string) => string,
  signal?: AbortSignal,
  locations: readonly ResolvedLocation[] = [],
): Promise<LoadedLayer> {
  const el = document.createElement('div');
  el.className = 'mn-layer';
  el.style.width = `${image.width}px`;
  el.style.height = `${image.height}px`;
  const kind = layerKind(layer.file);
  if (kind === 'blank') {
    el.classList.add('mn-layer-blank');
    return { id: layer.id, el, kind, svg: null, regions: new Map() };
  }
  const url = resolveUrl(layer.file);
  if (kind === 'raster') {
    const img = document.createElement('img');
    img.alt = '';
    img.decoding = 'async';
    img.draggable = false;
    img.width = image.width;
    img.height = image.height;
    img.className = 'mn-layer-img';
    img.src = url;
    el.append(img);
    await img.decode().catch(() => undefined);
    return { id: layer.id, el, kind, svg: null, regions: new Map() };
  }
  const text = await fetchLayerText(url, signal).catch((e: unknown) => {
    if (signal?.aborted) throw e;
    // Visitors read this: a plain sentence, never an HTTP status (the publish checks tell the author; ADR 018).
    throw new Error(floorUnavailable(layer.name));
  });
  const scope = `mn${++scopeCounter}`;
  el.setAttribute('data-mn-scope', scope);
  const selector = `[data-mn-scope="${scope}"]`;
  const keepWhole = new Set(locations.filter((l) => onLayer(l, layer.id)).map((l) => l.shape));
  const floor = await sanitizeFloor(text, selector, signal, { keepWhole });
  if (!floor) throw new Error(floorUnavailable(layer.name));
  const { svg, build } = floor;
  if (!svg.getAttribute('viewBox')) {
    const w = parseFloat(svg.getAttribute('width') ?? '');
    const h = parseFloat(svg.getAttribute('height') ?? '');
    svg.setAttribute('viewBox', `0 0 ${w > 0 ? w : image.width} ${h > 0 ? h : image.height}`);
  }
  svg.setAttribute('width', String(image.width));
  svg.setAttribute('height', String(image.height));
  svg.setAttribute('preserveAspectRatio', 'none');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('focusable', 'false');
  svg.classList.add('mn-layer-svg');
  el.append(svg);
  // The parts of a big floor after the first come as it fills (copies of `svg`, so sized and placed alike), each
  // over the ones before, in drawing order; events go through the parts to what they draw (viewer.css).
  const fill = build && (() => build((part) => el.append(part)));
  return { id: layer.id, el, kind, svg, regions: new Map(), ...(fill && { build: fill }) };
}

/** Where a big floor is built: far outside any view, so that it is styled and laid out but never painted. */
const OFF_SCREEN = 'translateX(-1000000px)';
/**
 * And clipped to nothing: off screen alone, Chromium still painted the growing drawing whenever a slice went in (its
 * paint of the layer was not culled), every paint longer than the one before; with nothing left by its clip, none.
 */
const CLIPPED = 'inset(50%)';

const setAside = (el: HTMLElement | SVGElement) => {
  el.style.transform = OFF_SCREEN;
  el.style.clipPath = CLIPPED;
};
const bringBack = (el: HTMLElement | SVGElement) => {
  el.style.removeProperty('transform');
  el.style.removeProperty('clip-path');
};

/** A floor's own style sheets, set aside on a page that refuses inline styles (../sanitize.ts), added once it is in. */
function sheetsAside(el: HTMLElement): void {
  if (inlineStylesRefused())
    for (const css of takeSheetsAside(`[data-mn-scope="${el.getAttribute('data-mn-scope')}"]`)) addSheet(el, css);
}

/**
 * Puts a loaded floor into `pane`, shown only while `current()` (the stage shows the current floor). A big one
 * (`build`) is first filled in slices while it is laid out but not painted: each slice is styled and laid out alone,
 * off screen, and the drawing is brought back when whole, one part a frame (Chromium paints what appears at once:
 * the whole drawing in one frame took 220-430 ms at 4x; a part, with the ones before it kept as painted, a fraction).
 * Painting the growing drawing every frame cost more; so did `opacity: 0`, which Chromium still paints; and
 * `visibility: hidden`, inherited, made the reveal restyle every element at once (a transform is the element's own:
 * nothing under it is restyled). Answers when the floor is whole and shown; a floor that could not be filled is taken
 * out again.
 */
export async function addFloor(pane: HTMLElement, layer: LoadedLayer, current: () => boolean): Promise<void> {
  layer.el.hidden = !layer.build || !current();
  pane.append(layer.el);
  if (!layer.build) return sheetsAside(layer.el);
  setAside(layer.el);
  let later: SVGSVGElement[] = [];
  try {
    await layer.build();
    later = Array.from(layer.el.querySelectorAll<SVGSVGElement>(':scope > svg')).slice(1);
    for (const part of later) setAside(part);
  } catch (e) {
    layer.el.remove();
    throw e;
  } finally {
    bringBack(layer.el);
  }
  sheetsAside(layer.el);
  // Left shown when current: hidden, even for one frame, its thousands of elements' layout would be taken down and
  // built again when the stage shows it.
  layer.el.hidden = !current();
  for (const part of later) {
    // Each part once the one before is painted; a floor not shown (another was chosen meanwhile) paints nothing.
    if (!layer.el.hidden && layer.el.isConnected) await nextFrame();
    bringBack(part);
  }
}

/**
 * Runs `measure` while a floor is laid out. A floor not shown is put back in the layout for it far off screen and
 * clipped to nothing, as while a big floor fills (so it is measured without being painted), then hidden again.
 */
export function whileLaidOut<T>(layer: LoadedLayer, measure: () => T): T {
  if (!layer.el.hidden) return measure();
  setAside(layer.el);
  layer.el.hidden = false;
  try {
    return measure();
  } finally {
    layer.el.hidden = true;
    bringBack(layer.el);
  }
}

/**
 * Links the SVG elements of a floor to the locations that stand for them (each location's `shape` on its floor, else
 * the element with its id: `ResolvedLocation.shape`) and paints their states through CSS custom properties (set inline,
 * so author CSS cannot hide which region is active).
 */
export function bindRegions(layer: LoadedLayer, locations: readonly ResolvedLocation[]): void {
  layer.regions.clear();
  if (!layer.svg) return;
  // One pass over the SVG's ids instead of one query per location (maps have thousands of locations); a big floor's
  // parts are all in the layer's element.
  const byId = new Map<string, Element>();
  for (const el of layer.el.querySelectorAll('svg [id]')) if (!byId.has(el.id)) byId.set(el.id, el);
  for (const l of locations) {
    if (!onLayer(l, layer.id)) continue;
    const el = byId.get(l.shape);
    if (!el) continue;
    el.classList.add('mn-region');
    if (l.clickable) el.classList.add('mn-region-clickable');
    const st = (el as SVGElement).style;
    const r = l.region;
    if (r.fill) st.setProperty('--mn-r-fill', r.fill);
    if (r.stroke) st.setProperty('--mn-r-stroke', r.stroke);
    if (r.strokeWidth != null) st.setProperty('--mn-r-stroke-width', String(r.strokeWidth));
    if (r.hoverFill) st.setProperty('--mn-r-hover-fill', r.hoverFill);
    if (r.hoverStroke) st.setProperty('--mn-r-hover-stroke', r.hoverStroke);
    if (r.activeFill) st.setProperty('--mn-r-active-fill', r.activeFill);
    if (r.activeStroke) st.setProperty('--mn-r-active-stroke', r.activeStroke);
    if (r.fill) el.classList.add('mn-region-filled');
    el.setAttribute('data-mn-loc', String(l.index));
    layer.regions.set(l.index, el);
  }
}

/** Undoes bindRegions for one element (its location was removed or renamed in the editor). */
export function unbindRegion(el: Element): void {
  el.classList.remove(
    'mn-region',
    'mn-region-clickable',
    'mn-region-filled',
    'mn-active',
    'mn-hover',
    'mn-focus',
    'mn-region-dim',
    'mn-region-match',
  );
  el.removeAttribute('data-mn-loc');
  const st = (el as SVGElement).style;
  for (const p of ['fill', 'stroke', 'stroke-width', 'hover-fill', 'hover-stroke', 'active-fill', 'active-stroke'])
    st.removeProperty(`--mn-r-${p}`);
}

/** Element ids of each SVG floor, read once. */
const svgIds = new WeakMap<LoadedLayer, Set<string>>();

/** True when a floor's SVG has an element with this id (a location standing for that shape would be linked to it). */
export function svgHasId(layer: LoadedLayer, id: string | undefined): boolean {
  if (!layer.svg || id === undefined) return false;
  let ids = svgIds.get(layer);
  if (!ids) {
    ids = new Set(Array.from(layer.el.querySelectorAll('svg [id]'), (el) => el.id));
    svgIds.set(layer, ids);
  }
  return ids.has(id);
}

/**
 * Whether any of the `changed` locations (by index) has or had an SVG region on these floors: in `models`, the
 * locations before and after an edit, the shape each stands for. A patch of markers alone would not rebind it.
 */
export function regionsTouched(
  layers: Iterable<LoadedLayer>,
  models: readonly (readonly ResolvedLocation[])[],
  changed: readonly number[],
): boolean {
  const shapes = changed.flatMap((i) => models.map((locations) => locations[i]?.shape));
  for (const layer of layers)
    if (changed.some((i) => layer.regions.has(i)) || shapes.some((id) => svgHasId(layer, id))) return true;
  return false;
}

/** Elements that can be a location's shape: what a drawing fills or strokes, or a group of such (recognise-svg's). */
const SHAPE_ELEMENTS = new Set(['path', 'rect', 'circle', 'ellipse', 'polygon', 'polyline', 'g', 'use', 'line']);

/** The name a drawing program gave an element: Illustrator's layer name (`data-name`), Inkscape's label, or null. */
export const drawnName = (el: Element): string | null =>
  el.getAttribute('data-name') ?? el.getAttribute('inkscape:label');

/** A shape of a floor's drawing that a location can stand for: its id, and the name the drawing gives it, if any. */
export interface FloorShape {
  readonly id: string;
  /** Illustrator's layer name (`data-name`, or the one its id escapes), Inkscape's label, or the shape's aria-label. */
  readonly name?: string;
}

/**
 * A floor's shapes, in drawing order, each once: the elements a location could stand for (outside definitions, and not
 * the drawing's root). Empty for a floor that is no SVG.
 */
export function floorShapes(layer: LoadedLayer): FloorShape[] {
  if (!layer.svg) return [];
  const shapes = new Map<string, FloorShape>();
  for (const el of layer.el.querySelectorAll('svg [id]'))
    if (SHAPE_ELEMENTS.has(el.localName) && !el.closest('defs, clipPath, mask, pattern, symbol, marker'))
      if (!shapes.has(el.id)) shapes.set(el.id, withName(el));
  return [...shapes.values()];
}

/**
 * The name an id escapes as Illustrator writes a layer's name as an XML id: each character an id may not start with
 * (or hold) as its code, so a layer "105" is `_x31_05` (with `data-name="105"` since 2017).
 */
export const unescapedId = (id: string) =>
  id.replace(/_x([0-9A-F]{2,4})_/gi, (_, code: string) => String.fromCharCode(parseInt(code, 16)));

/**
 * A shape's id, and its name: Illustrator's `data-name` or Inkscape's `inkscape:label`, else its aria-label, else the
 * one its id escapes (when not the id).
 */
function withName(el: Element): FloorShape {
  const name = (drawnName(el) ?? el.getAttribute('aria-label') ?? unescapedId(el.id)).trim();
  return name && name !== el.id ? { id: el.id, name } : { id: el.id };
}

/** The class a region takes while its location is hovered, open or keyboard-focused. */
const REGION_STATE_CLASS = { hover: 'mn-hover', active: 'mn-active', focus: 'mn-focus' } as const;

/** Marks or unmarks a location's region on a floor (when it has one) as hovered, open or focused. */
export function markRegion(
  layer: LoadedLayer | null,
  index: number | null,
  state: keyof typeof REGION_STATE_CLASS,
  on: boolean,
): void {
  if (index !== null) layer?.regions.get(index)?.classList.toggle(REGION_STATE_CLASS[state], on);
}

/** Moves the hover, open and focus marks (`state`: the location of each) from one floor's regions to another's. */
export function moveRegionMarks(
  before: LoadedLayer | null,
  after: LoadedLayer | null,
  state: Record<keyof typeof REGION_STATE_CLASS, number | null>,
): void {
  for (const kind of Object.keys(REGION_STATE_CLASS) as (keyof typeof REGION_STATE_CLASS)[]) {
    markRegion(before, state[kind], kind, false);
    markRegion(after, state[kind], kind, true);
  }
}

/** Dims the regions a search or filter leaves out and marks those it matches (`mask` null: all match). */
export function markRegionMatches(layer: LoadedLayer, mask: Uint8Array | null, filtering: boolean): void {
  for (const [index, el] of layer.regions) {
    const match = !filtering || !mask || !!mask[index];
    el.classList.toggle('mn-region-dim', !match);
    el.classList.toggle('mn-region-match', filtering && match);
  }
}

/** The bounding box of a region in image pixels (null while the layer is not displayed). */
export function regionRect(
  layer: LoadedLayer,
  el: Element,
  image: Size,
): { minX: number; minY: number; maxX: number; maxY: number } | null {
  const svg = layer.svg;
  if (!svg) return null;
  // Screen boxes include every SVG and CSS transform on the way; the container's transform is a
  // uniform scale and shift, so the ratio to the SVG's own box gives image pixels.
  const sr = svg.getBoundingClientRect();
  const r = el.getBoundingClientRect();
  if (sr.width <= 0 || sr.height <= 0 || (r.width <= 0 && r.height <= 0)) return null;
  const kx = image.width / sr.width;
  const ky = image.height / sr.height;
  return {
    minX: (r.left - sr.left) * kx,
    minY: (r.top - sr.top) * ky,
    maxX: (r.right - sr.left) * kx,
    maxY: (r.bottom - sr.top) * ky,
  };
}

/**
 * The coordinates regions give the locations that have none: the centre of each one's region, by
 * location index. Measured once per floor, and only for such locations (the incumbent measures every
 * element on load). The caller places them (placeLocations in viewer-model.ts).
 */
export function regionCentres(
  layer: LoadedLayer,
  locations: readonly ResolvedLocation[],
  image: Size,
): Map<number, [number, number]> {
  const out = new Map<number, [number, number]>();
  for (const [index, el] of layer.regions) {
    const l = locations[index];
    if (!l || l.coord) continue;
    const r = regionRect(layer, el, image);
    if (r) out.set(index, imageToCoord(rectCentre(r), image));
  }
  return out;
}
