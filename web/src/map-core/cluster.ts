/**
 * Grid clustering for dense maps. Points are binned into square cells whose size is a power of two
 * in image pixels, chosen so a cell spans between `radius` and 2×`radius` screen pixels at the
 * current scale. Each level is built once (O(n)) and cached, and a query only walks the cells in
 * view, so a frame with 100,000 locations costs about as much as one with a few hundred.
 */
import type { Rect } from './coords';

/** One drawable item at a zoom level: a single point, or a cluster of `count` points. */
export interface ClusterItem {
  /** Centroid in image pixels. */
  readonly x: number;
  readonly y: number;
  readonly count: number;
  /** The point's index when count is 1; otherwise the first member's index. */
  readonly index: number;
  /** Bounding box of the members in image pixels (for "zoom to cluster"). */
  readonly bounds: Rect;
  /** Identifies the cluster within its level. */
  readonly key: number;
  readonly level: number;
}

interface Cell {
  sx: number;
  sy: number;
  count: number;
  first: number;
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

interface Level {
  cellSize: number;
  cols: number;
  rows: number;
  cells: Map<number, Cell>;
  items: Map<number, ClusterItem>;
}

/** Clusters a fixed set of points; rebuild it when the set changes (filter, floor). */
export class GridClusterer {
  readonly #levels = new Map<number, Level>();

  readonly #xs: ArrayLike<number>;
  readonly #ys: ArrayLike<number>;
  readonly #extent: { width: number; height: number };

  constructor(
    xs: ArrayLike<number>,
    ys: ArrayLike<number>,
    extent: { width: number; height: number },
    /** Target cluster spacing in screen pixels. */
    readonly radius = 44,
  ) {
    this.#xs = xs;
    this.#ys = ys;
    this.#extent = extent;
  }

  get size(): number {
    return this.#xs.length;
  }

  /** The level (log2 of the cell size in image pixels) used at a screen scale. */
  levelFor(scale: number): number {
    return Math.ceil(Math.log2(this.radius / Math.max(scale, 1e-9)));
  }

  /** The clusters and single points whose cells meet `view` (image pixels) at `scale`. */
  query(view: Rect, scale: number): ClusterItem[] {
    const level = this.#level(this.levelFor(scale));
    const { cellSize, cols, rows } = level;
    const c0 = Math.max(0, Math.floor(view.minX / cellSize));
    const c1 = Math.min(cols - 1, Math.floor(view.maxX / cellSize));
    const r0 = Math.max(0, Math.floor(view.minY / cellSize));
    const r1 = Math.min(rows - 1, Math.floor(view.maxY / cellSize));
    const out: ClusterItem[] = [];
    if (c1 < c0 || r1 < r0) return out;
    const k = this.levelFor(scale);
    if ((c1 - c0 + 1) * (r1 - r0 + 1) > level.cells.size) {
      for (const [key, cell] of level.cells) {
        const c = key % cols;
        const r = (key - c) / cols;
        if (c >= c0 && c <= c1 && r >= r0 && r <= r1) out.push(this.#item(level, key, cell, k));
      }
      return out;
    }
    for (let r = r0; r <= r1; r++) {
      for (let c = c0; c <= c1; c++) {
        const key = r * cols + c;
        const cell = level.cells.get(key);
        if (cell) out.push(this.#item(level, key, cell, k));
      }
    }
    return out;
  }

  /** The indices of the points in a cluster returned by `query`. */
  members(item: ClusterItem): number[] {
    const level = this.#level(item.level);
    const out: number[] = [];
    for (let i = 0; i < this.#xs.length; i++) {
      if (this.#keyOf(level, this.#xs[i]!, this.#ys[i]!) === item.key) out.push(i);
    }
    return out;
  }

  #item(level: Level, key: number, cell: Cell, k: number): ClusterItem {
    let it = level.items.get(key);
    if (!it) {
      it = {
        x: cell.sx / cell.count,
        y: cell.sy / cell.count,
        count: cell.count,
        index: cell.first,
        bounds: { minX: cell.minX, minY: cell.minY, maxX: cell.maxX, maxY: cell.maxY },
        key,
        level: k,
      };
      level.items.set(key, it);
    }
    return it;
  }

  #keyOf(level: Level, x: number, y: number): number {
    const c = Math.min(level.cols - 1, Math.max(0, Math.floor(x / level.cellSize)));
    const r = Math.min(level.rows - 1, Math.max(0, Math.floor(y / level.cellSize)));
    return r * level.cols + c;
  }

  #level(k: number): Level {
    let level = this.#levels.get(k);
    if (level) return level;
    const cellSize = Math.pow(2, k);
    const cols = Math.max(1, Math.ceil(this.#extent.width / cellSize) + 1);
    const rows = Math.max(1, Math.ceil(this.#extent.height / cellSize) + 1);
    level = { cellSize, cols, rows, cells: new Map(), items: new Map() };
    const n = this.#xs.length;
    for (let i = 0; i < n; i++) {
      const x = this.#xs[i]!;
      const y = this.#ys[i]!;
      const key = this.#keyOf(level, x, y);
      const cell = level.cells.get(key);
      if (cell) {
        cell.sx += x;
        cell.sy += y;
        cell.count++;
        if (x < cell.minX) cell.minX = x;
        if (y < cell.minY) cell.minY = y;
        if (x > cell.maxX) cell.maxX = x;
        if (y > cell.maxY) cell.maxY = y;
      } else {
        level.cells.set(key, { sx: x, sy: y, count: 1, first: i, minX: x, minY: y, maxX: x, maxY: y });
      }
    }
    this.#levels.set(k, level);
    return level;
  }
}
