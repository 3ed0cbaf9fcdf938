/**
 * The locations a printed map lists: the map's own and, for a map with a live data source (`settings.csvUrl`), the
 * rows its CSV gives now, read as the viewer reads them (the same fetch, parser and rules: viewer/csv/), so the
 * printed directory is the one visitors see today. The sheets are made once the CSV is read (or could not be), so
 * each sheet's map is mounted once, with the CSV's locations numbered with the rest.
 */
import { useEffect, useState } from 'react';
import type { MapDocument } from '@mapnest/shared/map-document';
import { isSafeUrl } from '@mapnest/shared/map-rules';

export type CsvRead =
  /** The map has no CSV source. */
  | { readonly state: 'none' }
  | { readonly state: 'reading' }
  /** `count` locations came from it; `skipped` rows were left out, as the viewer leaves them out. */
  | { readonly state: 'read'; readonly count: number; readonly skipped: number }
  /** The end of a sentence starting "The map’s CSV file": "could not be loaded (HTTP 404)". */
  | { readonly state: 'failed'; readonly reason: string };

export interface PrintLocations {
  /** The document to print, with the CSV's locations; null while they are read. */
  readonly doc: MapDocument | null;
  readonly csv: CsvRead;
}

/**
 * The document with its CSV source's locations merged in, as its viewer shows it, and what became of the CSV. Rejects
 * only when `signal` aborts.
 */
export async function withPrintedCsv(
  doc: MapDocument,
  opts: { signal?: AbortSignal; fetch?: typeof fetch } = {},
): Promise<{ doc: MapDocument; csv: CsvRead }> {
  const source = doc.settings.csvUrl.trim();
  if (!source) return { doc, csv: { state: 'none' } };
  if (!isSafeUrl(source)) return { doc, csv: { state: 'failed', reason: 'has an address that is not a web address' } };
  // The CSV reader is the viewer's, loaded on demand as the viewer loads it: most maps have no CSV source.
  const [{ csvToLocations, fetchCsvText, mergeCsvLocations }, { parseCsvRows }] = await Promise.all([
    import('../../viewer/csv/locations'),
    import('../../viewer/csv/parse'),
  ]);
  let body: string;
  try {
    body = await fetchCsvText(source, opts);
  } catch (e) {
    if (opts.signal?.aborted) throw e;
    return { doc, csv: { state: 'failed', reason: e instanceof Error ? e.message : String(e) } };
  }
  const read = csvToLocations(parseCsvRows(body), doc);
  return {
    doc: mergeCsvLocations(doc, read),
    csv: { state: 'read', count: read.locations.length, skipped: read.skipped.length },
  };
}

/** `withPrintedCsv` for a dialog: read once for each document shown, dropped when the document changes. */
export function usePrintLocations(doc: MapDocument): PrintLocations {
  const csvless = !doc.settings.csvUrl.trim();
  const [read, setRead] = useState<{ from: MapDocument; doc: MapDocument; csv: CsvRead } | null>(null);
  useEffect(() => {
    if (csvless) return;
    const ctrl = new AbortController();
    withPrintedCsv(doc, { signal: ctrl.signal }).then(
      (r) => setRead({ from: doc, ...r }),
      () => undefined, // aborted: a newer document is being read
    );
    return () => ctrl.abort();
  }, [doc, csvless]);
  if (csvless) return { doc, csv: { state: 'none' } };
  return read?.from === doc ? read : { doc: null, csv: { state: 'reading' } };
}
