/**
 * Actions on the map's structure: layers (floors), groups, styles, filters, settings, and whole-
 * document changes (import, replace). Renaming an id rewrites its references; removing an entry
 * removes the references to it, so the document always passes the strict schema.
 */
import {
  filterSchema,
  groupSchema,
  layerSchema,
  MAP_LIMITS,
  settingsSchema,
  SETTINGS_GROUPS as GROUPS,
  strictMapDocument,
  styleSchema,
  type Filter,
  type Group,
  type Layer,
  type Location,
  type MapDocument,
  type MapSettings,
  type Style,
} from '@mapnest/shared/map-document';
import { parseHex } from '@mapnest/shared/contrast';
import { followingStyle } from '@mapnest/shared/group-styles';
import { ActionError, defineAction } from './registry';
import { applyPatch, checked, checkNewId, checkShapes, indexOfId, reorderById, withStyle } from './validate';

/** The whole document checked with the strict schema; the first problem becomes the error. */
export function checkWhole(doc: unknown): MapDocument {
  const result = strictMapDocument.safeParse(doc);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  throw new ActionError(`${issue.path.map(String).join('.') || 'document'}: ${issue.message}`);
}

// ---- Layers ------------------------------------------------------------------------------------

export const addLayer = defineAction<{ layer: { id: string; name: string; file?: string }; index?: number }>({
  name: 'layer.add',
  label: 'Add layer',
  perform(doc, { layer, index }) {
    if (doc.layers.length >= MAP_LIMITS.layers)
      throw new ActionError(`A map holds at most ${MAP_LIMITS.layers} layers`);
    checkNewId(layer.id, (x) => doc.layers.some((l) => l.id === x), 'layer');
    const next = checked(layerSchema, layer, 'Layer');
    const layers = doc.layers.slice();
    layers.splice(index ?? layers.length, 0, next);
    // A location with no floor is on every floor. On a map of one floor that is the floor it was placed on (a map
    // made before locations took the floor in view, an import): the second floor would otherwise show all of them.
    const only = doc.layers.length === 1 ? doc.layers[0]!.id : null;
    const locations = only ? doc.locations.map((l) => (l.layer ? l : { ...l, layer: only })) : doc.locations;
    return { ...doc, layers, locations };
  },
});

export const updateLayer = defineAction<{ id: string; patch: Partial<Layer> }>({
  name: 'layer.update',
  label: 'Edit layer',
  perform(doc, { id, patch }) {
    const i = indexOfId(doc.layers, id, 'layer');
    const next = checked(layerSchema, applyPatch(doc.layers[i]!, patch), `Layer "${id}"`);
    const layers = doc.layers.slice();
    layers[i] = next;
    let out: MapDocument = { ...doc, layers };
    if (next.id !== id) {
      checkNewId(next.id, (x) => doc.layers.some((l) => l.id === x), 'layer');
      out = {
        ...out,
        locations: doc.locations.map((l) => (l.layer === id ? { ...l, layer: next.id } : l)),
        routes: doc.routes.map((r) => (r.layer === id ? { ...r, layer: next.id } : r)),
        settings: doc.settings.defaultLayer === id ? { ...doc.settings, defaultLayer: next.id } : doc.settings,
      };
    }
    return out;
  },
});

export const removeLayer = defineAction<{ id: string; locations: 'delete' | 'unassign' }>({
  name: 'layer.remove',
  label: 'Delete layer',
  perform(doc, { id, locations: mode }) {
    indexOfId(doc.layers, id, 'layer');
    if (doc.layers.length === 1) throw new ActionError('A map needs at least one layer');
    const removedLocations = new Set<string>();
    const locations: Location[] = [];
    for (const l of doc.locations) {
      if (l.layer !== id) locations.push(l);
      else if (mode === 'delete') removedLocations.add(l.id);
      else {
        // On every floor it stands for the shape with its own id: the shape it named was one of the floor removed.
        const { layer: _layer, shape: _shape, ...rest } = l;
        locations.push(rest);
      }
    }
    // Such a location now stands for its id's shape on every floor, which another floor's location may stand for.
    if (mode === 'unassign') checkShapes(doc, locations);
    const s = doc.settings;
    const clear = (v: string | null) => (v !== null && removedLocations.has(v) ? null : v);
    return {
      ...doc,
      layers: doc.layers.filter((l) => l.id !== id),
      locations,
      routes: doc.routes.filter((r) => r.layer !== id),
      settings: {
        ...s,
        defaultLayer: s.defaultLayer === id ? null : s.defaultLayer,
        startLocation: clear(s.startLocation),
        wayfinding: { ...s.wayfinding, fixedFrom: clear(s.wayfinding.fixedFrom) },
      },
    };
  },
});

export const reorderLayer = defineAction<{ id: string; to: number }>({
  name: 'layer.reorder',
  label: 'Reorder layers',
  perform(doc, { id, to }) {
    const layers = reorderById(doc.layers, id, to, 'layer');
    return layers === doc.layers ? doc : { ...doc, layers };
  },
});

export const setDefaultLayer = defineAction<{ id: string | null }>({
  name: 'layer.setDefault',
  label: 'Choose the default layer',
  perform(doc, { id }) {
    if (id !== null) indexOfId(doc.layers, id, 'layer');
    return { ...doc, settings: { ...doc.settings, defaultLayer: id } };
  },
});

/** Sets the map's pixel size (read from an uploaded layer file); every layer shares it. */
export const setMapSize = defineAction<{ width: number; height: number }>({
  name: 'map.setSize',
  label: 'Change the map size',
  perform(doc, { width, height }) {
    const settings = checked(
      settingsSchema,
      { ...doc.settings, mapWidth: Math.round(width), mapHeight: Math.round(height) },
      'Map size',
    );
    return { ...doc, settings };
  },
});

// ---- Groups ------------------------------------------------------------------------------------

/** Group names are what authors, visitors and CSV files use (a CSV names groups), so two groups may not share one. */
function checkGroupName(doc: MapDocument, name: string, ownId: string | null): void {
  const key = name.trim().toLowerCase();
  if (key === '') throw new ActionError('A group needs a name');
  const clash = doc.groups.find((g) => g.id !== ownId && g.name.trim().toLowerCase() === key);
  if (clash) throw new ActionError(`There is already a group named "${clash.name}"`);
}

/**
 * The colours new groups take (Groups › Add, and the groups an import makes): 15, so a directory's usual ten to a dozen
 * categories each get one of their own (a mall's import of 11 categories repeated colours from the eighth).
 */
export const GROUP_PALETTE = [
  ...['#2563eb', '#16a34a', '#dc2626', '#9333ea', '#ea580c', '#0891b2', '#ca8a04', '#db2777'],
  ...['#0f766e', '#4338ca', '#65a30d', '#92400e', '#475569', '#c026d3', '#9f1239'],
];

/**
 * A new group's colour: of the palette's colours that are not like the map's own colour for locations without a group
 * (`primary`), the one fewest groups have (`used`, the groups' colours), first in the palette's order: the first that
 * no group has while any is left, so a new status is not drawn like an old one, nor like a location of none; once
 * every one is taken, the least used again, never the primary's look-alike.
 */
export function nextGroupColour(used: readonly (string | undefined)[], primary?: string): string {
  const count = new Map<string, number>();
  for (const c of used) if (c) count.set(c.toLowerCase(), (count.get(c.toLowerCase()) ?? 0) + 1);
  const usable = GROUP_PALETTE.filter((c) => !(primary && alike(c, primary)));
  return usable.reduce((best, c) => ((count.get(c) ?? 0) < (count.get(best) ?? 0) ? c : best));
}

/** Two colours a visitor would take for one on a map (the default #1370f2 and the palette's #2563eb). */
function alike(a: string, b: string): boolean {
  const [x, y] = [parseHex(a), parseHex(b)];
  return !!x && !!y && Math.hypot(x[0] - y[0], x[1] - y[1], x[2] - y[2]) < 64;
}

export const addGroup = defineAction<{ group: Group }>({
  name: 'group.add',
  label: 'Add group',
  perform(doc, { group }) {
    if (doc.groups.length >= MAP_LIMITS.groups)
      throw new ActionError(`A map holds at most ${MAP_LIMITS.groups} groups`);
    checkNewId(group.id, (x) => doc.groups.some((g) => g.id === x), 'group');
    const next = checked(groupSchema, group, 'Group');
    checkGroupName(doc, next.name, null);
    return { ...doc, groups: [...doc.groups, next] };
  },
});

export const updateGroup = defineAction<{ id: string; patch: Partial<Group> }>({
  name: 'group.update',
  label: 'Edit group',
  perform(doc, { id, patch }) {
    const i = indexOfId(doc.groups, id, 'group');
    const next = checked(groupSchema, applyPatch(doc.groups[i]!, patch), `Group "${id}"`);
    if (next.name.trim().toLowerCase() !== doc.groups[i]!.name.trim().toLowerCase()) checkGroupName(doc, next.name, id);
    const groups = doc.groups.slice();
    groups[i] = next;
    if (next.id === id) return { ...doc, groups };
    checkNewId(next.id, (x) => doc.groups.some((g) => g.id === x), 'group');
    const swap = (list: readonly string[]) => list.map((g) => (g === id ? next.id : g));
    return {
      ...doc,
      groups,
      locations: doc.locations.map((l) => (l.groups?.includes(id) ? { ...l, groups: swap(l.groups) } : l)),
      filters: doc.filters.map((f) =>
        f.type === 'groups' ? { ...f, groups: swap(f.groups), default: swap(f.default) } : f,
      ),
    };
  },
});

export const removeGroup = defineAction<{ id: string }>({
  name: 'group.remove',
  label: 'Delete group',
  perform(doc, { id }) {
    indexOfId(doc.groups, id, 'group');
    const strip = (list: readonly string[]) => list.filter((g) => g !== id);
    return {
      ...doc,
      groups: doc.groups.filter((g) => g.id !== id),
      locations: doc.locations.map((l) => {
        if (!l.groups?.includes(id)) return l;
        const groups = strip(l.groups);
        const { groups: _g, ...rest } = l;
        return groups.length ? { ...rest, groups } : rest;
      }),
      filters: doc.filters.map((f) =>
        f.type === 'groups' ? { ...f, groups: strip(f.groups), default: strip(f.default) } : f,
      ),
    };
  },
});

export const reorderGroup = defineAction<{ id: string; to: number }>({
  name: 'group.reorder',
  label: 'Reorder groups',
  perform(doc, { id, to }) {
    const groups = reorderById(doc.groups, id, to, 'group');
    return groups === doc.groups ? doc : { ...doc, groups };
  },
});

// ---- Styles ------------------------------------------------------------------------------------

export const addStyle = defineAction<{ style: Partial<Style> & { id: string } }>({
  name: 'style.add',
  label: 'Add style',
  perform(doc, { style }) {
    if (doc.styles.length >= MAP_LIMITS.styles)
      throw new ActionError(`A map holds at most ${MAP_LIMITS.styles} styles`);
    checkNewId(style.id, (x) => doc.styles.some((s) => s.id === x), 'style');
    return { ...doc, styles: [...doc.styles, checked(styleSchema, style, 'Style')] };
  },
});

export const updateStyle = defineAction<{ id: string; patch: Partial<Style> }>({
  name: 'style.update',
  label: 'Edit style',
  perform(doc, { id, patch }) {
    const i = indexOfId(doc.styles, id, 'style');
    const next = checked(styleSchema, applyPatch(doc.styles[i]!, patch), `Style "${id}"`);
    const styles = doc.styles.slice();
    styles[i] = next;
    if (next.id === id) return { ...doc, styles };
    checkNewId(next.id, (x) => doc.styles.some((s) => s.id === x), 'style');
    return { ...doc, styles, locations: doc.locations.map((l) => (l.style === id ? { ...l, style: next.id } : l)) };
  },
});

export const removeStyle = defineAction<{ id: string }>({
  name: 'style.remove',
  label: 'Delete style',
  perform(doc, { id }) {
    indexOfId(doc.styles, id, 'style');
    return {
      ...doc,
      styles: doc.styles.filter((s) => s.id !== id),
      locations: doc.locations.map((l) => {
        if (l.style !== id) return l;
        const { style: _s, ...rest } = l;
        return rest;
      }),
    };
  },
});

export const reorderStyle = defineAction<{ id: string; to: number }>({
  name: 'style.reorder',
  label: 'Reorder styles',
  perform(doc, { id, to }) {
    const styles = reorderById(doc.styles, id, to, 'style');
    return styles === doc.styles ? doc : { ...doc, styles };
  },
});

// ---- Filters -----------------------------------------------------------------------------------

function withFilters(doc: MapDocument, filters: Filter[]): MapDocument {
  // Filters reference groups and fields; the whole-document rules check those (filters are few).
  const next = { ...doc, filters };
  const s = doc.settings;
  const result = strictMapDocument.safeParse({
    ...next,
    locations: [],
    routes: [],
    settings: { ...s, startLocation: null, wayfinding: { ...s.wayfinding, fixedFrom: null } },
  });
  if (result.success) return next;
  const issue = result.error.issues[0]!;
  const [head, index, ...rest] = issue.path;
  if (head !== 'filters' || typeof index !== 'number') return checkWhole(next);
  // Said of the filter the author is editing, not as a path into the whole document.
  throw new ActionError(
    `Filter "${filters[index]?.id ?? index}"${rest.length ? ` (${rest.map(String).join('.')})` : ''}: ${issue.message}`,
  );
}

export const addFilter = defineAction<{ filter: unknown }>({
  name: 'filter.add',
  label: 'Add filter',
  perform(doc, { filter }) {
    if (doc.filters.length >= MAP_LIMITS.filters)
      throw new ActionError(`A map holds at most ${MAP_LIMITS.filters} filters`);
    const next = checked(filterSchema, filter, 'Filter');
    checkNewId(next.id, (x) => doc.filters.some((f) => f.id === x), 'filter');
    return withFilters(doc, [...doc.filters, next]);
  },
});

export const updateFilter = defineAction<{ id: string; filter: unknown }>({
  name: 'filter.update',
  label: 'Edit filter',
  perform(doc, { id, filter }) {
    const i = indexOfId(doc.filters, id, 'filter');
    const next = checked(filterSchema, filter, `Filter "${id}"`);
    if (next.id !== id) checkNewId(next.id, (x) => doc.filters.some((f) => f.id === x), 'filter');
    const filters = doc.filters.slice();
    filters[i] = next;
    return withFilters(doc, filters);
  },
});

export const reorderFilter = defineAction<{ id: string; to: number }>({
  name: 'filter.reorder',
  label: 'Reorder filters',
  perform(doc, { id, to }) {
    const filters = reorderById(doc.filters, id, to, 'filter');
    return filters === doc.filters ? doc : { ...doc, filters };
  },
});

export const removeFilter = defineAction<{ id: string }>({
  name: 'filter.remove',
  label: 'Delete filter',
  perform(doc, { id }) {
    indexOfId(doc.filters, id, 'filter');
    return { ...doc, filters: doc.filters.filter((f) => f.id !== id) };
  },
});

// ---- Settings and whole documents --------------------------------------------------------------

/** A partial settings object: nested groups are merged, not replaced. */
export type SettingsPatch = {
  [K in keyof MapSettings]?: MapSettings[K] extends object | null
    ? Partial<NonNullable<MapSettings[K]>> | MapSettings[K]
    : MapSettings[K];
};

export const updateSettings = defineAction<{ patch: SettingsPatch }>({
  name: 'settings.update',
  label: 'Change settings',
  perform(doc, { patch }) {
    const merged: Record<string, unknown> = { ...doc.settings, ...patch };
    for (const key of GROUPS) if (patch[key]) merged[key] = { ...doc.settings[key], ...(patch[key] as object) };
    const settings = checked(settingsSchema, merged, 'Settings');
    if (settings.defaultLayer !== null && !doc.layers.some((l) => l.id === settings.defaultLayer))
      throw new ActionError(`Unknown layer "${settings.defaultLayer}"`);
    if (settings.startLocation !== null && !doc.locations.some((l) => l.id === settings.startLocation))
      throw new ActionError(`Unknown location "${settings.startLocation}"`);
    if (settings.wayfinding.fixedFrom !== null && !doc.locations.some((l) => l.id === settings.wayfinding.fixedFrom)) {
      throw new ActionError(`Unknown location "${settings.wayfinding.fixedFrom}"`);
    }
    return { ...doc, settings };
  },
});

/**
 * Replaces the whole document (loading another version, applying raw JSON, starting from a built-in map). `label` names
 * the undo step when the replacement has a name of its own ('Restore version 2').
 */
export const replaceDocument = defineAction<{ doc: unknown; label?: string }>({
  name: 'document.replace',
  label: 'Replace the map',
  describe: (_doc, { label }) => label ?? 'Replace the map',
  perform(_doc, { doc }) {
    return checkWhole(doc);
  },
});

/** The document merged with a version saved elsewhere (another tab or device); Undo goes back to ours alone. */
export const mergeDocument = defineAction<{ doc: unknown }>({
  name: 'document.merge',
  label: 'Merge changes saved elsewhere',
  perform(_doc, { doc }) {
    return checkWhole(doc);
  },
});

export interface ImportArgs {
  locations: readonly Location[];
  /** Groups the import creates (named in the file but new to the map). */
  groups?: readonly Group[];
  /** 'add': new ids only (existing ones are an error); 'merge': same id updates; 'replace': the import replaces every location. */
  mode: 'add' | 'merge' | 'replace';
}

export const importLocations = defineAction<ImportArgs>({
  name: 'location.import',
  label: 'Import locations',
  perform(doc, { locations, groups = [], mode }) {
    const known = new Set(doc.groups.map((g) => g.id));
    const newGroups = groups.filter((g) => !known.has(g.id));
    const refs = { groups: [...doc.groups, ...newGroups], styles: doc.styles };
    let next: Location[];
    if (mode === 'replace') next = locations.slice();
    else {
      const byId = new Map(locations.map((l) => [l.id, l]));
      next = doc.locations.map((l) => {
        const incoming = byId.get(l.id);
        if (!incoming) return l;
        if (mode === 'add') throw new ActionError(`There is already a location with the id "${l.id}"`);
        byId.delete(l.id);
        const merged = { ...l, ...incoming };
        // A row that moves a lot to Sold and names no style draws it in the style "Sold", as the editor does.
        if (incoming.groups && incoming.style === undefined)
          withStyle(merged, followingStyle(l, incoming.groups, refs));
        return merged;
      });
      for (const l of byId.values()) next.push(l);
    }
    const out: MapDocument = { ...doc, groups: refs.groups, locations: next };
    if (mode === 'replace') {
      const ids = new Set(next.map((l) => l.id));
      const s = out.settings;
      out.settings = {
        ...s,
        startLocation: s.startLocation !== null && !ids.has(s.startLocation) ? null : s.startLocation,
        wayfinding: {
          ...s.wayfinding,
          fixedFrom:
            s.wayfinding.fixedFrom !== null && !ids.has(s.wayfinding.fixedFrom) ? null : s.wayfinding.fixedFrom,
        },
      };
    }
    return checkWhole(out);
  },
});
