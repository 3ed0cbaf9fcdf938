/**
 * The height of a row of the directory's list (it is windowed, so rows have a height set ahead): a grid's cards, an
 * entry with its thumbnail or without. In kiosk mode (`kiosk`: the viewer's root has `mn-kiosk`) the entries' text is
 * larger, for a screen used at arm's length, and the rows are taller to hold it.
 */
export function rowHeight(layout: 'list' | 'grid', thumbnails: boolean, kiosk: boolean): number {
  if (layout === 'grid') return kiosk ? 208 : 176;
  return thumbnails ? (kiosk ? 80 : 64) : kiosk ? 72 : 48;
}

/**
 * Where a key moves the keyboard in the directory's list: from entry `pos` of `count`, `per` entries a row (a
 * grid), `page` entries a page. Null: not a key the list moves on.
 */
export function listKeyTarget(
  key: string,
  pos: number,
  count: number,
  o: { per: number; grid: boolean; page: number },
): number | null {
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  const steps: Record<string, number> = {
    ArrowDown: o.per,
    ArrowUp: -o.per,
    ArrowRight: o.grid ? 1 : 0,
    ArrowLeft: o.grid ? -1 : 0,
    PageDown: o.page,
    PageUp: -o.page,
  };
  return steps[key] ? pos + steps[key] : null;
}
