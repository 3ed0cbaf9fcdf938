import type { z } from 'zod/mini';
import { ID_PATTERN, shapeProblems, type Location, type MapDocument } from '@mapnest/shared/map-document';
import { ActionError } from './registry';

/** `value` parsed by `schema` (defaults filled), or an ActionError naming the first bad field. */
export function checked<S extends z.ZodMiniType>(schema: S, value: unknown, what: string): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const field = issue.path.map(String).join('.');
  throw new ActionError(`${what}${field ? ` (${field})` : ''}: ${issue.message}`);
}

/**
 * Throws unless `locations` (the document's after an edit) keep the rule of shapes (ADR 061): a `shape` needs a floor,
 * and a shape of a floor has one location. Said as the document check says it, naming both locations and the floor.
 */
export function checkShapes(doc: Pick<MapDocument, 'layers'>, locations: readonly Location[]): void {
  // Without a `shape` no location can break it: ids are unique.
  if (!locations.some((l) => l.shape !== undefined)) return;
  const names = new Map(doc.layers.map((l) => [l.id, l.name || l.id]));
  const [problem] = shapeProblems(locations, (layer) => names.get(layer) ?? layer);
  if (problem) throw new ActionError(problem.message);
}

/** Throws unless `id` is a valid id not already taken. */
export function checkNewId(id: string, taken: (id: string) => boolean, what: string): void {
  if (!ID_PATTERN.test(id))
    throw new ActionError(`A ${what} id must be 1-64 characters: letters, digits, "_" or "-", not starting with "-"`);
  if (taken(id)) throw new ActionError(`There is already a ${what} with the id "${id}"`);
}

/** A shallow patch applied to an object: `undefined` (or '' when `blankDeletes`) removes the key. */
export function applyPatch<T extends object>(
  base: T,
  patch: Partial<Record<keyof T, unknown>>,
  blankDeletes = false,
): T {
  const out = { ...base } as Record<string, unknown>;
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined || (blankDeletes && value === '')) delete out[key];
    else out[key] = value;
  }
  return out as T;
}

/** Sets the style of a location being made, or removes it (undefined). */
export function withStyle(loc: { style?: string }, style: string | undefined): void {
  if (style === undefined) delete loc.style;
  else loc.style = style;
}

/** Moves the item at `from` to `to` (clamped), returning a new array. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const out = items.slice();
  if (from < 0 || from >= out.length) return out;
  const [item] = out.splice(from, 1);
  out.splice(Math.max(0, Math.min(out.length, to)), 0, item!);
  return out;
}

/**
 * `items` with the entry `id` moved to index `to` (clamped to the list), or `items` itself when it
 * would not move, so a drop on its own place adds no undo step.
 */
export function reorderById<T extends { id: string }>(items: T[], id: string, to: number, what: string): T[] {
  if (!Number.isInteger(to)) throw new ActionError(`A ${what} position must be a whole number`);
  const from = indexOfId(items, id, what);
  const target = Math.max(0, Math.min(items.length - 1, to));
  return from === target ? items : moveItem(items, from, target);
}

/** Index of the entry with `id`, or an ActionError saying it does not exist. */
export function indexOfId(items: readonly { id: string }[], id: string, what: string): number {
  const i = items.findIndex((item) => item.id === id);
  if (i < 0) throw new ActionError(`There is no ${what} with the id "${id}"`);
  return i;
}
