import { useEffect, useId, useRef, useState } from 'react';
import { importMapplic } from '@mapnest/shared/mapplic-import';
import { megabytes } from '@mapnest/shared/files';
import { restoreDocument } from '@mapnest/shared/map-restore';
import { Modal } from '../../../components/Modal';
import { counted } from '../../../lib/words';
import { parseCsv, type ParsedCsv } from '../import/csv';
import { PASTED_ROWS } from '../import/location-clipboard';
import { parseGeoJson } from '../import/geo';
import { namesFloors } from '../import/mapplic-site';
import { decodeTextFile, importSizeProblem, isWorkbook, textFileProblem } from '../import/text-file';
import { isKmz, isZip, MAX_ZIP_TOTAL } from '../import/zip';
import type { WorkbookSheet } from '../import/xlsx';
import { fileDropHandlers } from '../canvas/file-drop';
import { DocumentImport, MapplicImport, type LoadedDocument } from './DocumentImport';
import { CsvImport } from './CsvImport';
import { PointsImport, type LoadedPoints } from './PointsImport';
import { EMPTY_SITE_CHOICE, pickSiteFiles, type MapplicSiteChoice } from '../import/site-choice';

type Loaded =
  | { kind: 'csv'; name: string; csv: ParsedCsv }
  /** An Excel workbook: its sheets with data, the one shown by its index. */
  | { kind: 'workbook'; name: string; sheets: WorkbookSheet[]; sheet: number }
  | ({ kind: 'points' } & LoadedPoints)
  | ({ kind: 'document'; name: string } & LoadedDocument)
  /** A Mapplic export whose floors name their plans: read with its floor files in the site picker. */
  | { kind: 'mapplic'; name: string; choice: MapplicSiteChoice }
  | { kind: 'error'; name: string; message: string }
  /** A single file being read (a large KMZ or CSV can take a moment). */
  | { kind: 'reading'; name: string };

/** A plan or an image of a Mapplic site (a GIF only to be named as one the upload refuses). */
const PLAN = /\.(svg|png|jpe?g|webp|gif)$/i;
/** What may be picked together: a Mapplic export (.json), its floor plans and images, and .zip archives of them. */
const SITE_PART = /\.(json|svg|png|jpe?g|webp|gif|zip)$/i;
const ACCEPT = [
  '.csv,.tsv,.txt,.xlsx,.json,.geojson,.kml,.kmz,.gpx,text/csv,application/json,application/geo+json',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.google-earth.kml+xml,application/vnd.google-earth.kmz,application/gpx+xml',
  '.zip,.svg,.png,.jpg,.jpeg,.webp,application/zip,image/*',
].join(',');

/** What a file is, by its name and contents; KML and GPX are read by ../import/kml.ts, loaded for them. */
async function load(name: string, text: string): Promise<Loaded> {
  const problem = textFileProblem(name, text);
  if (problem) return { kind: 'error', name, message: problem };
  const lower = name.toLowerCase();
  if (lower.endsWith('.kml') || /^\s*(<\?xml[^>]*>\s*)?<kml[\s>]/i.test(text))
    return { kind: 'points', name, format: 'KML', parsed: (await import('../import/kml')).parseKml(text) };
  if (lower.endsWith('.gpx') || /^\s*(<\?xml[^>]*>\s*)?<gpx[\s>]/i.test(text))
    return { kind: 'points', name, format: 'GPX', parsed: (await import('../import/kml')).parseGpx(text) };
  if (lower.endsWith('.csv') || lower.endsWith('.tsv') || lower.endsWith('.txt'))
    return { kind: 'csv', name, csv: parseCsv(text) };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    if (lower.endsWith('.json') || lower.endsWith('.geojson'))
      return {
        kind: 'error',
        name,
        message: `The file is not valid JSON: ${e instanceof Error ? e.message : String(e)}`,
      };
    return { kind: 'csv', name, csv: parseCsv(text) };
  }
  const obj = json as Record<string, unknown>;
  if (obj && (obj.type === 'FeatureCollection' || obj.type === 'Feature' || obj.type === 'Point'))
    return { kind: 'points', name, format: 'GeoJSON', parsed: parseGeoJson(text) };
  if (
    !obj ||
    typeof obj !== 'object' ||
    Array.isArray(obj) ||
    !('layers' in obj || 'levels' in obj || 'locations' in obj || 'settings' in obj)
  ) {
    return { kind: 'error', name, message: 'This JSON is neither a map (Mapnest or Mapplic) nor GeoJSON.' };
  }
  if (obj.schemaVersion !== undefined) {
    const { document, warnings } = restoreDocument(obj);
    return { kind: 'document', name, format: 'Mapnest', doc: document, warnings };
  }
  // Its floors' plans are files of the old site: they are matched or asked for before anything changes.
  if (namesFloors(obj)) return { kind: 'mapplic', name, choice: { ...EMPTY_SITE_CHOICE, reading: true } };
  const r = importMapplic(obj);
  return { kind: 'document', name, format: 'Mapplic', doc: r.document, warnings: r.warnings };
}

/** Why a picked file could not be read, and what to do. */
const unreadable = (e: unknown) =>
  `The file could not be read (${e instanceof Error || e instanceof DOMException ? e.message : String(e)}). Pick it again; if it was moved, changed or is on a network drive, copy it to this computer first.`;

/** What a reader's refusal says: the browser's own failure to read, or the reader's reason. */
function readFailed(name: string, e: unknown): Loaded {
  if (e instanceof DOMException) return { kind: 'error', name, message: unreadable(e) };
  if (!(e instanceof Error)) throw e;
  return { kind: 'error', name, message: e.message };
}

/** An Excel workbook's sheets, read by ../import/xlsx.ts (loaded for it). */
async function loadWorkbook(file: File): Promise<Loaded> {
  const { readWorkbook } = await import('../import/xlsx');
  try {
    const sheets = await readWorkbook(file);
    if (sheets.length === 0) return { kind: 'error', name: file.name, message: 'The workbook is empty.' };
    return { kind: 'workbook', name: file.name, sheets, sheet: 0 };
  } catch (e) {
    return readFailed(file.name, e);
  }
}

/** A KMZ's placemarks: its KML, unzipped. */
async function loadKmz(file: File): Promise<Loaded> {
  if (file.size > MAX_ZIP_TOTAL)
    return {
      kind: 'error',
      name: file.name,
      message: `The KMZ is ${megabytes(file.size)}, over the ${megabytes(MAX_ZIP_TOTAL)} limit for a KMZ to import.`,
    };
  const { kmzText, parseKml } = await import('../import/kml');
  try {
    return { kind: 'points', name: file.name, format: 'KML', parsed: parseKml(await kmzText(file)) };
  } catch (e) {
    return readFailed(file.name, e);
  }
}

/**
 * What the picked files are: one file is read by its name and contents; several files, a .zip or a plan are a
 * Mapplic site (its export with the floor files), read by the site picker.
 */
async function loadFiles(files: readonly File[]): Promise<Loaded> {
  const first = files[0]!;
  if (files.length === 1 && !isZip(first) && !PLAN.test(first.name)) {
    // A KMZ is held to the size of its KML (its photos are not read), and to the zip reader's cap as a whole.
    if (isKmz(first)) return loadKmz(first);
    const tooLarge = importSizeProblem(first.size);
    if (tooLarge) return { kind: 'error', name: first.name, message: tooLarge };
    if (isWorkbook(first)) return loadWorkbook(first);
    let bytes: Uint8Array;
    try {
      bytes = new Uint8Array(await first.arrayBuffer());
    } catch (e) {
      // The browser lost the file between the pick and the read: deleted, changed, or on a drive gone offline.
      return { kind: 'error', name: first.name, message: unreadable(e) };
    }
    const loaded = await load(first.name, decodeTextFile(bytes));
    if (loaded.kind !== 'mapplic') return loaded;
  } else if (!files.every((f) => SITE_PART.test(f.name))) {
    return {
      kind: 'error',
      name: files.length > 1 ? `${first.name} and ${counted(files.length - 1, 'other file')}` : first.name,
      message:
        'Several files are imported together only as a Mapplic export with its floor plans (a .json with .svg, .png, .jpg or .webp files, or a .zip). Import a CSV, GeoJSON or KML file on its own.',
    };
  }
  return { kind: 'mapplic', name: first.name, choice: await pickSiteFiles(EMPTY_SITE_CHOICE, files) };
}

/** What the dialog shows while `files` are read. */
const reading = (files: readonly File[]): Loaded =>
  files.length > 1 || isZip(files[0]!)
    ? { kind: 'mapplic', name: files[0]!.name, choice: { ...EMPTY_SITE_CHOICE, reading: true } }
    : { kind: 'reading', name: files[0]!.name };

/**
 * File › Import…: `files`, when given, are read as the dialog opens, as if picked in it (files dropped or pasted on
 * the map, rows of a spreadsheet pasted there).
 */
export function ImportDialog({ files, onClose }: { files?: readonly File[]; onClose: () => void }) {
  const titleId = useId();
  const [loaded, setLoaded] = useState<Loaded | null>(() => (files?.length ? reading(files) : null));
  const [over, setOver] = useState(false);
  // Only the latest pick is shown, however long an earlier one takes to read.
  const picks = useRef(0);
  const finish = async (files: readonly File[], pick: number) => {
    let next: Loaded;
    try {
      next = await loadFiles([...files]);
    } catch (e) {
      // A part of the import that did not load (the site was updated under this tab), or a fault of ours: said,
      // and left in the console, rather than a dialog reading forever.
      console.error(e);
      const why = e instanceof Error ? e.message : String(e);
      next = {
        kind: 'error',
        name: files[0]!.name,
        message: `The file could not be read (${why}). Reload the page and pick it again.`,
      };
    }
    if (pick === picks.current) setLoaded(next);
  };
  const read = (files: File[]) => {
    if (files.length === 0) return;
    setLoaded(reading(files));
    void finish(files, ++picks.current);
  };
  useEffect(() => {
    if (files?.length) void finish(files, ++picks.current);
    // The files the dialog opened with, read once; later ones are picked in it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const setChoice = (choice: MapplicSiteChoice) => setLoaded((l) => (l?.kind === 'mapplic' ? { ...l, choice } : l));
  return (
    <Modal open onClose={onClose} labelledBy={titleId} className="import-dialog wide-dialog">
      <h2 id={titleId}>Import</h2>
      <p className="panel__hint">
        CSV or Excel (.xlsx, with column mapping), points from GeoJSON, KML, KMZ (Google My Maps and Earth) or GPX (for
        geo-calibrated maps), a Mapnest map exported as JSON, or a Mapplic export with its floor plans (several files or
        a .zip). Rows copied from a spreadsheet come here too when pasted on the map with Ctrl/⌘+V.
      </p>
      {loaded?.kind === 'mapplic' ? (
        <MapplicImport value={loaded.choice} onChange={setChoice} onDone={onClose} />
      ) : (
        <FilesInput loaded={loaded} over={over} setOver={setOver} onPick={(files) => void read(files)} />
      )}
      {loaded?.kind === 'reading' && (
        <p className="panel__hint" role="status">
          Reading {loaded.name}…
        </p>
      )}
      {loaded?.kind === 'error' && (
        <p className="form-alert form-alert--error" role="alert">
          {loaded.message}
        </p>
      )}
      {loaded?.kind === 'csv' && <CsvImport key={loaded.name} csv={loaded.csv} onDone={onClose} />}
      {loaded?.kind === 'workbook' && (
        <>
          <SheetChoice loaded={loaded} onChange={(sheet) => setLoaded({ ...loaded, sheet })} />
          <CsvImport key={`${loaded.name}/${loaded.sheet}`} csv={loaded.sheets[loaded.sheet]!.csv} onDone={onClose} />
        </>
      )}
      {loaded?.kind === 'points' && <PointsImport key={loaded.name} loaded={loaded} onDone={onClose} />}
      {loaded?.kind === 'document' && <DocumentImport key={loaded.name} loaded={loaded} onDone={onClose} />}
      {!loaded && (
        <div className="confirm__actions">
          <button type="button" className="btn btn--secondary" onClick={onClose}>
            Cancel
          </button>
        </div>
      )}
    </Modal>
  );
}

/** Which sheet of a workbook is imported: the first with data, or another picked here. */
function SheetChoice({
  loaded,
  onChange,
}: {
  loaded: Extract<Loaded, { kind: 'workbook' }>;
  onChange(sheet: number): void;
}) {
  const shown = loaded.sheets[loaded.sheet]!;
  const header = shown.csv.rowsAt?.header ?? 1;
  return (
    <>
      {loaded.sheets.length === 1 ? (
        <p className="panel__hint">Sheet “{shown.name}”, the workbook’s one sheet with data.</p>
      ) : (
        <label className="field">
          <span className="field__label">Sheet ({loaded.sheets.length} with data)</span>
          <select className="input" value={loaded.sheet} onChange={(e) => onChange(Number(e.target.value))}>
            {loaded.sheets.map((s, i) => (
              <option key={s.name} value={i}>
                {s.name} ({counted(s.csv.rows.length, 'row')})
              </option>
            ))}
          </select>
        </label>
      )}
      {shown.above.length > 0 && (
        <p className="panel__hint">
          The header is row {header}; above it, “
          {shown.above.map((t) => (t.length > 80 ? `${t.slice(0, 79)}…` : t)).join(' / ')}” is left out.
        </p>
      )}
    </>
  );
}

/** The drop zone and file input of the dialog, naming the file read. */
function FilesInput({
  loaded,
  over,
  setOver,
  onPick,
}: {
  loaded: Loaded | null;
  over: boolean;
  setOver(over: boolean): void;
  onPick(files: File[]): void;
}) {
  const file = loaded?.name;
  const pasted = file === PASTED_ROWS; // rows of a spreadsheet pasted on the map, read as a file made of them
  return (
    <label className={over ? 'file-drop is-drop-target' : 'file-drop'} {...fileDropHandlers(setOver, onPick)}>
      <input
        type="file"
        multiple
        className="visually-hidden"
        accept={ACCEPT}
        data-testid="import-file"
        onChange={(e) => {
          const files = Array.from(e.target.files ?? []);
          e.target.value = '';
          onPick(files);
        }}
      />
      <span className="file-drop__text">
        {!file
          ? 'Drop a file here or'
          : pasted
            ? 'Rows pasted from a spreadsheet. Drop a file instead or'
            : `File: ${file}. Drop another here or`}
      </span>
      <span className="btn btn--secondary btn--sm file-drop__button">
        {file && !pasted ? 'choose another…' : 'choose a file…'}
      </span>
    </label>
  );
}
