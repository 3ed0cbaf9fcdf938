import { useEffect, useRef } from 'react';
import { useAtom, useSetAtom } from 'jotai';
import { useEditorState } from '../editor-context';
import { revealIfScrolledPast } from '../editor-layout';
import { dialogAtom, selectionAtom, tabAtom } from '../editor-state';
import { usePrimaryPointerIsCoarse } from '../../../lib/pointer-words';
import { BulkPanel } from './locations/BulkPanel';
import { LocationForm } from './locations/LocationForm';
import { afterInspectorRemoval, useFocusKept } from './use-focus-kept';

export { useTry } from './use-try';

export function Inspector() {
  const [selection] = useAtom(selectionAtom);
  const [tab] = useAtom(tabAtom);
  const setDialog = useSetAtom(dialogAtom);
  const { doc } = useEditorState();
  const ids = [...selection].filter((id) => doc.locations.some((l) => l.id === id));
  const form = useRef<HTMLElement>(null);
  const selected = ids.join(' ');
  // On a touch screen the keys (Enter, the arrows on the map) are for a keyboard attached, said apart from the touches.
  const coarse = usePrimaryPointerIsCoarse();
  useFocusKept(form, afterInspectorRemoval);
  useEffect(() => {
    if (selected) revealIfScrolledPast(form.current);
  }, [selected]);
  return (
    <aside ref={form} className="editor__inspector" aria-label="Selected location">
      {ids.length === 0 && tab === 'wayfinding' && (
        // The map's clicks draw and select the walkable network here, whose selection has its card in the panel.
        <div className="inspector__empty">
          <h2>No location selected</h2>
          <p>
            The node or path you select on the map is edited in the Wayfinding panel, under its lists. Locations are
            edited from the Locations tab.
          </p>
        </div>
      )}
      {ids.length === 0 && tab !== 'wayfinding' && (
        <div className="inspector__empty">
          <h2>Nothing selected</h2>
          <p>
            {coarse
              ? 'Tap a location on the map or in the list to edit it. Choose “+ Add” and tap the map to place new ones; drag a marker to move it.'
              : 'Click a location on the map or in the list to edit it. Choose “+ Add” and click the map to place new ones, or press Enter on the map to add one at its centre; drag a marker, or select it and use the arrow keys on the map, to move it.'}
          </p>
          <p className="panel__hint">
            {coarse ? 'With a keyboard: ' : 'Shortcuts: '}A add, V select, Ctrl/⌘+A select all, Delete removes the
            selection, Ctrl/⌘+C, X and V copy, cut and paste it (in another map too), Ctrl/⌘+D duplicates it, Ctrl/⌘+Z
            undo, Ctrl/⌘+Shift+Z or Ctrl+Y redo, Ctrl/⌘+S save, Ctrl/⌘+P print.{' '}
            <button type="button" className="link-btn link-btn--inline" onClick={() => setDialog('shortcuts')}>
              All shortcuts (?)
            </button>
          </p>
        </div>
      )}
      {ids.length === 1 && <LocationForm key={ids[0]} loc={doc.locations.find((l) => l.id === ids[0])!} doc={doc} />}
      {ids.length > 1 && <BulkPanel ids={ids} doc={doc} />}
    </aside>
  );
}
