import { describe, expect, it } from 'vitest';
import { blankDocument } from '@mapnest/shared/map-document';
import { initialSaveMachine, saveMessage, transition, type SaveEvent, type SaveMachine } from './save-machine';

const saved = blankDocument();
const edited = { ...saved, locations: [{ id: 'a', coord: [0.1, 0.1] as [number, number] }] };
const run = (...events: SaveEvent[]) => events.reduce(transition, initialSaveMachine(saved, 1));

describe('save state machine', () => {
  it('goes saved → unsaved → saving → saved, and back to saved when the edits are undone', () => {
    expect(run({ type: 'edited', current: edited }).state.status).toBe('unsaved');
    expect(run({ type: 'edited', current: edited }, { type: 'edited', current: saved }).state.status).toBe('saved');
    const m = run(
      { type: 'edited', current: edited },
      { type: 'saveStarted' },
      { type: 'saveSucceeded', doc: edited, version: 2, at: 5, current: edited },
    );
    expect(m).toMatchObject({
      savedDoc: edited,
      state: { status: 'saved', version: 2, lastSaved: { at: 5, version: 2 } },
    });
  });

  it('counts down to a failed save’s retry, and forgets it once the save starts again or the edits are undone', () => {
    const failed = run(
      { type: 'edited', current: edited },
      { type: 'saveStarted' },
      { type: 'saveFailed', offline: true, message: 'Offline.', retry: { at: 31_000, after: 30_000 } },
    );
    expect(saveMessage(failed.state, 1_000)).toBe('Offline. Retrying in 30 s.');
    expect(saveMessage(failed.state, 0)).toBe('Offline. Retrying in 30 s.');
    expect(saveMessage(failed.state, 21_400)).toBe('Offline. Retrying in 10 s.');
    expect(saveMessage(failed.state, 30_800)).toBe('Offline. Retrying now…');
    expect(transition(failed, { type: 'saveStarted' }).state).toMatchObject({ status: 'saving', retry: null });
    const error = transition(failed, { type: 'saveFailed', offline: false, message: 'Refused.' });
    expect(saveMessage(error.state, 1_000)).toBe('Refused.');
  });

  it('stays unsaved after a save when edits were made meanwhile', () => {
    const later = { ...edited, locations: [] };
    const m = run({ type: 'saveStarted' }, { type: 'saveSucceeded', doc: edited, version: 2, at: 5, current: later });
    expect(m.state.status).toBe('unsaved');
  });

  it('in conflict, ignores edits, saves and a second plain conflict until the author answers', () => {
    const merge = { base: saved, ours: edited, theirs: saved, version: 3, conflicts: [] };
    const inConflict = run({ type: 'conflicted', message: 'changed elsewhere', currentVersion: 3, merge });
    for (const e of [
      { type: 'edited', current: edited },
      { type: 'saveStarted' },
      { type: 'upToDate' },
      { type: 'conflicted', message: 'again', currentVersion: 4 },
    ] as SaveEvent[])
      expect(transition(inConflict, e)).toBe(inConflict);
    expect(transition(inConflict, { type: 'keptMine', version: 3 }).state).toMatchObject({
      status: 'unsaved',
      version: 3,
      conflict: null,
    });
    const theirs = transition(inConflict, { type: 'theirsLoaded', doc: saved, version: 3, setAside: null });
    expect(theirs.state).toMatchObject({ status: 'saved', version: 3, conflict: null, setAside: null });
  });

  it('an error or offline save goes back to unsaved on the next edit only from error', () => {
    const failed = (offline: boolean) =>
      run({ type: 'saveStarted' }, { type: 'saveFailed', offline, message: 'x' }, { type: 'edited', current: edited });
    expect(failed(true).state.status).toBe('offline');
    expect(failed(false).state.status).toBe('unsaved');
  });

  it('a version from elsewhere becomes the saved document, with the update for the notice', () => {
    const update = { version: 4, merged: true, repairs: [] };
    const m: SaveMachine = run({ type: 'remoteAdopted', doc: saved, version: 4, current: edited, update });
    expect(m).toMatchObject({ savedDoc: saved, state: { status: 'unsaved', version: 4, remote: update } });
  });

  it('keeps a set-aside version until dropped, marks it stored only while it is the one set aside', () => {
    const aside = { doc: edited, baseVersion: 1, savedAt: 1, stored: false, key: 'tab@1' };
    const m = run({ type: 'theirsLoaded', doc: saved, version: 2, setAside: aside });
    expect(transition(m, { type: 'setAsideFound', setAside: { ...aside, savedAt: 0 } })).toBe(m);
    expect(transition(m, { type: 'setAsideStored', setAside: aside }).state.setAside).toMatchObject({ stored: true });
    expect(transition(m, { type: 'setAsideStored', setAside: { ...aside } })).toBe(m);
    expect(transition(m, { type: 'setAsideDropped' }).state.setAside).toBeNull();
  });
});
