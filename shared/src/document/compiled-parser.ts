/**
 * zod's compiled parser of the map document (ADR 050, 051): code generated from the schema on the first large document
 * a process reads, about three times faster than zod's runtime parser on each later parse, and answering exactly as it
 * does (compiled-parser.test.ts). This module carries zod's code generator (about 30 kB), so only what reads large
 * documents often loads it: the editor's store enables it, and the Lambdas load it as a file of its own on their first
 * large document (lambdas/src/lib/document-parser.ts).
 */
import * as z from 'zod/mini';
import { runtimeMapDocument, useCompiledParser, type CompiledDocumentParser } from './map-document';

/**
 * The document's compiled parser, or null where code cannot be generated: under zod's `jitless` setting (pages with a
 * strict CSP set it), or when zod finds the schema cannot be compiled and answers it unchanged.
 */
export function compileDocumentParser(): CompiledDocumentParser | null {
  if (z.config().jitless) return null;
  const compiled = z.compile(runtimeMapDocument);
  return compiled === runtimeMapDocument ? null : compiled;
}

/** Makes `strictMapDocument` and `parseIfValid` read large documents with the compiled parser in this process. */
export function enableCompiledParser(): void {
  useCompiledParser(compileDocumentParser);
}
