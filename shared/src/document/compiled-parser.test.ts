// `strictMapDocument` and `parseIfValid` read large documents with zod's compiled parser, in a process that enabled it,
// and smaller ones with its runtime parser (ADR 050, 051). The compiled parser's answer is returned as it is, so it
// must be the runtime's: the same verdict on every document and the same value on every valid one.
/* eslint-disable @typescript-eslint/no-explicit-any -- these tests damage documents field by field on purpose */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { compileDocumentParser, enableCompiledParser } from './compiled-parser';
import {
  blankDocument,
  COMPILED_PARSE_FROM,
  documentParserOf,
  parseIfValid,
  runtimeMapDocument,
  strictMapDocument,
  useCompiledParser,
  type MapDocument,
} from './map-document';
import { storeLocatorDocument } from './large-maps.fixtures';

/** A store locator of exactly COMPILED_PARSE_FROM entries (its one layer and its locations). */
const large = (): MapDocument => storeLocatorDocument(COMPILED_PARSE_FROM - 1);

const LOCATION_KEYS = [
  'id', 'title', 'about', 'desc', 'thumb', 'image', 'link', 'target', 'more', 'phone', 'email', 'hours', 'color',
  'style', 'label', 'scale', 'type', 'layer', 'shape', 'groups', 'coord', 'latlon', 'zoom', 'action', 'hide',
  'disable', 'fields', 'unknownKey',
]; // prettier-ignore

/** The compiled parser's answers against the runtime's for one document. */
function expectSameAnswers(doc: unknown): void {
  const runtime = runtimeMapDocument.safeParse(doc);
  const strict = strictMapDocument.safeParse(doc);
  const fast = parseIfValid(doc);
  expect(strict.success).toBe(runtime.success);
  expect(fast === undefined).toBe(!runtime.success);
  if (runtime.success) {
    expect(strict.data).toEqual(runtime.data);
    expect(fast).toEqual(runtime.data);
  } else {
    expect(strict.error?.issues).toEqual(runtime.error.issues);
  }
}

describe('which parser reads a document', () => {
  it('is the one its source makes, made once on the first large document, and none where the source makes none', () => {
    const doc = large();
    let made = 0;
    useCompiledParser(() => {
      made++;
      return null;
    });
    expect(documentParserOf(blankDocument())).toBe('runtime');
    expect(made).toBe(0);
    expect(documentParserOf(doc)).toBe('runtime');
    expect(parseIfValid(doc)).toEqual(doc);
    expect(made).toBe(1);
    enableCompiledParser();
    expect(documentParserOf(doc)).toBe('compiled');
    enableCompiledParser();
    expect(documentParserOf(doc)).toBe('compiled');
    expect(compileDocumentParser()?.safeParse(doc)).toEqual({ success: true, data: doc });
  });

  it('is the runtime parser below COMPILED_PARSE_FROM entries and the compiled one from there, counting every list', () => {
    enableCompiledParser();
    const doc = large() as any;
    expect(documentParserOf(blankDocument())).toBe('runtime');
    expect(documentParserOf({ ...doc, locations: doc.locations.slice(1) })).toBe('runtime');
    expect(documentParserOf(doc)).toBe('compiled');
    const mixed = { ...doc, locations: doc.locations.slice(2), groups: [{ id: 'g', name: 'G' }], routes: [{}] };
    expect(documentParserOf(mixed)).toBe('compiled');
    expect(documentParserOf(null)).toBe('runtime');
    expect(documentParserOf('locations')).toBe('runtime');
  });
});

describe('the compiled parser, against the runtime parser', () => {
  beforeAll(enableCompiledParser);

  it('gives the same document for a valid large one', () => {
    const doc = large();
    expect(documentParserOf(doc)).toBe('compiled');
    expectSameAnswers(doc);
    expect(parseIfValid(doc)).toEqual(doc);
  });

  it('gives the same answer when any field of a location or of the settings holds any value', () => {
    const doc = large() as any;
    const ids = doc.locations.map((l: { id: string }) => l.id);
    const value = fc.oneof(
      fc.jsonValue(),
      fc.constantFrom(...ids.slice(0, 5), 'ground', 'nope', '-bad', '#fff', 'x'.repeat(300)),
      fc.tuple(fc.double(), fc.double()),
    );
    const settingKeys = [...Object.keys(doc.settings), 'unknownKey'];
    fc.assert(
      fc.property(
        fc.oneof(
          fc.record({ at: fc.nat(doc.locations.length - 1), key: fc.constantFrom(...LOCATION_KEYS), value }),
          fc.record({ at: fc.constant(-1), key: fc.constantFrom(...settingKeys), value }),
        ),
        ({ at, key, value }) => {
          const target = at < 0 ? doc.settings : doc.locations[at];
          const had = Object.hasOwn(target, key);
          const before = target[key];
          target[key] = value;
          try {
            expect(documentParserOf(doc)).toBe('compiled');
            expectSameAnswers(doc);
          } finally {
            if (had) target[key] = before;
            else delete target[key];
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('gives the same answer for whole-document rules: duplicate ids, unknown layers and groups, shapes, a list that is not one', () => {
    const cases: Array<(doc: any) => void> = [
      (doc) => (doc.locations[500].id = doc.locations[10].id),
      (doc) => (doc.locations[700].layer = 'roof'),
      (doc) => (doc.locations[3].groups = ['nowhere']),
      (doc) => Object.assign(doc.locations[20], { layer: doc.locations[10].layer, shape: doc.locations[10].id }),
      (doc) => Object.assign(doc.locations[30], { layer: null, shape: 'lift' }),
      (doc) => (doc.settings.startLocation = 'missing'),
      (doc) => (doc.legend = 'none'),
      (doc) => (doc.schemaVersion = 2),
    ];
    for (const damage of cases) {
      const doc = large();
      damage(doc);
      expectSameAnswers(doc);
      expect(parseIfValid(doc)).toBeUndefined();
    }
  });
});
