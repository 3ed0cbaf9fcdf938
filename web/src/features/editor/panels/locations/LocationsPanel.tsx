import { useDeferredValue, useId, useMemo, useState } from 'react';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import type { Group, Location } from '@mapnest/shared/map-document';
import { foldText, htmlToText, queryTerms } from '../../../../map-core/text-search';
import { SearchInput } from '../../../../components/SearchInput';
import { deleteLocations, reorderLocation } from '../../actions/locations';
import { importLocations } from '../../actions/structure';
import { useEditor, useEditorState } from '../../editor-context';
import { usePointerWords, usePrimaryPointerIsCoarse } from '../../../../lib/pointer-words';
import { pasteByButton } from '../../clipboard-buttons';
import { useCommandContext } from '../../commands';
import { number } from '../../../../lib/words';
import { dialogAtom, freeRoomsAtom, roomOfferAtom, selectionAtom, toolAtom } from '../../editor-state';
import { movedMessage, slotFromOffset, useDragReorder } from '../drag-reorder';
import { nameOf, ROW, useListNavigation, useListViewport } from './location-list';
import { LocationListbox } from './LocationListbox';
import { useAnnouncer } from '../Reorder';

/** Rooms without a location listed by name (all of them can be added at once). */
const MAX_ROOMS_LISTED = 200;

/**
 * What the list's search reads of a location, folded as the viewer's search folds it: its id and everything a
 * visitor's search can find it by (its title, About, Description, groups' names, custom fields, label, phone, email
 * and hours), so a lot the public map finds by "sold" or its area is found here too.
 */
function searchText(l: Location, groupNames: ReadonlyMap<string, string>): string {
  const groups = (l.groups ?? []).map((id) => groupNames.get(id) ?? '');
  const texts = [l.id, l.title, l.about, l.desc && htmlToText(l.desc), ...groups, l.label, l.phone, l.email, l.hours];
  return foldText([...texts, ...Object.values(l.fields ?? {})].filter(Boolean).join('\n'));
}

/**
 * The locations whose search text has every term of the query, in the document's order. The texts are read while a
 * search is on, and kept by location for as long as the groups stay the same: an edit of a big map while its list is
 * searched folds again only the locations the edit made anew, not every location's text.
 */
function useSearch(locations: readonly Location[], groups: readonly Group[], query: string): readonly Location[] {
  const terms = useMemo(() => queryTerms(query), [query]);
  const searching = terms.length > 0;
  const known = useMemo(
    () => ({ names: new Map(groups.map((g) => [g.id, g.name])), texts: new WeakMap<Location, string>() }),
    [groups],
  );
  const texts = useMemo(() => {
    if (!searching) return null;
    return locations.map((l) => {
      let text: string | undefined = known.texts.get(l);
      if (text === undefined) known.texts.set(l, (text = searchText(l, known.names)));
      return text;
    });
  }, [locations, known, searching]);
  return useMemo(
    () => (texts ? locations.filter((_, i) => terms.every((t) => texts[i]!.includes(t))) : locations),
    [locations, texts, terms],
  );
}

/**
 * The list of locations: search, multi-select (Shift/Ctrl/Cmd, or the arrow keys with Shift), reorder
 * (drag a row's handle, Alt+ArrowUp/Down, or the row's buttons), delete. Only the rows in view render
 * (maps hold thousands), and with them only their drag handles; the drag itself lives in the list.
 */
export function LocationsPanel() {
  const { doc } = useEditorState();
  const { run } = useEditor();
  const forPointer = usePointerWords();
  const [query, setQuery] = useState('');
  const q = useDeferredValue(query.trim());
  const ids = useId();
  const [region, announce] = useAnnouncer();
  const items = useSearch(doc.locations, doc.groups, q);
  const viewport = useListViewport(doc.locations.length > 0, items.length);
  // The list order is the document's only while no search narrows it down.
  const canReorder = !q && items.length > 1;

  const moveTo = (l: Location, to: number) => {
    if (run(reorderLocation, { id: l.id, to })) announce(movedMessage(nameOf(l), to, doc.locations.length));
  };
  const nav = useListNavigation({ items, viewport, canReorder, searching: !!q, moveTo, announce });
  const { drag, start } = useDragReorder({
    slotAt(y) {
      const el = viewport.list.current;
      if (!el) return 0;
      return slotFromOffset(y - el.getBoundingClientRect().top + el.scrollTop, ROW, items.length);
    },
    scroller: () => viewport.list.current,
    onDrop(id, _from, to) {
      const l = doc.locations.find((x) => x.id === id);
      if (l) moveTo(l, to);
    },
  });

  return (
    <div className="locations-panel">
      <div className="panel__head">
        <LocationsToolbar query={query} onQuery={setQuery} items={items} />
        <RoomOffers announce={announce} />
      </div>
      {doc.locations.length === 0 ? (
        <p className="panel__empty">
          No locations yet. Choose <strong>+ Add</strong> and {forPointer('click')} the map, or import a spreadsheet
          (CSV or Excel) or a GeoJSON, KML or GPX file.
        </p>
      ) : items.length === 0 ? (
        <p className="panel__empty">No location matches “{query}”.</p>
      ) : (
        <LocationListbox
          ids={ids}
          items={items}
          listRef={viewport.list}
          viewport={viewport}
          nav={nav}
          canReorder={canReorder}
          drag={drag}
          onDragStart={start}
          onMove={moveTo}
        />
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

/** Search, the add tool, Import, Select all, and Delete for a selection of several. */
function LocationsToolbar({
  query,
  onQuery,
  items,
}: {
  query: string;
  onQuery(query: string): void;
  items: readonly Location[];
}) {
  const { run } = useEditor();
  const forPointer = usePointerWords();
  const coarse = usePrimaryPointerIsCoarse();
  const commands = useCommandContext();
  const [selection, setSelection] = useAtom(selectionAtom);
  const [tool, setTool] = useAtom(toolAtom);
  const setDialog = useSetAtom(dialogAtom);
  return (
    <>
      <SearchInput
        value={query}
        onChange={onQuery}
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
          {tool === 'add' ? forPointer('Click the map to add…') : '+ Add'}
        </button>
        <button type="button" className="btn btn--ghost btn--sm" onClick={() => setDialog('import')}>
          Import
        </button>
        {/* A touch screen has no Ctrl/⌘+V: locations copied here or in another map, or rows of a spreadsheet. */}
        {coarse && (
          <button type="button" className="btn btn--ghost btn--sm" onClick={() => void pasteByButton(commands)}>
            Paste
          </button>
        )}
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
          <span className="panel__hint">{number(selection.size)} selected</span>
          <button
            type="button"
            className="btn btn--danger btn--sm"
            onClick={() => {
              if (run(deleteLocations, { ids: [...selection] })) setSelection(new Set());
            }}
          >
            Delete {number(selection.size)}
          </button>
        </div>
      )}
    </>
  );
}

/** 'a, b and c' */
function listed(words: readonly string[]): string {
  return words.length < 2 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/**
 * What adding rooms says of those added under an id of their own: per-floor drawings reuse ids (`lift`, `stairs`),
 * and a location on another floor had the room's id, so the room's location is `lift-2` standing for the shape `lift`
 * of this floor (ADR 061). '' when every room kept its id.
 */
export function ownIdsNote(rooms: readonly Location[]): string {
  const own = rooms.filter((r) => r.shape !== undefined);
  if (!own.length) return '';
  if (rooms.length === 1)
    return `A location on another floor has the id ${own[0]!.shape}, so this one is ${own[0]!.id} and stands for this floor’s ${own[0]!.shape}.`;
  const pairs = listed(own.map((r) => `${r.id} for ${r.shape}`));
  return own.length === 1
    ? `1 of them has an id of its own, as a location on another floor has its shape’s id: ${pairs}.`
    : `${own.length} of them have ids of their own, as locations on other floors have their shapes’ ids: ${pairs}.`;
}

/** Rooms of the floor's SVG that have no location: the one just clicked on the map, and all of them. */
function RoomOffers({ announce }: { announce(text: string): void }) {
  const { run } = useEditor();
  const setSelection = useSetAtom(selectionAtom);
  const freeRooms = useAtomValue(freeRoomsAtom);
  const [offer, setOffer] = useAtom(roomOfferAtom);
  const offered = offer ? freeRooms.find((r) => r.id === offer) : undefined;

  /** Recognised rooms become locations linked to them (one undoable step). */
  const addRooms = (rooms: readonly Location[]) => {
    if (!run(importLocations, { locations: rooms.slice(), mode: 'add' })) return;
    setOffer(null);
    setSelection(new Set(rooms.length === 1 ? [rooms[0]!.id] : []));
    const added =
      rooms.length === 1 ? `Added “${nameOf(rooms[0]!)}” as a location.` : `Added ${rooms.length} rooms as locations.`;
    // A room whose id a location on another floor has is added too, under an id of its own: the author is told which.
    const note = ownIdsNote(rooms);
    announce(note ? `${added} ${note}` : added);
  };

  return (
    <>
      {offered && (
        <div className="panel__row room-offer" role="group" aria-label="Room without a location">
          <span className="panel__hint">
            The room “{offered.title}” ({offered.shape ?? offered.id}) has no location.
            {offered.shape && ` A location on another floor has its id, so it would be ${offered.id}.`}
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
                  <span className="vlist__meta">{r.shape ? `${r.shape} · as ${r.id}` : r.id}</span>
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
    </>
  );
}
