/**
 * Where the document's shape-bound locations are (a location with no point of its own standing for an element of its
 * floor's drawing, its `shape` or the one with its id: the map draws it as that shape, its marker at the shape's
 * centre), measured on the editor's
 * canvas on every floor. The wayfinding check and "Attach a location here" take such a location as placed there, as
 * the viewer's directions do.
 */
import { useEffect, useMemo, useState } from 'react';
import { locationPoint } from '@mapnest/shared/map-geo';
import type { MapDocument } from '@mapnest/shared/map-document';
import type { ShapeCentres } from '../../../map-core/wayfinding/network-model';
import { useEditor } from '../editor-context';

const NONE: ShapeCentres = new Map();

/** Whether two measures agree, so an edit that moves no shape does not check the network again. */
function sameCentres(a: ShapeCentres, b: ShapeCentres): boolean {
  if (a.size !== b.size) return false;
  for (const [id, p] of a) {
    const q = b.get(id);
    if (!q || q[0] !== p[0] || q[1] !== p[1]) return false;
  }
  return true;
}

/**
 * The centres of the shapes the document's locations without a point are bound to, by location id; null until the
 * floors they are on have been measured the first time (later edits keep the last measure until the next one).
 */
export function useShapeCentres(doc: MapDocument): ShapeCentres | null {
  const { canvas } = useEditor();
  const { locations, layers, settings } = doc;
  const bound = useMemo(() => locations.filter((l) => !locationPoint(l, settings)), [locations, settings]);
  const [measured, setMeasured] = useState<ShapeCentres | null>(null);
  const c = canvas();
  const measurable = bound.length > 0 && typeof c?.shapeCentres === 'function';
  useEffect(() => {
    if (!measurable) return;
    let live = true;
    // A frame later: the canvas takes up edits once a frame, and a floor's new file is measured on its new drawing.
    const frame = requestAnimationFrame(
      () =>
        void c!.shapeCentres(bound).then((next) => {
          if (live) setMeasured((prev) => (prev && sameCentres(prev, next) ? prev : next));
        }),
    );
    return () => {
      live = false;
      cancelAnimationFrame(frame);
    };
  }, [c, bound, layers, measurable]);
  return measurable ? measured : NONE;
}
