/**
 * The Import dialog's step for a GeoJSON, KML (or KMZ) or GPX file: its points as locations of a geo-calibrated map,
 * with what the file brings besides (groups from its folders and categories, custom fields from its data) and the
 * floor of those that name none.
 */
import { useMemo, useState } from 'react';
import { counted } from '../../../lib/words';
import { importLocations, type ImportArgs } from '../actions/structure';
import { useEditor, useEditorState } from '../editor-context';
import { pointsToLocations, type GeoParsed } from '../import/geo';
import { FloorChoice, placementSaid, useImportFloor } from './ImportFloor';
import { importedSaid, importLabel, Issues, ModeChoice } from './ImportParts';
import { overLocationLimit } from '../import/location-limit';

/** A GeoJSON, KML or GPX file read into points, as the dialog loaded it. */
export interface LoadedPoints {
  name: string;
  format: 'GeoJSON' | 'KML' | 'GPX';
  parsed: GeoParsed;
}

/** The points of the file, where they go, and the button that imports them. */
export function PointsImport({ loaded, onDone }: { loaded: LoadedPoints; onDone: () => void }) {
  const { doc } = useEditorState();
  const { run, notify } = useEditor();
  const [mode, setMode] = useState<ImportArgs['mode']>('merge');
  const [floor, setFloor] = useImportFloor(doc);
  const result = useMemo(() => pointsToLocations(loaded.parsed, doc, { floor }), [loaded, doc, floor]);
  const { locations, groups } = result;
  const over = overLocationLimit(doc, locations, mode === 'replace');
  const issues = over ? [over, ...result.issues] : result.issues;
  return (
    <div>
      <p>
        {loaded.format}: {counted(locations.length, 'point')}
        {result.areas === 1 && ', 1 of them an area’s centre'}
        {result.areas > 1 && `, ${result.areas} of them areas’ centres`}
        {result.skipped > 0 && `; ${counted(result.skipped, 'line')} left out (a line has no one place to stand)`}.
      </p>
      <PointsPreview result={result} />
      <PointsFloor result={result} floor={floor} setFloor={setFloor} />
      <ModeChoice mode={mode} setMode={setMode} doc={doc} incoming={locations} />
      <Issues issues={issues} good={locations.length} blocking={!!over} unit="point" />
      <div className="confirm__actions">
        <button type="button" className="btn btn--secondary" onClick={onDone}>
          Cancel
        </button>
        <button
          type="button"
          className="btn btn--primary"
          disabled={locations.length === 0 || !!over}
          onClick={() => {
            if (run(importLocations, { locations, groups, mode })) {
              const made = groups.length ? ` and ${counted(groups.length, 'new group')}` : '';
              notify(`${importedSaid(doc, locations, mode)}${made}. Undo reverts the import.`, 'info');
              onDone();
            }
          }}
        >
          {importLabel(issues.length, over ? 0 : locations.length, 'point')}
        </button>
      </div>
    </div>
  );
}

/** The first points with their place and group, and what else the file brings: new groups, custom fields. */
function PointsPreview({ result }: { result: ReturnType<typeof pointsToLocations> }) {
  const { doc } = useEditorState();
  const { locations, groups, fields } = result;
  if (locations.length === 0) return null;
  const names = new Map([...doc.groups, ...groups].map((g) => [g.id, g.name]));
  return (
    <>
      <ul className="preview-list">
        {locations.slice(0, 8).map((l) => (
          <li key={l.id}>
            {l.title || l.id} ({l.latlon![0]}, {l.latlon![1]})
            {l.groups?.length ? `, in ${l.groups.map((g) => names.get(g) ?? g).join(', ')}` : ''}
          </li>
        ))}
      </ul>
      {groups.length > 0 && (
        <p className="panel__hint">
          {groups.length === 1 ? 'A new group' : `${groups.length} new groups`}, from the file’s folders and categories:{' '}
          {groups.map((g) => g.name).join(', ')}.
        </p>
      )}
      {fields.length > 0 && (
        <p className="panel__hint">The file’s other data, kept as custom fields: {fields.join(', ')}.</p>
      )}
    </>
  );
}

/**
 * On a map with floors, which floor the points go on (a point names its own with a `floor` or `level` property),
 * with the floor of the others to choose. A map of one floor says nothing: its points show on it.
 */
function PointsFloor({
  result,
  floor,
  setFloor,
}: {
  result: ReturnType<typeof pointsToLocations>;
  floor: string;
  setFloor(id: string): void;
}) {
  const { doc } = useEditorState();
  const { locations, floorNamed } = result;
  if (doc.layers.length < 2 || locations.length === 0) return null;
  const named = new Set(floorNamed);
  const unnamed = locations.filter((l) => !named.has(l.id));
  const placed = placementSaid(doc, floor, { named: named.size, unnamed, unit: 'feature' });
  const label = `Floor of the new locations (${named.size ? 'for the features that name none' : 'the file names no floors'})`;
  return (
    <>
      <p className="panel__hint">
        {counted(locations.length, 'location')} ready to import, {placed}.
      </p>
      {unnamed.length > 0 && <FloorChoice floor={floor} setFloor={setFloor} label={label} />}
    </>
  );
}
