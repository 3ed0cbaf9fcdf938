/** Mapplic's filters, styles, breakpoints, legend and routes in our shape. */
import { isPlainObject, type RepairLog } from '../repair/repair';
import { groupRefs, type GroupIndex } from './groups';
import { plainText } from './text';
import { asList, compact, flag, isBlank, num, str, type Obj } from './values';

/** Group (tag) filters with their groups resolved; filters written as JavaScript `logic` are dropped with a warning. */
export function convertFilters(raw: unknown, groups: GroupIndex, log: RepairLog): Obj[] {
  const out: Obj[] = [];
  asList(raw).forEach((f, i) => {
    if (!isPlainObject(f)) return;
    const label = `filter "${str(f.name) || str(f.id) || i}"`;
    const type = str(f.type).toLowerCase();
    if (type === 'tags' || type === 'groups' || type === '') {
      const pick = (v: unknown, where: string) =>
        groupRefs(v).map((r) => groups.resolve(r, log, `filters.${i}.${where}`));
      out.push({
        id: f.id,
        type: 'groups',
        name: plainText(f.name),
        disable: flag(f.disable),
        groups: pick(f.value, 'value'),
        default: pick(f.default, 'default'),
      });
    } else if (!isBlank(f.logic)) {
      log.warn(
        `filters.${i}: dropped ${label} (its logic is JavaScript, which Mapnest never runs; recreate it with a field condition)`,
      );
    } else {
      log.warn(
        `filters.${i}: dropped ${label} (a ${type} filter without logic has nothing to match; recreate it with a field condition)`,
      );
    }
  });
  return out;
}

/** Styles, keyed by their CSS class, with Mapplic's flat colour keys sorted into normal, hover and active. */
export function convertStyles(raw: unknown): unknown[] {
  return asList(raw).map((s) => {
    if (!isPlainObject(s)) return s;
    const color = (v: unknown) => (isBlank(v) ? undefined : v);
    return compact({
      id: s.class ?? s.id,
      name: s.class ?? s.name,
      // Mapplic applies a style to markers only when `marker` is on, and to SVG elements only when `svg` is (its
      // editor's two checkboxes); our schema's defaults (on) are for our own maps.
      markers: flag(s.marker) ?? false,
      svg: flag(s.svg) ?? false,
      normal: {
        fill: color(s['base-color']),
        stroke: color(s['base-stroke']),
        strokeWidth: isBlank(s['stroke-width']) ? undefined : s['stroke-width'],
        text: color(s['text-color']),
      },
      hover: { fill: color(s['hover-color']), stroke: color(s['hover-stroke']), text: color(s['hover-text']) },
      active: { fill: color(s['active-color']), stroke: color(s['active-stroke']), text: color(s['active-text']) },
    });
  });
}

/** The widest breakpoint (Mapplic's "all-screens", below 8000) holds the base layout; the rest stay breakpoints. */
export function convertBreakpoints(raw: unknown, settings: Obj): unknown[] {
  const list = asList(raw).filter(isPlainObject);
  const widest = list.reduce<Obj | undefined>(
    (best, b) => ((num(b.below) ?? 0) > (num(best?.below) ?? 0) ? b : best),
    undefined,
  );
  const out: unknown[] = [];
  for (const b of list) {
    if (b === widest && (num(b.below) ?? 0) >= 2000 && !flag(b.portrait)) {
      const directory = (settings.directory ??= {}) as Obj;
      const layout = (settings.layout ??= {}) as Obj;
      if (!isBlank(b.sidebar)) directory.width = b.sidebar;
      if (!isBlank(b.type)) directory.layout = b.type;
      if (!isBlank(b.column)) directory.columns = b.column;
      if (!isBlank(b.container)) layout.height = b.container;
      continue;
    }
    out.push(
      compact({
        name: b.name,
        below: b.below,
        portrait: flag(b.portrait),
        sidebarWidth: isBlank(b.sidebar) ? undefined : b.sidebar,
        layout: isBlank(b.type) ? undefined : b.type,
        columns: isBlank(b.column) ? undefined : b.column,
        height: isBlank(b.container) ? undefined : b.container,
        elementHeight: isBlank(b.element) ? undefined : b.element,
      }),
    );
  }
  return out;
}

/** Legend items, blank colours left out. */
export function convertLegend(raw: unknown): unknown[] {
  return asList(raw).map((item) =>
    isPlainObject(item)
      ? compact({
          id: item.id,
          text: plainText(item.text),
          icon: item.icon,
          color: isBlank(item.color) ? undefined : item.color,
          scale: item.scale,
          radius: item.radius,
          disable: flag(item.disable),
        })
      : item,
  );
}

/** Routes with their pixel points (a list or text) made fractions of the map size. */
export function convertRoutes(raw: unknown, mapWidth: number, mapHeight: number): unknown[] {
  return asList(raw).map((r) => {
    if (!isPlainObject(r)) return r;
    const numbers = Array.isArray(r.points)
      ? r.points.flat(2).map(num)
      : str(r.points)
          .split(/[\s,]+/)
          .filter(Boolean)
          .map(num);
    const points: number[][] = [];
    for (let i = 0; i + 1 < numbers.length; i += 2) {
      const x = numbers[i];
      const y = numbers[i + 1];
      if (x !== undefined && y !== undefined) points.push([x / mapWidth, y / mapHeight]);
    }
    return compact({
      id: r.id,
      layer: r.layer,
      points,
      closed: str(r.element).toLowerCase() === 'polygon',
      endpoint: isBlank(r.endpoint) ? undefined : r.endpoint,
      connector: str(r.connect).toLowerCase() === 'layer',
      weight: isBlank(r.weight) ? undefined : r.weight,
      inaccessible: flag(r.inaccessible),
    });
  });
}
