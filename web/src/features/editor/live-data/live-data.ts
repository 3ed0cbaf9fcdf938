/**
 * The map's live data source (`settings.csvUrl`, Mapplic's `csv`): a CSV the viewer reads each time the map is
 * shown, merged after the map's own locations. The editor tests a source as the viewer will read it (the same fetch,
 * parser and rules, viewer/csv/locations.ts) and shows the first rows and what each column becomes.
 */
import type { Location, MapDocument } from '@mapnest/shared/map-document';
import { isSafeUrl } from '@mapnest/shared/map-rules';
import { parseCsvRows } from '../../../viewer/csv/parse';
import { csvColumnTargets, csvToLocations, fetchCsvText, type CsvLoadOptions } from '../../../viewer/csv/locations';

/** Rows shown by the test. */
export const SAMPLE_ROWS = 5;

/**
 * The CSV address of a Google Sheets link: a sheet "published to the web" (…/d/e/<id>/pubhtml or …/pub) becomes its
 * CSV output, keeping the tab (`gid`); a sheet's own address (…/d/<id>/edit#gid=…) becomes its CSV export, which
 * works once the sheet is shared with anyone who has the link. Any other address is returned as it is.
 */
export function spreadsheetCsvUrl(input: string): string {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return input.trim();
  }
  if (url.hostname !== 'docs.google.com' || !url.pathname.startsWith('/spreadsheets/d/')) return input.trim();
  const gid = url.searchParams.get('gid') ?? /(?:^|[#&])gid=(\d+)/.exec(url.hash)?.[1] ?? null;
  const published = /^\/spreadsheets\/d\/e\/([\w-]+)\/pub(?:html)?\/?$/.exec(url.pathname);
  if (published) {
    const out = new URL(`https://docs.google.com/spreadsheets/d/e/${published[1]}/pub`);
    if (gid) out.searchParams.set('gid', gid);
    out.searchParams.set('single', 'true');
    out.searchParams.set('output', 'csv');
    return out.toString();
  }
  const sheet = /^\/spreadsheets\/d\/([\w-]+)(?:\/(?:edit|view|htmlview)?)?\/?$/.exec(url.pathname);
  if (sheet && sheet[1] !== 'e') {
    const out = new URL(`https://docs.google.com/spreadsheets/d/${sheet[1]}/export`);
    out.searchParams.set('format', 'csv');
    if (gid) out.searchParams.set('gid', gid);
    return out.toString();
  }
  return input.trim();
}

/** A column of the source and what it becomes. */
export interface ColumnUse {
  header: string;
  /** 'Title', 'x', a custom field's key..., or null when the column is not read. */
  becomes: string | null;
}

export type SourceTest =
  | { ok: true; columns: ColumnUse[]; sample: Location[]; count: number; skipped: string[] }
  | { ok: false; message: string };

const PROPERTY_NAMES: Readonly<Record<string, string>> = {
  id: 'Id',
  title: 'Title',
  label: 'Label',
  about: 'About',
  desc: 'Description',
  x: 'x (position)',
  y: 'y (position)',
  coord: 'Position (x,y)',
  lat: 'Latitude',
  lon: 'Longitude',
  latlon: 'Latitude, longitude',
  layer: 'Floor',
  shape: 'Shape (element id on its floor)',
  groups: 'Groups',
  color: 'Colour',
  style: 'Style',
  link: 'Link',
  image: 'Image',
  thumb: 'Thumbnail',
  phone: 'Phone',
  email: 'Email',
  hours: 'Opening hours',
  type: 'Marker type',
  action: 'Click action',
  zoom: 'Zoom',
  scale: 'Marker size',
  hide: 'Hidden',
  disable: 'Not clickable',
  more: '“More” link text',
};

function becomes(target: string | null): string | null {
  if (target === null) return null;
  if (target.startsWith('field:')) return `Custom field “${target.slice(6)}”`;
  return PROPERTY_NAMES[target] ?? target;
}

/**
 * Reads the source at `url` as the viewer will: the locations it gives `doc` (the first few shown), the rows left
 * out and why, and what each column becomes. A source that cannot be read says why, in a sentence.
 */
export async function testCsvSource(
  doc: MapDocument,
  url: string,
  opts: Omit<CsvLoadOptions, 'warn' | 'resolveUrl'> & { resolveUrl?: (url: string) => string } = {},
): Promise<SourceTest> {
  const source = url.trim();
  if (!source) return { ok: false, message: 'Enter the address of a CSV file or a published spreadsheet.' };
  if (!isSafeUrl(source))
    return { ok: false, message: 'Enter a web address (https://…) or a file of your library (/files/…).' };
  let body: string;
  try {
    body = await fetchCsvText(opts.resolveUrl ? opts.resolveUrl(source) : source, opts);
  } catch (e) {
    if (opts.signal?.aborted) throw e;
    const reason = e instanceof Error ? e.message : String(e);
    return {
      ok: false,
      message: `The file ${reason}. Check the address, that it is public, and that its server lets other sites read it (CORS): a published Google Sheet or a file in your Mapnest library does.`,
    };
  }
  const csv = parseCsvRows(body);
  const headers = csv.rows[0] ?? [];
  if (!headers.length) return { ok: false, message: 'The file is empty.' };
  const targets = csvColumnTargets(headers);
  const read = csvToLocations(csv, { ...doc, settings: { ...doc.settings, csvUrl: '' } });
  return {
    ok: true,
    columns: headers.map((header, i) => ({ header, becomes: becomes(targets[i] ?? null) })),
    sample: read.locations.slice(0, SAMPLE_ROWS),
    count: read.locations.length,
    skipped: read.skipped,
  };
}
