/**
 * A stored map document read back as a valid document. Documents are written only through the strict schema, so a
 * stored one is almost always current and valid, and `parseIfValid` alone reads it. Anything else (a document
 * an older release wrote, a damaged one, a Mapplic export) goes through restoreDocument, which repairs what it can
 * and never throws. That code (the repair and the Mapplic import) is loaded on first need only: in a bundle the
 * specifier is `./map-restore.mjs`, a file of its own next to index.mjs (infra/src/bundle.ts, ON_DEMAND_MODULES), so
 * the calls that read documents do not load it at every cold start (ADR 044); from the sources it is the shared
 * module itself. A large document is read with zod's compiled parser, loaded the same way (lib/document-parser.ts).
 */
import { parseIfValid, SCHEMA_VERSION, type MapDocument } from '@mapnest/shared/map-document';
import { prepareDocumentParser } from './document-parser';

/** A variable, not a literal in the import: esbuild would otherwise fold the two and try to bundle the module. */
const RESTORE_MODULE = process.env.MAPNEST_MAP_RESTORE_MODULE ?? '@mapnest/shared/map-restore';
const restorer = (): Promise<typeof import('@mapnest/shared/map-restore')> => import(/* @vite-ignore */ RESTORE_MODULE);

/** Whether a stored value says it is a document of the current schema (the only kind read without repair). */
const isCurrent = (stored: unknown): boolean =>
  typeof stored === 'object' &&
  stored !== null &&
  (stored as { schemaVersion?: unknown }).schemaVersion === SCHEMA_VERSION;

/** The stored document as restoreDocument reads it: the same document, without loading the repair for a valid one. */
export async function readStoredDocument(stored: unknown): Promise<MapDocument> {
  if (isCurrent(stored)) {
    await prepareDocumentParser(stored);
    const valid = parseIfValid(stored);
    if (valid) return valid;
  }
  return (await restorer()).restoreDocument(stored).document;
}
