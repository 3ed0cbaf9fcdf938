/**
 * The Import dialog's whole maps: a Mapnest JSON (or a Mapplic export that names no floor files) read in one go, and
 * a Mapplic site, whose floors are matched to their files in the site picker (as on /maps/new) and uploaded only when
 * the author replaces the map with it. Either can instead add its locations only. Each import is one undo step.
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { Location, MapDocument } from '@mapnest/shared/map-document';
import { DOCUMENT_MAX_BYTES, documentSizeProblem } from '@mapnest/shared/storage';
import { Spinner } from '../../../components/Spinner';
import { counted } from '../../../lib/words';
import { importLocations, replaceDocument } from '../actions/structure';
import { useEditor, useEditorState } from '../editor-context';
import { withoutOldSiteImages } from '../import/mapplic-site';
import {
  afterFailedUpload,
  buildMapplicSite,
  buildSiteLocations,
  floorsToUpload,
  imagesProblem,
  imagesToUpload,
  siteProblem,
  type MapplicSiteChoice,
} from '../import/site-choice';
import { ImportWarnings, MapplicSitePicker } from './MapplicSitePicker';

export interface LoadedDocument {
  format: 'Mapnest' | 'Mapplic';
  doc: MapDocument;
  warnings: string[];
}

/**
 * The file's locations for a map that keeps its own floors, groups and styles: references to the file's layers and
 * styles that this map lacks are dropped, and only the groups new to the map come along.
 */
function locationsOnly(current: MapDocument, d: MapDocument): { locations: Location[]; groups: MapDocument['groups'] } {
  const layers = new Set(current.layers.map((l) => l.id));
  const styles = new Set(current.styles.map((s) => s.id));
  const groups = d.groups.filter((g) => !current.groups.some((x) => x.id === g.id));
  const locations = d.locations.map((l) => {
    const c = { ...l };
    if (c.layer && !layers.has(c.layer)) delete c.layer;
    if (c.style && !styles.has(c.style)) delete c.style;
    return c;
  });
  return { locations, groups };
}

/**
 * Why adding a document's locations to this map cannot work, or null: with them this map would be over the map size
 * limit, which its save refuses. The document's own size does not matter: only its locations and new groups come (a
 * Mapplic export over the limit for its wayfinding paths may still give its locations).
 */
export function addedLocationsProblem(current: MapDocument, imported: MapDocument): string | null {
  const { locations, groups } = locationsOnly(current, imported);
  let after: MapDocument;
  try {
    after = importLocations.perform(current, { locations, groups, mode: 'merge' });
  } catch {
    // The action's own refusal (a location it cannot take) is said when it runs.
    return null;
  }
  const problem = documentSizeProblem(JSON.stringify(after));
  if (!problem) return null;
  // Its size only: the advice is the export's own message's, often said just above.
  const size = problem.split(';')[0]!.replace(/^This map is /, '');
  return `With its locations added, this map would be ${size}, over the ${DOCUMENT_MAX_BYTES / 1_000_000} MB map size limit.`;
}

/** The floor connectors (lifts, stairs) of a document's paths: the ids their ends share across floors. */
const connectorsOf = (d: MapDocument) =>
  new Set(d.routes.filter((r) => r.connector && r.endpoint).map((r) => r.endpoint));

/** A document's wayfinding: '10 wayfinding paths, 2 floor connectors' ('0 wayfinding paths' without any). */
function wayfindingOf(d: MapDocument): string {
  const connectors = connectorsOf(d).size;
  const paths = counted(d.routes.length, 'wayfinding path');
  return connectors ? `${paths}, ${counted(connectors, 'floor connector')}` : paths;
}

/** What "Replace this map with it" does to this map's wayfinding paths, which "Add its locations only" keeps. */
function PathsOnReplace({ current, imported }: { current: MapDocument; imported: MapDocument | null }) {
  const mine = current.routes.length;
  if (!imported || mine === 0) return null;
  const theirs = imported.routes.length;
  return (
    <p className="field__hint">
      {theirs
        ? `Replacing this map also replaces its ${counted(mine, 'wayfinding path')} with the file’s ${theirs}.`
        : `Replacing this map also removes its ${counted(mine, 'wayfinding path')}: the file has none.`}{' '}
      Adding its locations only keeps them.
    </p>
  );
}

/** Adds an imported document's locations to the map in one undo step, saying so (`note` after the count). */
function useAddLocations(): (imported: MapDocument, note?: string) => boolean {
  const { run, notify } = useEditor();
  const { doc } = useEditorState();
  return (imported, note = '') => {
    const { locations, groups } = locationsOnly(doc, imported);
    if (!run(importLocations, { locations, groups, mode: 'merge' })) return false;
    notify(`Added ${counted(locations.length, 'location')}${note}. Undo reverts the import.`, 'info');
    return true;
  };
}

/** Cancel, "Add its locations only" and "Replace this map with it", for either kind of whole map. */
function DocumentActions({
  imported,
  canReplace,
  addProblem,
  said,
  busy,
  onAdd,
  onReplace,
  onDone,
}: {
  /** The imported document, once it is read. */
  imported: MapDocument | null;
  canReplace: boolean;
  /** Why "Add its locations only" cannot work, or null: it is offered only when it can. */
  addProblem: string | null;
  /** What the dialog already says above: not said twice. */
  said?: string | null;
  /** The import is under way (its files uploading): nothing else may start. */
  busy: boolean;
  onAdd(): void;
  onReplace(): void;
  onDone(): void;
}) {
  const { doc } = useEditorState();
  const addHint = useId();
  const showAddProblem = !!addProblem && addProblem !== said;
  const canAdd = !busy && !!imported && imported.locations.length > 0 && !addProblem;
  return (
    <>
      <PathsOnReplace current={doc} imported={imported} />
      {showAddProblem && (
        <p className="field__hint" id={addHint}>
          {addProblem}
        </p>
      )}
      {/* A refused Replace, said above, must not read as "nothing can be done" when adding still works. */}
      {!canReplace && canAdd && (
        <p className="field__hint" role="status">
          {`Its ${counted(imported.locations.length, 'location')} can still be added to this map with “Add its locations only”.`}
        </p>
      )}
      <div className="confirm__actions">
        <button type="button" className="btn btn--secondary" onClick={onDone}>
          Cancel
        </button>
        <button
          type="button"
          className="btn btn--secondary"
          disabled={!canAdd}
          aria-describedby={showAddProblem ? addHint : undefined}
          onClick={onAdd}
        >
          Add its locations only
        </button>
        <button type="button" className="btn btn--primary" disabled={busy || !canReplace} onClick={onReplace}>
          {busy && <Spinner size="sm" label="Uploading the floor plans" />}
          {busy ? 'Uploading…' : 'Replace this map with it'}
        </button>
      </div>
    </>
  );
}

/** A whole map read from one JSON file: what it holds, what was changed to fit, and the two ways to take it. */
export function DocumentImport({ loaded, onDone }: { loaded: LoadedDocument; onDone: () => void }) {
  const { run, notify } = useEditor();
  const { doc: current } = useEditorState();
  const addLocations = useAddLocations();
  // No files come with the JSON: images named by another site's address could only 404 here.
  const { doc: d, dropped } = useMemo(() => withoutOldSiteImages(loaded.doc), [loaded.doc]);
  // Either choice is offered only if the map it makes can be saved.
  const replaceProblem = useMemo(() => documentSizeProblem(JSON.stringify(d)), [d]);
  const addProblem = useMemo(() => addedLocationsProblem(current, d), [current, d]);
  return (
    <div>
      <p>
        A {loaded.format} map: {counted(d.layers.length, 'layer')}, {counted(d.locations.length, 'location')},{' '}
        {counted(d.groups.length, 'group')}, {counted(d.styles.length, 'style')}, {wayfindingOf(d)} (
        {d.settings.mapWidth}×{d.settings.mapHeight} px).
      </p>
      <ImportWarnings warnings={loaded.warnings} />
      {dropped.length > 0 && (
        <p className="field__hint">
          Left out, as its locations name them by addresses on another site and no files come with this JSON:{' '}
          {dropped.join(', ')}.
        </p>
      )}
      {replaceProblem && (
        <p className="field__hint" role="status">
          {replaceProblem}
        </p>
      )}
      <DocumentActions
        imported={d}
        canReplace={!replaceProblem}
        addProblem={addProblem}
        busy={false}
        onDone={onDone}
        onAdd={() => {
          if (addLocations(d, dropped.length ? ` (${counted(dropped.length, 'image')} left out)` : '')) onDone();
        }}
        onReplace={() => {
          if (run(replaceDocument, { doc: d, label: 'Replace the map with the imported one' })) {
            notify('The map was replaced by the imported one. Undo brings yours back.', 'info');
            onDone();
          }
        }}
      />
    </div>
  );
}

/**
 * The uploads an import waits for: `withUploads(build, apply)` uploads what `build` needs, then applies the document
 * it makes and closes the dialog; a failure changes nothing and says why (and `onFailure` hears of it, to keep what
 * was uploaded and let the author decide on a refused image). Closing the dialog stops the uploads, and what they
 * would have made is never applied.
 */
function useUploads(onDone: () => void, onFailure: (error: unknown) => void) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const uploads = useRef<AbortController | null>(null);
  useEffect(() => () => uploads.current?.abort(), []);
  const withUploads = async (
    build: (signal: AbortSignal) => Promise<MapDocument>,
    apply: (doc: MapDocument) => boolean,
  ) => {
    if (busy) return;
    const stop = new AbortController();
    uploads.current = stop;
    setBusy(true);
    setFailure(null);
    try {
      const doc = await build(stop.signal);
      if (stop.signal.aborted) return;
      if (apply(doc)) {
        onDone();
        return;
      }
    } catch (e) {
      if (stop.signal.aborted) return;
      onFailure(e);
      setFailure(`The map was not changed. ${e instanceof Error ? e.message : String(e)}`);
    }
    setBusy(false);
  };
  return { busy, failure, withUploads };
}

/**
 * A Mapplic site: the export with its floor files, each floor matched to its file (the missing ones asked for), the
 * map's size taken from the plans. The map changes only on "Replace this map with it", once the plans are uploaded
 * (or "Add its locations only", once their images are); a failed upload, or the dialog closed meanwhile, leaves it
 * as it was.
 */
export function MapplicImport({
  value,
  onChange,
  onDone,
}: {
  value: MapplicSiteChoice;
  onChange(next: MapplicSiteChoice): void;
  onDone: () => void;
}) {
  const { run, notify } = useEditor();
  const addLocations = useAddLocations();
  const { busy, failure, withUploads } = useUploads(onDone, (e) => {
    const next = afterFailedUpload(value, e);
    if (next) onChange(next);
  });
  const { doc: current } = useEditorState();
  const problem = siteProblem(value);
  const images = imagesToUpload(value).length;
  // Adding takes the locations alone: the export's size and its plans do not matter, the map it adds them to does.
  const site = value.site;
  const sizeProblem = useMemo(() => site && addedLocationsProblem(current, site.result.document), [current, site]);
  const addProblem = value.reading ? problem : (imagesProblem(value) ?? sizeProblem);
  const replace = () => {
    const plans = floorsToUpload(value).length;
    const added = [plans && counted(plans, 'floor plan'), images && counted(images, 'image')].filter(Boolean);
    const ok = (doc: MapDocument) => {
      if (!run(replaceDocument, { doc, label: 'Replace the map with the Mapplic map' })) return false;
      notify(
        `The map was replaced by the Mapplic map${added.length ? `, with ${added.join(' and ')} added to your files` : ''}. Undo brings yours back.`,
        'info',
      );
      return true;
    };
    if (!problem) void withUploads((signal) => buildMapplicSite(value, signal), ok);
  };
  // The locations' images picked with the site are uploaded too; the map keeps its floors, so none is asked for.
  const addSiteLocations = () => {
    const note = images ? `, with ${counted(images, 'image')} added to your files` : '';
    if (value.site && !addProblem)
      void withUploads(
        (signal) => buildSiteLocations(value, signal),
        (doc) => {
          // Measured again as it will be added (with its images' uploaded addresses): nothing over the limit is applied.
          const tooLarge = addedLocationsProblem(current, doc);
          if (tooLarge) throw new Error(tooLarge);
          return addLocations(doc, note);
        },
      );
  };

  return (
    <div className="mapplic-import">
      <MapplicSitePicker value={value} onChange={onChange} disabled={busy} />
      {(value.site || value.files.length > 0) && problem && (
        <p className="field__hint" role="status">
          {problem}
        </p>
      )}
      {failure && (
        <p className="form-alert form-alert--error" role="alert">
          {failure}
        </p>
      )}
      <DocumentActions
        imported={value.site?.result.document ?? null}
        canReplace={!problem}
        addProblem={addProblem}
        said={value.site || value.files.length > 0 ? problem : null}
        busy={busy}
        onDone={onDone}
        onAdd={addSiteLocations}
        onReplace={replace}
      />
    </div>
  );
}
