/**
 * Turns failed map calls into words for the user. Server messages are written for people and are shown
 * as they are; bare codes (network trouble, timeouts) get a sentence instead.
 */
import { CallError, ERROR_CODES } from '@mapnest/shared/errors';
import type { MapSummary } from '@mapnest/shared/maps';
import { browserOffline, reachedNothing } from '../../lib/call';

export type SlotKind = 'test' | 'basic' | 'pro';

/** The slot a 'resource-exhausted' answer ran out of, or null for any other error. */
export function exhaustedSlot(error: unknown): SlotKind | null {
  if (!(error instanceof CallError) || error.code !== 'resource-exhausted') return null;
  const slot = (error.details as { slot?: unknown } | null | undefined)?.slot;
  return slot === 'test' || slot === 'basic' || slot === 'pro' ? slot : null;
}

/** The plan's subscription slots a 'resource-exhausted' answer reports, when it does. */
export function exhaustedCapacity(error: unknown): number | undefined {
  if (!(error instanceof CallError) || error.code !== 'resource-exhausted') return undefined;
  const capacity = (error.details as { capacity?: unknown } | null | undefined)?.capacity;
  return typeof capacity === 'number' ? capacity : undefined;
}

/** The map as it is, from a rename refused because its title was changed elsewhere since (renameMap's `replaces`). */
export function renamedElsewhere(error: unknown): MapSummary | null {
  if (!(error instanceof CallError) || error.code !== 'aborted') return null;
  const map = (error.details as { map?: MapSummary } | null | undefined)?.map;
  return map && typeof map.title === 'string' ? map : null;
}

const BY_CODE: Partial<Record<CallError['code'], string>> = {
  unauthenticated: 'Your session has ended. Sign in again to continue.',
  'permission-denied': 'You do not have permission to do that.',
  'not-found': 'This map no longer exists. It may have been deleted in another window.',
  aborted: 'The map changed in the meantime. Reload the page and try again.',
  'deadline-exceeded': 'The server took too long to answer. Try again.',
  // An answer (503): the server was reached, so the visitor's connection is not in question.
  unavailable: 'The server is unavailable right now. Try again in a moment.',
  cancelled: 'The request was cancelled.',
};

/** Whether a failed call carries a message written for people: the client uses the bare code when the server gave none. */
export const hasOwnMessage = (error: CallError): boolean =>
  !!error.message && error.message !== error.code && !/^[A-Z_]+$/.test(error.message);

/** A sentence describing why a map operation failed. */
export function describeError(error: unknown): string {
  if (error instanceof CallError && reachedNothing(error))
    return browserOffline()
      ? 'You are offline. Check your connection and try again.'
      : 'Mapnest could not be reached. Check your connection, or try again in a moment.';
  if (error instanceof CallError) {
    if (hasOwnMessage(error) && error.code !== 'internal' && error.code !== 'unknown') return error.message;
    return BY_CODE[error.code] ?? 'Something went wrong. Try again in a moment.';
  }
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong. Try again in a moment.';
}

/**
 * A publication (or unpublication) the server committed whose public copy it could not write yet: it is owed and
 * written by the server itself, so the change is done, and the error's message says what visitors see meanwhile.
 */
export function publicCopyOwed(error: unknown): error is CallError {
  return error instanceof CallError && (error.details as { committed?: unknown } | null)?.committed === true;
}

/**
 * Whether a failed call may still have been done: no answer came (network failure, lost answer, timeout) or the
 * server failed after it may have committed. The caller reads the map again before saying anything.
 */
export function outcomeUnknown(error: unknown): boolean {
  if (!(error instanceof CallError)) return true;
  return ERROR_CODES[error.code].http >= 500 && error.code !== 'unimplemented';
}

/**
 * An action on the maps list whose answer was lost and whose outcome the list could not show either (it could not be
 * read): the author is told to look before trying again, never that it failed. The message says what to do.
 */
export class OutcomeUnconfirmed extends Error {}

/**
 * After a failure that may have been done anyway (`outcomeUnknown`), reads again what would show the action done and
 * answers what `found` finds there of it (the copy, the renamed map, the map in its new state). When it finds nothing
 * the failure stands; when the read fails too the outcome is unconfirmed, and `unconfirmed` says what to do. A failure
 * that cannot have been done is thrown as it is, with no read.
 */
export async function outcomeFromRead<R, T>(
  error: unknown,
  unconfirmed: string,
  read: () => Promise<R>,
  found: (seen: R) => T | undefined,
): Promise<T> {
  if (!outcomeUnknown(error)) throw error;
  let seen: R;
  try {
    seen = await read();
  } catch {
    throw new OutcomeUnconfirmed(unconfirmed, { cause: error });
  }
  const outcome = found(seen);
  if (outcome === undefined) throw error;
  return outcome;
}
