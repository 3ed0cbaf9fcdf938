import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { strictMapDocument } from '@mapnest/shared/map-document';

const demo = (name: string) =>
  readFileSync(fileURLToPath(new URL(`../../public/demo/${name}`, import.meta.url)), 'utf8');

describe('the demo map (Riverside Centre)', () => {
  const doc = strictMapDocument.parse(JSON.parse(demo('riverside-centre.json')));

  it('is a valid map document with two floors and about sixty locations in several groups', () => {
    expect(doc.layers.map((l) => l.name)).toEqual(['Ground floor', 'First floor']);
    expect(doc.locations.length).toBeGreaterThanOrEqual(55);
    expect(new Set(doc.locations.flatMap((l) => l.groups ?? [])).size).toBeGreaterThanOrEqual(8);
  });

  it('has an SVG element for every location drawn as a region', () => {
    const svgs = Object.fromEntries(doc.layers.map((l) => [l.id, demo(l.file.replace('/demo/', ''))]));
    for (const loc of doc.locations.filter((l) => l.type === 'hidden')) {
      const layers = loc.layer ? [loc.layer] : doc.layers.map((l) => l.id);
      for (const layer of layers) expect(svgs[layer], `${loc.id} on ${layer}`).toContain(`id="${loc.id}"`);
    }
  });
});
