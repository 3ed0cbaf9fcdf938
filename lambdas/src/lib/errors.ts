/**
 * Domain errors of the maps service, kept in lib/ so that every layer may raise them (adapters may not import the
 * domain). Each is a CallError, so `callable` answers it with the right
 * status; adapters raise them in place of the SDK's conditional-check failures.
 */
import { noFreeSlot } from '@mapnest/shared/billing-texts';
import { CallError, SESSION_ENDED_MESSAGES, type SessionEndedReason } from '@mapnest/shared/errors';
import { paidSlotsExhausted, TEST_SLOTS_EXHAUSTED } from '@mapnest/shared/maps';
import { quotaExceededMessage } from '@mapnest/shared/storage';

export class MapNotFoundError extends CallError {
  constructor() {
    super('not-found', 'This map does not exist, or you do not have access to it.');
  }
}

/** A write the owner's storage quota cannot hold (ADR 027): nothing was stored. */
export class StorageQuotaError extends CallError {
  constructor(usage: { needed: number; used: number; quota: number }) {
    super('resource-exhausted', quotaExceededMessage(usage), { limit: 'storageQuota', ...usage });
  }
}

export class MapVersionConflictError extends CallError {
  constructor(currentVersion: number | null) {
    super(
      'aborted',
      'This map was changed elsewhere (another tab or device) since you opened it. Its changes are compared with yours: choose what to keep.',
      { currentVersion },
    );
  }
}

/** A rename over a title the map no longer has (renamed elsewhere since): nothing renamed; `details.map` as it is. */
export class TitleChangedError extends CallError {
  constructor(map: { title: string }) {
    super(
      'aborted',
      `This map was renamed elsewhere (another tab or device) to “${map.title}”, so it was not renamed. Rename it again to replace that title.`,
      { map },
    );
  }
}

/**
 * A restore that met a change made elsewhere (a save, another restore) at the same time: nothing was restored. Unlike
 * a save's conflict there is nothing to compare: the author looks at the map as it now is and restores again.
 */
export class RestoreConflictError extends CallError {
  constructor(currentVersion: number | null) {
    super(
      'aborted',
      'This map was changed elsewhere (another tab or device) since you looked at it, so the version was not restored. Look at the map as it is now, then restore the version again if you still want it.',
      { currentVersion },
    );
  }
}

/**
 * A save based on a version the map has not reached: no change elsewhere explains it (those only move the map past
 * the base), so it is bad input, refused with nothing changed, never brought to a merge as a 409 would be.
 */
export class BaseVersionAheadError extends CallError {
  constructor(baseVersion: number, currentVersion: number) {
    super(
      'invalid-argument',
      `This save is based on version ${baseVersion} of the map, which it has not reached (it is at version ${currentVersion}). Nothing was changed: save on top of the version you last opened.`,
      { baseVersion, currentVersion },
    );
  }
}

/** A state change that met another, made elsewhere at the same time, to a different state: nothing was changed. */
export class MapStateChangedError extends CallError {
  constructor() {
    super(
      'aborted',
      'This map’s state was changed elsewhere (another tab or device) at the same time, so this change was not made. Reload to see its state now.',
    );
  }
}

export class SlotLimitError extends CallError {
  /**
   * `capacity`: the plan's subscription slots, when known, so the answer can tell "no slots" from "all in use"
   * and name the other way to go live (the licence; ADR 019).
   */
  constructor(kind: 'test' | 'basic' | 'pro', capacity?: number) {
    super(
      'resource-exhausted',
      kind === 'test'
        ? TEST_SLOTS_EXHAUSTED
        : capacity === undefined
          ? paidSlotsExhausted(kind)
          : `${noFreeSlot(kind, capacity)} (Plans: #subscribe)`,
      capacity === undefined ? { slot: kind } : { slot: kind, capacity },
    );
  }
}

export class HistoryEntryNotFoundError extends CallError {
  constructor() {
    super('not-found', 'This version is no longer in the history.');
  }
}

/** A call made with the ID token of an account that no longer exists (deleted, its token not yet expired). */
export class AccountDeletedError extends CallError {
  constructor() {
    super('unauthenticated', 'This account has been deleted.');
  }
}

/**
 * A call made with an ID token from a session that was ended after it began (a password reset, "Sign out of all
 * devices"): the token is still valid until it expires, so the API refuses it itself and says why (ADR 079).
 */
export class SessionEndedError extends CallError {
  constructor(reason: SessionEndedReason) {
    super('unauthenticated', SESSION_ENDED_MESSAGES[reason], { sessionEnded: reason });
  }
}

/**
 * A stored document that is not there: its map was deleted (or its version pruned) after the caller read the map.
 * Not a CallError: what to answer depends on why it is gone (domain/map-documents.ts), and unexplained it is a fault.
 */
export class DocumentGoneError extends Error {
  constructor(readonly key: string) {
    super(`The stored document ${key} does not exist.`);
    this.name = 'DocumentGoneError';
  }
}
