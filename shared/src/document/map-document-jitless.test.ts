// The embed runs under a strict Content-Security-Policy (no eval), where pages set zod's `jitless`
// before loading any schema. Everything must then work without generating code.
/* eslint-disable @typescript-eslint/no-explicit-any -- these tests damage documents field by field on purpose */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';

const realFunction = globalThis.Function;
let generated = 0;
let mapDocument: typeof import('./map-document');
let mapRestore: typeof import('../repair/map-restore');

beforeAll(async () => {
  z.config({ jitless: true });
  globalThis.Function = new Proxy(realFunction, {
    construct(target, args) {
      generated++;
      return Reflect.construct(target, args);
    },
    apply(target, self, args) {
      generated++;
      return Reflect.apply(target, self, args);
    },
  });
  mapDocument = await import('./map-document');
  mapRestore = await import('../repair/map-restore');
});

afterAll(() => {
  globalThis.Function = realFunction;
  z.config({ jitless: false });
});

describe('the map document under zod jitless', () => {
  it('validates without generating code', () => {
    generated = 0;
    const doc = mapDocument.blankDocument() as Record<string, any>;
    doc.locations = [
      { id: 'a', coord: [0.5, 0.5] },
      { id: 'a', layer: 'roof' },
    ];
    const result = mapDocument.strictMapDocument.safeParse(doc);
    expect(result.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual([
      'locations.1.id: Duplicate location id "a"',
      'locations.1.layer: Unknown layer "roof"',
    ]);
    doc.locations.pop();
    expect(mapDocument.strictMapDocument.parse(doc).locations).toEqual([{ id: 'a', coord: [0.5, 0.5] }]);
    expect(mapDocument.parseIfValid(doc)).toBeDefined();
    expect(generated).toBe(0);
  });

  it('restores without generating code', () => {
    generated = 0;
    const { document, warnings } = mapRestore.restoreDocument({
      schemaVersion: 1,
      settings: { mapWidth: '640', mapHeight: 480 },
      layers: [{ id: 'g', name: 'G' }],
      locations: [{ id: 'a', coord: [2, 0] }],
    });
    expect(document.locations[0]!.coord).toEqual([1, 0]);
    expect(warnings).toEqual(['locations.0.coord.0: 2 is out of range; set to 1']);
    expect(generated).toBe(0);
  });
});
