/**
 * Reading stored map documents: `restoreDocument` takes anything (a current document, an older or
 * damaged one, a Mapplic export, arbitrary JSON) and returns a valid version-1 document plus
 * warnings describing what it changed. It never throws. API input uses `strictMapDocument` instead.
 */
import {
  blankDocument,
  parseIfValid,
  SCHEMA_VERSION,
  SETTINGS_GROUPS,
  type MapDocument,
} from '../document/map-document';
import { importMapplic } from '../mapplic/mapplic-import';
import { finishRepair, isPlainObject, RepairLog, repairDocument } from './repair';

/** A document made valid, and what was changed to make it so (empty when nothing was). */
export interface RestoreResult {
  document: MapDocument;
  warnings: string[];
}

/** A document without a schemaVersion that is nonetheless in our shape (Mapplic's settings are flat, its locations say `group`). */
function looksLikeV1(doc: Record<string, unknown>): boolean {
  const settings = doc.settings;
  if (isPlainObject(settings) && SETTINGS_GROUPS.some((key) => isPlainObject(settings[key]))) return true;
  const locations = doc.locations;
  return (
    Array.isArray(locations) &&
    locations.some((l) => isPlainObject(l) && (Array.isArray(l.groups) || isPlainObject(l.fields)))
  );
}

function restore(input: unknown): RestoreResult {
  let value = input;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return { document: blankDocument(), warnings: ['The document is not valid JSON; started an empty map.'] };
    }
  }
  if (!isPlainObject(value)) {
    return { document: blankDocument(), warnings: ['The document is not a JSON object; started an empty map.'] };
  }
  const log = new RepairLog();
  const raw = value.schemaVersion;
  const version =
    typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : undefined;
  if (version === SCHEMA_VERSION) {
    const valid = parseIfValid(value);
    if (valid) return { document: valid, warnings: [] };
  } else if (version !== undefined && version > SCHEMA_VERSION) {
    log.warn(
      `The document has schema version ${version}, newer than this app reads (${SCHEMA_VERSION}); fields it does not know were dropped.`,
    );
  } else if (!looksLikeV1(value)) {
    if (version !== undefined && version !== 0)
      log.warn(`Unknown schema version ${describeVersion(raw)}; read the document as a Mapplic map.`);
    const imported = importMapplic(value);
    return { document: imported.document, warnings: [...log.list(), ...imported.warnings] };
  } else if (version === undefined) {
    log.warn('The document has no schema version; read it as version 1.');
  }
  const document = finishRepair(repairDocument(value, log), log);
  return { document, warnings: log.list() };
}

function describeVersion(raw: unknown): string {
  return typeof raw === 'string' ? JSON.stringify(raw.slice(0, 20)) : String(raw);
}

/**
 * Any input as a valid document: fills defaults, coerces and clamps values, drops what cannot be
 * repaired and dangling references, renames duplicate ids, migrates Mapplic and pre-release
 * documents (schemaVersion 0 or none). Never throws; warnings name every change.
 */
export function restoreDocument(input: unknown): RestoreResult {
  try {
    return restore(input);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return {
      document: blankDocument(),
      warnings: [`The document could not be read (${reason}); started an empty map.`],
    };
  }
}
