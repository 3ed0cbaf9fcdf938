/**
 * Domain errors of the maps service, kept in lib/ so that every layer may raise them (adapters may not import the
 * domain). Each is a CallError, so the protocol preset answers it with the right
 * status; adapters raise them in place of the SDK's conditional-check failures.
 */
import { CallError } from '@mapnest/shared/errors';
import { paidSlotsExhausted, TEST_SLOTS_EXHAUSTED } from '@mapnest/shared/maps';

export class MapNotFoundError extends CallError {
  constructor() {
    super('not-found', 'This map does not exist, or you do not have access to it.');
  }
}

export class MapVersionConflictError extends CallError {
  constructor(currentVersion: number | null) {
    super(
      'aborted',
      'This map was changed elsewhere (another tab or device) since you opened it. Load the newer version or save yours on top of it.',
      { currentVersion },
    );
  }
}

export class SlotLimitError extends CallError {
  constructor(kind: 'test' | 'basic' | 'pro') {
    super('resource-exhausted', kind === 'test' ? TEST_SLOTS_EXHAUSTED : paidSlotsExhausted(kind), { slot: kind });
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
