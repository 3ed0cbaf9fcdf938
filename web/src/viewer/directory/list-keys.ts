/**
 * The height of a row of the directory's list (it is windowed, so rows have a height set ahead): a grid's cards, an
 * entry with its thumbnail or without. In kiosk mode (`kiosk`: the viewer's root has `mn-kiosk`) the entries' text is
 * larger, for a screen used at arm's length, and the rows are taller to hold it.
 */
export function rowHeight(layout: 'list' | 'grid', thumbnails: boolean, kiosk: boolean, wide = false): number {
  if (layout === 'grid') return kiosk ? 208 : 176;
  // A landscape kiosk's list (`wide`) gives an entry's second line two lines (viewer.css).
  return (thumbnails ? (kiosk ? 80 : 64) : kiosk ? 72 : 48) + (kiosk && wide ? 24 : 0);
}

/**
 * The text of an entry's swatch when it has no picture: its thumbnail text or label, else the number a title ends with
 * (up to 3 characters: "Lot 12", "Suite 204", "Unit 4B"), else the title's first letter. A site plan's 120 lots or a
 * tower's suites all start with the same letter, which told no entry from the next.
 */
export function swatchText(title: string, label: string, thumb: string): string {
  if (thumb && thumb.length <= 3) return thumb;
  return label || (/\s(\d[\dA-Za-z]{0,2})$/.exec(title)?.[1] ?? title.slice(0, 1).toUpperCase());
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
