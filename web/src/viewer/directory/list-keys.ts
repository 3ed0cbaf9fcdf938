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
