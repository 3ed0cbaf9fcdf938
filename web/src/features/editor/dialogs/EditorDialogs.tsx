import { useId, useMemo } from 'react';
import { useAtom, useAtomValue } from 'jotai';
import { previewState } from '@mapnest/shared/wayfinding';
import { Modal } from '../../../components/Modal';
import { counted } from '../../../lib/words';
import { liveLink, PrintDialog, type LiveLink } from '../../print/PrintDialog';
import { MapPreviewDialog } from '../../viewer/MapPreview';
import { useEditor, useEditorState } from '../editor-context';
import { dialogAtom, filePickerAtom, importFilesAtom, layerAtom } from '../editor-state';
import { download, fileNameFor, toCsv, toJson } from '../import/export';
import { geoExportCounts, toGeoJson, toKml } from '../import/export-geo';
import { FileLibraryDialog } from './FileLibraryDialog';
import { ImportDialog } from './ImportDialog';
import { PublishDialog } from './PublishDialog';
import { ShortcutsDialog } from './ShortcutsDialog';

export function EditorDialogs() {
  const [dialog, setDialog] = useAtom(dialogAtom);
  const [picker, setPicker] = useAtom(filePickerAtom);
  const [handed, setHanded] = useAtom(importFilesAtom);
  const close = () => setDialog(null);
  return (
    <>
      {dialog === 'import' && (
        <ImportDialog
          files={handed ?? undefined}
          onClose={() => {
            setHanded(null);
            close();
          }}
        />
      )}
      {dialog === 'export' && <ExportDialog onClose={close} />}
      {dialog === 'print' && <EditorPrintDialog onClose={close} />}
      {dialog === 'shortcuts' && <ShortcutsDialog onClose={close} />}
      {dialog === 'preview' && <PreviewDialog onClose={close} />}
      {dialog === 'publish' && <PublishDialog onClose={close} />}
      {(dialog === 'files' || picker) && (
        <FileLibraryDialog
          onClose={() => {
            setPicker(null);
            if (dialog === 'files') close();
          }}
          onPick={
            picker
              ? (file) => {
                  picker.onPick(file.url, { name: file.name, contentType: file.contentType, size: file.size });
                  setPicker(null);
                }
              : undefined
          }
        />
      )}
    </>
  );
}

function ExportDialog({ onClose }: { onClose: () => void }) {
  const titleId = useId();
  const { doc } = useEditorState();
  const { map } = useEditor();
  return (
    <Modal open onClose={onClose} labelledBy={titleId} className="confirm">
      <h2 id={titleId}>Export</h2>
      <p>The current map, as it is in the editor (saved or not).</p>
      <div className="export-choices">
        <button
          type="button"
          className="btn btn--secondary btn--block"
          onClick={() => download(toJson(doc), fileNameFor(map.title, 'json'), 'application/json')}
        >
          Map as JSON (everything; imports back)
        </button>
        <button
          type="button"
          className="btn btn--secondary btn--block"
          onClick={() => download(toCsv(doc), fileNameFor(map.title, 'csv'), 'text/csv')}
        >
          Locations as CSV ({doc.locations.length} rows)
        </button>
        <GeoExports />
      </div>
      <div className="confirm__actions">
        <button type="button" className="btn btn--primary" onClick={onClose}>
          Done
        </button>
      </div>
    </Modal>
  );
}

/**
 * The locations as GeoJSON (GIS tools and web maps) and KML (Google Earth, My Maps): on a geo-calibrated map only
 * (both place points by latitude and longitude), saying why otherwise, and how many locations have no position of
 * their own. The files are written when asked for.
 */
function GeoExports() {
  const { doc } = useEditorState();
  const { map } = useEditor();
  const hintId = useId();
  const counts = useMemo(() => (doc.settings.geo ? geoExportCounts(doc) : null), [doc]);
  const left = counts?.unplaced ?? 0;
  const hint = !counts
    ? 'GeoJSON and KML place points by latitude and longitude: calibrate the map in Settings first.'
    : `GeoJSON for GIS tools and web maps (QGIS, uMap, geojson.io); KML for Google Earth and My Maps, a folder per group.${
        left === 1
          ? ' 1 location that stands for a shape of the plan has no position of its own and is left out.'
          : left > 1
            ? ` ${left} locations that stand for shapes of the plan have no position of their own and are left out.`
            : ''
      }`;
  const choice = (label: string, write: () => void) => (
    <button
      type="button"
      className="btn btn--secondary btn--block"
      disabled={!counts || counts.points === 0}
      aria-describedby={hintId}
      onClick={write}
    >
      {label}
      {counts ? ` (${counted(counts.points, 'point')})` : ''}
    </button>
  );
  return (
    <>
      {choice('Locations as GeoJSON', () =>
        download(toGeoJson(doc).text, fileNameFor(map.title, 'geojson'), 'application/geo+json'),
      )}
      {choice('Locations as KML', () =>
        download(toKml(doc, map.title).text, fileNameFor(map.title, 'kml'), 'application/vnd.google-earth.kml+xml'),
      )}
      <p className="field__hint" id={hintId}>
        {hint}
      </p>
    </>
  );
}

function PreviewDialog({ onClose }: { onClose: () => void }) {
  const { doc } = useEditorState();
  const { map } = useEditor();
  return (
    <MapPreviewDialog
      heading="Preview of your draft"
      doc={doc}
      title={map.title}
      state={previewState(map.state)}
      link={useLiveLink()}
      onClose={onClose}
    />
  );
}

/** The map visitors open now, for a QR code on printed sheets; null when they cannot (never or no longer published). */
function useLiveLink(): LiveLink | null {
  return liveLink(useEditor().map);
}

/** The map as it is in the editor (saved or not), from the floor in view. */
function EditorPrintDialog({ onClose }: { onClose: () => void }) {
  const { doc } = useEditorState();
  const { map } = useEditor();
  const floor = useAtomValue(layerAtom);
  return <PrintDialog doc={doc} title={map.title} floor={floor} link={useLiveLink()} onClose={onClose} />;
}
