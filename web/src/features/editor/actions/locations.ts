/**
 * Location actions: add (by clicking the map), edit, move (drag), delete, reorder, duplicate and
 * bulk changes over a multi-selection. Ids stay unique and valid; renaming an id rewrites the
 * references to it (start location, wayfinding start, route endpoints). A shape of a floor keeps one location
 * (`checkShapes`, ADR 061): an edit that would give it a second is refused with both locations named.
 */
import {
  locationSchema,
  MAP_LIMITS,
  MERCATOR_MAX_LAT,
  ShapeHolders,
  shapeOf,
  type Location,
  type MapDocument,
  type Coord,
  type MarkerType,
} from '@mapnest/shared/map-document';
import { mapToLatLon } from '@mapnest/shared/map-geo';
import { followingStyle } from '@mapnest/shared/group-styles';
import { uniqueId } from '@mapnest/shared/map-ids';
import { NO_REFS, pasteRefs, type CopiedRefs } from './paste-refs';
import { ActionError, defineAction } from './registry';
import { applyPatch, checked, checkNewId, checkShapes, indexOfId, reorderById, withStyle } from './validate';

const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;
const clamp01 = (v: number) => Math.min(1, Math.max(0, v));

/** A normalised point kept inside the map, with 6 decimals (sub-pixel on a 100,000 px map). */
export function cleanCoord([x, y]: readonly [number, number]): Coord {
  if (!Number.isFinite(x) || !Number.isFinite(y)) throw new ActionError('A position needs finite x and y');
  return [round(clamp01(x), 6), round(clamp01(y), 6)];
}

const ID_TAIL_CHARS = 'abcdefghijkmnpqrstuvwxyz23456789';

/**
 * A fresh location id not used in `doc`. A new location's is `location-` and six random letters and digits, never
 * `location-N`: a number would come back after a delete (the last of seven deleted, the next one added is
 * `location-7` again), and a visitor's link to the deleted location and its analytics would pass to the new one.
 * Six characters of 32 (no 0/o, 1/l) make about a billion ids, so one map's ids, present and past, do not repeat.
 * A copy's id is named after what it copies instead (`copyIds`).
 */
export function nextLocationId(doc: MapDocument): string {
  const taken = new Set(doc.locations.map((l) => l.id));
  const bytes = new Uint8Array(6);
  for (;;) {
    crypto.getRandomValues(bytes);
    const id = `location-${Array.from(bytes, (b) => ID_TAIL_CHARS[b % ID_TAIL_CHARS.length]).join('')}`;
    if (!taken.has(id)) return id;
  }
}

function withLocations(doc: MapDocument, locations: Location[]): MapDocument {
  return { ...doc, locations };
}

function checkRefs(doc: MapDocument, loc: Location): void {
  if (loc.layer != null && !doc.layers.some((l) => l.id === loc.layer))
    throw new ActionError(`Unknown layer "${loc.layer}"`);
  if (loc.style !== undefined && !doc.styles.some((s) => s.id === loc.style))
    throw new ActionError(`Unknown style "${loc.style}"`);
  if (loc.groups) {
    const known = new Set(doc.groups.map((g) => g.id));
    const seen = new Set<string>();
    for (const g of loc.groups) {
      if (!known.has(g)) throw new ActionError(`Unknown group "${g}"`);
      if (seen.has(g)) throw new ActionError(`Group "${g}" is listed twice`);
      seen.add(g);
    }
  }
}

/** Rewrites every reference to location `from` as `to`. */
function renameRefs(doc: MapDocument, from: string, to: string): MapDocument {
  const s = doc.settings;
  const settings =
    s.startLocation === from || s.wayfinding.fixedFrom === from
      ? {
          ...s,
          startLocation: s.startLocation === from ? to : s.startLocation,
          wayfinding: { ...s.wayfinding, fixedFrom: s.wayfinding.fixedFrom === from ? to : s.wayfinding.fixedFrom },
        }
      : s;
  const routes = doc.routes.some((r) => r.endpoint === from)
    ? doc.routes.map((r) => (r.endpoint === from ? { ...r, endpoint: to } : r))
    : doc.routes;
  return settings === s && routes === doc.routes ? doc : { ...doc, settings, routes };
}

/** Clears settings that point at removed locations (routes keep their endpoint: it may be a connector id). */
function dropRefs(doc: MapDocument, removed: ReadonlySet<string>): MapDocument {
  const s = doc.settings;
  const start = s.startLocation !== null && removed.has(s.startLocation);
  const fixed = s.wayfinding.fixedFrom !== null && removed.has(s.wayfinding.fixedFrom);
  if (!start && !fixed) return doc;
  return {
    ...doc,
    settings: {
      ...s,
      startLocation: start ? null : s.startLocation,
      wayfinding: { ...s.wayfinding, fixedFrom: fixed ? null : s.wayfinding.fixedFrom },
    },
  };
}

/** Keeps a geo location's latitude/longitude in step with its new position. */
function placeAt(doc: MapDocument, loc: Location, coord: Coord): Location {
  const next: Location = { ...loc, coord };
  const geo = doc.settings.geo;
  if (geo && loc.latlon) {
    const [lat, lon] = mapToLatLon(coord, geo.extent);
    next.latlon = [
      round(Math.max(-MERCATOR_MAX_LAT, Math.min(MERCATOR_MAX_LAT, lat)), 6),
      round(Math.max(-180, Math.min(180, lon)), 6),
    ];
  }
  return next;
}

export interface AddLocationArgs {
  /** From nextLocationId, so the caller can select the new location. */
  id: string;
  coord: readonly [number, number];
  /** Layer the author is looking at; null: every layer. */
  layer?: string | null;
  title?: string;
  /** Insert position; default: the end of the list. */
  index?: number;
}

export const addLocation = defineAction<AddLocationArgs>({
  name: 'location.add',
  label: 'Add location',
  perform(doc, { id, coord, layer, title, index }) {
    if (doc.locations.length >= MAP_LIMITS.locations)
      throw new ActionError(`A map holds at most ${MAP_LIMITS.locations} locations`);
    checkNewId(id, (x) => doc.locations.some((l) => l.id === x), 'location');
    const loc: Location = { id, title: title ?? `Location ${doc.locations.length + 1}`, coord: cleanCoord(coord) };
    if (layer != null) loc.layer = layer;
    if (doc.settings.geo) loc.latlon = placeAt(doc, { ...loc, latlon: [0, 0] }, loc.coord!).latlon;
    checkRefs(doc, loc);
    const locations = doc.locations.slice();
    locations.splice(index ?? locations.length, 0, loc);
    checkShapes(doc, locations);
    return withLocations(doc, locations);
  },
});

/** A location as the author knows it, for undo's step names: its title, else its id. */
const locationName = (doc: MapDocument, id: string): string => doc.locations.find((l) => l.id === id)?.title || id;

/** Field changes of one location; `undefined` (or '') removes an optional field. */
export type LocationPatch = { [K in keyof Location]?: Location[K] | undefined };

export const updateLocation = defineAction<{ id: string; patch: LocationPatch }>({
  name: 'location.update',
  label: 'Edit location',
  // Undo says which location and which of its fields, not only "Edit location" for every edit.
  describe: (doc, { id, patch }) => `Edit location: ${locationName(doc, id)} (${Object.keys(patch).join(', ')})`,
  perform(doc, { id, patch }) {
    const i = indexOfId(doc.locations, id, 'location');
    const before = doc.locations[i]!;
    const merged = applyPatch(before, patch, true);
    if (merged.id === undefined) throw new ActionError('A location needs an id');
    if (merged.groups?.length === 0) delete merged.groups;
    // Moved from Available to Sold, a lot drawn in the style "Available" takes "Sold" in the same step.
    if ('groups' in patch && !('style' in patch)) withStyle(merged, followingStyle(before, merged.groups, doc));
    if (merged.fields && Object.keys(merged.fields).length === 0) delete merged.fields;
    // The shape with its own id is what a location stands for without one.
    if (merged.shape === merged.id) delete merged.shape;
    const next = checked(locationSchema, merged, `Location "${before.id}"`);
    checkRefs(doc, next);
    let out = doc;
    if (next.id !== before.id) {
      checkNewId(next.id, (x) => doc.locations.some((l) => l.id === x), 'location');
      out = renameRefs(doc, before.id, next.id);
    }
    const locations = doc.locations.slice();
    locations[i] = next;
    if (next.id !== before.id || next.layer !== before.layer || next.shape !== before.shape)
      checkShapes(doc, locations);
    return withLocations(out, locations);
  },
});

export const moveLocation = defineAction<{ id: string; coord: readonly [number, number] }>({
  name: 'location.move',
  label: 'Move location',
  describe: (doc, { id }) => `Move location: ${locationName(doc, id)}`,
  perform(doc, { id, coord }) {
    const i = indexOfId(doc.locations, id, 'location');
    const locations = doc.locations.slice();
    locations[i] = placeAt(doc, locations[i]!, cleanCoord(coord));
    return withLocations(doc, locations);
  },
});

/**
 * Moves several locations by the same offset in one step (a multi-selection dragged or nudged with the arrow keys):
 * each keeps its place relative to the others, clamped to the map.
 */
export const moveLocations = defineAction<{ ids: readonly string[]; by: readonly [number, number] }>({
  name: 'location.moveMany',
  label: 'Move locations',
  perform(doc, { ids, by }) {
    if (!Number.isFinite(by[0]) || !Number.isFinite(by[1])) throw new ActionError('A move needs finite x and y');
    const locations = doc.locations.slice();
    for (const id of new Set(ids)) {
      const i = indexOfId(doc.locations, id, 'location');
      const l = locations[i]!;
      // A location placed by its region alone has no position of its own to move.
      if (l.coord) locations[i] = placeAt(doc, l, cleanCoord([l.coord[0] + by[0], l.coord[1] + by[1]]));
    }
    return withLocations(doc, locations);
  },
});

export const deleteLocations = defineAction<{ ids: readonly string[] }>({
  name: 'location.delete',
  label: 'Delete locations',
  perform(doc, { ids }) {
    const removed = new Set(ids);
    const locations = doc.locations.filter((l) => !removed.has(l.id));
    if (locations.length === doc.locations.length) return doc;
    return dropRefs(withLocations(doc, locations), removed);
  },
});

export const reorderLocation = defineAction<{ id: string; to: number }>({
  name: 'location.reorder',
  label: 'Reorder locations',
  perform(doc, { id, to }) {
    const locations = reorderById(doc.locations, id, to, 'location');
    return locations === doc.locations ? doc : withLocations(doc, locations);
  },
});

/**
 * Ids for copies of the locations `ids` in `doc`, in one pass: `id-copy`, then `id-copy-2`, ...; with `keepFree`, an id
 * the map does not have stays as it is (a location cut, or copied from another map: links to it follow it).
 */
export function copyIds(doc: MapDocument, ids: readonly string[], keepFree = false): string[] {
  const taken = new Set(doc.locations.map((l) => l.id));
  return ids.map((id) => {
    const next = keepFree && !taken.has(id) ? id : uniqueId(`${id}-copy`, taken, 'location');
    taken.add(next);
    return next;
  });
}

/**
 * A copy of each of the locations `ids`, right after its original in the list, `offset` down and right of it on the
 * map (on its floor), with the new id at the same place in `newIds`, in one step however many there are.
 */
export const duplicateLocations = defineAction<{ ids: readonly string[]; newIds: readonly string[]; offset?: number }>({
  name: 'location.duplicate',
  label: 'Duplicate locations',
  describe: (_doc, { ids }) => (ids.length === 1 ? 'Duplicate location' : 'Duplicate locations'),
  perform(doc, { ids, newIds, offset = 0.02 }) {
    if (ids.length !== newIds.length) throw new ActionError('Each copy needs an id');
    const existing = new Set(doc.locations.map((l) => l.id));
    const taken = new Set(existing);
    const copies = new Map<string, string>();
    ids.forEach((id, i) => {
      if (!existing.has(id)) throw new ActionError(`There is no location with the id "${id}"`);
      if (copies.has(id)) throw new ActionError(`Location "${id}" is named twice to be copied`);
      checkNewId(newIds[i]!, (x) => taken.has(x), 'location');
      taken.add(newIds[i]!);
      copies.set(id, newIds[i]!);
    });
    const locations: Location[] = [];
    for (const src of doc.locations) {
      locations.push(src);
      const id = copies.get(src.id);
      if (id === undefined) continue;
      // The copy stands for the shape with its own id: the original's shape keeps its one location.
      const { shape: _shape, ...rest } = src;
      const copy: Location = { ...rest, id };
      locations.push(src.coord ? placeAt(doc, copy, cleanCoord([src.coord[0] + offset, src.coord[1] + offset])) : copy);
    }
    return withLocations(doc, locations);
  },
});

export interface PasteLocationsArgs {
  /** Copies of locations, from this map or another one. */
  locations: readonly Location[];
  /** Their new ids, from copyIds (so the caller can select them). */
  ids: readonly string[];
  /** Where copies without a place go (the middle of the view). */
  centre: readonly [number, number];
  /** The floor shown: a copy on a floor goes to this one; null: the map has one floor, or none is shown. */
  layer: string | null;
  offset?: number;
  /** The groups and styles the copies are in, from the map they were copied in (added here when this one lacks them). */
  refs?: CopiedRefs;
}

/**
 * Pastes copied locations as new ones at the end of the list, in one step: each moved a little from where it was
 * (a copy without a point, bound to a shape, at the middle of the view), on the floor shown. A copy from another
 * map keeps its groups and style: this map's of the same id or name, else added (`paste-refs.ts`).
 */
export const pasteLocations = defineAction<PasteLocationsArgs>({
  name: 'location.paste',
  label: 'Paste locations',
  perform(before, { locations, ids, centre, layer, offset = 0.02, refs = NO_REFS }) {
    if (ids.length !== locations.length) throw new ActionError('Each pasted location needs an id');
    if (before.locations.length + locations.length > MAP_LIMITS.locations)
      throw new ActionError(`A map holds at most ${MAP_LIMITS.locations} locations`);
    const { doc, group, style } = pasteRefs(before, refs);
    const taken = new Set(doc.locations.map((l) => l.id));
    const holders = new ShapeHolders();
    doc.locations.forEach((l, i) => holders.hold(shapeOf(l), l.layer, i));
    const pasted = locations.map((src, i) => {
      const id = ids[i]!;
      checkNewId(id, (x) => taken.has(x), 'location');
      taken.add(id);
      const copy: Location = { ...src, id };
      const kept = [...new Set(copy.groups?.map(group).filter((g): g is string => g !== undefined))];
      if (kept.length) copy.groups = kept;
      else delete copy.groups;
      const ownStyle = copy.style === undefined ? undefined : style(copy.style);
      if (ownStyle) copy.style = ownStyle;
      else delete copy.style;
      if (copy.layer !== undefined) {
        if (layer === null) delete copy.layer;
        else copy.layer = layer;
      }
      // A copy keeps the shape it names where that shape has no location yet on its floor (pasted from another map).
      if (copy.shape !== undefined) {
        if (copy.layer == null || holders.holder(copy.shape, copy.layer) !== undefined) delete copy.shape;
        else holders.hold(copy.shape, copy.layer, doc.locations.length + i);
      }
      const at: readonly [number, number] = src.coord ? [src.coord[0] + offset, src.coord[1] + offset] : centre;
      // Its latitude and longitude follow from its new place on a geo map (as for a location added by a click).
      if (doc.settings.geo) copy.latlon = [0, 0];
      else delete copy.latlon;
      const placed = placeAt(doc, copy, cleanCoord(at));
      checkRefs(doc, placed);
      return placed;
    });
    const all = [...doc.locations, ...pasted];
    checkShapes(doc, all);
    return withLocations(doc, all);
  },
});

/** Changes applied to every selected location; null removes the field. */
export interface BulkPatch {
  /** The About text of each (null clears it): one text with {{field}} placeholders shows each location's values. */
  about?: string | null;
  layer?: string | null;
  style?: string | null;
  color?: string | null;
  type?: MarkerType | null;
  scale?: number | null;
  /** The groups each is in from now on, replacing theirs ("Move to group": a lot Available → Sold in one step). */
  groups?: readonly string[];
  addGroups?: readonly string[];
  removeGroups?: readonly string[];
  hide?: boolean;
  disable?: boolean;
}

export const bulkUpdateLocations = defineAction<{ ids: readonly string[]; patch: BulkPatch }>({
  name: 'location.bulkUpdate',
  label: 'Change locations',
  perform(doc, { ids, patch }) {
    const picked = new Set(ids);
    const add = patch.addGroups ?? [];
    const remove = new Set(patch.removeGroups ?? []);
    const knownGroups = new Set(doc.groups.map((g) => g.id));
    for (const g of [...add, ...(patch.groups ?? [])])
      if (!knownGroups.has(g)) throw new ActionError(`Unknown group "${g}"`);
    const single: LocationPatch = {};
    for (const key of ['about', 'layer', 'style', 'color', 'type', 'scale'] as const) {
      if (patch[key] !== undefined) (single as Record<string, unknown>)[key] = patch[key] ?? undefined;
    }
    if (patch.hide !== undefined) single.hide = patch.hide || undefined;
    if (patch.disable !== undefined) single.disable = patch.disable || undefined;
    let checkedOne = false;
    let changed = false;
    const locations = doc.locations.map((loc) => {
      if (!picked.has(loc.id)) return loc;
      const next = applyPatch(loc, single);
      if (add.length || remove.size || patch.groups) {
        const groups = [...(patch.groups ?? loc.groups ?? [])].filter((g) => !remove.has(g));
        for (const g of add) if (!groups.includes(g)) groups.push(g);
        if (groups.length) next.groups = groups;
        else delete next.groups;
        if (patch.style === undefined) withStyle(next, followingStyle(loc, groups, doc));
      }
      if (!checkedOne) {
        // Every selected location gets the same values, so checking one checks them all.
        checkRefs(doc, checked(locationSchema, next, `Location "${loc.id}"`));
        checkedOne = true;
      }
      changed = true;
      return next;
    });
    if (changed && patch.layer !== undefined) checkShapes(doc, locations);
    return changed ? withLocations(doc, locations) : doc;
  },
});

/**
 * Recognise SVG's plan as one undoable step: each bound location takes its room's id (its references
 * follow), or names the room as its `shape` when a location elsewhere has the room's id; then the new rooms are added
 * after the existing locations.
 */
export const recogniseRooms = defineAction<{
  add: readonly Location[];
  bind: readonly { from: string; to: string; shape?: string }[];
}>({
  name: 'location.recognise',
  label: 'Recognise SVG',
  perform(doc, { add, bind }) {
    if (doc.locations.length + add.length > MAP_LIMITS.locations)
      throw new ActionError(`A map holds at most ${MAP_LIMITS.locations} locations`);
    let out = doc;
    const locations = doc.locations.slice();
    const taken = new Set(locations.map((l) => l.id));
    for (const { from, to, shape } of bind) {
      const i = indexOfId(locations, from, 'location');
      if (shape !== undefined) {
        locations[i] = checked(locationSchema, { ...locations[i]!, shape }, `Location "${from}"`);
        continue;
      }
      checkNewId(to, (x) => taken.has(x), 'location');
      taken.delete(from);
      taken.add(to);
      // It stands for the room by its id now: a shape it named before (one its floor does not draw) goes.
      const { shape: _stale, ...rest } = locations[i]!;
      locations[i] = { ...rest, id: to };
      out = renameRefs(out, from, to);
    }
    for (const loc of add) {
      checkNewId(loc.id, (x) => taken.has(x), 'location');
      checkRefs(out, loc);
      taken.add(loc.id);
      locations.push(loc);
    }
    checkShapes(out, locations);
    return withLocations(out, locations);
  },
});
