import { markerBox } from '../../../map-core/marker-geometry';
import { onLayer, type ResolvedLocation, type ViewerModel } from '../../../viewer/viewer-model';
import type { ScreenPoint } from '../../../map-core/coords';

/** Pixels a press may travel before it becomes a drag. */
export const DRAG_THRESHOLD = 4;

/** A press on a marker: where it started, and whether it has moved past the threshold (a drag) yet. */
export type Drag = {
  id: string;
  index: number;
  start: ScreenPoint;
  pointerId: number;
  moved: boolean;
  grab: ScreenPoint;
};

/** A press at `p` on location `l`, drawn at `at` (null: not placed): held where it was grabbed, not yet a drag. */
export function pressOn(l: ResolvedLocation, p: ScreenPoint, at: ScreenPoint | null, pointerId: number): Drag {
  const s = at ?? p;
  return { id: l.id, index: l.index, start: p, pointerId, moved: false, grab: { x: p.x - s.x, y: p.y - s.y } };
}

/**
 * The locations a dragged marker carries with it: the selection's locations with a position on the floor in view,
 * when the dragged one is selected with others; none when it is dragged alone.
 */
export function carriedAlong(
  model: ViewerModel,
  selection: ReadonlySet<string>,
  layerId: string,
  draggedId: string,
): string[] {
  if (!selection.has(draggedId) || selection.size < 2) return [];
  const ids = [...selection].filter((id) => {
    const l = model.byId.get(id);
    return l?.coord && onLayer(l, layerId);
  });
  return ids.length > 1 ? ids : [];
}

/** Shapes the one element that follows the pointer during a drag like the dragged location's marker, and shows it. */
export function dressGhost(ghost: HTMLDivElement, l: ResolvedLocation): void {
  const box = markerBox(l.kind === 'hidden' ? 'circle' : l.kind, l.scale);
  ghost.className = `mn-edit-ghost mn-edit-ghost-${l.kind === 'pin' ? 'pin' : 'dot'}`;
  ghost.style.setProperty('--mn-ghost-fill', l.fill);
  ghost.style.setProperty('--mn-ghost-w', `${box.right - box.left}px`);
  ghost.style.setProperty('--mn-ghost-h', `${box.bottom - box.top}px`);
  ghost.style.setProperty('--mn-ghost-left', `${box.left}px`);
  ghost.style.setProperty('--mn-ghost-top', `${box.top}px`);
  ghost.hidden = false;
}
