/**
 * The location inspector's Shape field (ADR 061): which element of its floor's drawing the location stands for.
 */
import { useEffect, useId, useState } from 'react';
import { shapeOf, type Location, type MapDocument } from '@mapnest/shared/map-document';
import type { LocationPatch } from '../../actions/locations';
import { useEditor } from '../../editor-context';
import type { FloorShape } from '../../../../viewer/stage/base-layer';
import { TextProp } from '../fields';

/** The location, its map, and the edit of its fields (one undo step per field), as the inspector's form has them. */
interface ShapeEdit {
  loc: Location;
  doc: MapDocument;
  set: (patch: LocationPatch, field?: string) => string | null;
}

/**
 * A floor's shapes, with their names (the canvas loads the floor to read them), or null until known, for a floor that is no
 * SVG, or without a canvas.
 */
function useFloorShapes(layerId: string | null, file: string | undefined): FloorShape[] | null {
  const { canvas } = useEditor();
  const c = canvas();
  const [shapes, setShapes] = useState<{ key: string; list: FloorShape[] } | null>(null);
  const key = `${layerId}\u0000${file}`;
  useEffect(() => {
    if (!layerId || typeof c?.floorShapes !== 'function') return;
    let live = true;
    void c.floorShapes(layerId).then((list) => {
      if (live && list) setShapes({ key, list });
    });
    return () => {
      live = false;
    };
  }, [c, layerId, key]);
  return shapes?.key === key ? shapes.list : null;
}

/**
 * What the Shape field says: what it is, or why the location has no region. A floor drawn without shapes (a blank
 * floor, a photo) has none to offer, and a location with a marker is still shown by it; only one with neither is lost.
 */
function shapeHint(floor: string, current: string, shapes: readonly string[] | null, marked: boolean): string {
  if (!shapes)
    return `The element of ${floor}’s drawing this location stands for (its region). Empty: the one with its id.`;
  if (!marked) return `${floor}’s drawing has no shape “${current}”, so this location has no region there.`;
  return shapes.length
    ? `Shown by its marker: ${floor}’s drawing has no shape “${current}” to light up as its region.`
    : `${floor}’s drawing has no shapes, so this location is shown by its marker alone.`;
}

/**
 * The shape of its floor's drawing that the location stands for, its region (ADR 061): the element with the location's
 * own id, unless it names another (floor plans drawn per floor reuse ids such as `lift`). Picked from the floor's
 * shapes that no location of the floor stands for, or typed; an id the floor's drawing lacks is refused, and one that
 * another location stands for is refused by the edit with both locations named. A location on every floor stands for
 * the shape with its own id on each.
 */
export function ShapeField({ loc, doc, set }: ShapeEdit) {
  const listId = useId();
  const floor = loc.layer ? doc.layers.find((l) => l.id === loc.layer) : undefined;
  const shapes = useFloorShapes(floor?.id ?? null, floor?.file);
  if (!floor)
    return (
      <p className="panel__hint" data-testid="shape-hint">
        Shape: on every floor, this location stands for the shape with its own id ({loc.id}) on each. Choose a floor to
        bind it to another shape.
      </p>
    );
  const current = shapeOf(loc);
  const name = floor.name || floor.id;
  const held = new Set(
    doc.locations.filter((l) => l.id !== loc.id && (l.layer == null || l.layer === floor.id)).map(shapeOf),
  );
  const ids = shapes?.map((s) => s.id) ?? null;
  const free = shapes?.filter(({ id }) => id !== current && !held.has(id)) ?? [];
  const drawn = !ids || ids.includes(current);
  return (
    <>
      <TextProp
        label="Shape"
        name="shape"
        value={current}
        onBlurOnly
        list={free.length ? listId : undefined}
        hint={shapeHint(name, current, drawn ? null : ids!, !!(loc.coord || loc.latlon) && loc.type !== 'hidden')}
        commit={(v) => {
          const typed = v.trim();
          // A shape's id, or the name the drawing gives one shape only (Illustrator's layer "105" is `_x31_05`).
          const named = shapes?.filter((s) => s.name === typed) ?? [];
          const shape = ids?.includes(typed) || named.length !== 1 ? typed : named[0]!.id;
          if (shape === '' || shape === loc.id) return set({ shape: undefined }, 'shape');
          if (ids && !ids.includes(shape))
            return `${name}’s drawing has no shape with the id “${shape}”: pick one of its shapes, or check the id in its SVG.`;
          return set({ shape }, 'shape');
        }}
      />
      {!drawn && !(loc.coord || loc.latlon) && <PlaceMarker loc={loc} set={set} />}
      {free.length > 0 && (
        <datalist id={listId} data-testid="free-shapes">
          {free.map(({ id, name }) => (
            <option key={id} value={id} label={name} />
          ))}
        </datalist>
      )}
    </>
  );
}

/**
 * A location with no place on the map (no position, no shape of its floor: an imported list's entry) gets a marker in
 * the middle of the view, to drag where it belongs, in one step; one shown by its shape alone shows its marker.
 */
function PlaceMarker({ loc, set }: Pick<ShapeEdit, 'loc' | 'set'>) {
  const { canvas } = useEditor();
  return (
    <button
      type="button"
      className="btn btn--secondary btn--sm"
      onClick={() => {
        const c = canvas();
        if (c) set({ coord: c.centre(), ...(loc.type === 'hidden' && { type: undefined }) }, 'coord');
      }}
    >
      Put a marker in the middle of the view
    </button>
  );
}
