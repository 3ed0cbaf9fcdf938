/**
 * What a release changes and what to check before it (ADR 018): the summary Publish and History show (the draft or
 * a kept version against another) and the publish checks. Pure and zod-free: the editor runs them in the browser,
 * the server repeats the blocking one (a floor whose stored file is gone).
 */
import { AA_CONTRAST, contrastRatio, readableTextOn } from '../contrast';
import { staleAboutWords } from './about-text';
import { staleStyle } from './group-styles';
import { hasNoPlace } from './location-shapes';
import { deepEqual } from './json-equal';
import type { MapDocument } from './map-document';
import { emailAddress, emailProblem, phoneProblem, webAddress } from './map-rules';
import { hasWayfinding } from './wayfinding';

/** How many location names a summary lists by name; the rest are counted. */
export const SUMMARY_NAMES = 20;

export interface NamedChanges {
  /** The first SUMMARY_NAMES names. */
  names: string[];
  count: number;
}

export interface VersionDiff {
  added: NamedChanges;
  changed: NamedChanges;
  removed: NamedChanges;
  /** The parts that differ, in words ('Floors', 'Groups', 'Styles', 'Settings', 'Wayfinding', ...). */
  parts: string[];
  /**
   * What differs of the floors, by name ('“Level 2” added', '“Ground” renamed “Ground floor”', '“B1” removed', '“Level
   * 1” plan changed', 'order changed'); for a first release, the floors' names. Empty when the floors are the same.
   */
  floors: string[];
  /**
   * What differs of the groups, by name ('“Food & Drink” renamed “Food & Dining”', '“Fashion” colour changed', '“Kids”
   * added', '“Offers” hidden', 'order changed'); for a first release, the groups' names. Empty when they are the same.
   */
  groups: string[];
  /** Which settings differ, in the Settings panel's words ('language', 'zoom', 'popups'). Empty when none does. */
  settings: string[];
  /** Nothing differs. */
  same: boolean;
  /** Nothing was published before: `parts` names what the map has (added), not what differs. */
  first: boolean;
}

type Loc = MapDocument['locations'][number];
const nameOf = (l: Loc) => l.title?.trim() || l.id;
/**
 * Equal as data: objects key by key in any order. The saved copy's keys come in the server's order, the editor's in
 * the order its edits set them, so a location just added would otherwise read as changed right after it is published.
 */
const same = deepEqual;

function named(list: Loc[], nameIn: (l: Loc) => string = nameOf): NamedChanges {
  return { names: list.slice(0, SUMMARY_NAMES).map(nameIn), count: list.length };
}

/** A location's field as the author knows it, for what changed of it ('description', 'moved'). */
const FIELD_WORDS: Readonly<Record<string, string>> = {
  about: 'about',
  desc: 'description',
  thumb: 'thumbnail',
  image: 'image',
  link: 'link',
  target: 'link',
  more: 'link',
  phone: 'phone',
  email: 'email',
  hours: 'hours',
  color: 'look',
  style: 'look',
  label: 'look',
  scale: 'look',
  type: 'look',
  layer: 'floor',
  shape: 'shape',
  coord: 'moved',
  latlon: 'moved',
  zoom: 'zoom',
  action: 'on click',
  hide: 'listing',
  disable: 'enabled',
  fields: 'fields',
};

/** Which way a switch of a location went, where the field's word would not say it ('hidden from the directory'). */
function switched(key: string, now: Loc): string | null {
  if (key === 'hide') return now.hide ? 'hidden from the directory' : 'listed in the directory';
  if (key === 'disable') return now.disable ? 'disabled' : 'enabled';
  return null;
}

/**
 * What changed of a location besides its name and groups, in words, each once and in the fields' order whatever the
 * order of their keys ('description, hours, moved').
 */
function fieldChanges(was: Loc, now: Loc): string {
  const words = Object.entries(FIELD_WORDS)
    .filter(([k]) => !same(was[k as keyof Loc], now[k as keyof Loc]))
    .map(([k, word]) => switched(k, now) ?? word);
  return [...new Set(words)].join(', ');
}

/**
 * A changed location by the name it has now and what the change means when visitors see it in the name or the
 * directory: the name it gets ('Riverside Café → Café': named by the new title alone, a restore read as if it
 * changed a location the author could not find; "Café (renamed Riverside Café)" read backwards), the groups it
 * moves between ('Lot 12 (Available → Sold)', what marking lots sold publishes) and what else of it changed
 * ('FreshMart (description, hours)').
 */
function describedIn(before: ReadonlyMap<string, Loc>, current: MapDocument | null, next: MapDocument) {
  const groupName = (doc: MapDocument | null, id: string) => doc?.groups.find((g) => g.id === id)?.name.trim() || id;
  const groupsIn = (doc: MapDocument | null, l: Loc | undefined) =>
    (l?.groups ?? []).map((id) => groupName(doc, id)).join(', ') || 'no group';
  return (l: Loc): string => {
    const was = before.get(l.id);
    const old = was ? nameOf(was) : nameOf(l);
    const name = old === nameOf(l) ? old : `${old} → ${nameOf(l)}`;
    const [from, to] = [groupsIn(current, was), groupsIn(next, l)];
    // By id: a group renamed is a change of the group (listed with the groups), not of every location in it.
    const moved = was && (was.groups ?? []).join('\n') !== (l.groups ?? []).join('\n');
    const notes = [moved && `${from} → ${to}`, was && fieldChanges(was, l)].filter(Boolean);
    return notes.length ? `${name} (${notes.join('; ')})` : name;
  };
}

/** What differs of a part of `diff` by name (its floors', its groups', its settings'), or nothing for the others. */
export const partDetails = (diff: VersionDiff, part: string): readonly string[] =>
  part === 'Floors' ? diff.floors : part === 'Groups' ? diff.groups : part === 'Settings' ? diff.settings : [];

/** A setting as the Settings panel names it; two of one size are one. */
const SETTING_WORDS: Readonly<Record<string, string>> = {
  extent: 'map area',
  mapWidth: 'map size',
  mapHeight: 'map size',
  breakpoints: 'layout sizes',
  defaultLayer: 'floor shown first',
  startLocation: 'location opened on load',
  padding: 'padding',
  primaryColor: 'primary colour',
  markerType: 'default marker',
  tintRegionsByGroup: 'tint by group',
  css: 'custom CSS',
  deepLinking: 'deep linking',
  csvUrl: 'live data',
  geo: 'geographic calibration',
  layout: 'layout',
  zoom: 'zoom',
  controls: 'controls',
  directory: 'directory',
  search: 'search',
  filters: 'filters',
  popup: 'popups',
  minimap: 'minimap',
  legend: 'legend',
  language: 'language',
  text: 'texts',
};

/**
 * The settings that differ between two (wayfinding apart: a part of its own), in words, each once, in the panel's
 * order whatever the order of their keys; a setting with no word yet by its key, last.
 */
function settingChanges(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  const keys = new Set([...Object.keys(SETTING_WORDS), ...Object.keys(before), ...Object.keys(after)]);
  const words = [...keys].filter((k) => !same(before[k], after[k])).map((k) => SETTING_WORDS[k] ?? k);
  return [...new Set(words)];
}

/** What changes for visitors when `next` replaces `current` (null: nothing is published, so all is new). */
export function diffDocuments(current: MapDocument | null, next: MapDocument): VersionDiff {
  const before = new Map((current?.locations ?? []).map((l) => [l.id, l]));
  const after = new Map(next.locations.map((l) => [l.id, l]));
  const added = next.locations.filter((l) => !before.has(l.id));
  const removed = (current?.locations ?? []).filter((l) => !after.has(l.id));
  const changed = next.locations.filter((l) => before.has(l.id) && !same(before.get(l.id), l));
  const parts: string[] = [];
  // A first release has nothing to differ from: its parts are the ones the map has (its settings and the order of
  // its locations are not news), so a new map is not said to have changed what nobody touched.
  const part = (label: string, a: unknown, b: unknown) => {
    if (current === null ? has(label, b) : !same(a, b)) parts.push(label);
  };
  const { wayfinding: wfBefore, ...settingsBefore } = current?.settings ?? ({} as Partial<MapDocument['settings']>);
  const { wayfinding: wfAfter, ...settingsAfter } = next.settings;
  part('Floors', current?.layers, next.layers);
  part('Groups', current?.groups, next.groups);
  part('Styles', current?.styles, next.styles);
  part('Filters', current?.filters, next.filters);
  part('Legend', current?.legend, next.legend);
  const settings = [
    { ...settingsBefore, breakpoints: current?.breakpoints },
    { ...settingsAfter, breakpoints: next.breakpoints },
  ] as const;
  part('Settings', ...settings);
  part('Wayfinding', { routes: current?.routes, wf: wfBefore }, { routes: next.routes, wf: wfAfter });
  part(
    'Location order',
    current?.locations.map((l) => l.id),
    next.locations.map((l) => l.id),
  );
  if (parts.includes('Location order') && (added.length || removed.length)) parts.pop();
  return {
    added: named(added),
    changed: named(changed, describedIn(before, current, next)),
    removed: named(removed),
    parts,
    floors: parts.includes('Floors') ? floorChanges(current?.layers ?? null, next.layers) : [],
    groups: parts.includes('Groups') ? groupChanges(current?.groups ?? null, next.groups) : [],
    settings: parts.includes('Settings') ? settingChanges(...settings) : [],
    same: added.length + changed.length + removed.length + parts.length === 0,
    first: current === null,
  };
}

type Floor = MapDocument['layers'][number];
type Group = MapDocument['groups'][number];

/**
 * Floors' or groups' changes by name: "Floors changed" left the author to guess which, on a map of many floors. Each
 * added, renamed, removed, what `also` says of one kept, and a change of order; a first release (`before` null)
 * lists the names it has.
 */
function entryChanges<T extends { id: string; name: string }>(
  before: readonly T[] | null,
  after: readonly T[],
  also: (old: T, now: T, quoted: string) => (string | false)[],
): string[] {
  const quoted = (e: T) => `“${e.name.trim() || e.id}”`;
  if (before === null) return after.map(quoted);
  const was = new Map(before.map((e) => [e.id, e]));
  const now = new Set(after.map((e) => e.id));
  const notes: string[] = [];
  for (const e of after) {
    const old = was.get(e.id);
    if (!old) notes.push(`${quoted(e)} added`);
    else {
      if (old.name !== e.name) notes.push(`${quoted(old)} renamed ${quoted(e)}`);
      for (const note of also(old, e, quoted(e))) if (note) notes.push(note);
    }
  }
  for (const e of before) if (!now.has(e.id)) notes.push(`${quoted(e)} removed`);
  const kept = (list: readonly T[], other: { has(id: string): boolean }) =>
    list.filter((e) => other.has(e.id)).map((e) => e.id);
  if (kept(before, now).join('\n') !== kept(after, was).join('\n')) notes.push('order changed');
  return notes;
}

const floorChanges = (before: readonly Floor[] | null, after: readonly Floor[]) =>
  entryChanges(before, after, (old, f, q) => [
    old.file !== f.file && `${q} plan ${f.file ? (old.file ? 'changed' : 'added') : 'removed'}`,
  ]);

const groupChanges = (before: readonly Group[] | null, after: readonly Group[]) =>
  entryChanges(before, after, (old, g, q) => [
    (old.color ?? null) !== (g.color ?? null) && `${q} colour changed`,
    !!old.hide !== !!g.hide && `${q} ${g.hide ? 'hidden' : 'shown'}`,
  ]);

/** Whether a first release has anything of a part: any floor, group, style, filter, legend item, or directions. */
function has(label: string, value: unknown): boolean {
  if (label === 'Settings' || label === 'Location order') return false;
  if (label === 'Wayfinding') {
    // Visitors see directions only when they are on and there are paths to follow (directionsAvailable).
    const { routes, wf } = value as { routes: unknown[]; wf: { enabled?: boolean } | undefined };
    return routes.length > 0 && wf?.enabled === true;
  }
  return Array.isArray(value) && value.length > 0;
}

/**
 * What makes the viewer leave a map's custom CSS out whole (web/src/viewer/sanitize.ts `cleanCss`, which the viewer's
 * tests hold to this list), with words for the author: the first found, in the order of this list.
 */
const REFUSED_CSS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\\/, 'a backslash (an escape such as \\2605: type the character itself, or use an SVG icon)'],
  [/&/, '“&” (not allowed in the map’s CSS, in text either: write each selector in full, without nesting)'],
  [/</, '“<” (HTML has no place in CSS)'],
  [/@import/i, '@import (other style sheets and web fonts are not loaded into the map)'],
  [/image-set\s*\(|\bimage\s*\(|\bsrc\s*\(|cross-fade\s*\(|element\s*\(/i, 'an image function other than url()'],
  [
    /expression\s*\(|-moz-binding|behavior\s*:|javascript:/i,
    'a script hook (expression, -moz-binding, behavior or javascript:)',
  ],
];

/** Why the viewer will not use `css` at all, in words ("it contains @import (…)"), or null when it can. */
export function cssRefusal(css: string): string | null {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, ' ');
  const found = REFUSED_CSS.find(([pattern]) => pattern.test(text));
  if (found) return `it contains ${found[1]}`;
  const urls = (text.match(/url\(/gi) ?? []).length;
  const whole = (text.match(/url\(\s*(?:"[^"]*"|'[^']*'|[^)'"]*)\s*\)/gi) ?? []).length;
  return urls === whole ? null : 'it has a url( that is not closed';
}

/** The publish check's words for custom CSS the viewer will not use. */
export const unusedCss = (why: string) =>
  `The custom CSS is not used, so visitors see the map without it: ${why}. Change it in Settings › Custom CSS.`;

export type CheckSeverity = 'blocking' | 'warning';

export interface PublishCheck {
  id:
    | 'floor-file'
    | 'no-floor'
    | 'outside'
    | 'region'
    | 'stale-about'
    | 'stale-style'
    | 'site-link'
    | 'email'
    | 'phone'
    | 'contrast'
    | 'css'
    | 'pro-only'
    | 'no-paths';
  severity: CheckSeverity;
  message: string;
}

/** The start of the blocking check's message, word for word on the server and in the editor. */
export const MISSING_FLOOR_FILE_PREFIX = 'The floor “';
export const missingFloorFile = (floor: string) =>
  `${MISSING_FLOOR_FILE_PREFIX}${floor}” has no image file that can be loaded, so visitors could not see it. Upload its file again or remove the floor, then publish.`;

export const listed = (names: string[]) =>
  names.length > 5 ? `${names.slice(0, 5).join(', ')} and ${names.length - 5} more` : names.join(', ');

/**
 * The checks that need only the document and the map's state. `floorIds`: the element ids of each floor's SVG
 * (by layer id) where they are known, for the region check; `unloadable`: layer ids whose file could not be loaded.
 */
export function publishChecks(
  doc: MapDocument,
  state: number,
  floors: { unloadable?: ReadonlySet<string>; svgIds?: ReadonlyMap<string, ReadonlySet<string>> } = {},
): PublishCheck[] {
  const checks: PublishCheck[] = [];
  for (const layer of doc.layers) {
    if (layer.file.trim() && floors.unloadable?.has(layer.id)) {
      checks.push({ id: 'floor-file', severity: 'blocking', message: missingFloorFile(layer.name) });
    }
  }
  const layerIds = new Set(doc.layers.map((l) => l.id));
  const noFloor = doc.locations.filter((l) => l.layer && !layerIds.has(l.layer)).map(nameOf);
  if (noFloor.length) {
    checks.push({
      id: 'no-floor',
      severity: 'warning',
      message: `${noFloor.length} location${noFloor.length === 1 ? ' is' : 's are'} on no floor, so visitors cannot find ${noFloor.length === 1 ? 'it' : 'them'} on the map: ${listed(noFloor)}.`,
    });
  }
  const outside = doc.locations
    .filter((l) => l.coord && (l.coord[0] < 0 || l.coord[0] > 1 || l.coord[1] < 0 || l.coord[1] > 1))
    .map(nameOf);
  if (outside.length) {
    checks.push({
      id: 'outside',
      severity: 'warning',
      message: `${outside.length} location${outside.length === 1 ? ' is' : 's are'} outside the map: ${listed(outside)}.`,
    });
  }
  if (floors.svgIds) {
    const unbound = doc.locations.filter((l) => hasNoPlace(doc, l, floors.svgIds!)).map(nameOf);
    if (unbound.length) {
      checks.push({
        id: 'region',
        severity: 'warning',
        message:
          unbound.length === 1
            ? `1 location has no place on the map (no position, and its floor’s drawing has no shape for it): ${listed(unbound)}. Place it on the map, or give it one of the drawing’s shapes (Shape).`
            : `${unbound.length} locations have no place on the map (no position, and their floor’s drawing has no shape for them): ${listed(unbound)}. Place each on the map, or give it one of the drawing’s shapes (Shape).`,
      });
    }
  }
  for (const check of [staleAboutChecks, staleStyleCheck, siteLinkCheck, emailCheck, phoneCheck]) {
    const found = check(doc);
    if (found) checks.push(found);
  }
  const primary = doc.settings.primaryColor;
  const ratio = contrastRatio('#ffffff', primary);
  if (ratio !== null && ratio < AA_CONTRAST) {
    const text = readableTextOn(primary);
    checks.push({
      id: 'contrast',
      severity: 'warning',
      message: `White text on the primary colour ${primary} has a contrast of ${ratio.toFixed(2)}:1, below the ${AA_CONTRAST}:1 that WCAG AA asks for. Visitors see ${text} text on it instead (${contrastRatio(text, primary)!.toFixed(2)}:1).`,
    });
  }
  const css = doc.settings.css.trim() ? cssRefusal(doc.settings.css) : null;
  if (css) checks.push({ id: 'css', severity: 'warning', message: unusedCss(css) });
  if (!hasWayfinding(state) && (doc.routes.length > 0 || doc.settings.wayfinding.enabled)) {
    checks.push({
      id: 'pro-only',
      severity: 'warning',
      message: `Wayfinding is a Professional feature and this map is not Professional: visitors will not see directions${doc.settings.wayfinding.fixedFrom ? ', nor the “You are here” mark,' : ''} until the map is on a Professional plan.`,
    });
  }
  if (hasWayfinding(state) && doc.settings.wayfinding.enabled && doc.routes.length === 0) {
    checks.push({
      id: 'no-paths',
      severity: 'warning',
      message:
        'Directions are on, but no walking paths are drawn, so visitors will not see directions. Draw the paths in the Wayfinding tab.',
    });
  }
  return checks;
}

/**
 * A note, never blocking, on the locations whose About names a group they are not in ('Lot 12 says “Available”'):
 * moving a lot to Sold leaves its typed status behind, and visitors would read both.
 */
function staleAboutChecks(doc: MapDocument): PublishCheck | null {
  if (!doc.groups.length) return null;
  const stale = doc.locations.flatMap((l) => {
    const words = staleAboutWords(l, doc.groups);
    return words.length ? [`${nameOf(l)} says ${words.map((w) => `“${w}”`).join(', ')}`] : [];
  });
  if (!stale.length) return null;
  const one = stale.length === 1;
  return {
    id: 'stale-about',
    severity: 'warning',
    message: `${stale.length} location${one ? '’s About text names' : 's’ About texts name'} a group ${one ? 'it is' : 'they are'} not in, so visitors may read an old status: ${listed(stale)}. Use {{group}} in the text to show the location’s groups as they are.`,
  };
}

/** A note on the locations drawn in the style of a group they are not in (a lot in Sold still drawn “Available”). */
function staleStyleCheck(doc: MapDocument): PublishCheck | null {
  const stale = doc.locations.flatMap((l) => {
    const group = staleStyle(l, doc);
    return group ? [`${nameOf(l)} (“${group}”)`] : [];
  });
  if (!stale.length) return null;
  const one = stale.length === 1;
  return {
    id: 'stale-style',
    severity: 'warning',
    message: `${stale.length} location${one ? ' is' : 's are'} drawn in the style of a group ${one ? 'it is' : 'they are'} not in, so visitors may read an old status from ${one ? 'its colour' : 'their colours'}: ${listed(stale)}. Choose the style of ${one ? 'its' : 'each one’s'} group in the Style field.`,
  };
}

/**
 * A note on the links written without https:// ("www.bakery.com"): a browser opens them as pages of the site the map
 * is on (the customer's, or the hosted map's), so "Visit website" goes nowhere. Imports and the Link field add it
 * (`webAddress`); a map made before, or from a Mapplic export, may still have such links.
 */
function siteLinkCheck(doc: MapDocument): PublishCheck | null {
  const links = doc.locations.filter((l) => l.link && webAddress(l.link) !== l.link);
  if (!links.length) return null;
  const one = links.length === 1;
  return {
    id: 'site-link',
    severity: 'warning',
    message: `${links.length} location${one ? '’s link has' : 's’ links have'} no https:// in front, so visitors would open a page of the site the map is on instead: ${listed(links.map((l) => `${nameOf(l)} (${l.link!.trim()})`))}. Add https:// to ${one ? 'it' : 'each'} in the Link field.`,
  };
}

/**
 * A note on e-mails that are no address ("info at bakery.com", a Mapplic export's "n/a"): their Email buttons would write
 * to nobody. The Email field refuses them (`emailProblem`); a map made before, an import or a Mapplic export may still
 * have them.
 */
function emailCheck(doc: MapDocument): PublishCheck | null {
  const bad = doc.locations.filter((l) => l.email && emailProblem(emailAddress(l.email)));
  if (!bad.length) return null;
  const one = bad.length === 1;
  return {
    id: 'email',
    severity: 'warning',
    message: `${bad.length} location${one ? '’s e-mail is not an address' : 's’ e-mails are not addresses'}, so visitors’ Email ${one ? 'button writes' : 'buttons write'} to nobody: ${listed(bad.map((l) => `${nameOf(l)} (${l.email!.trim()})`))}. Correct ${one ? 'it' : 'each'} in the Email field, or empty it.`,
  };
}

/** A note on phones with no number to dial ("TBC"): their Call buttons would dial nothing (`phoneProblem`). */
function phoneCheck(doc: MapDocument): PublishCheck | null {
  const bad = doc.locations.filter((l) => l.phone && phoneProblem(l.phone));
  if (!bad.length) return null;
  const one = bad.length === 1;
  return {
    id: 'phone',
    severity: 'warning',
    message: `${bad.length} location${one ? '’s phone has' : 's’ phones have'} no number to dial, so visitors’ Call ${one ? 'button dials' : 'buttons dial'} nothing: ${listed(bad.map((l) => `${nameOf(l)} (${l.phone!.trim()})`))}. Correct ${one ? 'it' : 'each'} in the Phone field, or empty it.`,
  };
}
