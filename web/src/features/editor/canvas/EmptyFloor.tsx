/**
 * What a floor with no plan and nothing on it offers on the map itself: a new blank map opened on a white canvas with
 * no word of where its floor plan goes (the Layers tab). The note says it, takes the plan from a file or the library
 * into this floor (no second floor beside the blank one), and goes once the floor has a plan or anything on it, or
 * while the author places locations or draws paths (the blank canvas is a way to work too).
 */
import { useRef, useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { imageSize } from '../files-api';
import { useEditorState } from '../editor-context';
import { filePickerAtom, layerAtom, tabAtom, toolAtom } from '../editor-state';
import { useLayerUpload } from '../panels/layer-upload';
import { FLOOR_PLAN_ACCEPT } from '../panels/layer-file';

/** The floor the canvas shows when it has no plan and no location, path or tool at work on it, else null. */
export function useEmptyFloor(): string | null {
  const { doc } = useEditorState();
  const picked = useAtomValue(layerAtom);
  const tool = useAtomValue(toolAtom);
  const tab = useAtomValue(tabAtom);
  const id = doc.layers.some((l) => l.id === picked) ? picked : (doc.settings.defaultLayer ?? doc.layers[0]?.id);
  const floor = doc.layers.find((l) => l.id === id);
  // Placing locations, or drawing paths (the Wayfinding tab's clicks), the blank canvas is in use.
  if (!floor || floor.file.trim() || tool !== 'select' || tab === 'wayfinding') return null;
  const used =
    doc.locations.some((l) => l.layer == null || l.layer === floor.id) || doc.routes.some((r) => r.layer === floor.id);
  return used ? null : floor.id;
}

export function EmptyFloor() {
  const floor = useEmptyFloor();
  const [progress, setProgress] = useState<number | null>(null);
  const { applyFile, uploadAll } = useLayerUpload((p) => setProgress(p ? p.fraction : null));
  const setPicker = useSetAtom(filePickerAtom);
  const input = useRef<HTMLInputElement>(null);
  if (floor === null) return null;
  return (
    <div className="empty-floor" role="note" aria-labelledby="empty-floor-title">
      <p id="empty-floor-title" className="empty-floor__title">
        This floor has no plan yet
      </p>
      <p className="empty-floor__text">Drop a floor plan here (SVG, PNG, JPEG, WEBP or PDF), or choose one:</p>
      <input
        ref={input}
        type="file"
        hidden
        multiple
        accept={FLOOR_PLAN_ACCEPT}
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          e.target.value = '';
          void uploadAll(files, floor);
        }}
      />
      <div className="empty-floor__actions">
        <button type="button" className="btn btn--primary btn--sm" onClick={() => input.current?.click()}>
          Upload a floor plan…
        </button>
        <button
          type="button"
          className="btn btn--secondary btn--sm"
          onClick={() =>
            setPicker({
              onPick: (url, file) => void imageSize(url).then((size) => applyFile(floor, url, file.name, size)),
            })
          }
        >
          From library…
        </button>
      </div>
      {progress !== null ? (
        <p className="empty-floor__text" role="status">
          <progress value={progress} max={1} aria-label="Upload progress" /> Uploading… {Math.round(progress * 100)}%
        </p>
      ) : (
        <p className="empty-floor__text">Or choose “+ Add” and place locations on the blank canvas.</p>
      )}
    </div>
  );
}
