/**
 * The save status as one explicit state machine (ADR 033): its states, the events the save controller's parts
 * send, and every transition, here and nowhere else. The controller (save-controller.ts) is its one entry point;
 * its parts (save-queue, save-choices, save-merge, save-backup, remote-polling) only send events.
 *
 *   saved ──edited──▶ unsaved ──saveStarted──▶ saving ──saveSucceeded──▶ saved (or unsaved: edits made meanwhile)
 *   unsaved ──undone to the saved document──▶ saved
 *   saving ──saveFailed──▶ offline | error ──saveStarted (a retry, or the author's Save)──▶ saving
 *   saving ──conflicted (409, or a merge with choices to make)──▶ conflict
 *   conflict ──keptMine──▶ unsaved ; conflict ──theirsLoaded──▶ saved ; conflict ──remoteAdopted──▶ saved | unsaved
 *   any but conflict ──remoteAdopted (a version from elsewhere, merged silently)──▶ saved | unsaved
 *
 * Besides the status, the machine holds the document of the server version the editor builds on (`savedDoc`):
 * the store's document differs from it exactly while there are unsaved edits.
 */
import type { MapDocument } from '@mapnest/shared/map-document';
import type { PendingMerge, RemoteUpdate, SaveState, SetAside } from './save-types';
import { UI_LOCALE } from '../../../lib/words';

export interface SaveMachine {
  readonly state: SaveState;
  /** The document of the server version `state.version`. */
  readonly savedDoc: MapDocument;
}

/** What happened; `current` is the store's document at that moment (it decides saved or unsaved). */
export type SaveEvent =
  /** The store's document changed by an edit or an undo. */
  | { type: 'edited'; current: MapDocument }
  /** A save was asked for with nothing to save. */
  | { type: 'upToDate' }
  | { type: 'saveStarted' }
  | { type: 'saveSucceeded'; doc: MapDocument; version: number; at: number; current: MapDocument }
  /** A save failed: `offline` when the server could not be reached; retried or not, the message says. */
  | { type: 'saveFailed'; offline: boolean; message: string; retry?: SaveState['retry']; unconfirmed?: boolean }
  /** Someone else saved first: two-way choice (no merge) or a merge waiting for choices per item. */
  | { type: 'conflicted'; message: string; currentVersion: number | null; merge?: PendingMerge }
  /** Conflict answered "keep mine": the next save builds on `version`. */
  | { type: 'keptMine'; version: number }
  /** Conflict answered "load theirs": `doc` is shown and saved; the author's own version is set aside. */
  | { type: 'theirsLoaded'; doc: MapDocument; version: number; setAside: SetAside | null }
  /** A version from elsewhere is now the one built on (shown, or merged with local edits into `current`). */
  | { type: 'remoteAdopted'; doc: MapDocument; version: number; current: MapDocument; update?: RemoteUpdate }
  /** A version set aside in an earlier session was found in the browser. */
  | { type: 'setAsideFound'; setAside: SetAside }
  | { type: 'setAsideStored'; setAside: SetAside }
  | { type: 'setAsideDropped' };

export function initialSaveMachine(doc: MapDocument, version: number): SaveMachine {
  return {
    savedDoc: doc,
    state: { status: 'saved', message: null, version, lastSaved: null, conflict: null, setAside: null },
  };
}

const with_ = (m: SaveMachine, patch: Partial<SaveState>, savedDoc = m.savedDoc): SaveMachine => ({
  savedDoc,
  state: { ...m.state, ...patch },
});

/**
 * What a failed save says, with when it is tried again counted down from `now` (never before the failure; the
 * message alone when no retry waits).
 */
export function saveMessage(state: SaveState, now = Date.now()): string | null {
  if (!state.message || !state.retry) return state.message;
  const left = state.retry.at - Math.max(now, state.retry.at - state.retry.after);
  if (left >= 90_000) return `${state.message} Retrying in ${Math.round(left / 60_000)} min.`;
  return `${state.message} ${left >= 500 ? `Retrying in ${Math.round(left / 1000)} s.` : 'Retrying now…'}`;
}

/**
 * What a failed save says with the time of its next try ("Retrying at 9:16:05 PM."): what a screen reader hears, once,
 * and finds the same when it reads the line again later, where a count it heard once ("in 15 s") would have gone stale.
 */
export function saveMessageAt(state: SaveState): string | null {
  if (!state.message || !state.retry) return state.message;
  return `${state.message} Retrying at ${new Date(state.retry.at).toLocaleTimeString(UI_LOCALE)}.`;
}

/** The next machine after `event`; the same object when the event changes nothing in this state. */
export function transition(m: SaveMachine, event: SaveEvent): SaveMachine {
  const next = step(m, event);
  // A waiting retry, and whether the failed save may be stored, belong to the failure: any other state drops them.
  const failed = next.state.status === 'offline' || next.state.status === 'error';
  if (failed) return next;
  return next.state.retry || next.state.unconfirmed ? with_(next, { retry: null, unconfirmed: false }) : next;
}

function step(m: SaveMachine, event: SaveEvent): SaveMachine {
  const { status } = m.state;
  switch (event.type) {
    case 'edited': {
      const dirty = event.current !== m.savedDoc;
      if (!dirty && status === 'unsaved') return with_(m, { status: 'saved', message: null });
      if (dirty && (status === 'saved' || status === 'error')) return with_(m, { status: 'unsaved', message: null });
      // While offline the retry runs; while saving the save finishes first; in conflict the author decides.
      return m;
    }
    case 'upToDate':
      return status === 'conflict' ? m : with_(m, { status: 'saved', message: null });
    case 'saveStarted':
      return status === 'conflict' ? m : with_(m, { status: 'saving', message: null });
    case 'saveSucceeded':
      return with_(
        m,
        {
          status: event.current === event.doc ? 'saved' : 'unsaved',
          message: null,
          version: event.version,
          lastSaved: { at: event.at, version: event.version },
          conflict: null,
        },
        event.doc,
      );
    case 'saveFailed':
      return with_(m, {
        status: event.offline ? 'offline' : 'error',
        message: event.message,
        retry: event.retry ?? null,
        unconfirmed: event.unconfirmed ?? false,
      });
    case 'conflicted':
      // A conflict already shown stays as it is (its merge may be waiting for choices).
      if (status === 'conflict' && !event.merge) return m;
      return with_(m, {
        status: 'conflict',
        message: event.message,
        conflict: { currentVersion: event.currentVersion, ...(event.merge ? { merge: event.merge } : {}) },
      });
    case 'keptMine':
      return with_(m, { status: 'unsaved', message: null, version: event.version, conflict: null });
    case 'theirsLoaded':
      return with_(
        m,
        {
          status: 'saved',
          message: null,
          version: event.version,
          conflict: null,
          ...(event.setAside ? { setAside: event.setAside } : {}),
        },
        event.doc,
      );
    case 'remoteAdopted':
      return with_(
        m,
        {
          status: event.current === event.doc ? 'saved' : 'unsaved',
          message: null,
          version: event.version,
          conflict: null,
          ...(event.update ? { remote: event.update } : {}),
        },
        event.doc,
      );
    case 'setAsideFound':
      return m.state.setAside === null ? with_(m, { setAside: event.setAside }) : m;
    case 'setAsideStored':
      return m.state.setAside === event.setAside ? with_(m, { setAside: { ...event.setAside, stored: true } }) : m;
    case 'setAsideDropped':
      return m.state.setAside === null ? m : with_(m, { setAside: null });
  }
}
