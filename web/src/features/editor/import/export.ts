/** Export: the whole document as JSON (re-importable), the locations as CSV (every field as a column). */
import Papa from 'papaparse';
import type { MapDocument } from '@mapnest/shared/map-document';

/** The document as pretty-printed JSON. */
export function toJson(doc: MapDocument): string {
  return `${JSON.stringify(doc, null, 2)}\n`;
}

const BASE_COLUMNS = [
  'id',
  'title',
  'about',
  'desc',
  'x',
  'y',
  'lat',
  'lon',
  'layer',
  'groups',
  'color',
  'style',
  'type',
  'label',
  'scale',
  'link',
  'target',
  'more',
  'image',
  'thumb',
  'phone',
  'email',
  'hours',
  'action',
  'zoom',
  'hide',
  'disable',
] as const;

/** The locations as CSV: one row each, groups by name, custom fields as extra columns; imports back unchanged. */
export function toCsv(doc: MapDocument): string {
  const groupNames = new Map(doc.groups.map((g) => [g.id, g.name]));
  const custom: string[] = [];
  for (const l of doc.locations) for (const k of Object.keys(l.fields ?? {})) if (!custom.includes(k)) custom.push(k);
  const columns = [...BASE_COLUMNS.filter((c) => (c !== 'lat' && c !== 'lon' ? true : !!doc.settings.geo)), ...custom];
  const rows = doc.locations.map((l) =>
    columns.map((c) => {
      switch (c) {
        case 'x':
          return l.coord ? String(l.coord[0]) : '';
        case 'y':
          return l.coord ? String(l.coord[1]) : '';
        case 'lat':
          return l.latlon ? String(l.latlon[0]) : '';
        case 'lon':
          return l.latlon ? String(l.latlon[1]) : '';
        case 'groups':
          return (l.groups ?? []).map((g) => groupNames.get(g) ?? g).join(', ');
        case 'hide':
        case 'disable':
          return l[c] ? 'yes' : '';
        default: {
          if ((BASE_COLUMNS as readonly string[]).includes(c)) {
            const v = (l as Record<string, unknown>)[c];
            return v === undefined || v === null ? '' : String(v);
          }
          return l.fields?.[c] ?? '';
        }
      }
    }),
  );
  // Formula-looking cells are prefixed so spreadsheet apps show them as text instead of running them.
  // One line ending throughout: a lone "\n" after "\r\n" rows makes the last field unreadable on import.
  return `${Papa.unparse({ fields: columns, data: rows }, { escapeFormulae: true, newline: '\r\n' })}\r\n`;
}

/** Offers text as a file download. */
export function download(text: string, fileName: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** A file name from a map title. */
export function fileNameFor(title: string, ext: string): string {
  return `${
    title
      .trim()
      .replace(/[^A-Za-z0-9._-]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'map'
  }.${ext}`;
}
