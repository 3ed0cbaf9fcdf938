/**
 * The web half's import graph, read from the sources: no import circles between files, and the layers
 * point one way. A layer may import the layers listed before it; an import the other way is an arrow
 * "running back up", and only the ones listed in ALLOWED_UPWARD (each with its reason) may exist.
 */
import { relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importCircles, importGraph } from '../../scripts/import-graph';

const SRC = resolve(__dirname);

/** Bottom to top. map-core, viewer and embed make the React-free core the embed ships. */
const LAYERS = [
  'map-core',
  'viewer',
  'embed',
  'lib',
  'state',
  'styles',
  'components',
  'features',
  'pages',
  'app',
] as const;

/** Upward arrows that are allowed: "from -> to" folders, with why. */
const ALLOWED_UPWARD: Record<string, string> = {};

const layerOf = (file: string): string => relative(SRC, file).split('/')[0]!;
const rank = (layer: string): number => (LAYERS as readonly string[]).indexOf(layer);

describe('web import graph', () => {
  const g = importGraph(SRC);

  it('has no import circles', () => {
    expect(importCircles(g, SRC)).toEqual([]);
  });

  it('points down the layers, apart from the allowed arrows', () => {
    const upward = new Set<string>();
    for (const [from, targets] of g) {
      for (const to of targets) {
        const [a, b] = [layerOf(from), layerOf(to)];
        if (rank(a) >= 0 && rank(b) > rank(a)) upward.add(`${a} -> ${b}`);
      }
    }
    expect([...upward].sort()).toEqual(Object.keys(ALLOWED_UPWARD).sort());
  });

  it('knows every top-level folder', () => {
    const folders = new Set([...g.keys()].map(layerOf).filter((l) => !l.includes('.')));
    expect([...folders].filter((f) => rank(f) < 0)).toEqual([]);
  });
});
