import {
  useDeferredValue,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type UIEvent,
} from 'react';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import type { Location } from '@mapnest/shared/map-document';
import { SearchInput } from '../../../components/SearchInput';
import { deleteLocations, reorderLocation } from '../actions/locations';
import { importLocations } from '../actions/structure';
import { useEditor, useEditorState } from '../editor-context';
import { dialogAtom, freeRoomsAtom, roomOfferAtom, selectionAtom, toolAtom } from '../editor-state';
import { keyboardMoveTarget, movedMessage, slotFromOffset, useDragReorder } from './drag-reorder';
import { DragHandle, MoveButtons, useAnnouncer } from './Reorder';

const ROW = 44;
const OVERSCAN = 8;
/** Rooms without a location listed by name (all of them can be added at once). */
const MAX_ROOMS_LISTED = 200;

function matches(l: Location, q: string): boolean {
  return (
    l.id.toLowerCase().includes(q) ||
    (l.title ?? '').toLowerCase().includes(q) ||
    (l.about ?? '').toLowerCase().includes(q)
  );
}

const nameOf = (l: Location) => l.title || l.id;

/**
 * The list of locations: search, multi-select (Shift/Ctrl/Cmd, or the arrow keys with Shift), reorder
 * (drag a row's handle, Alt+ArrowUp/Down, or the row's buttons), delete. Only the rows in view render
 * (maps hold thousands), and with them only their drag handles; the drag itself lives in the list.
 */
export function LocationsPanel() {
  const { doc } = useEditorState();
  const { run, canvas } = useEditor();
  const [selection, setSelection] = useAtom(selectionAtom);
  const [tool, setTool] = useAtom(toolAtom);
  const setDialog = useSetAtom(dialogAtom);
  const freeRooms = useAtomValue(freeRoomsAtom);
  const [offer, setOffer] = useAtom(roomOfferAtom);
  const offered = offer ? freeRooms.find((r) => r.id === offer) : undefined;
  const [query, setQuery] = useState('');
  const q = useDeferredValue(query.trim().toLowerCase());
  const [scroll, setScroll] = useState(0);
  const [height, setHeight] = useState(600);
  /** The row the keyboard is on (aria-activedescendant). */
  const [active, setActive] = useState<string | null>(null);
  const anchor = useRef<string | null>(null);
  const list = useRef<HTMLDivElement>(null);
  const ids = useId();
  const [region, announce] = useAnnouncer();
  // Measured by an observer, not during render: reading clientHeight on every render forces a layout.
  const hasList = doc.locations.length > 0;
  useEffect(() => {
    const el = list.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(() => setHeight(el.clientHeight || 600));
    ro.observe(el);
    return () => ro.disconnect();
  }, [hasList]);
  const layerNames = useMemo(() => new Map(doc.layers.map((l) => [l.id, l.name])), [doc.layers]);
  // The colour the map draws each marker in (as the viewer resolves it): style, own colour, first coloured group, primary.
  const swatchOf = useMemo(() => {
    const styleFill = new Map(
      doc.styles.filter((st) => st.markers && st.normal.fill).map((st) => [st.id, st.normal.fill!]),
    );
    const groupColor = new Map(doc.groups.filter((g) => g.color).map((g) => [g.id, g.color!]));
    return (l: Location) =>
      (l.style && styleFill.get(l.style)) ||
      l.color ||
      l.groups?.map((g) => groupColor.get(g)).find(Boolean) ||
      doc.settings.primaryColor;
  }, [doc.styles, doc.groups, doc.settings.primaryColor]);
  const items = useMemo(() => (q ? doc.locations.filter((l) => matches(l, q)) : doc.locations), [doc.locations, q]);
  // The list order is the document's only while no search narrows it down.
  const canReorder = !q && items.length > 1;
  const first = Math.max(0, Math.floor(scroll / ROW) - OVERSCAN);
  const last = Math.min(items.length, Math.ceil((scroll + height) / ROW) + OVERSCAN);
  const activeIndex = active === null ? -1 : items.findIndex((l) => l.id === active);
  const rowId = (i: number) => `${ids}-row-${i}`;

  /** Recognised rooms become locations linked to them (one undoable step). */
  const addRooms = (rooms: readonly Location[]) => {
    if (!run(importLocations, { locations: rooms.slice(), mode: 'add' })) return;
    setOffer(null);
    setSelection(new Set(rooms.length === 1 ? [rooms[0]!.id] : []));
    announce(
      rooms.length === 1 ? `Added “${nameOf(rooms[0]!)}” as a location.` : `Added ${rooms.length} rooms as locations.`,
    );
  };

  const moveTo = (l: Location, to: number) => {
    if (run(reorderLocation, { id: l.id, to })) announce(movedMessage(nameOf(l), to, doc.locations.length));
  };

  const { drag, start } = useDragReorder({
    slotAt(y) {
      const el = list.current;
      if (!el) return 0;
      return slotFromOffset(y - el.getBoundingClientRect().top + el.scrollTop, ROW, items.length);
    },
    scroller: () => list.current,
    onDrop(id, _from, to) {
      const l = doc.locations.find((x) => x.id === id);
      if (l) moveTo(l, to);
    },
  });
  const showDrop = drag !== null && drag.slot !== drag.from && drag.slot !== drag.from + 1;

  /** Scrolls just enough to show row `i`. */
  const reveal = (i: number) => {
    const el = list.current;
    if (!el) return;
    const top = i * ROW;
    const view = el.clientHeight || height;
    let next = el.scrollTop;
    if (top < next) next = top;
    else if (top + ROW > next + view) next = top + ROW - view;
    if (next !== el.scrollTop) el.scrollTop = next;
    setScroll(next);
  };

  const selectRange = (toId: string) => {
    const a = items.findIndex((x) => x.id === anchor.current);
    const b = items.findIndex((x) => x.id === toId);
    if (a < 0 || b < 0) return false;
    const [from, to] = a < b ? [a, b] : [b, a];
    setSelection(new Set(items.slice(from, to + 1).map((x) => x.id)));
    return true;
  };

  const click = (l: Location, e: MouseEvent) => {
    setActive(l.id);
    if (e.shiftKey && anchor.current && selectRange(l.id)) return;
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

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (items.length === 0) return;
    const index = activeIndex;
    if (e.altKey && (e.key === 'ArrowUp' || e.key === 'ArrowDown')) {
      e.preventDefault();
      if (index < 0) return;
      if (!canReorder) {
        announce(q ? 'Clear the search to reorder locations.' : 'There is nothing to reorder.');
        return;
      }
      const to = keyboardMoveTarget(e, index, items.length);
      if (to === null) return announce(`“${nameOf(items[index]!)}” is already ${index === 0 ? 'first' : 'last'}.`);
      moveTo(items[index]!, to);
      reveal(to);
      return;
    }
    if ((e.key === 'Enter' || e.key === ' ') && index >= 0 && !e.altKey && !e.ctrlKey && !e.metaKey) {
      e.preventDefault();
      const id = items[index]!.id;
      anchor.current = id;
      setSelection(new Set([id]));
      canvas()?.reveal(id);
      return;
    }
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const page = Math.max(1, Math.floor((list.current?.clientHeight || height) / ROW) - 1);
    const from = index < 0 ? -1 : index;
    const next = {
      ArrowDown: Math.min(items.length - 1, from + 1),
      ArrowUp: from < 0 ? 0 : Math.max(0, from - 1),
      Home: 0,
      End: items.length - 1,
      PageDown: Math.min(items.length - 1, Math.max(0, from) + page),
      PageUp: Math.max(0, from - page),
    }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    const id = items[next]!.id;
    setActive(id);
    reveal(next);
    if (e.shiftKey && anchor.current && selectRange(id)) return;
    anchor.current = id;
    setSelection(new Set([id]));
  };

  return (
    <div className="locations-panel">
      <div className="panel__head">
        <SearchInput
          value={query}
          onChange={setQuery}
          label="Search locations"
          placeholder="Search locations"
          shortcutKey="/"
        />
        <div className="panel__row">
          <button
            type="button"
            className={tool === 'add' ? 'btn btn--primary btn--sm' : 'btn btn--secondary btn--sm'}
            onClick={() => setTool(tool === 'add' ? 'select' : 'add')}
            aria-pressed={tool === 'add'}
          >
            {tool === 'add' ? 'Click the map to add…' : '+ Add'}
          </button>
          <button type="button" className="btn btn--ghost btn--sm" onClick={() => setDialog('import')}>
            Import
          </button>
          <button
            type="button"
            className="btn btn--ghost btn--sm"
            onClick={() => setSelection(new Set(items.map((l) => l.id)))}
            disabled={items.length === 0}
          >
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
        {offered && (
          <div className="panel__row room-offer" role="group" aria-label="Room without a location">
            <span className="panel__hint">
              The room “{offered.title}” ({offered.id}) has no location.
            </span>
            <button type="button" className="btn btn--primary btn--sm" onClick={() => addRooms([offered])}>
              Add as location
            </button>
            <button type="button" className="btn btn--ghost btn--sm" onClick={() => setOffer(null)}>
              Dismiss
            </button>
          </div>
        )}
        {freeRooms.length > 0 && (
          <details className="rooms-free">
            <summary>
              {freeRooms.length === 1
                ? '1 room on this floor has no location'
                : `${freeRooms.length} rooms on this floor have no location`}
            </summary>
            <div className="panel__row">
              <button type="button" className="btn btn--secondary btn--sm" onClick={() => addRooms(freeRooms)}>
                {freeRooms.length === 1 ? 'Add it as a location' : `Add all ${freeRooms.length} as locations`}
              </button>
            </div>
            <ul className="rooms-free__list" aria-label="Rooms without a location">
              {freeRooms.slice(0, MAX_ROOMS_LISTED).map((r) => (
                <li key={r.id} className={r.id === offer ? 'is-offered' : undefined}>
                  <span className="vlist__text">
                    <span className="vlist__title">{nameOf(r)}</span>
                    <span className="vlist__meta">{r.id}</span>
                  </span>
                  <button
                    type="button"
                    className="btn btn--ghost btn--sm"
                    onClick={() => addRooms([r])}
                    aria-label={`Add ${nameOf(r)} as a location`}
                  >
                    Add
                  </button>
                </li>
              ))}
            </ul>
            {freeRooms.length > MAX_ROOMS_LISTED && (
              <p className="panel__hint">and {freeRooms.length - MAX_ROOMS_LISTED} more; “Add all” adds them too.</p>
            )}
          </details>
        )}
      </div>
      {doc.locations.length === 0 ? (
        <p className="panel__empty">
          No locations yet. Choose <strong>+ Add</strong> and click the map, or import a CSV, GeoJSON or KML file.
        </p>
      ) : items.length === 0 ? (
        <p className="panel__empty">No location matches “{query}”.</p>
      ) : (
        <div
          className="vlist"
          role="listbox"
          aria-label="Locations"
          aria-multiselectable="true"
          aria-describedby={`${ids}-keys`}
          aria-activedescendant={activeIndex >= first && activeIndex < last ? rowId(activeIndex) : undefined}
          tabIndex={0}
          data-dragging={drag ? true : undefined}
          onKeyDown={onKeyDown}
          onFocus={(e) => {
            // Tabbing in starts on a selected row in view, else the first row in view. No scrolling here:
            // a click on a row focuses the list first, and a jump would put another row under the pointer.
            if (e.target !== e.currentTarget || (activeIndex >= first && activeIndex < last)) return;
            const inView = items.slice(first, last);
            setActive((inView.find((l) => selection.has(l.id)) ?? inView[0])?.id ?? null);
          }}
          onScroll={(e: UIEvent<HTMLDivElement>) => setScroll(e.currentTarget.scrollTop)}
          ref={list}
        >
          <div style={{ height: items.length * ROW, position: 'relative' }}>
            {items.slice(first, last).map((l, k) => {
              const i = first + k;
              const selected = selection.has(l.id);
              const classes = [
                'vlist__row',
                selected && 'is-selected',
                i === activeIndex && 'is-active',
                drag?.id === l.id && 'is-dragged',
              ]
                .filter(Boolean)
                .join(' ');
              return (
                <div
                  key={l.id}
                  id={rowId(i)}
                  role="option"
                  aria-selected={selected}
                  className={classes}
                  style={{ top: i * ROW, height: ROW }}
                  onClick={(e) => click(l, e)}
                  data-id={l.id}
                >
                  {canReorder && <DragHandle onPointerDown={(e) => start(e, l.id, i)} />}
                  <span className="vlist__swatch" style={{ background: swatchOf(l) }} aria-hidden="true" />
                  <span className="vlist__text">
                    <span className="vlist__title">{nameOf(l)}</span>
                    <span className="vlist__meta">
                      {l.id}
                      {l.layer ? ` · ${layerNames.get(l.layer) ?? l.layer}` : ''}
                      {l.hide ? ' · hidden' : ''}
                      {l.disable ? ' · disabled' : ''}
                    </span>
                  </span>
                  {canReorder && selected && selection.size === 1 && (
                    // The listbox's Alt+Arrow keys are the keyboard path; these buttons are for the pointer.
                    <MoveButtons
                      name={nameOf(l)}
                      index={i}
                      count={items.length}
                      tabIndex={-1}
                      onMove={(to) => moveTo(l, to)}
                    />
                  )}
                </div>
              );
            })}
            {showDrop && <div className="vlist__drop" style={{ top: drag.slot * ROW }} aria-hidden="true" />}
          </div>
        </div>
      )}
      <p id={`${ids}-keys`} className="visually-hidden">
        Arrow keys move through the list, Shift with an arrow key extends the selection, Alt with Up or Down moves the
        location, Delete removes the selection.
      </p>
      {q && items.length > 1 && <p className="panel__hint">Clear the search to reorder locations.</p>}
      {region}
    </div>
  );
}
