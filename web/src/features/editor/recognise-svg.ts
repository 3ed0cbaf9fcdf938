/**
 * "Recognise SVG": turns the id'd shapes of a layer's SVG into locations, each at its shape's
 * centre. The location keeps the element's id, which is what links the two (the shape becomes the
 * clickable region); when a location on another floor has that id already (per-floor drawings reuse `lift`,
 * `stairs`), the room's location gets an id of its own (`lift-2`) and names the shape (`shape: 'lift'`, ADR 061).
 * Measuring needs a browser (layout); turning measurements into locations is pure.
 */
import { ID_PATTERN, shapeOf, type Location, type MarkerType } from '@mapnest/shared/map-document';
import { uniqueId } from '@mapnest/shared/map-ids';
import { imageToCoord, rectCentre } from '../../map-core/coords';
import { sanitizeSvg } from '../../viewer/sanitize';
import { drawnName, unescapedId } from '../../viewer/stage/base-layer';

export interface MeasuredRegion {
  id: string;
  /** data-name (Illustrator), inkscape:label, aria-label, <title>, else the text drawn in it, or '' */
  name: string;
  /** Box in map pixels. */
  box: { minX: number; minY: number; maxX: number; maxY: number };
  /** A group holding id'd shapes of its own (Mapplic's `MLOC…` groups, a wing of rooms): not a room itself. */
  container?: boolean;
  /** Draws no area of its own (text, lines, or a group of only those): a label or a mark, not a room. */
  noArea?: boolean;
}

export interface RecogniseResult {
  locations: Location[];
  /** Elements skipped, with why. */
  skipped: { id: string; reason: string }[];
}

const SHAPES = new Set(['path', 'rect', 'circle', 'ellipse', 'polygon', 'polyline', 'g', 'use', 'text', 'line']);
/** Shapes covering more of the map than this are backgrounds or whole-floor groups, not places. */
const MAX_AREA_SHARE = 0.5;

/** Shapes smaller than this share of the map (or thinner than 2 px) are marks and icons, not rooms. */
const MIN_AREA_SHARE = 0.00002;

/**
 * A readable title from an element id: a room number keeps its dashes ('_1-107' gives '1-107',
 * 'B2_10' gives 'B2-10', Illustrator's '_x31_05' for a layer "105" gives '105'); other ids become words ('shop_a101'
 * gives 'Shop a101').
 */
export function titleFromId(id: string): string {
  const bare = unescapedId(id).replace(/^[_-]+|[_-]+$/g, '');
  if (/^[A-Za-z]{0,2}\d+(?:[-_.][A-Za-z]{0,2}\d+[A-Za-z]?)*[A-Za-z]?$/.test(bare)) return bare.replace(/_/g, '-');
  const words = bare.replace(/[_-]+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : id;
}

const TAKEN = 'a location already stands for this shape';

/** Mapplic's groups of interactive elements (`MLOC`, `MLOC available`…) hold rooms; they are never one. */
const isMapplicGroup = (id: string) => /^mloc/i.test(id);

/** What a room's location may not be: the shapes its floor's locations stand for, and the map's location ids. */
export interface TakenIds {
  /** The shapes the locations of the floor (and those on every floor) stand for: those rooms have a location. */
  shapes: ReadonlySet<string>;
  /** Every location id of the map: a room whose id is one gets an id of its own and names its shape (with a floor). */
  ids: ReadonlySet<string>;
}

/** What a floor's rooms may not be, from the map's locations (`floor`: the rooms' floor; null: any, so every id). */
export function takenOnFloor(
  locations: readonly Pick<Location, 'id' | 'layer' | 'shape'>[],
  floor: string | null | undefined,
): TakenIds {
  const ids = new Set(locations.map((l) => l.id));
  if (!floor) return { shapes: ids, ids };
  const shapes = new Set<string>();
  for (const l of locations) if (l.layer == null || l.layer === floor) shapes.add(shapeOf(l));
  return { shapes, ids };
}

/**
 * Locations for measured regions, skipping shapes a location already stands for, invalid ids and background-sized
 * shapes. `taken`: the shapes that have a location (and, as a set alone, the ids taken too). A room of a floor
 * (`opts.layer`) whose id a location elsewhere has gets a unique id made from it, and stands for it as its `shape`.
 */
export function locationsFromRegions(
  regions: readonly MeasuredRegion[],
  map: { width: number; height: number },
  taken: ReadonlySet<string> | TakenIds,
  opts: { layer?: string | null; type?: MarkerType } = {},
): RecogniseResult {
  const { shapes, ids: takenIds } = taken instanceof Set ? { shapes: taken, ids: taken } : (taken as TakenIds);
  const ids = new Set(takenIds);
  const locations: Location[] = [];
  const skipped: RecogniseResult['skipped'] = [];
  const seen = new Set<string>();
  for (const r of regions) {
    if (r.container || isMapplicGroup(r.id)) {
      skipped.push({ id: r.id, reason: 'it is a group of rooms, not a room' });
      continue;
    }
    if (r.noArea) {
      skipped.push({ id: r.id, reason: 'it draws no area of its own (only text or lines), so it is not a room' });
      continue;
    }
    if (!ID_PATTERN.test(r.id)) {
      skipped.push({ id: r.id, reason: 'the id has characters a location id cannot have' });
      continue;
    }
    // Without a floor a location stands for the shape with its own id, so it cannot take another id.
    if (shapes.has(r.id) || seen.has(r.id) || (!opts.layer && ids.has(r.id))) {
      skipped.push({ id: r.id, reason: TAKEN });
      continue;
    }
    const w = r.box.maxX - r.box.minX;
    const h = r.box.maxY - r.box.minY;
    if (!(w >= 0 && h >= 0) || (w === 0 && h === 0)) {
      skipped.push({ id: r.id, reason: 'the shape has no size' });
      continue;
    }
    if (w * h > MAX_AREA_SHARE * map.width * map.height) {
      skipped.push({ id: r.id, reason: 'the shape covers most of the map (a background or a whole floor)' });
      continue;
    }
    if (w * h < MIN_AREA_SHARE * map.width * map.height || Math.min(w, h) < 2) {
      skipped.push({ id: r.id, reason: 'the shape is too small to be a room' });
      continue;
    }
    seen.add(r.id);
    const clamp = (v: number) => Math.round(Math.min(1, Math.max(0, v)) * 1e6) / 1e6;
    // The room's own id, unless a location elsewhere in the map has it: then one made from it, naming the shape.
    const id = uniqueId(r.id, ids, 'location');
    ids.add(id);
    const loc: Location = {
      id,
      title: r.name.trim().slice(0, 200) || titleFromId(r.id),
      coord: imageToCoord(rectCentre(r.box), map).map(clamp) as [number, number],
    };
    if (opts.type) loc.type = opts.type;
    if (opts.layer) loc.layer = opts.layer;
    if (id !== r.id) loc.shape = r.id;
    locations.push(loc);
  }
  return { locations, skipped };
}

/** Measures every id'd shape of an SVG drawn at the map's size (in the browser, off screen). */
export function measureSvgRegions(svgText: string, map: { width: number; height: number }): MeasuredRegion[] {
  const svg = sanitizeSvg(svgText, '.mn-recognise');
  if (!svg) throw new Error('The layer file is not a valid SVG image.');
  if (!svg.getAttribute('viewBox')) {
    const w = parseFloat(svg.getAttribute('width') ?? '') || map.width;
    const h = parseFloat(svg.getAttribute('height') ?? '') || map.height;
    svg.setAttribute('viewBox', `0 0 ${w} ${h}`);
  }
  svg.setAttribute('width', String(map.width));
  svg.setAttribute('height', String(map.height));
  svg.setAttribute('preserveAspectRatio', 'none');
  const host = document.createElement('div');
  host.className = 'mn-recognise';
  host.style.cssText = 'position:fixed;left:-200000px;top:0;visibility:hidden;pointer-events:none;';
  host.append(svg);
  document.body.append(host);
  try {
    return measureRegionsIn(svg, map).map(({ el: _el, ...r }) => r);
  } finally {
    host.remove();
  }
}

/**
 * Measures the id'd shapes of an SVG that is laid out (off screen, or on the editor's map under any
 * pan and zoom): each with its element and its box in map pixels.
 */
export function measureRegionsIn(
  svg: SVGSVGElement,
  map: { width: number; height: number },
): (MeasuredRegion & { el: Element })[] {
  const root = svg.getBoundingClientRect();
  const kx = map.width / (root.width || map.width);
  const ky = map.height / (root.height || map.height);
  const boxOf = (el: Element): MeasuredRegion['box'] => {
    const r = el.getBoundingClientRect();
    return {
      minX: (r.left - root.left) * kx,
      minY: (r.top - root.top) * ky,
      maxX: (r.right - root.left) * kx,
      maxY: (r.bottom - root.top) * ky,
    };
  };
  const out: (MeasuredRegion & { el: Element })[] = [];
  for (const el of Array.from(svg.querySelectorAll('[id]'))) {
    if (!SHAPES.has(el.localName) || inDefinitions(el)) continue;
    const title = el.querySelector(':scope > title')?.textContent ?? '';
    out.push({
      el,
      id: el.id,
      name: drawnName(el) ?? el.getAttribute('aria-label') ?? title,
      container: el.localName === 'g' && hasRoomInside(el),
      ...(!drawsArea(el) && { noArea: true }),
      box: boxOf(el),
    });
  }
  const labels = Array.from(svg.querySelectorAll('text'))
    .filter((t) => !inDefinitions(t))
    .map((t) => ({ el: t, text: textOf(t), box: boxOf(t), look: lookOf(t) }));
  const drawn = drawnLabels(out, labels);
  for (const r of out) if (!r.name.trim()) r.name = drawn.get(r) ?? '';
  return out;
}

const inDefinitions = (el: Element) => el.closest('defs, clipPath, mask, pattern, symbol, marker') !== null;

/** What a <text> reads: its lines (<tspan>s) joined by spaces, white space collapsed. */
function textOf(t: Element): string {
  const lines = Array.from(t.querySelectorAll('tspan'), (s) => s.textContent ?? '');
  return (lines.length ? lines.join(' ') : (t.textContent ?? '')).replace(/\s+/g, ' ').trim();
}

/** How a <text> is drawn (its class, size and weight): the lines of one label are drawn alike, its unit number not. */
function lookOf(t: Element): string {
  const style = getComputedStyle(t);
  return [t.getAttribute('class'), t.getAttribute('font-size'), style.fontSize, style.fontWeight].join('|');
}

type Label = { el: Element; text: string; box: MeasuredRegion['box']; look: string };

/**
 * Whether `next` is the line after `line` of one label ("Urban" then "Thread", drawn as two <text>s): drawn alike,
 * starting below it within half a line, and over it.
 */
function nextLine(line: Label, next: Label): boolean {
  const height = line.box.maxY - line.box.minY;
  const below = next.box.minY - line.box.minY;
  const over = Math.min(line.box.maxX, next.box.maxX) > Math.max(line.box.minX, next.box.minX);
  return next.look === line.look && below >= height / 2 && next.box.minY - line.box.maxY <= height / 2 && over;
}

/** Elements that fill an area; text and lines do not, and a group fills one only through such an element. */
const AREA_SHAPES = 'path, rect, circle, ellipse, polygon, polyline, use';

function drawsArea(el: Element): boolean {
  if (el.matches(AREA_SHAPES)) return true;
  if (el.localName !== 'g') return false;
  return Array.from(el.querySelectorAll(AREA_SHAPES)).some((child) => !inDefinitions(child));
}

/**
 * The text drawn in each room, as its name: a <text> inside the room's own element names that room; any other
 * names the smallest room whose box holds its centre (a label over a room inside a wing names the room). A room
 * takes the first text that names it, in document order, with the lines that follow it as one label ("Urban
 * Thread"; not the unit number under it, drawn smaller).
 */
function drawnLabels<R extends { el: Element; box: MeasuredRegion['box']; container?: boolean; noArea?: boolean }>(
  regions: readonly R[],
  labels: readonly Label[],
): Map<R, string> {
  const rooms = regions.filter((r) => !r.container && !r.noArea);
  const byElement = new Map(rooms.map((r) => [r.el, r]));
  const area = (b: MeasuredRegion['box']) => (b.maxX - b.minX) * (b.maxY - b.minY);
  const lines = new Map<R, { lines: Label[]; open: boolean }>();
  for (const label of labels) {
    if (!label.text) continue;
    let best: R | undefined;
    for (let p = label.el.parentElement; p && !best; p = p.parentElement) best = byElement.get(p);
    const x = (label.box.minX + label.box.maxX) / 2;
    const y = (label.box.minY + label.box.maxY) / 2;
    if (!best)
      for (const r of rooms) {
        const b = r.box;
        if (x >= b.minX && x <= b.maxX && y >= b.minY && y <= b.maxY && (!best || area(b) < area(best.box))) best = r;
      }
    if (!best) continue;
    const named = lines.get(best);
    if (!named) lines.set(best, { lines: [label], open: true });
    else if (named.open && nextLine(named.lines.at(-1)!, label)) named.lines.push(label);
    else named.open = false;
  }
  return new Map(
    [...lines].map(([r, n]) => [
      r,
      n.lines
        .map((l) => l.text)
        .join(' ')
        .slice(0, 200),
    ]),
  );
}

/** Whether an element holds id'd shapes (its rooms), outside definitions. */
function hasRoomInside(el: Element): boolean {
  for (const child of Array.from(el.querySelectorAll('[id]')))
    if (SHAPES.has(child.localName) && !inDefinitions(child)) return true;
  return false;
}

/**
 * An existing location bound to a recognised room, so the room becomes its region: it takes the room's id, or (when a
 * location elsewhere in the map has that id) keeps its own and names the room as its `shape`.
 */
export interface RoomBinding {
  /** The location's id now, and the room's id it takes (`to` is `from` when it names the room as its shape). */
  from: string;
  to: string;
  title: string;
  /** The room it stands for under its own id. */
  shape?: string;
}

/** What Recognise SVG would do, shown to the author before anything changes. */
export interface RecognisePlan {
  add: Location[];
  bind: RoomBinding[];
  skipped: RecogniseResult['skipped'];
}

/** Titles compared loosely: any case, width, spacing and dashes ('1 - 107' is '１-107'). */
const looseTitle = (t: string) =>
  t
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s_\-‐-―ー.]+/g, '');

/**
 * The plan for a floor's measured rooms: rooms a location of this floor stands for are already linked; a room whose
 * label, proposed title or id matches the title of a location that has no room on this floor binds that location
 * (it takes the room's id, or names it as its shape) instead of adding a second one; the other rooms are added, those
 * whose id a location on another floor has under an id of their own (`lift-2`, standing for the shape `lift`).
 */
export function planRecognise(
  regions: readonly MeasuredRegion[],
  map: { width: number; height: number },
  existing: readonly Location[],
  opts: { layer?: string | null; type?: MarkerType } = {},
): RecognisePlan {
  const { locations, skipped } = locationsFromRegions(regions, map, takenOnFloor(existing, opts.layer), opts);
  const roomIds = new Set(regions.map((r) => r.id));
  const names = new Map(regions.map((r) => [r.id, r.name]));
  const unbound = new Map<string, Location>();
  for (const l of existing) {
    if (opts.layer && l.layer && l.layer !== opts.layer) continue;
    if (roomIds.has(shapeOf(l)) || !l.title) continue;
    const key = looseTitle(l.title);
    if (key && !unbound.has(key)) unbound.set(key, l);
  }
  const add: Location[] = [];
  const bind: RoomBinding[] = [];
  for (const loc of locations) {
    const room = loc.shape ?? loc.id;
    const keys = [names.get(room) ?? '', loc.title ?? '', room].map(looseTitle).filter(Boolean);
    // A room whose id is taken elsewhere binds only a location of its floor: it names the room as its shape.
    const fits = (l: Location | undefined) => l !== undefined && (!loc.shape || l.layer === opts.layer);
    const match = keys.map((k) => unbound.get(k)).find(fits);
    if (!match) {
      add.push(loc);
      continue;
    }
    for (const [k, l] of unbound) if (l === match) unbound.delete(k);
    const title = match.title ?? match.id;
    bind.push(loc.shape ? { from: match.id, to: match.id, title, shape: room } : { from: match.id, to: room, title });
  }
  return { add, bind, skipped };
}
