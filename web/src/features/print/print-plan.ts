/**
 * What a printed map is: a sheet per chosen floor, each the floor's map and, beside or under it, the list of its
 * locations by group, numbered on the map and in the list (a directory board), or not (a site plan whose drawing names
 * its own lots). The map on a sheet is the viewer's, mounted with a document made for paper (`printDocument`): no
 * directory, controls, search or minimap, nothing that opens on a click (a popup would print), the map's legend kept
 * open, and each listed location of the floor drawn with its number inside its marker.
 */
import type { Location, MapDocument, MarkerType, Style } from '@mapnest/shared/map-document';

/** The class on <html> while the print dialog is open, under which the print styles show its sheets alone. */
export const PRINTING_CLASS = 'mn-printing';

/** A location's number is drawn inside its marker, which holds 3 characters: 999 per floor. */
export const MOST_NUMBERED = 999;
/**
 * Up to this many lines (a line per location, two per group's heading) the list is tried beside the map, where the
 * dialog keeps it if it fits; more, or not fitting after all (long titles wrap), and the map takes its page and the
 * list follows on pages of its own.
 */
export const LIST_BESIDE_MAP_LINES = 80;

export type Orientation = 'landscape' | 'portrait';

/** Markers that draw a label inside them; any other kind is printed as a circle, which does. */
const LABELLED: ReadonlySet<MarkerType> = new Set(['circle', 'square', 'rounded', 'pin']);

export interface PrintEntry {
  /** Its number on the map; null when the locations are listed without numbers. */
  readonly n: number | null;
  readonly id: string;
  readonly title: string;
}

export interface PrintGroup {
  /** null: the locations in no group shown to visitors. */
  readonly id: string | null;
  readonly name: string;
  readonly color: string | null;
  readonly entries: readonly PrintEntry[];
}

export interface PrintSheet {
  readonly floorId: string;
  readonly floorName: string;
  /** The document the sheet's viewer shows. */
  readonly doc: MapDocument;
  readonly groups: readonly PrintGroup[];
  /** How many locations of the floor's list have no number, past MOST_NUMBERED (listed all the same). */
  readonly unnumbered: number;
}

export interface PrintOptions {
  readonly floors: readonly string[];
  /** List the floor's locations by group beside its map. */
  readonly listed: boolean;
  /**
   * Number them, on the map and in the list (with `listed` only). Off for a plan that names its own rooms or lots:
   * numbers of ours over "Lot 3" would say 1.
   */
  readonly numbered: boolean;
  /** The heading of the list's locations in no group. */
  readonly otherName?: string;
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** Whether a location is in the floor's directory: listed (not hidden or disabled) and on that floor or on every floor. */
const onFloor = (loc: Location, floorId: string) => !loc.hide && !loc.disable && (loc.layer ?? floorId) === floorId;

/** The floor's listed locations by group (the map's order), then by title, numbered in that order when `numbered`. */
function listedGroups(doc: MapDocument, floorId: string, otherName: string, numbered: boolean) {
  const shown = doc.groups.filter((g) => !g.hide);
  const rank = new Map(shown.map((g, i) => [g.id, i]));
  const firstGroup = (loc: Location) => (loc.groups ?? []).find((id) => rank.has(id)) ?? null;
  const rows = doc.locations
    .filter((loc) => onFloor(loc, floorId))
    .map((loc) => ({ loc, group: firstGroup(loc), title: loc.title?.trim() || loc.id }))
    .sort(
      (a, b) =>
        (a.group === null ? shown.length : rank.get(a.group)!) -
          (b.group === null ? shown.length : rank.get(b.group)!) || collator.compare(a.title, b.title),
    );
  const numbers = new Map<string, number>();
  const groups: PrintGroup[] = [];
  for (const [i, row] of rows.entries()) {
    const n = numbered && i < MOST_NUMBERED ? i + 1 : null;
    if (n !== null) numbers.set(row.loc.id, n);
    let group = groups.at(-1);
    if (!group || group.id !== row.group) {
      const g = row.group === null ? null : shown[rank.get(row.group)!];
      group = { id: row.group, name: g?.name ?? otherName, color: g?.color ?? null, entries: [] };
      groups.push(group);
    }
    (group.entries as PrintEntry[]).push({ n, id: row.loc.id, title: row.title });
  }
  return { groups, numbers, unnumbered: numbered ? Math.max(0, rows.length - MOST_NUMBERED) : 0 };
}

/** Whether a location is drawn by its shape on the plan alone: no marker of its own (the viewer's "hidden" kind). */
const shapeOnly = (doc: MapDocument, loc: Location) => (loc.type ?? doc.settings.markerType) === 'hidden';

/**
 * Whether the plan draws the map's listed locations itself (most have no marker: a site plan's lots, a floor plan's
 * rooms, which the drawing names): then numbers of ours are not offered first, as they would cover its own names.
 */
export function drawnByThePlan(doc: MapDocument): boolean {
  const listed = doc.locations.filter((loc) => !loc.hide && !loc.disable);
  return listed.length > 0 && listed.filter((loc) => shapeOnly(doc, loc)).length * 2 >= listed.length;
}

/**
 * The tint the viewer paints the shape of a location drawn by its shape alone (its group's colour, 35% of it on
 * white: `groupTint` in viewer/viewer-model.ts), or null when it paints none. A number gives the location a marker,
 * with which the viewer would paint its shape no more: the sheet keeps the tint through a style of its own, so a site
 * plan's status colours stay on paper. As a hex colour, as a document's styles have them.
 */
function shapeTint(doc: MapDocument, loc: Location): string | null {
  if (!shapeOnly(doc, loc) || loc.color || loc.style || doc.settings.tintRegionsByGroup === false) return null;
  const colour = (loc.groups ?? []).map((id) => doc.groups.find((g) => g.id === id)?.color).find(Boolean);
  if (!colour) return null;
  // #rgb, #rrggbb or #rrggbbaa (the document's colours), its alpha left aside.
  const hex = colour.length === 4 ? [...colour.slice(1)].map((c) => c + c).join('') : colour.slice(1, 7);
  const mixed = [0, 2, 4].map((i) => Math.round(parseInt(hex.slice(i, i + 2), 16) * 0.35 + 255 * 0.65));
  return `#${mixed.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

/** The document a sheet's viewer shows: the floor alone, as on paper, its listed locations carrying their numbers. */
function printDocument(doc: MapDocument, floorId: string, numbers: ReadonlyMap<string, number>): MapDocument {
  const s = doc.settings;
  const tints = new Map<string, Style>();
  const tinted = (tint: string) => {
    let style = tints.get(tint);
    if (!style) {
      style = {
        id: `mn-print-tint-${tints.size}`,
        markers: false,
        svg: true,
        normal: { fill: tint },
        hover: {},
        active: {},
      };
      tints.set(tint, style);
    }
    return style.id;
  };
  const locations = doc.locations.map((loc): Location => {
    const n = numbers.get(loc.id);
    // Nothing opens on a click: a popup opened while framing the map would be printed over it.
    if (n === undefined) return loc.action ? { ...loc, action: 'none' } : loc;
    const type = loc.type ?? s.markerType;
    const tint = shapeTint(doc, loc);
    return {
      ...loc,
      label: String(n),
      type: LABELLED.has(type) ? type : 'circle',
      action: 'none',
      ...(tint ? { style: tinted(tint) } : {}),
    };
  });
  return {
    ...doc,
    locations,
    styles: tints.size ? [...doc.styles, ...tints.values()] : doc.styles,
    settings: {
      ...s,
      defaultLayer: floorId,
      startLocation: null,
      deepLinking: false,
      // The CSV's locations, read once by the dialog (print-csv.ts), are in the document already: not read again.
      csvUrl: '',
      layout: { ...s.layout, kiosk: false },
      zoom: { ...s.zoom, reduceMotion: true },
      controls: {
        ...s.controls,
        zoomButtons: 'off',
        resetButton: 'off',
        fullscreen: 'off',
        layerSwitcher: 'off',
      },
      directory: { ...s.directory, enabled: false },
      search: { ...s.search, enabled: false },
      filters: { ...s.filters, enabled: false },
      minimap: { ...s.minimap, enabled: false },
      // The map's own legend (what its colours mean) stays, open and without its toggle.
      legend: { ...s.legend, toggle: false, startClosed: false },
      wayfinding: { ...s.wayfinding, enabled: false },
      popup: { ...s.popup, action: 'none', hoverTooltip: false },
    },
  };
}

/** The sheets to print, one per chosen floor, in the map's order of floors. */
export function printSheets(doc: MapDocument, options: PrintOptions): PrintSheet[] {
  const chosen = new Set(options.floors);
  return doc.layers
    .filter((layer) => chosen.has(layer.id))
    .map((layer) => {
      const { groups, numbers, unnumbered } = options.listed
        ? listedGroups(doc, layer.id, options.otherName ?? 'Other', options.numbered)
        : { groups: [], numbers: new Map<string, number>(), unnumbered: 0 };
      return {
        floorId: layer.id,
        floorName: layer.name,
        doc: printDocument(doc, layer.id, numbers),
        groups,
        unnumbered,
      };
    });
}

/** Whether a sheet's list is short enough to try beside its map. */
export function listBesideMap(sheet: PrintSheet): boolean {
  return sheet.groups.reduce((n, g) => n + 2 + g.entries.length, 0) <= LIST_BESIDE_MAP_LINES;
}
