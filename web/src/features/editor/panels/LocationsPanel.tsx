import { useDeferredValue, useEffect, useMemo, useRef, useState, type UIEvent } from 'react';
import { useAtom, useSetAtom } from 'jotai';
import type { Location } from '@mapnest/shared/map-document';
import { SearchInput } from '../../../components/SearchInput';
import { deleteLocations, reorderLocation } from '../actions/locations';
import { useEditor, useEditorState } from '../editor-context';
import { dialogAtom, selectionAtom, toolAtom } from '../editor-state';

const ROW = 44;
const OVERSCAN = 8;

function matches(l: Location, q: string): boolean {
  return l.id.toLowerCase().includes(q) || (l.title ?? '').toLowerCase().includes(q) || (l.about ?? '').toLowerCase().includes(q);
}

/** The list of locations: search, multi-select (Shift/Ctrl/Cmd), reorder, delete. Only visible rows render (maps hold thousands). */
export function LocationsPanel() {
  const { doc } = useEditorState();
  const { run, canvas } = useEditor();
  const [selection, setSelection] = useAtom(selectionAtom);
  const [tool, setTool] = useAtom(toolAtom);
  const setDialog = useSetAtom(dialogAtom);
  const [query, setQuery] = useState('');
  const q = useDeferredValue(query.trim().toLowerCase());
  const [scroll, setScroll] = useState(0);
  const [height, setHeight] = useState(600);
  const anchor = useRef<string | null>(null);
  const list = useRef<HTMLDivElement>(null);
  // Measured by an observer, not during render: reading clientHeight on every render forces a layout.
  const hasList = doc.locations.length > 0;
  useEffect(() => {
    const el = list.current;
    if (!el) return;
    const ro = new ResizeObserver(() => setHeight(el.clientHeight || 600));
    ro.observe(el);
    return () => ro.disconnect();
  }, [hasList]);
  const layerNames = useMemo(() => new Map(doc.layers.map((l) => [l.id, l.name])), [doc.layers]);
  const items = useMemo(() => (q ? doc.locations.filter((l) => matches(l, q)) : doc.locations), [doc.locations, q]);
  const first = Math.max(0, Math.floor(scroll / ROW) - OVERSCAN);
  const last = Math.min(items.length, Math.ceil((scroll + height) / ROW) + OVERSCAN);

  const click = (l: Location, e: React.MouseEvent) => {
    if (e.shiftKey && anchor.current) {
      const a = items.findIndex((x) => x.id === anchor.current);
      const b = items.findIndex((x) => x.id === l.id);
      const [from, to] = a < b ? [a, b] : [b, a];
      setSelection(new Set(items.slice(from, to + 1).map((x) => x.id)));
      return;
    }
    anchor.current = l.id;
    if (e.ctrlKey || e.metaKey) {
      const next = new Set(selection);
      if (next.has(l.id)) next.delete(l.id);
      else next.add(l.id);
      setSelection(next);
    } else {
      setSelection(new Set([l.id]));
      canvas()?.reveal(l.id);
    }
  };

  return (
    <div className="locations-panel">
      <div className="panel__head">
        <SearchInput value={query} onChange={setQuery} label="Search locations" placeholder="Search locations" shortcutKey="/" />
        <div className="panel__row">
          <button type="button" className={tool === 'add' ? 'btn btn--primary btn--sm' : 'btn btn--secondary btn--sm'} onClick={() => setTool(tool === 'add' ? 'select' : 'add')} aria-pressed={tool === 'add'}>
            {tool === 'add' ? 'Click the map to add…' : '+ Add'}
          </button>
          <button type="button" className="btn btn--ghost btn--sm" onClick={() => setDialog('import')}>
            Import
          </button>
          <button type="button" className="btn btn--ghost btn--sm" onClick={() => setSelection(new Set(items.map((l) => l.id)))} disabled={items.length === 0}>
            Select all
          </button>
        </div>
        {selection.size > 1 && (
          <div className="panel__row">
            <span className="panel__hint">{selection.size} selected</span>
            <button
              type="button"
              className="btn btn--danger btn--sm"
              onClick={() => {
                if (run(deleteLocations, { ids: [...selection] })) setSelection(new Set());
              }}
            >
              Delete {selection.size}
            </button>
          </div>
        )}
      </div>
      {doc.locations.length === 0 ? (
        <p className="panel__empty">No locations yet. Choose <strong>+ Add</strong> and click the map, or import a CSV, GeoJSON or KML file.</p>
      ) : items.length === 0 ? (
        <p className="panel__empty">No location matches “{query}”.</p>
      ) : (
        <div
          className="vlist"
          role="listbox"
          aria-label="Locations"
          aria-multiselectable="true"
          onScroll={(e: UIEvent<HTMLDivElement>) => setScroll(e.currentTarget.scrollTop)}
          ref={list}
        >
          <div style={{ height: items.length * ROW, position: 'relative' }}>
            {items.slice(first, last).map((l, k) => {
              const i = first + k;
              const selected = selection.has(l.id);
              const docIndex = selected && !q ? i : -1;
              return (
                <div
                  key={l.id}
                  role="option"
                  aria-selected={selected}
                  className={selected ? 'vlist__row is-selected' : 'vlist__row'}
                  style={{ top: i * ROW, height: ROW }}
                  onClick={(e) => click(l, e)}
                  data-id={l.id}
                >
                  <span className="vlist__swatch" style={{ background: l.color ?? doc.settings.primaryColor }} aria-hidden="true" />
                  <span className="vlist__text">
                    <span className="vlist__title">{l.title || l.id}</span>
                    <span className="vlist__meta">
                      {l.id}
                      {l.layer ? ` · ${layerNames.get(l.layer) ?? l.layer}` : ''}
                      {l.hide ? ' · hidden' : ''}
                      {l.disable ? ' · disabled' : ''}
                    </span>
                  </span>
                  {docIndex >= 0 && selection.size === 1 && (
                    <span className="vlist__order">
                      <button type="button" className="icon-btn" aria-label="Move up" disabled={i === 0} onClick={(e) => (e.stopPropagation(), run(reorderLocation, { id: l.id, to: i - 1 }))}>
                        ↑
                      </button>
                      <button type="button" className="icon-btn" aria-label="Move down" disabled={i === items.length - 1} onClick={(e) => (e.stopPropagation(), run(reorderLocation, { id: l.id, to: i + 1 }))}>
                        ↓
                      </button>
                    </span>
                  )}
                </div>
              );
            })}
          </div>
        </div>
      )}
    </div>
  );
}
