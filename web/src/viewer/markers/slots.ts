/**
 * Marker positions by slot, for the marker canvas. Slots below `markers.count` are the layer's own
 * (viewer-model.ts builds them with a k-d tree, numbered in draw order); edits (MarkerCanvas.patch)
 * retire slots and append new ones after them, up to MAX_EXTRA, scanned linearly.
 */
import { rectContainsRect, type Rect } from '../../map-core/coords';
import { EDITING } from '../editing';
import type { LayerMarkers } from '../viewer-model';

/** Markers patches may add before the set is rebuilt (each patch costs O(extra) beside the k-d tree query). */
export const MAX_EXTRA = 2_048;

export class MarkerSlots {
  markers: LayerMarkers | null = null;
  /** Image position and location index of each slot. */
  xs: Float64Array = new Float64Array(0);
  ys: Float64Array = new Float64Array(0);
  loc: Uint32Array = new Uint32Array(0);
  /** Slots added by patches, after the built ones. */
  extra = 0;
  /** Retired slots (their location moved, changed or stopped showing); null until the first patch. */
  #dead: Uint8Array | null = null;
  /** The live slot of each location; built on the first patch. */
  #slotOf: Map<number, number> | null = null;
  /** Scratch for range queries, reused between draws. */
  #order = new Uint32Array(0);

  /** Starts over from a built set of markers (or none). */
  reset(markers: LayerMarkers | null): void {
    this.markers = markers;
    if (this.#order.length < (markers?.count ?? 0)) this.#order = new Uint32Array(markers!.count);
    this.xs = markers?.xs ?? new Float64Array(0);
    this.ys = markers?.ys ?? new Float64Array(0);
    this.loc = markers?.loc ?? new Uint32Array(0);
    this.extra = 0;
    this.#dead = null;
    this.#slotOf = null;
  }

  /** Slots in use, live or retired. */
  get total(): number {
    return (this.markers?.count ?? 0) + this.extra;
  }

  /** Live slots with anchors inside an image rectangle: the k-d tree's first (`base` of them), then added ones. */
  slotsIn(r: Rect): { base: number; order: Uint32Array } {
    const m = this.markers!;
    const cap = m.count + this.extra;
    if (this.#order.length < cap) this.#order = new Uint32Array(cap);
    const order = this.#order;
    // Only an edit's patch retires or adds slots: the embed, which never edits, has neither (../editing.ts).
    const dead = EDITING ? this.#dead : null;
    let n = 0;
    if (rectContainsRect(r, m.bounds)) {
      // Every marker is inside (a fitted view): no query, and no tree until one is needed.
      for (let i = 0; i < m.count; i++) if (!dead || !dead[i]) order[n++] = i;
    } else
      m.index.forEachInRange(r.minX, r.minY, r.maxX, r.maxY, (i) => {
        if (!dead || !dead[i]) order[n++] = i;
      });
    const base = n;
    const { xs, ys } = this;
    for (let s = m.count; EDITING && s < cap; s++) {
      const x = xs[s]!;
      const y = ys[s]!;
      if (!dead![s] && x >= r.minX && x <= r.maxX && y >= r.minY && y <= r.maxY) order[n++] = s;
    }
    return { base, order: order.slice(0, n) };
  }

  /** Draw order (top to bottom, then location order): one slot compared with another. */
  readonly before = (a: number, b: number): number => this.ys[a]! - this.ys[b]! || this.loc[a]! - this.loc[b]!;

  /**
   * Sorts slots into draw order. The k-d tree's slots are numbered in that order already, so a numeric
   * sort does; slots added by patches are sorted by position and merged in.
   */
  inDrawOrder(slots: Uint32Array, base: number): Uint32Array {
    const head = slots.subarray(0, base).sort();
    if (!EDITING || base === slots.length) return slots;
    const tail = Array.from(slots.subarray(base)).sort(this.before);
    const out = new Uint32Array(slots.length);
    let i = 0;
    let j = 0;
    for (let k = 0; k < out.length; k++)
      out[k] = j >= tail.length || (i < head.length && this.before(head[i]!, tail[j]!) < 0) ? head[i++]! : tail[j++]!;
    return out;
  }

  /** True when `adding` more slots still fit before the set must be rebuilt. */
  canAdd(adding: number): boolean {
    if (!EDITING) return false;
    return this.extra + adding <= MAX_EXTRA;
  }

  /** Makes room for `adding` more slots (the arrays are copied on first growth: the built set's are exactly full). */
  reserve(adding: number): void {
    if (!EDITING) return;
    const slots = this.total + adding;
    if (this.xs.length >= slots && this.#dead) return;
    const count = this.markers!.count;
    const cap = Math.max(slots, count + 256, Math.min(count + MAX_EXTRA, this.xs.length * 2));
    const grow = <T extends Float64Array | Uint32Array | Uint8Array>(a: T, make: (n: number) => T): T => {
      if (a.length >= cap) return a;
      const b = make(cap);
      b.set(a);
      return b;
    };
    this.xs = grow(this.xs, (n) => new Float64Array(n));
    this.ys = grow(this.ys, (n) => new Float64Array(n));
    this.loc = grow(this.loc, (n) => new Uint32Array(n));
    this.#dead = grow(this.#dead ?? new Uint8Array(0), (n) => new Uint8Array(n));
  }

  #liveSlots(): Map<number, number> {
    if (this.#slotOf) return this.#slotOf;
    const map = new Map<number, number>();
    const end = this.total;
    for (let s = 0; s < end; s++) if (!this.#dead?.[s]) map.set(this.loc[s]!, s);
    this.#slotOf = map;
    return map;
  }

  /** The live slot of a location, if it has one. */
  slotOfLocation(loc: number): number | undefined {
    if (!EDITING) return undefined;
    return this.#liveSlots().get(loc);
  }

  /** Retires a location's live slot (call reserve first). */
  retire(loc: number, slot: number): void {
    if (!EDITING) return;
    this.#dead![slot] = 1;
    this.#liveSlots().delete(loc);
  }

  /** Appends a live slot for a location at an image position (call reserve first); returns it. */
  add(loc: number, x: number, y: number): number {
    if (!EDITING) return -1;
    const s = this.markers!.count + this.extra++;
    this.xs[s] = x;
    this.ys[s] = y;
    this.loc[s] = loc;
    this.#dead![s] = 0;
    this.#liveSlots().set(loc, s);
    return s;
  }
}
