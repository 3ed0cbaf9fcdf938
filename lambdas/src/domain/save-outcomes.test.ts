/**
 * Save ids and restore ids against an in-memory record of committed saves: a retry (the same request) is answered
 * with its first outcome, the id sent with another request is refused, and a record written before requests were
 * kept matches any request. A failed commit's document goes only when the failure proves its version unwritten.
 */
import { describe, expect, it } from 'vitest';
import type { CommittedSave, HistoryItem, SaveRequest } from '../adapters/maps/map-items';
import { CallError } from '@mapnest/shared/errors';
import type { FollowUpWork } from '../adapters/follow-ups';
import { answerFailedCommit, committedEntry, RequestIdReusedError, saveRequest, sameRequest } from './save-outcomes';

const entry: HistoryItem = {
  mapId: 'map1',
  version: 2,
  docKey: 'docs/map1/v2.json',
  name: null,
  created: '2026-11-01T10:00:00.000Z',
  title: 'Mall',
  metrics: { layerCount: 1, locationCount: 0 },
  kind: 'save',
  restoredFrom: null,
};

/** The map table's save records, in memory. */
const records = (saved: Record<string, CommittedSave>) => ({
  mapTable: { committedSave: async (_mapId: string, saveId: string) => saved[saveId] ?? null },
});

describe('save ids and restore ids', () => {
  const save = saveRequest(1, undefined, '{"a":1}');
  const restore: SaveRequest = { kind: 'restore', historyMapId: 'v00000011' };

  it('tells a save by its base version, its title and its document', () => {
    expect(sameRequest(save, saveRequest(1, undefined, '{"a":1}'))).toBe(true);
    expect(sameRequest(save, saveRequest(2, undefined, '{"a":1}'))).toBe(false);
    expect(sameRequest(save, saveRequest(1, undefined, '{"a":2}'))).toBe(false);
    expect(sameRequest(save, saveRequest(1, 'Mall', '{"a":1}'))).toBe(false);
    expect(sameRequest(restore, { kind: 'restore', historyMapId: 'v00000011' })).toBe(true);
    expect(sameRequest(restore, { kind: 'restore', historyMapId: 'v00000150' })).toBe(false);
    expect(sameRequest(restore, save)).toBe(false);
  });

  it('answers a retry with the entry its id committed, and nothing for an id that committed nothing', async () => {
    const a = records({ 'save-1': { entry, request: save } });
    expect(await committedEntry(a, 'map1', 'save-1', saveRequest(1, undefined, '{"a":1}'))).toEqual(entry);
    expect(await committedEntry(a, 'map1', 'save-2', save)).toBeNull();
    expect(await committedEntry(a, 'map1', undefined, save)).toBeNull();
  });

  it('refuses the id sent again with another request', async () => {
    const a = records({ 'save-1': { entry, request: save }, 'restore-1': { entry, request: restore } });
    await expect(committedEntry(a, 'map1', 'save-1', saveRequest(3, undefined, '{"a":9}'))).rejects.toMatchObject({
      code: 'invalid-argument',
      message: 'This save id was already used for a different save. Send a new save with a new id.',
    });
    const other = committedEntry(a, 'map1', 'restore-1', { kind: 'restore', historyMapId: 'v00000150' });
    await expect(other).rejects.toBeInstanceOf(RequestIdReusedError);
    await expect(other).rejects.toMatchObject({
      message: 'This restore id was already used to restore another version. Restore this one with a new id.',
    });
  });

  it('takes a record written before requests were kept as the same request (a retry across the deploy)', async () => {
    const a = records({ 'save-old': { entry } });
    expect(await committedEntry(a, 'map1', 'save-old', saveRequest(7, undefined, '{}'))).toEqual(entry);
    expect(await committedEntry(a, 'map1', 'save-old', restore)).toEqual(entry);
  });
});

describe('answerFailedCommit', () => {
  /** A commit's stores: the save records `committedSave` answers from, the documents deleted and the checks held. */
  function stores(committedSave: (saveId: string) => Promise<CommittedSave | null>) {
    const deleted: string[] = [];
    const held: FollowUpWork[] = [];
    return {
      deleted,
      held,
      a: {
        mapTable: { committedSave: async (_mapId: string, saveId: string) => committedSave(saveId) },
        mapObjects: { deleteDocument: async (key: string) => void deleted.push(key) },
        followUps: {
          hold: async (work: FollowUpWork, _at: Date, dueAt: Date) => {
            held.push(work);
            return { id: 'held', dueKey: dueAt.toISOString() };
          },
        },
      },
    };
  }
  const conflict = new CallError('aborted', 'The map was changed elsewhere.');
  const at = { mapId: 'map1', version: 2, key: 'docs/map1/v2-b.json', saveId: 'save-1' };

  it('deletes the document of a refused commit, and holds the check of one that may stand', async () => {
    const refused = stores(async () => null);
    await expect(answerFailedCommit(refused.a, conflict, at)).rejects.toBe(conflict);
    expect(refused).toMatchObject({ deleted: [at.key], held: [] });

    const lost = stores(async () => null);
    const timeout = Object.assign(new Error('socket hang up'), { name: 'TimeoutError' });
    await expect(answerFailedCommit(lost.a, timeout, at)).rejects.toBe(timeout);
    expect(lost).toMatchObject({
      deleted: [],
      held: [{ kind: 'unmade-document', mapId: 'map1', version: 2, key: at.key }],
    });
  });

  it('keeps the document, and answers the commit’s own error, when the save id’s record cannot be read', async () => {
    const unreadable = stores(async () => {
      throw new Error('table unavailable');
    });
    await expect(answerFailedCommit(unreadable.a, conflict, at)).rejects.toBe(conflict);
    expect(unreadable.deleted).toEqual([]);
    expect(unreadable.held).toHaveLength(1);
  });

  it('keeps the document of a refusal that met its own save already committed by another try', async () => {
    const repeat = stores(async () => ({ entry, request: saveRequest(1, undefined, '{}') }));
    await expect(answerFailedCommit(repeat.a, conflict, at)).rejects.toBe(conflict);
    expect(repeat.deleted).toEqual([]);
    expect(repeat.held).toHaveLength(1);
  });
});
