/**
 * A static k-d tree over points (after kdbush by V. Agafonkin): built once per point set in
 * O(n log n), answers rectangle and radius queries in O(√n + k) with flat typed arrays, so hit
 * testing and viewport culling stay fast at 100,000 locations.
 */

const DEFAULT_NODE_SIZE = 64;

/** A spatial index of points; queries return the points' positions in the arrays it was built from. */
export class PointIndex {
  readonly size: number;
  readonly #ids: Uint32Array;
  readonly #coords: Float64Array;
  readonly #nodeSize: number;

  constructor(xs: ArrayLike<number>, ys: ArrayLike<number>, nodeSize = DEFAULT_NODE_SIZE) {
    if (xs.length !== ys.length) throw new Error('PointIndex needs as many x as y coordinates.');
    this.size = xs.length;
    this.#nodeSize = Math.max(2, nodeSize);
    this.#ids = new Uint32Array(this.size);
    this.#coords = new Float64Array(this.size * 2);
    for (let i = 0; i < this.size; i++) {
      this.#ids[i] = i;
      this.#coords[2 * i] = xs[i]!;
      this.#coords[2 * i + 1] = ys[i]!;
    }
    sortKd(this.#ids, this.#coords, this.#nodeSize, 0, this.size - 1, 0);
  }

  /** Calls `visit(i)` for every point with minX ≤ x ≤ maxX and minY ≤ y ≤ maxY. */
  forEachInRange(
    minX: number,
    minY: number,
    maxX: number,
    maxY: number,
    visit: (i: number, x: number, y: number) => void,
  ): void {
    const ids = this.#ids;
    const coords = this.#coords;
    const nodeSize = this.#nodeSize;
    if (this.size === 0) return;
    const stack: number[] = [0, this.size - 1, 0];
    while (stack.length) {
      const axis = stack.pop()!;
      const right = stack.pop()!;
      const left = stack.pop()!;
      if (right - left <= nodeSize) {
        for (let i = left; i <= right; i++) {
          const x = coords[2 * i]!;
          const y = coords[2 * i + 1]!;
          if (x >= minX && x <= maxX && y >= minY && y <= maxY) visit(ids[i]!, x, y);
        }
        continue;
      }
      const m = (left + right) >> 1;
      const x = coords[2 * m]!;
      const y = coords[2 * m + 1]!;
      if (x >= minX && x <= maxX && y >= minY && y <= maxY) visit(ids[m]!, x, y);
      if (axis === 0 ? minX <= x : minY <= y) stack.push(left, m - 1, 1 - axis);
      if (axis === 0 ? maxX >= x : maxY >= y) stack.push(m + 1, right, 1 - axis);
    }
  }
}

/** The points of an index inside a rectangle, in no particular order (a function, so bundles without it drop it). */
export function pointsInRange(index: PointIndex, minX: number, minY: number, maxX: number, maxY: number): number[] {
  const out: number[] = [];
  index.forEachInRange(minX, minY, maxX, maxY, (i) => out.push(i));
  return out;
}

/** The points of an index within distance r of (x, y). */
export function pointsWithin(index: PointIndex, x: number, y: number, r: number): number[] {
  const out: number[] = [];
  const r2 = r * r;
  index.forEachInRange(x - r, y - r, x + r, y + r, (id, px, py) => {
    const dx = px - x;
    const dy = py - y;
    if (dx * dx + dy * dy <= r2) out.push(id);
  });
  return out;
}

function sortKd(
  ids: Uint32Array,
  coords: Float64Array,
  nodeSize: number,
  left: number,
  right: number,
  axis: number,
): void {
  if (right - left <= nodeSize) return;
  const m = (left + right) >> 1;
  select(ids, coords, m, left, right, axis);
  sortKd(ids, coords, nodeSize, left, m - 1, 1 - axis);
  sortKd(ids, coords, nodeSize, m + 1, right, 1 - axis);
}

// Floyd–Rivest selection: puts the k-th smallest (on `axis`) at k, smaller ones left, larger right.
function select(ids: Uint32Array, coords: Float64Array, k: number, left: number, right: number, axis: number): void {
  while (right > left) {
    if (right - left > 600) {
      const n = right - left + 1;
      const m = k - left + 1;
      const z = Math.log(n);
      const s = 0.5 * Math.exp((2 * z) / 3);
      const sd = 0.5 * Math.sqrt((z * s * (n - s)) / n) * (m - n / 2 < 0 ? -1 : 1);
      const newLeft = Math.max(left, Math.floor(k - (m * s) / n + sd));
      const newRight = Math.min(right, Math.floor(k + ((n - m) * s) / n + sd));
      select(ids, coords, k, newLeft, newRight, axis);
    }
    const t = coords[2 * k + axis]!;
    let i = left;
    let j = right;
    swapItem(ids, coords, left, k);
    if (coords[2 * right + axis]! > t) swapItem(ids, coords, left, right);
    while (i < j) {
      swapItem(ids, coords, i, j);
      i++;
      j--;
      while (coords[2 * i + axis]! < t) i++;
      while (coords[2 * j + axis]! > t) j--;
    }
    if (coords[2 * left + axis] === t) swapItem(ids, coords, left, j);
    else {
      j++;
      swapItem(ids, coords, j, right);
    }
    if (j <= k) left = j + 1;
    if (k <= j) right = j - 1;
  }
}

function swapItem(ids: Uint32Array, coords: Float64Array, i: number, j: number): void {
  const id = ids[i]!;
  ids[i] = ids[j]!;
  ids[j] = id;
  const x = coords[2 * i]!;
  const y = coords[2 * i + 1]!;
  coords[2 * i] = coords[2 * j]!;
  coords[2 * i + 1] = coords[2 * j + 1]!;
  coords[2 * j] = x;
  coords[2 * j + 1] = y;
}
