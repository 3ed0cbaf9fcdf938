import { useMemo, type MouseEvent, type PointerEvent, type RefObject, type UIEvent } from 'react';
import { useAtomValue } from 'jotai';
import type { Location, MapDocument } from '@mapnest/shared/map-document';
import { useEditorState } from '../../editor-context';
import { selectionAtom } from '../../editor-state';
import type { DragState } from '../drag-reorder';
import { nameOf, ROW, type ListNavigation, type ListViewport } from './location-list';
import { DragHandle, MoveButtons } from '../Reorder';

/** The colour the map draws each marker in (as the viewer resolves it): style, own colour, first coloured group, primary. */
export function markerSwatch(
  styles: MapDocument['styles'],
  groups: MapDocument['groups'],
  primaryColor: string,
): (l: Location) => string {
  const styleFill = new Map(styles.filter((st) => st.markers && st.normal.fill).map((st) => [st.id, st.normal.fill!]));
  const groupColor = new Map(groups.filter((g) => g.color).map((g) => [g.id, g.color!]));
  return (l: Location) =>
    (l.style && styleFill.get(l.style)) ||
    l.color ||
    l.groups?.map((g) => groupColor.get(g)).find(Boolean) ||
    primaryColor;
}

/** The listbox of locations; only the rows in view render. */
export function LocationListbox({
  ids,
  items,
  listRef,
  viewport,
  nav,
  canReorder,
  drag,
  onDragStart,
  onMove,
}: {
  ids: string;
  items: readonly Location[];
  listRef: RefObject<HTMLDivElement | null>;
  /** The rows in view and the scroll handler (the list's element goes to `listRef`). */
  viewport: Pick<ListViewport, 'first' | 'last' | 'scroll' | 'onScroll'>;
  nav: ListNavigation;
  canReorder: boolean;
  drag: DragState | null;
  onDragStart(event: PointerEvent, id: string, index: number): void;
  onMove(l: Location, to: number): void;
}) {
  const { doc } = useEditorState();
  const selection = useAtomValue(selectionAtom);
  const layerNames = useMemo(() => new Map(doc.layers.map((l) => [l.id, l.name])), [doc.layers]);
  // A location with no layer is on every one: said where there are several, as its form's Layer field says it.
  const everyLayer = doc.layers.length > 1 ? 'Every layer' : null;
  const swatchOf = useMemo(
    () => markerSwatch(doc.styles, doc.groups, doc.settings.primaryColor),
    [doc.styles, doc.groups, doc.settings.primaryColor],
  );
  const { first, last } = viewport;
  const { activeIndex } = nav;
  const rowId = (i: number) => `${ids}-row-${i}`;
  const showDrop = drag !== null && drag.slot !== drag.from && drag.slot !== drag.from + 1;
  return (
    <div className="vlist-frame">
      <div
        className="vlist"
        role="listbox"
        aria-label="Locations"
        aria-multiselectable="true"
        aria-describedby={`${ids}-keys`}
        aria-activedescendant={activeIndex >= first && activeIndex < last ? rowId(activeIndex) : undefined}
        tabIndex={0}
        data-dragging={drag ? true : undefined}
        onKeyDown={nav.onKeyDown}
        onFocus={nav.onFocus}
        onScroll={(e: UIEvent<HTMLDivElement>) => viewport.onScroll(e.currentTarget.scrollTop)}
        ref={listRef}
      >
        <div style={{ height: items.length * ROW, position: 'relative' }}>
          {items.slice(first, last).map((l, k) => {
            const i = first + k;
            const selected = selection.has(l.id);
            return (
              <LocationRow
                key={l.id}
                loc={l}
                id={rowId(i)}
                index={i}
                selected={selected}
                active={i === activeIndex}
                dragged={drag?.id === l.id}
                swatch={swatchOf(l)}
                layerName={l.layer ? (layerNames.get(l.layer) ?? l.layer) : everyLayer}
                draggable={canReorder}
                onClick={(e) => nav.click(l, e)}
                onDragStart={(e) => onDragStart(e, l.id, i)}
              />
            );
          })}
          {showDrop && <div className="vlist__drop" style={{ top: drag.slot * ROW }} aria-hidden="true" />}
        </div>
      </div>
      {canReorder && <RowMoves items={items} first={first} last={last} scroll={viewport.scroll} onMove={onMove} />}
    </div>
  );
}

/** One option of the listbox: swatch, name, id, layer and state; a drag handle when reorderable. */
function LocationRow({
  loc: l,
  id,
  index: i,
  selected,
  active,
  dragged,
  swatch,
  layerName,
  draggable,
  onClick,
  onDragStart,
}: {
  loc: Location;
  id: string;
  index: number;
  selected: boolean;
  active: boolean;
  dragged: boolean;
  swatch: string;
  layerName: string | null;
  draggable: boolean;
  onClick(e: MouseEvent): void;
  onDragStart(e: PointerEvent): void;
}) {
  // A selected row that can be reordered has its up/down buttons over its right end (RowMoves): its text stops before.
  const moves = selected && draggable && 'has-moves';
  const classes = ['vlist__row', selected && 'is-selected', active && 'is-active', dragged && 'is-dragged', moves]
    .filter(Boolean)
    .join(' ');
  return (
    <div
      id={id}
      role="option"
      aria-selected={selected}
      className={classes}
      style={{ top: i * ROW, height: ROW }}
      onClick={onClick}
      data-id={l.id}
    >
      {draggable && <DragHandle onPointerDown={onDragStart} />}
      <span className="vlist__swatch" style={{ background: swatch }} aria-hidden="true" />
      <span className="vlist__text">
        <span className="vlist__title">{nameOf(l)}</span>
        <span className="vlist__meta">
          {l.id}
          {layerName !== null ? ` · ${layerName}` : ''}
          {l.hide ? ' · hidden' : ''}
          {l.disable ? ' · disabled' : ''}
        </span>
      </span>
    </div>
  );
}

/** The one selected row's up/down buttons, over its row but outside the listbox (an option holds no buttons). */
function RowMoves({
  items,
  first,
  last,
  scroll,
  onMove,
}: {
  items: readonly Location[];
  first: number;
  last: number;
  scroll: number;
  onMove(l: Location, to: number): void;
}) {
  const selection = useAtomValue(selectionAtom);
  const index = selection.size === 1 ? items.findIndex((l) => selection.has(l.id)) : -1;
  if (index < first || index >= last) return null;
  const loc = items[index]!;
  return (
    // The listbox's Alt+Arrow keys are the keyboard path; these buttons are for the pointer.
    <div className="vlist__moves" style={{ top: index * ROW - scroll }}>
      <MoveButtons
        name={nameOf(loc)}
        index={index}
        count={items.length}
        tabIndex={-1}
        onMove={(to) => onMove(loc, to)}
      />
    </div>
  );
}
