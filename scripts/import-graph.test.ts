/**
 * shared/'s import graph: no circles between its modules (type-only imports count), so each module can be read,
 * tested and moved on its own.
 */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importCircles, importGraph } from './import-graph';

describe('shared import graph', () => {
  it('has no import circles', () => {
    const src = resolve(import.meta.dirname, '..', 'shared', 'src');
    const g = importGraph(src);
    expect(g.size).toBeGreaterThan(20);
    expect(importCircles(g, src)).toEqual([]);
  });
});
