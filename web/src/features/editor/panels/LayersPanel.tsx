import { useEffect, useRef, useState, type DragEvent, type ReactNode } from 'react';
import { useAtom, useSetAtom } from 'jotai';
import type { Layer } from '@mapnest/shared/map-document';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { addLayer, removeLayer, reorderLayer, setDefaultLayer, updateLayer } from '../actions/structure';
import { useEditor, useEditorState } from '../editor-context';
import { filePickerAtom, layerAtom, namingLayerAtom } from '../editor-state';
import { imageSize } from '../files-api';
import { measureSvgRegions, planRecognise, type RecognisePlan } from '../recognise-svg';
import { recogniseRooms } from '../actions/locations';
import { RecognisePreview } from './RecognisePreview';
import { TextProp } from './fields';
import { layerFileName, newFloorId, newFloorName, FLOOR_PLAN_ACCEPT } from './layer-file';
import { useCardReorder, type CardReorder } from './Reorder';
import { useTry } from './use-try';
import { useLayerUpload, type UploadProgress } from './layer-upload';

/** Floors: add from an upload or the library, rename, reorder, replace the file, choose the default; the map's size comes from the file. */
export function LayersPanel() {
  const { doc } = useEditorState();
  const { run } = useEditor();
  const [layer, setLayer] = useAtom(layerAtom);
  const setPicker = useSetAtom(filePickerAtom);
  const [removing, setRemoving] = useState<Layer | null>(null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const target = useRef<string | null>(null);
  const reorder = useCardReorder(
    doc.layers,
    (l) => l.name,
    (id, to) => run(reorderLayer, { id, to }),
  );

  const { applyFile, upload, uploadAll } = useLayerUpload(setProgress);
  // The canvas shows the floor picked, else the one shown first.
  const shown = doc.layers.some((l) => l.id === layer) ? layer : (doc.settings.defaultLayer ?? doc.layers[0]?.id);

  /** Plans dropped or picked on the panel are new floors (`uploadAll`); on a layer's card, the first replaces its plan. */
  const dropUpload = (layerId: string | null) => (files: File[]) =>
    void (layerId === null ? uploadAll(files, null) : upload(files[0]!, layerId));

  const pickUpload = (layerId: string | null) => {
    target.current = layerId;
    fileInput.current?.click();
  };
  const pickLibrary = (layerId: string | null) =>
    setPicker({
      onPick: (url, file) => {
        void imageSize(url).then((size) => applyFile(layerId, url, file.name, size));
      },
    });

  return (
    <div className="layers-panel">
      <input
        ref={fileInput}
        type="file"
        hidden
        multiple
        accept={FLOOR_PLAN_ACCEPT}
        data-testid="layer-file-input"
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          e.target.value = '';
          if (files.length) dropUpload(target.current)(files);
        }}
      />
      <LayersHead
        progress={progress}
        onDropFile={dropUpload(null)}
        onUpload={() => pickUpload(null)}
        onLibrary={() => pickLibrary(null)}
      />
      <ol className="card-list" aria-label="Layers" {...reorder.listProps}>
        {doc.layers.map((l, i) => (
          <LayerCard
            key={l.id}
            layer={l}
            count={doc.layers.length}
            isDefault={(doc.settings.defaultLayer ?? doc.layers[0]!.id) === l.id}
            itemProps={reorder.itemProps(l, i)}
            handle={reorder.handle(l, i)}
            moveButtons={reorder.buttons(l, i)}
            onReplace={() => pickUpload(l.id)}
            onDropFile={dropUpload(l.id)}
            onLibrary={() => pickLibrary(l.id)}
            onDefault={() => run(setDefaultLayer, { id: l.id })}
            onRemove={() => setRemoving(l)}
            shown={shown === l.id}
            onShow={() => {
              setLayer(l.id);
              // The map changes out of a screen reader's reach: say which floor it shows now.
              reorder.announce(`Showing ${l.name}.`);
            }}
          />
        ))}
      </ol>
      {reorder.region}
      <RemoveLayerDialog removing={removing} onDone={() => setRemoving(null)} />
    </div>
  );
}

/** The map's size, the ways to add a floor (drop, upload, library, blank) and the upload's progress. */
function LayersHead({
  progress,
  onDropFile,
  onUpload,
  onLibrary,
}: {
  progress: UploadProgress | null;
  onDropFile(files: File[]): void;
  onUpload(): void;
  onLibrary(): void;
}) {
  const { doc } = useEditorState();
  const { run } = useEditor();
  const setLayer = useSetAtom(layerAtom);
  const setNaming = useSetAtom(namingLayerAtom);
  // A blank layer is a floor like one from a file: named for visitors, its name focused for the author to rename it.
  const addBlank = () => {
    const id = newFloorId(doc.layers);
    if (!run(addLayer, { layer: { id, name: newFloorName('', doc.layers), file: '' } })) return;
    setLayer(id);
    setNaming(id);
  };
  return (
    <div className="panel__head">
      <p className="panel__hint">
        Map size {doc.settings.mapWidth}×{doc.settings.mapHeight} px. Every layer (floor) shares it; upload a file to
        set it.
      </p>
      <DropZone className="drop-zone layers-drop" onFiles={onDropFile}>
        <span className="drop-zone__text">Drop a floor plan here (SVG, PNG, JPEG, WEBP or PDF)</span>
        <button type="button" className="btn btn--primary btn--sm" onClick={onUpload}>
          Upload floor plan…
        </button>
      </DropZone>
      <div className="panel__row">
        <button type="button" className="btn btn--secondary btn--sm" onClick={onLibrary}>
          From library…
        </button>
        <button type="button" className="btn btn--ghost btn--sm" onClick={addBlank}>
          + Blank layer
        </button>
      </div>
      {progress && (
        <div className="upload-progress" role="status">
          <progress value={progress.fraction} max={1} aria-label="Upload progress" /> Uploading…{' '}
          {Math.round(progress.fraction * 100)}%
        </div>
      )}
    </div>
  );
}

/**
 * Asks before deleting a layer; for one that has locations, how: with them, or keeping them (shown on every layer).
 * An empty layer has nothing to keep, so only the delete is offered.
 */
function RemoveLayerDialog({ removing, onDone }: { removing: Layer | null; onDone(): void }) {
  const { doc } = useEditorState();
  const { run } = useEditor();
  const onRemoving = removing ? doc.locations.filter((l) => l.layer === removing.id).length : 0;
  if (removing && onRemoving === 0)
    return (
      <ConfirmDialog
        open
        title={`Delete the layer “${removing.name}”?`}
        subtitle="No location is on this layer. Undo brings it back."
        positive="Delete layer"
        negative="Cancel"
        danger
        onCancel={onDone}
        onConfirm={() => {
          if (run(removeLayer, { id: removing.id, locations: 'delete' })) onDone();
        }}
      />
    );
  return (
    <ConfirmDialog
      open={removing !== null}
      title={`Delete the layer “${removing?.name ?? ''}”?`}
      subtitle={`${onRemoving === 1 ? '1 location is' : `${onRemoving} locations are`} on this layer. Keep ${onRemoving === 1 ? 'it' : 'them'} (shown on every layer) or delete ${onRemoving === 1 ? 'it' : 'them'} with the layer. Undo brings everything back.`}
      positive="Delete layer and its locations"
      negative="Cancel"
      danger
      onCancel={onDone}
      onConfirm={() => {
        if (removing && run(removeLayer, { id: removing.id, locations: 'delete' })) onDone();
      }}
    >
      <button
        type="button"
        className="btn btn--secondary"
        onClick={() => {
          if (removing && run(removeLayer, { id: removing.id, locations: 'unassign' })) onDone();
        }}
      >
        Delete layer, keep its locations
      </button>
    </ConfirmDialog>
  );
}

/**
 * “Recognise SVG”: the rooms of the layer's SVG (shapes with ids, not groups of rooms, backgrounds or marks),
 * previewed before anything changes; confirming adds the new ones at their centres and links existing locations
 * whose title matches a room (one undoable step). `busy` is true while the file is read.
 */
function useRecogniseSvg(l: Layer) {
  const { store, run, notify } = useEditor();
  const [busy, setBusy] = useState(false);
  const [plan, setPlan] = useState<RecognisePlan | null>(null);
  const recognise = async () => {
    setBusy(true);
    try {
      const doc = store.getState().doc;
      const res = await fetch(l.file);
      if (!res.ok) throw new Error(`The layer file could not be read (HTTP ${res.status}).`);
      const map = { width: doc.settings.mapWidth, height: doc.settings.mapHeight };
      const regions = measureSvgRegions(await res.text(), map);
      if (regions.length === 0) {
        notify('This SVG has no shapes with ids, so there is nothing to recognise.', 'info');
        return;
      }
      // On this floor even while the map has one: on every floor a room would take the same id's shape of each.
      setPlan(planRecognise(regions, map, doc.locations, { layer: l.id, type: 'hidden' }));
    } catch (err) {
      notify(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  const confirm = () => {
    if (!plan) return;
    if (run(recogniseRooms, { add: plan.add, bind: plan.bind })) {
      const parts = [
        plan.add.length ? `created ${plan.add.length} locations` : '',
        plan.bind.length ? `linked ${plan.bind.length} to their rooms` : '',
      ].filter(Boolean);
      notify(`From the SVG's rooms: ${parts.join(' and ')}. Undo takes it back.`, 'info');
    }
    setPlan(null);
  };
  const preview = plan && (
    <RecognisePreview plan={plan} layerName={l.name} onConfirm={confirm} onClose={() => setPlan(null)} />
  );
  return { busy, recognise, preview };
}

/** The layer's thumbnail: shows it on the canvas, and is pressed while the canvas shows it. */
function ShowLayerButton({ file, shown, onShow }: { file: string; shown: boolean; onShow(): void }) {
  return (
    <button type="button" className="link-btn" onClick={onShow} title="Show this layer" aria-pressed={shown}>
      {file ? <LayerThumb file={file} /> : <span className="card__thumb card__thumb--blank" />}
    </button>
  );
}

function LayerCard(props: {
  layer: Layer;
  count: number;
  isDefault: boolean;
  /** The floor the canvas shows. */
  shown: boolean;
  itemProps: ReturnType<CardReorder<Layer>['itemProps']>;
  handle: ReactNode;
  moveButtons: ReactNode;
  onReplace(): void;
  onDropFile(files: File[]): void;
  onLibrary(): void;
  onDefault(): void;
  onRemove(): void;
  onShow(): void;
}) {
  const { layer: l, count } = props;
  const attempt = useTry();
  const nameField = useFocusWhenNaming(l.id);
  const { busy, recognise, preview } = useRecogniseSvg(l);
  const isSvg = /\.svg($|[?#])/i.test(l.file);

  return (
    <li className="card" aria-label={l.name} {...props.itemProps} {...dropTarget(props.onDropFile)}>
      <div className="card__row">
        {props.handle}
        <ShowLayerButton file={l.file} shown={props.shown} onShow={props.onShow} />
        <div className="card__grow">
          <TextProp
            label="Name"
            inputRef={nameField}
            value={l.name}
            commit={(v) => attempt(updateLayer, { id: l.id, patch: { name: v } }, `layer:${l.id}:name`)}
          />
          <TextProp
            label="Id"
            value={l.id}
            onBlurOnly
            commit={(v) => attempt(updateLayer, { id: l.id, patch: { id: v.trim() } })}
          />
        </div>
      </div>
      <p className="card__file">{layerFileName(l.file) || 'No file: a blank canvas'}</p>
      <div className="panel__row">
        <label className="check">
          <input type="radio" name="default-layer" checked={props.isDefault} onChange={props.onDefault} /> Shown first
        </label>
        {props.moveButtons}
      </div>
      <div className="panel__row">
        <button type="button" className="btn btn--secondary btn--sm" onClick={props.onReplace}>
          {l.file ? 'Replace file…' : 'Upload file…'}
        </button>
        <button type="button" className="btn btn--ghost btn--sm" onClick={props.onLibrary}>
          Library…
        </button>
        {isSvg && (
          <button
            type="button"
            className="btn btn--ghost btn--sm"
            onClick={() => void recognise()}
            disabled={busy}
            title="Find the rooms (shapes with ids) and preview the locations they would become"
          >
            {busy ? 'Recognising…' : 'Recognise SVG'}
          </button>
        )}
        {preview}
        <button type="button" className="btn btn--ghost btn--sm" onClick={props.onRemove} disabled={count === 1}>
          Delete
        </button>
      </div>
    </li>
  );
}

/**
 * The layer's name field, focused with its text selected once when the layer is to be named (a floor just added), and
 * its whole card brought into view: focusing scrolls only as far as the field, which left the new floor's buttons
 * under the fold of a short panel (a tablet held sideways).
 */
function useFocusWhenNaming(id: string) {
  const [naming, setNaming] = useAtom(namingLayerAtom);
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (naming !== id || !field.current) return;
    field.current.focus({ preventScroll: true });
    // jsdom has no scrolling: the call is left out there.
    field.current.closest('.card')?.scrollIntoView?.({ block: 'nearest' });
    field.current.select();
    setNaming(null);
  }, [naming, id, setNaming]);
  return field;
}

/**
 * A layer's preview: the file itself, drawn small. (Its 256 px thumbnail is made a moment after the upload, so
 * asking for it right away would answer 404; the canvas has the file in the cache anyway.) Loaded eagerly: a map
 * has a few floors, and a lazy image in a panel could be left unloaded until the panel scrolls.
 */
function LayerThumb({ file }: { file: string }) {
  return <img src={file} alt="" className="card__thumb" decoding="async" />;
}

const hasFiles = (e: DragEvent) => Array.from(e.dataTransfer?.types ?? []).includes('Files');

/** Drag-and-drop handlers that hand the dropped files to `onFiles` and mark the target while files are over it. */
function dropTarget(onFiles: (files: File[]) => void) {
  return {
    onDragOver: (e: DragEvent<HTMLElement>) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      e.dataTransfer.dropEffect = 'copy';
      e.currentTarget.classList.add('is-drop-target');
    },
    onDragLeave: (e: DragEvent<HTMLElement>) => e.currentTarget.classList.remove('is-drop-target'),
    onDrop: (e: DragEvent<HTMLElement>) => {
      e.currentTarget.classList.remove('is-drop-target');
      const files = [...(e.dataTransfer?.files ?? [])];
      if (!files.length) return;
      e.preventDefault();
      e.stopPropagation();
      onFiles(files);
    },
  };
}

function DropZone({
  className,
  onFiles,
  children,
}: {
  className: string;
  onFiles(files: File[]): void;
  children: ReactNode;
}) {
  return (
    <div className={className} {...dropTarget(onFiles)}>
      {children}
    </div>
  );
}
