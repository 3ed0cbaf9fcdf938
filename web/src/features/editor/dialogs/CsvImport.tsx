/**
 * A CSV file's or a workbook sheet's import: where each column goes (guessed, then the author's), the preview, the
 * floors the rows go on, how the rows meet the map's locations, and every problem, before anything is added.
 */
import { useMemo, useState } from 'react';
import type { Layer, MapDocument } from '@mapnest/shared/map-document';
import { counted } from '../../../lib/words';
import { addLayer, importLocations, type ImportArgs } from '../actions/structure';
import { useEditor, useEditorState, type EditorContextValue } from '../editor-context';
import { ownField, ownFieldRefused, rowSaid, rowsToLocations, type ColumnTarget, type ParsedCsv } from '../import/csv';
import { guessColumns, withRoomColumn } from '../import/guess-columns';
import { overLocationLimit } from '../import/location-limit';
import { StaleAboutImportNote } from '../panels/locations/AboutField';
import {
  FloorChoice,
  rowsPlacementSaid,
  UnknownFloorsNote,
  useFloorNames,
  useFloorRooms,
  useImportFloor,
} from './ImportFloor';
import {
  CustomFieldsNote,
  importedSaid,
  importLabel,
  Issues,
  ModeChoice,
  NewGroupsNote,
  placesAfter,
  PlacesLostNote,
} from './ImportParts';

/** What each target is called in a column's select. */
const TARGET_LABELS: Record<string, string> = {
  ignore: 'Ignore',
  id: 'Id',
  title: 'Title',
  about: 'About',
  desc: 'Description (HTML)',
  x: 'X (0-1 or pixels)',
  y: 'Y (0-1 or pixels)',
  coord: 'Position (x, y in one cell)',
  lat: 'Latitude',
  lon: 'Longitude',
  latlon: 'Latitude, longitude (one cell)',
  layer: 'Layer (id or name)',
  shape: 'Shape (element id on its floor)',
  groups: 'Groups (comma-separated)',
  color: 'Colour',
  style: 'Style (id)',
  link: 'Link',
  target: 'Link target (_self, _blank, _parent, _top)',
  image: 'Image URL',
  thumb: 'Thumbnail',
  phone: 'Phone',
  email: 'Email',
  hours: 'Hours',
  label: 'Label',
  type: 'Marker type',
  action: 'Click action',
  zoom: 'Zoom',
  scale: 'Marker size',
  hide: 'Hidden (yes/no)',
  disable: 'Disabled (yes/no)',
  more: '“More” label',
};

/** A column's choices: every target, and always the custom field its own header names, so no column's data is lost. */
function withOwnField(targets: readonly ColumnTarget[], header: string): readonly ColumnTarget[] {
  const own = ownField(header);
  return own && !targets.includes(own) ? [...targets, own] : targets;
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
            {csv.headers.map((h, i) => {
              // Why the column goes nowhere, when its header names a location's own key.
              const note = mapping[i] === 'ignore' ? ownFieldRefused(h) : null;
              const noteId = `import-column-note-${i}`;
              return (
                <th key={`${h}-${i}`} scope="col">
                  <span className="preview-table__head">{h || `Column ${i + 1}`}</span>
                  <select
                    aria-label={`Column “${h}” goes to`}
                    aria-describedby={note ? noteId : undefined}
                    className="input"
                    value={mapping[i]}
                    onChange={(e) => {
                      const next = mapping.slice();
                      next[i] = e.target.value as ColumnTarget;
                      setMapping(next);
                    }}
                  >
                    {withOwnField(targets, h).map((t) => (
                      <option key={t} value={t}>
                        {TARGET_LABELS[t] ?? `Custom field “${t.slice(6)}”`}
                      </option>
                    ))}
                  </select>
                  {note && (
                    <span className="preview-table__note" id={noteId}>
                      {note}
                    </span>
                  )}
                </th>
              );
            })}
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

/**
 * The rows read as locations for `doc`: through the columns' mapping (guessed until the author changes a column: the
 * floors' rooms, read a moment after, can name one) and the floors the author chose for the file's names of floors.
 */
function useRows(csv: ParsedCsv, doc: MapDocument, mode: ImportArgs['mode'], floor: string) {
  const { rooms, reading } = useFloorRooms(doc);
  const guessed = useMemo(
    () =>
      withRoomColumn(
        guessColumns(csv, doc),
        csv.rows,
        rooms,
        doc.locations.map((l) => l.id),
      ),
    [csv, doc, rooms],
  );
  const [chosen, setMapping] = useState<ColumnTarget[] | null>(null);
  const mapping = chosen ?? guessed;
  const floorNames = useFloorNames(csv, mapping, doc);
  const { planned } = floorNames;
  const result = useMemo(
    () =>
      rowsToLocations(floorNames.rows, mapping, planned, {
        floor,
        rooms,
        replacing: mode === 'replace',
        adding: mode === 'add',
      }),
    [floorNames.rows, mapping, planned, floor, rooms, mode],
  );
  return {
    reading,
    floorShapes: rooms?.shapes ?? null,
    mapping,
    setMapping,
    floorNames: floorNames.note,
    added: floorNames.added,
    planned,
    result,
  };
}

/** The import, after the floors it adds (names of the file's floors chosen as new floors): one undo step. */
function importWithFloors(
  { run, batch }: Pick<EditorContextValue, 'run' | 'batch'>,
  added: readonly Layer[],
  args: ImportArgs,
): boolean {
  if (!added.length) return run(importLocations, args);
  return batch(importLocations.label, () => {
    for (const layer of added) run(addLayer, { layer });
    run(importLocations, args);
  });
}

/** The Import button's words while the floors' drawings are read (a moment; a large plan over a slow line, longer). */
const READING_PLANS = 'Reading the floor plans…';

export function CsvImport({ csv, onDone }: { csv: ParsedCsv; onDone: () => void }) {
  const { doc } = useEditorState();
  const editor = useEditor();
  const { notify } = editor;
  const [mode, setMode] = useState<ImportArgs['mode']>('merge');
  const [floor, setFloor] = useImportFloor(doc);
  const { reading, floorShapes, mapping, setMapping, floorNames, added, planned, result } = useRows(
    csv,
    doc,
    mode,
    floor,
  );
  const over = overLocationLimit(doc, result.locations, mode === 'replace');
  const issues = [
    ...(over ? [over] : []),
    ...csv.errors,
    ...result.issues.map(
      (i) => `${rowSaid(csv, i.line, true)}${i.column ? `, column “${i.column}”` : ''}: ${i.message}`,
    ),
  ];
  const good = result.locations.length;
  const canImport = !result.blocking && !over && good > 0;
  const args = useMemo(() => ({ locations: result.locations, groups: result.groups, mode }), [result, mode]);
  const places = useMemo(
    () => placesAfter(planned, canImport && args, floorShapes),
    [canImport, planned, args, floorShapes],
  );
  const byRow = mapping.includes('layer');
  const placed = useMemo(() => rowsPlacementSaid(doc, floor, result.locations, byRow), [doc, floor, result, byRow]);

  const submit = () => {
    if (!canImport || reading || !importWithFloors(editor, added, args)) return;
    const extras = [
      result.groups.length ? counted(result.groups.length, 'new group') : '',
      added.length ? counted(added.length, 'new floor') : '',
    ].filter(Boolean);
    const also = extras.length ? ` and ${extras.join(' and ')}` : '';
    notify(`${importedSaid(doc, result.locations, mode)}${also}. Undo reverts the import.`, 'info');
    onDone();
  };

  return (
    <div className="csv-import">
      <h3>Columns</h3>
      <CsvColumnsTable csv={csv} mapping={mapping} setMapping={setMapping} />
      <p className="panel__hint">
        {csv.rows.length === 1
          ? 'Preview of the file’s one row.'
          : `Preview of the first ${Math.min(5, csv.rows.length)} of ${csv.rows.length} rows.`}{' '}
        {canImport && `${counted(good, 'location')} ready to import, ${placed}.`}
      </p>
      {canImport && !byRow && (
        <FloorChoice floor={floor} setFloor={setFloor} label="Floor of the new locations (the file names no floors)" />
      )}
      <ModeChoice mode={mode} setMode={setMode} doc={doc} incoming={result.locations} />
      <Issues issues={issues} good={good} blocking={result.blocking || !!over} unit="row" />
      <UnknownFloorsNote {...floorNames} />
      {canImport && <PlacesLostNote {...places} />}
      {canImport && <NewGroupsNote groups={result.groups} doc={doc} />}
      {canImport && <CustomFieldsNote mapping={mapping} />}
      {canImport && (
        <StaleAboutImportNote
          rows={result.locations}
          doc={doc}
          newGroups={result.groups}
          updates={mode !== 'replace'}
        />
      )}
      <div className="confirm__actions">
        <button type="button" className="btn btn--secondary" onClick={onDone}>
          Cancel
        </button>
        {/* Held while the floors' drawings are read: the rows that name a room would not be bound to it yet. */}
        <button type="button" className="btn btn--primary" onClick={submit} disabled={!canImport || reading}>
          {canImport && reading ? READING_PLANS : importLabel(issues.length, over ? 0 : good, 'row')}
        </button>
      </div>
    </div>
  );
}
