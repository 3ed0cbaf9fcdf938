import { storeLocatorDocument } from '@mapnest/shared/large-maps.fixtures';
import { blankDocument, documentParserOf, SCHEMA_VERSION, useCompiledParser } from '@mapnest/shared/map-document';
import { restoreDocument } from '@mapnest/shared/map-restore';
import { describe, expect, it } from 'vitest';
import { readStoredDocument } from './stored-document';

const current = {
  ...blankDocument(),
  locations: [{ id: 'lobby', title: 'Lobby', x: 0.5, y: 0.5 }],
};

describe('readStoredDocument', () => {
  it.each([
    ['a current, valid document', current],
    ['a current document that breaks a rule', { ...current, locations: [{ id: 'lobby', x: 'left' }] }],
    ['a document of a newer schema', { ...current, schemaVersion: SCHEMA_VERSION + 1 }],
    ['a document without its schema version', { ...current, schemaVersion: undefined }],
    ['the version as text', { ...current, schemaVersion: String(SCHEMA_VERSION) }],
    [
      'a Mapplic export',
      {
        mapwidth: 800,
        mapheight: 600,
        levels: [{ id: 'g', title: 'G', map: '', locations: [{ id: 'a', title: 'A' }] }],
      },
    ],
    ['JSON text', JSON.stringify(current)],
    ['an array', [current]],
    ['null', null],
  ])('reads %s as restoreDocument does', async (_, stored) => {
    expect(await readStoredDocument(stored)).toEqual(restoreDocument(stored).document);
  });

  it('answers a valid document unchanged', async () => {
    const read = await readStoredDocument(current);
    expect(read.locations.map((l) => l.id)).toEqual(['lobby']);
    expect(read.schemaVersion).toBe(SCHEMA_VERSION);
  });
});

describe('readStoredDocument of a large document', () => {
  it("reads a current one with zod's compiled parser, loaded for it, and a damaged one as restoreDocument does", async () => {
    // A container that has not loaded it yet (the workers share modules: another file may have).
    useCompiledParser(() => null);
    const large = storeLocatorDocument(1_200);
    expect(documentParserOf(large)).toBe('runtime');
    expect(await readStoredDocument(large)).toEqual(large);
    expect(documentParserOf(large)).toBe('compiled');
    const damaged = { ...large, locations: [...large.locations, large.locations[3]] };
    expect(await readStoredDocument(damaged)).toEqual(restoreDocument(damaged).document);
  });
});
