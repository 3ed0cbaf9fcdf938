/**
 * Where the locations bound to a shape are, on every floor. A location with no point of its own that stands for an
 * element of its floor's SVG (its `shape`, else the element with its id: `shapeOf`) is drawn as that shape, and its
 * marker goes at the shape's centre (regionCentres in
 * ./base-layer.ts, measured when its floor is shown). Directions and the editor's wayfinding check need these places
 * on every floor, not only the one shown, so floors are loaded for them and measured the same way.
 */
import type { Layer, Location } from '@mapnest/shared/map-document';
import { shapeOf } from '@mapnest/shared/location-shapes';
import { imageToCoord, rectCentre, type Size } from '../../map-core/coords';
import { layerKind, regionRect, whileLaidOut, type LoadedLayer } from './base-layer';

/** A location that may be bound to a shape: its id, its floor (none: any floor) and the shape it names, if any. */
export type ShapeBound = Pick<Location, 'id' | 'layer' | 'shape'>;

/** Shapes' centres as measured, by element: a floor's drawing does not change once loaded, so neither do they. */
const measured = new WeakMap<Element, [number, number]>();

const onFloor = (l: ShapeBound, floor: string) => (l.layer ?? floor) === floor;

/** Adds to `out` the centres of the shapes on `floor` that `locations` are bound to (the first one found wins). */
function measureFloor(
  floor: LoadedLayer,
  locations: readonly ShapeBound[],
  image: Size,
  out: Map<string, [number, number]>,
): void {
  // The locations still without a centre that stand for each shape of this floor.
  const wanted = new Map<string, string[]>();
  for (const l of locations) {
    if (!onFloor(l, floor.id) || out.has(l.id)) continue;
    const shape = shapeOf(l);
    const ids = wanted.get(shape);
    if (ids) ids.push(l.id);
    else wanted.set(shape, [l.id]);
  }
  if (!floor.svg || !wanted.size) return;
  // The first element with the id, as bindRegions binds it (a big floor's parts are all in the layer's element).
  const shapes = new Map<string, Element>();
  for (const el of floor.el.querySelectorAll('svg [id]'))
    if (wanted.has(el.id) && !shapes.has(el.id)) shapes.set(el.id, el);
  const fresh = [...shapes.values()].filter((el) => !measured.has(el));
  if (fresh.length)
    whileLaidOut(floor, () => {
      for (const el of fresh) {
        const r = regionRect(floor, el, image);
        if (r) measured.set(el, imageToCoord(rectCentre(r), image));
      }
    });
  for (const [shape, el] of shapes) {
    const at = measured.get(el);
    if (at) for (const id of wanted.get(shape)!) out.set(id, at);
  }
}

/**
 * The centres of the shapes `locations` are bound to, by location id, in normalised map space: where their markers
 * go. `load` gives a floor as the stage loads it (once, and kept); a floor that cannot be loaded gives none.
 */
export async function shapeCentres(
  floors: readonly Layer[],
  locations: readonly ShapeBound[],
  image: Size,
  load: (floor: Layer) => Promise<LoadedLayer>,
): Promise<Map<string, [number, number]>> {
  const drawn = floors.filter((f) => layerKind(f.file) === 'svg' && locations.some((l) => onFloor(l, f.id)));
  const loaded = await Promise.all(drawn.map((f) => load(f).catch(() => null)));
  const out = new Map<string, [number, number]>();
  for (const floor of loaded) if (floor) measureFloor(floor, locations, image, out);
  return out;
}
