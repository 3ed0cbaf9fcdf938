/**
 * Which shape of its floor's SVG a location stands for (ADR 061): the element whose id is the location's `shape`, else
 * its own id, on the location's floor. Floor plans drawn per floor reuse ids (`lift`, `stairs`, `corridor`), so the
 * lift of each floor has a location of its own (`lift`, `lift-2` with `shape: 'lift'`, ...), and one shape of a floor
 * has at most one location. A location with no floor is shown on every floor and stands for the shape with its own id
 * on each, as it always did; a `shape` needs a floor.
 *
 * Free of the schema (zod) on purpose: the whole-document check (check.ts), the repair, the viewer (the embed's CSV
 * source too) and the editor all keep the rule with this module.
 */
import type { Location } from './shape';

/** What the rule reads of a location. */
export type ShapeHolder = Pick<Location, 'id' | 'layer' | 'shape'>;

/** The id of the SVG element a location stands for on its floor: its `shape`, else (and always on no floor) its id. */
export function shapeOf(loc: ShapeHolder): string {
  return loc.layer == null ? loc.id : (loc.shape ?? loc.id);
}

/** A location that breaks the rule, by index, and what to tell the author. */
export interface ShapeProblem {
  index: number;
  message: string;
}

/** The holders of each shape: on each floor, and on every floor (locations with no floor). */
export class ShapeHolders {
  readonly #floors = new Map<string, Map<string, number>>();
  readonly #everywhere = new Map<string, number>();

  /** The location (index) that stands for `shape` on `floor` (null: on every floor, so on any floor). */
  holder(shape: string, floor: string | null | undefined): number | undefined {
    if (floor == null) {
      const held = this.#everywhere.get(shape);
      if (held !== undefined) return held;
      for (const shapes of this.#floors.values()) {
        const on = shapes.get(shape);
        if (on !== undefined) return on;
      }
      return undefined;
    }
    return this.#floors.get(floor)?.get(shape) ?? this.#everywhere.get(shape);
  }

  /** Records that location `index` stands for `shape` on `floor` (null: on every floor). */
  hold(shape: string, floor: string | null | undefined, index: number): void {
    if (floor == null) {
      this.#everywhere.set(shape, index);
      return;
    }
    let shapes = this.#floors.get(floor);
    if (!shapes) this.#floors.set(floor, (shapes = new Map()));
    shapes.set(shape, index);
  }
}

/** "Locations "a" and "b" both stand for ..." or, for a location on every floor, why it holds the shape there too. */
function clashMessage(holder: ShapeHolder, loc: ShapeHolder, shape: string, floor: string): string {
  return holder.layer == null
    ? `Location "${holder.id}" is on every floor, so it stands for the shape "${shape}" on the floor "${floor}" too; location "${loc.id}" cannot stand for it there`
    : `Locations "${holder.id}" and "${loc.id}" both stand for the shape "${shape}" on the floor "${floor}"; a shape of a floor has one location`;
}

/** Why a location with no floor cannot have a `shape`. */
export const shapeNeedsFloor = (loc: Pick<Location, 'id' | 'shape'>): string =>
  `Location "${loc.id}" is on every floor, where it stands for the shape with its own id; the shape "${loc.shape}" needs a floor: choose one, or remove the shape`;

/**
 * The locations that break the rule, each with its message: a `shape` on a location with no floor, and a second
 * location standing for a shape of a floor. The location reported is always one with a `shape` (ids are unique, so
 * two locations without one never clash). `floorName` names a floor (layer id) for the message.
 */
export function shapeProblems(
  locations: readonly ShapeHolder[],
  floorName: (layer: string) => string = (layer) => layer,
): ShapeProblem[] {
  const problems: ShapeProblem[] = [];
  const holders = new ShapeHolders();
  // Locations standing for their own ids first, so that a clash is always told of the one with a `shape`.
  locations.forEach((loc, i) => {
    if (loc.shape !== undefined && loc.layer == null) problems.push({ index: i, message: shapeNeedsFloor(loc) });
    if (loc.shape === undefined || loc.layer == null) {
      if (holders.holder(loc.id, loc.layer) === undefined) holders.hold(loc.id, loc.layer, i);
    }
  });
  locations.forEach((loc, i) => {
    if (loc.shape === undefined || loc.layer == null) return;
    const held = holders.holder(loc.shape, loc.layer);
    if (held !== undefined && held !== i)
      problems.push({
        index: i,
        message: clashMessage(locations[held]!, loc, loc.shape, floorName(loc.layer)),
      });
    else holders.hold(loc.shape, loc.layer, i);
  });
  return problems.sort((a, b) => a.index - b.index);
}

/**
 * A location visitors cannot find on the map: no position, and the drawing of its floor (of each floor, for one on
 * every floor) has no shape of its shape id. Unknown while a floor's drawing is not read (`svgIds` lacks it): false.
 */
export function hasNoPlace(
  doc: { readonly layers: readonly { readonly id: string }[] },
  l: Pick<Location, 'id' | 'shape' | 'layer' | 'coord' | 'latlon'>,
  svgIds: ReadonlyMap<string, ReadonlySet<string>>,
): boolean {
  if (l.coord || l.latlon) return false;
  const on = l.layer ? [l.layer] : doc.layers.map((x) => x.id);
  const known = on.map((id) => svgIds.get(id)).filter((s): s is ReadonlySet<string> => !!s);
  return known.length === on.length && known.length > 0 && !known.some((ids) => ids.has(shapeOf(l)));
}
