/**
 * The locations of a geo-calibrated map as GeoJSON, for GIS tools and web maps (QGIS, geojson.io, uMap, Mapbox), and
 * as KML, for Google Earth and Google My Maps: each location a point at its latitude and longitude (a location placed
 * on the plan by its position, at the latitude and longitude the map's calibration gives it), with its title, texts,
 * groups, floor, colour, contact details and custom fields under the names the import (./geo.ts, ./kml.ts) reads
 * them by, so each file imports back as the same locations. KML puts each location in the folder of its first group
 * and colours its icon through a shared style, as My Maps writes its layers.
 */
import type { Location, MapDocument } from '@mapnest/shared/map-document';
import { mapToLatLon } from '@mapnest/shared/map-geo';
import { escapeHtml } from '../../../viewer/sanitize';
import { references } from './export';
import { FIELD_PREFIX, groupOfFolder, POINT_PROPERTIES, readsAsField } from './geo';

/** Location properties written under the names the import (and a CSV header) reads them by. */
const CONTACT = [
  ['phone', 'phone'],
  ['email', 'email'],
  ['link', 'website'],
  ['hours', 'hours'],
  ['image', 'image'],
] as const;

export interface GeoExport {
  text: string;
  /** Locations written as points. */
  points: number;
  /** Locations left out: they stand for a shape of the plan and have no position of their own. */
  unplaced: number;
}

/** A location as both exports write it: where it is, and its properties by the names the import reads. */
interface ExportedPoint {
  location: Location;
  lonLat: [number, number];
  /** Group names (or ids, where a name would not lead back), in the location's order. */
  groups: string[];
  /** Name and value, in order: title, texts, floor, colour, contact details, custom fields. */
  properties: [string, string][];
}

/** A location's [longitude, latitude]: its own, else its position on the calibrated plan; null when it has neither. */
function lonLat(l: Location, doc: MapDocument): [number, number] | null {
  const geo = doc.settings.geo;
  const latlon = l.latlon ?? (l.coord && geo ? mapToLatLon(l.coord, geo.extent) : null);
  // Seven decimals (about a centimetre) instead of the float's noise ("14.806899999999999").
  const round = (n: number) => Math.round(n * 1e7) / 1e7;
  return latlon && [round(latlon[1]), round(latlon[0])];
}

/** How many locations the exports write, and how many they leave out (no position of their own), without writing. */
export function geoExportCounts(doc: MapDocument): { points: number; unplaced: number } {
  const points = doc.locations.filter((l) => l.latlon || (l.coord && doc.settings.geo)).length;
  return { points, unplaced: doc.locations.length - points };
}

/** The located locations with their properties; a custom field read back as something else goes as `fields.<key>`. */
function exportedPoints(doc: MapDocument): { points: ExportedPoint[]; unplaced: number } {
  const refs = references(doc, 'name');
  const points = doc.locations.flatMap((l): ExportedPoint[] => {
    const at = lonLat(l, doc);
    if (!at) return [];
    const own: [string, string | undefined][] = [
      [POINT_PROPERTIES.title[0], l.title],
      [POINT_PROPERTIES.about[0], l.about],
      [POINT_PROPERTIES.desc[0], l.desc],
      // A map of one floor has no floors to name; a location on every floor names none.
      [POINT_PROPERTIES.floor[1], doc.layers.length > 1 && l.layer ? (refs.layers.get(l.layer) ?? l.layer) : undefined],
      [POINT_PROPERTIES.color[0], l.color],
      ...CONTACT.map(([from, to]): [string, string | undefined] => [to, l[from]]),
      ...Object.entries(l.fields ?? {}).map(([k, v]): [string, string] => [
        readsAsField(k) ? k : `${FIELD_PREFIX}${k}`,
        v,
      ]),
    ];
    const properties = own.filter((p): p is [string, string] => p[1] !== undefined && p[1] !== '');
    return [{ location: l, lonLat: at, groups: (l.groups ?? []).map((g) => refs.groups.get(g) ?? g), properties }];
  });
  return { points, unplaced: doc.locations.length - points.length };
}

/** The groups' property: the names a CSV cell of groups would hold ("Food, Shops"). */
const CATEGORY = 'category';

/** The locations as a GeoJSON FeatureCollection (RFC 7946). */
export function toGeoJson(doc: MapDocument): GeoExport {
  const { points, unplaced } = exportedPoints(doc);
  const texts: readonly string[] = [POINT_PROPERTIES.title[0], POINT_PROPERTIES.about[0], POINT_PROPERTIES.desc[0]];
  const features = points.map(({ location, lonLat: coordinates, groups, properties }) => {
    // The groups after the title and texts, as a table of the locations would read.
    const after = properties.filter(([k]) => texts.includes(k)).length;
    return {
      type: 'Feature',
      id: location.id,
      geometry: { type: 'Point', coordinates },
      properties: Object.fromEntries([
        [POINT_PROPERTIES.id[0], location.id],
        ...properties.slice(0, after),
        ...(groups.length ? [[CATEGORY, groups.join(', ')]] : []),
        ...properties.slice(after),
      ]),
    };
  });
  const text = `${JSON.stringify({ type: 'FeatureCollection', features }, null, 2)}\n`;
  return { text, points: points.length, unplaced };
}

/** Characters XML 1.0 cannot hold at all (control characters but tab and line ends): left out of the file. */
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
/** Text as XML: what XML cannot hold left out, markup characters escaped as the viewer escapes text for HTML. */
const xml = (s: string) => escapeHtml(s.replace(NOT_XML, ''));
/** HTML as character data, whole ("]]>" inside it split across two sections). */
const cdata = (s: string) => `<![CDATA[${s.replace(NOT_XML, '').replaceAll(']]>', ']]]]><![CDATA[>')}]]>`;

/** KML's colour (alpha, blue, green, red) of #rgb, #rrggbb or #rrggbbaa. */
function kmlColor(color: string): string {
  const hex = color.length <= 5 ? [...color.slice(1)].map((c) => c + c).join('') : color.slice(1);
  const [r, g, b, a = 'ff'] = hex.match(/../g)!;
  return `${a}${b}${g}${r}`.toLowerCase();
}

/** One placemark: its data besides the name and description go in `<Data>`, as My Maps writes a layer's columns. */
function placemark({ location, lonLat: [lon, lat], groups, properties }: ExportedPoint, indent: string): string {
  const get = (name: string) => properties.find(([k]) => k === name)?.[1];
  const [title, desc, color] = [POINT_PROPERTIES.title[0], POINT_PROPERTIES.desc[0], POINT_PROPERTIES.color[0]];
  // The first group is the folder; the others, like a CSV cell of groups, in the data.
  const data = [...properties, ...(groups.length > 1 ? [[CATEGORY, groups.slice(1).join(', ')] as const] : [])]
    .filter(([k]) => k !== title && k !== desc && k !== color)
    .map(([k, v]) => `${indent}    <Data name="${xml(k)}"><value>${xml(v)}</value></Data>`);
  const name = get(title);
  const inner = `${indent}  `;
  return [
    `${indent}<Placemark id="${xml(location.id)}">`,
    ...(name ? [`${inner}<name>${xml(name)}</name>`] : []),
    ...(get(desc) ? [`${inner}<description>${cdata(get(desc)!)}</description>`] : []),
    ...(location.color ? [`${inner}<styleUrl>#color-${kmlColor(location.color)}</styleUrl>`] : []),
    ...(data.length ? [`${inner}<ExtendedData>`, ...data, `${inner}</ExtendedData>`] : []),
    `${inner}<Point><coordinates>${lon},${lat}</coordinates></Point>`,
    `${indent}</Placemark>`,
  ].join('\n');
}

/** The locations as KML 2.2: a folder per first group (named so that it leads back to it), a style per colour. */
export function toKml(doc: MapDocument, title: string): GeoExport {
  const { points, unplaced } = exportedPoints(doc);
  const folderOf = new Map(
    doc.groups.map((g) => [g.id, groupOfFolder(doc.groups, g.name.trim())?.id === g.id ? g.name.trim() : g.id]),
  );
  const colors = [...new Set(points.flatMap((p) => (p.location.color ? [kmlColor(p.location.color)] : [])))];
  const folders = new Map<string | null, ExportedPoint[]>();
  for (const p of points) {
    const folder = p.location.groups?.length ? folderOf.get(p.location.groups[0]!)! : null;
    const inside = folders.get(folder);
    if (inside) inside.push(p);
    else folders.set(folder, [p]);
  }
  const body = [...folders].map(([folder, inside]) => {
    const marks = inside.map((p) => placemark(p, folder === null ? '    ' : '      ')).join('\n');
    return folder === null ? marks : `    <Folder>\n      <name>${xml(folder)}</name>\n${marks}\n    </Folder>`;
  });
  const text = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<kml xmlns="http://www.opengis.net/kml/2.2">',
    '  <Document>',
    `    <name>${xml(title)}</name>`,
    ...colors.map((c) => `    <Style id="color-${c}"><IconStyle><color>${c}</color></IconStyle></Style>`),
    ...body,
    '  </Document>',
    '</kml>',
    '',
  ].join('\n');
  return { text, points: points.length, unplaced };
}
