import { documentParserOf, useCompiledParser } from '@mapnest/shared/map-document';
import { storeLocatorDocument } from '@mapnest/shared/large-maps.fixtures';
import { describe, expect, it } from 'vitest';
import { prepareDocumentIn, prepareDocumentParser } from './document-parser';

describe("the map document's compiled parser in the Lambdas (ADR 051)", () => {
  it('is loaded by the first large document only, and then reads large documents', async () => {
    const small = storeLocatorDocument(20);
    const large = storeLocatorDocument(1_500);
    // A process without a compiled parser (the workers share modules: another file may have loaded it).
    useCompiledParser(() => null);
    expect(documentParserOf(large)).toBe('runtime');
    await prepareDocumentParser(small);
    await prepareDocumentParser({ locations: 'many' });
    await prepareDocumentIn('mapData')({ mapData: small, other: large });
    await prepareDocumentIn('mapData')(null);
    expect(documentParserOf(large)).toBe('runtime');
    await prepareDocumentIn('mapData')({ id: 'm1', mapData: large });
    expect(documentParserOf(large)).toBe('compiled');
    expect(documentParserOf(small)).toBe('runtime');
  });
});
