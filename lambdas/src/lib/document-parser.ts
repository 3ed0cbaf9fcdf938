/**
 * zod's compiled parser of the map document, loaded by the Lambdas on their first large document (ADR 051). In a
 * bundle the specifier is `./compiled-parser.mjs`, a file of its own next to index.mjs (infra/src/bundle.ts,
 * ON_DEMAND_MODULES) with its own copy of zod and of the schema, so a cold start of a map call loads none of zod's code
 * generator; from the sources it is the shared module itself. The parser it makes is a plain function of a value to
 * an answer, so two copies of zod never touch each other's objects.
 */
import { isLargeDocument, useCompiledParser } from '@mapnest/shared/map-document';
import { logger } from './logger';

/** A variable, not a literal in the import: esbuild would otherwise fold the two and try to bundle the module. */
const COMPILED_PARSER_MODULE = process.env.MAPNEST_COMPILED_PARSER_MODULE ?? '@mapnest/shared/compiled-parser';
type CompiledParserModule = typeof import('@mapnest/shared/compiled-parser');
const load = (): Promise<CompiledParserModule> => import(/* @vite-ignore */ COMPILED_PARSER_MODULE);

let loading: Promise<CompiledParserModule | null> | undefined;

/**
 * Makes sure a large document (`isLargeDocument`) is read by the compiled parser: the first one in a container loads
 * the module, once. Smaller documents and other values load nothing. A module that fails to load is logged, and the
 * runtime parser reads the document: slower, with the same answer.
 */
export async function prepareDocumentParser(document: unknown): Promise<void> {
  if (!isLargeDocument(document)) return;
  loading ??= load().catch((error: unknown) => {
    logger.error("the map document's compiled parser did not load", { error });
    return null;
  });
  const module = await loading;
  // Named again each time (a no-op once it is the source), so the parser the module makes is the one in use.
  if (module) useCompiledParser(module.compileDocumentParser);
}

/** A call's `prepare` for input that carries a map document in `field` (createMap, saveMap, adminUpdateMap). */
export const prepareDocumentIn =
  (field: string) =>
  (data: unknown): Promise<void> =>
    prepareDocumentParser(typeof data === 'object' && data !== null ? (data as Record<string, unknown>)[field] : null);
