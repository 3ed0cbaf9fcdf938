import { useId, useMemo, useState } from 'react';
import type { MapDocument } from '@mapnest/shared/map-document';
import { importMapplic } from '@mapnest/shared/mapplic-import';
import { restoreDocument } from '@mapnest/shared/map-restore';
import { Modal } from '../../../components/Modal';
import { importLocations, replaceDocument, type ImportArgs } from '../actions/structure';
import { useEditor, useEditorState } from '../editor-context';
import {
  guessMapping,
  parseCsv,
  rowsToLocations,
  TARGET_LABELS,
  type ColumnTarget,
  type ParsedCsv,
} from '../import/csv';
import { parseGeoJson, parseKml, pointsToLocations } from '../import/geo';
import { fileDropHandlers } from '../canvas/file-drop';

type Loaded =
  | { kind: 'csv'; name: string; csv: ParsedCsv }
  | { kind: 'points'; name: string; format: 'GeoJSON' | 'KML'; text: string }
  | {
      kind: 'document';
      name: string;
      format: 'Mapnest' | 'Mapplic';
      doc: MapDocument;
      warnings: string[];
      title?: string;
    }
  | { kind: 'error'; name: string; message: string };

/** What a file is, by its name and contents. */
function load(name: string, text: string): Loaded {
  const lower = name.toLowerCase();
  if (lower.endsWith('.kml') || /^\s*(<\?xml[^>]*>\s*)?<kml[\s>]/i.test(text))
    return { kind: 'points', name, format: 'KML', text };
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
    return { kind: 'points', name, format: 'GeoJSON', text };
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
  const r = importMapplic(obj);
  return { kind: 'document', name, format: 'Mapplic', doc: r.document, warnings: r.warnings, title: r.title };
}

export function ImportDialog({ onClose }: { onClose: () => void }) {
  const titleId = useId();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [over, setOver] = useState(false);
  const read = async (f: File) => {
    if (f.size > 50 * 1024 * 1024)
      return setLoaded({ kind: 'error', name: f.name, message: 'The file is larger than 50 MB.' });
    setLoaded(load(f.name, await f.text()));
  };
  return (
    <Modal open onClose={onClose} labelledBy={titleId} className="import-dialog wide-dialog">
      <h2 id={titleId}>Import</h2>
      <p className="panel__hint">
        CSV (with column mapping), GeoJSON or KML points (for geo-calibrated maps), or a map exported as JSON (Mapnest
        or Mapplic).
      </p>
      <label
        className={over ? 'file-drop is-drop-target' : 'file-drop'}
        {...fileDropHandlers(setOver, (files) => void read(files[0]!))}
      >
        <input
          type="file"
          className="visually-hidden"
          accept=".csv,.tsv,.txt,.json,.geojson,.kml,text/csv,application/json,application/geo+json,application/vnd.google-earth.kml+xml"
          data-testid="import-file"
          onChange={(e) => {
            const f = e.target.files?.[0];
            e.target.value = '';
            if (f) void read(f);
          }}
        />
        <span className="file-drop__text">
          {loaded ? `File: ${loaded.name}. Drop another here or` : 'Drop a file here or'}
        </span>
        <span className="btn btn--secondary btn--sm file-drop__button">
          {loaded ? 'choose another…' : 'choose a file…'}
        </span>
      </label>
      {loaded?.kind === 'error' && (
        <p className="form-alert form-alert--error" role="alert">
          {loaded.message}
        </p>
      )}
      {loaded?.kind === 'csv' && <CsvImport key={loaded.name} csv={loaded.csv} onDone={onClose} />}
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

function ModeChoice({
  mode,
  setMode,
  existing,
}: {
  mode: ImportArgs['mode'];
  setMode: (m: ImportArgs['mode']) => void;
  existing: number;
}) {
  if (existing === 0) return null;
  return (
    <fieldset className="field import-mode">
      <legend className="field__label">The map already has {existing} locations</legend>
      {(
        [
          ['merge', 'Add new ones and update those with the same id'],
          ['add', 'Only add (stop if an id already exists)'],
          ['replace', 'Replace all locations with the file’s'],
        ] as const
      ).map(([value, label]) => (
        <label key={value} className="check">
          <input type="radio" name="import-mode" checked={mode === value} onChange={() => setMode(value)} /> {label}
        </label>
      ))}
    </fieldset>
  );
}

/**
 * Every problem with its line (or feature). Problems of single rows leave those rows out: the author
 * can import the good ones or cancel and fix the file; problems of the whole file stop the import.
 */
function Issues({
  issues,
  good,
  blocking,
  unit,
}: {
  issues: readonly string[];
  good: number;
  blocking: boolean;
  unit: 'rows' | 'points';
}) {
  if (!issues.length) return null;
  const stop = blocking || good === 0;
  const count = `${issues.length} problem${issues.length > 1 ? 's' : ''}`;
  return (
    <div className={`form-alert ${stop ? 'form-alert--error' : 'form-alert--warning'} import-issues`} role="alert">
      <strong>
        {stop
          ? `Nothing can be imported: ${count} to fix in the file first.`
          : `${count} in the file: the ${unit} they concern are left out. Import the ${good} good ${unit}, or cancel and fix the file.`}
      </strong>
      <ul>
        {issues.map((i, n) => (
          <li key={n}>{i}</li>
        ))}
      </ul>
    </div>
  );
}

/** The import button: all of it, the good part of it, or nothing. */
function importLabel(issues: number, good: number, unit: 'rows' | 'points'): string {
  if (issues === 0) return `Import ${good} locations`;
  return good > 0 ? `Import the ${good} good ${unit}` : 'Import';
}

/** The file's columns, each with where it goes, over its first rows. */
function CsvColumnsTable({
  csv,
  mapping,
  setMapping,
}: {
  csv: ParsedCsv;
  mapping: readonly ColumnTarget[];
  setMapping: (mapping: ColumnTarget[]) => void;
}) {
  const targets = useMemo(() => {
    const base = Object.keys(TARGET_LABELS) as ColumnTarget[];
    const custom = mapping.filter((m) => m.startsWith('field:'));
    return [...base, ...custom.filter((c, i) => custom.indexOf(c) === i)];
  }, [mapping]);
  return (
    <div className="table-scroll">
      <table className="preview-table">
        <thead>
          <tr>
            {csv.headers.map((h, i) => (
              <th key={`${h}-${i}`} scope="col">
                <span className="preview-table__head">{h || `Column ${i + 1}`}</span>
                <select
                  aria-label={`Column “${h}” goes to`}
                  className="input"
                  value={mapping[i]}
                  onChange={(e) => {
                    const next = mapping.slice();
                    next[i] = e.target.value as ColumnTarget;
                    setMapping(next);
                  }}
                >
                  {targets.map((t) => (
                    <option key={t} value={t}>
                      {TARGET_LABELS[t] ?? `Custom field “${t.slice(6)}”`}
                    </option>
                  ))}
                </select>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {csv.rows.slice(0, 5).map((row, r) => (
            <tr key={r}>
              {csv.headers.map((_, i) => (
                <td key={i}>{row[i]}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function CsvImport({ csv, onDone }: { csv: ParsedCsv; onDone: () => void }) {
  const { doc } = useEditorState();
  const { run, notify } = useEditor();
  const [mapping, setMapping] = useState<ColumnTarget[]>(() => guessMapping(csv.headers));
  const [mode, setMode] = useState<ImportArgs['mode']>('merge');
  const result = useMemo(() => rowsToLocations(csv, mapping, doc), [csv, mapping, doc]);
  const issues = [
    ...csv.errors,
    ...result.issues.map((i) => `Line ${i.line}${i.column ? `, column “${i.column}”` : ''}: ${i.message}`),
  ];
  const good = result.locations.length;
  const canImport = !result.blocking && good > 0;

  const submit = () => {
    if (!canImport) return;
    if (run(importLocations, { locations: result.locations, groups: result.groups, mode })) {
      notify(
        `Imported ${result.locations.length} locations${result.groups.length ? ` and ${result.groups.length} new groups` : ''}. Undo reverts the import.`,
        'info',
      );
      onDone();
    }
  };

  return (
    <div className="csv-import">
      <h3>Columns</h3>
      <CsvColumnsTable csv={csv} mapping={mapping} setMapping={setMapping} />
      <p className="panel__hint">
        Preview of the first {Math.min(5, csv.rows.length)} of {csv.rows.length} rows.{' '}
        {canImport ? `${good} locations ready to import.` : ''}
      </p>
      <ModeChoice mode={mode} setMode={setMode} existing={doc.locations.length} />
      <Issues issues={issues} good={good} blocking={result.blocking} unit="rows" />
      <div className="confirm__actions">
        <button type="button" className="btn btn--secondary" onClick={onDone}>
          Cancel
        </button>
        <button type="button" className="btn btn--primary" onClick={submit} disabled={!canImport}>
          {importLabel(issues.length, good, 'rows')}
        </button>
      </div>
    </div>
  );
}

function PointsImport({ loaded, onDone }: { loaded: Extract<Loaded, { kind: 'points' }>; onDone: () => void }) {
  const { doc } = useEditorState();
  const { run, notify } = useEditor();
  const [mode, setMode] = useState<ImportArgs['mode']>('merge');
  const result = useMemo(
    () => pointsToLocations(loaded.format === 'KML' ? parseKml(loaded.text) : parseGeoJson(loaded.text), doc),
    [loaded, doc],
  );
  return (
    <div>
      <p>
        {loaded.format}: {result.locations.length} points
        {result.skipped ? `; ${result.skipped} features that are not points are skipped` : ''}.
      </p>
      {result.locations.length > 0 && (
        <ul className="preview-list">
          {result.locations.slice(0, 8).map((l) => (
            <li key={l.id}>
              {l.title || l.id} ({l.latlon![0]}, {l.latlon![1]})
            </li>
          ))}
        </ul>
      )}
      <ModeChoice mode={mode} setMode={setMode} existing={doc.locations.length} />
      <Issues issues={result.issues} good={result.locations.length} blocking={false} unit="points" />
      <div className="confirm__actions">
        <button type="button" className="btn btn--secondary" onClick={onDone}>
          Cancel
        </button>
        <button
          type="button"
          className="btn btn--primary"
          disabled={result.locations.length === 0}
          onClick={() => {
            if (run(importLocations, { locations: result.locations, mode })) {
              notify(`Imported ${result.locations.length} locations. Undo reverts the import.`, 'info');
              onDone();
            }
          }}
        >
          {importLabel(result.issues.length, result.locations.length, 'points')}
        </button>
      </div>
    </div>
  );
}

function DocumentImport({ loaded, onDone }: { loaded: Extract<Loaded, { kind: 'document' }>; onDone: () => void }) {
  const { run, notify } = useEditor();
  const { doc } = useEditorState();
  const d = loaded.doc;
  return (
    <div>
      <p>
        A {loaded.format} map: {d.layers.length} layers, {d.locations.length} locations, {d.groups.length} groups,{' '}
        {d.styles.length} styles ({d.settings.mapWidth}×{d.settings.mapHeight} px).
      </p>
      {loaded.warnings.length > 0 && (
        <details className="import-warnings">
          <summary>{loaded.warnings.length} things were changed or left out to fit</summary>
          <ul>
            {loaded.warnings.slice(0, 50).map((w) => (
              <li key={w}>{w}</li>
            ))}
          </ul>
        </details>
      )}
      <div className="confirm__actions">
        <button type="button" className="btn btn--secondary" onClick={onDone}>
          Cancel
        </button>
        <button
          type="button"
          className="btn btn--secondary"
          disabled={d.locations.length === 0}
          onClick={() => {
            // Only the locations: references to the file's layers, groups and styles that this map lacks are dropped.
            const layers = new Set(doc.layers.map((l) => l.id));
            const styles = new Set(doc.styles.map((s) => s.id));
            const groups = d.groups.filter((g) => !doc.groups.some((x) => x.id === g.id));
            const locations = d.locations.map((l) => {
              const c = { ...l };
              if (c.layer && !layers.has(c.layer)) delete c.layer;
              if (c.style && !styles.has(c.style)) delete c.style;
              return c;
            });
            if (run(importLocations, { locations, groups, mode: 'merge' })) {
              notify(`Added ${locations.length} locations. Undo reverts the import.`, 'info');
              onDone();
            }
          }}
        >
          Add its locations only
        </button>
        <button
          type="button"
          className="btn btn--primary"
          onClick={() => {
            if (run(replaceDocument, { doc: d })) {
              notify('The map was replaced by the imported one. Undo brings yours back.', 'info');
              onDone();
            }
          }}
        >
          Replace this map with it
        </button>
      </div>
    </div>
  );
}
