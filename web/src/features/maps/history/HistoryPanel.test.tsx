import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import { MapState } from '@mapnest/shared/constants';
import { CallError, MESSAGES } from '@mapnest/shared/errors';
import { blankDocument } from '@mapnest/shared/map-document';
import type { HistoryEntry } from '@mapnest/shared/maps';
import { isolateEachTest } from '../../../app/testing.fixtures';
import { call } from '../../../lib/api';
import { HistoryPanel } from './HistoryPanel';
import { anEntry, deferred, routeCalls } from '../maps.fixtures';

/** vi.waitFor waits for a condition; its 1 s default would be a timed assertion on a busy machine (a hang guard here). */
const WAIT = { timeout: 10_000 };

vi.mock('../../../lib/api', () => ({ call: vi.fn() }));
/** What each preview was opened with: the viewer itself draws on a canvas the test DOM does not have. */
const previews: Array<{ heading: string; state?: number; link?: unknown }> = [];
vi.mock('../../viewer/MapPreview', () => ({
  MapPreviewDialog: (p: { heading: string; state?: number; link?: unknown }) => {
    previews.push({ heading: p.heading, state: p.state, link: p.link });
    return null;
  },
}));
const mockCall = vi.mocked(call) as unknown as ReturnType<typeof vi.fn>;

const MAP = 'map00000000000000001';
const history: HistoryEntry[] = [anEntry(1), anEntry(2, { name: 'Launch' }), anEntry(3)];

isolateEachTest(mockCall);

function renderPanel(props: Partial<Parameters<typeof HistoryPanel>[0]> = {}) {
  const onRestored = vi.fn();
  const view = render(
    <MemoryRouter>
      <HistoryPanel
        mapId={MAP}
        history={history}
        currentVersion={3}
        publishedVersion={null}
        link={null}
        title="Mall"
        state={MapState.PRO}
        onPublished={() => {}}
        onRestored={onRestored}
        {...props}
      />
    </MemoryRouter>,
  );
  return { ...view, onRestored };
}

const rows = () => within(screen.getByRole('list', { name: 'Versions, newest first' })).getAllByRole('listitem');
const row = (name: string) => screen.getByRole('listitem', { name: new RegExp(`^${name}`) });
const flush = () => act(async () => {});

/**
 * Publish again on version 1 (version 2 is live), confirmed, with the calls answered by `answers` and each version's
 * document blank.
 */
async function republishVersion1(history: HistoryEntry[], answers: Parameters<typeof routeCalls>[1]) {
  const { callsTo } = routeCalls(mockCall, {
    getMapVersion: () => ({ documentUrl: 'https://files.test/v.json' }),
    ...answers,
  });
  vi.stubGlobal('fetch', async () => new Response(JSON.stringify(blankDocument())));
  onTestFinished(() => {
    vi.unstubAllGlobals();
  });
  const onPublished = vi.fn();
  renderPanel({ history, publishedVersion: 2, onPublished });
  fireEvent.click(within(row('Version 1')).getByRole('button', { name: 'Publish again' }));
  fireEvent.click(await screen.findByRole('button', { name: 'Publish version 1' }));
  return { onPublished, callsTo };
}

/** Waits until the panel hands on the map with version 1 live, and `history`. */
const shownPublished = (onPublished: ReturnType<typeof vi.fn>, history: HistoryEntry[]) =>
  vi.waitFor(
    () => expect(onPublished).toHaveBeenCalledWith({ map: expect.objectContaining({ publishedVersion: 1 }), history }),
    WAIT,
  );

describe('HistoryPanel', () => {
  it('gives each version a heading to move between them, under the panel’s own heading where it has one', () => {
    renderPanel({ heading: 'History' });
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('History');
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Version 3 Current',
      'Launch',
      'Version 1',
    ]);
    cleanup();
    // In the maps page's dialog, whose title is its heading: none of its own.
    renderPanel();
    expect(screen.queryByRole('heading', { level: 2 })).toBeNull();
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(3);
  });

  it('lists versions newest first and offers only naming for the current one', () => {
    renderPanel();
    expect(rows().map((r) => r.querySelector('.history__title > span')?.textContent)).toEqual([
      'Version 3',
      'Launch',
      'Version 1',
    ]);
    const current = row('Version 3');
    expect(within(current).getByText('Current')).toBeTruthy();
    expect(within(current).getByRole('button', { name: 'Name this version' })).toBeTruthy();
    expect(within(current).queryByRole('button', { name: 'Restore' })).toBeNull();
    // Words apart in the title's text too (copied, or read where a browser takes the name from the text as it is):
    // "Version 3Current" ran the badge into the number.
    expect(current.querySelector('.history__title')?.textContent).toBe('Version 3 Current');
    expect(within(current).queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(within(row('Launch')).getByRole('button', { name: 'Rename' })).toBeTruthy();
    expect(within(row('Version 1')).getByText(/Created/)).toBeTruthy();
  });

  it('says which versions an administrator made, and which version an administrator restored', () => {
    renderPanel({
      history: [anEntry(1), anEntry(2, { kind: 'admin' }), anEntry(3, { kind: 'admin', restoredFrom: 'v00000001' })],
    });
    expect(within(row('Version 2')).getByText(/Changed by an administrator/)).toBeTruthy();
    expect(within(row('Version 3')).getByText(/Restored from version 1 by an administrator/)).toBeTruthy();
  });

  it('says which version a restore restored by its name too, when it has one', () => {
    renderPanel({
      history: [
        anEntry(1),
        anEntry(2, { name: 'Opening day' }),
        anEntry(3, { kind: 'restore', restoredFrom: 'v00000002' }),
        anEntry(4, { kind: 'restore', restoredFrom: 'v00000001' }),
      ],
      currentVersion: 4,
    });
    const named = within(row('Version 3')).getByText(/Restored from “Opening day” \(version 2\)/);
    // A name is up to 100 characters: the part wraps in a narrow panel, as a publish date does.
    expect(named.classList.contains('history__meta-long')).toBe(true);
    expect(within(row('Version 4')).getByText(/Restored from version 1$/)).toBeTruthy();
  });

  it('names the current version at once and keeps the name the server confirms', async () => {
    const answer = deferred<HistoryEntry>();
    const { callsTo } = routeCalls(mockCall, { setMapHistoryName: () => answer.promise });
    renderPanel();
    fireEvent.click(within(row('Version 3')).getByRole('button', { name: 'Name this version' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Version name' }), { target: { value: '  Spring update  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save name' }));
    // Shown before the server answers.
    expect(within(row('Spring update')).getByText('Current')).toBeTruthy();
    expect(callsTo('setMapHistoryName')).toEqual([{ mapId: MAP, historyMapId: 'v00000003', name: 'Spring update' }]);
    // The keyboard is back on the row's rename button while the name is saved (a disabled one dropped it to the top).
    const rename = within(row('Spring update')).getByRole('button', { name: 'Rename' });
    expect(document.activeElement).toBe(rename);
    expect(rename.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(rename);
    expect(screen.queryByRole('textbox', { name: 'Version name' })).toBeNull();
    await act(async () => answer.resolve(anEntry(3, { name: 'Spring update' })));
    expect(rename.getAttribute('aria-disabled')).toBeNull();
    expect(row('Spring update')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Named version 3 “Spring update”.');
  });

  it('rolls a rename back and says why when the server refuses', async () => {
    const answer = deferred<HistoryEntry>();
    routeCalls(mockCall, { setMapHistoryName: () => answer.promise });
    renderPanel();
    fireEvent.click(within(row('Launch')).getByRole('button', { name: 'Rename' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Version name' }), { target: { value: 'Renamed' } });
    fireEvent.submit(screen.getByRole('textbox', { name: 'Version name' }).closest('form')!);
    expect(row('Renamed')).toBeTruthy();
    await act(async () => answer.reject(new CallError('not-found', 'This version is no longer in the history.')));
    expect(row('Launch')).toBeTruthy();
    expect(screen.queryByText('Renamed')).toBeNull();
    expect(screen.getByRole('alert').textContent).toBe(
      'Could not rename version 2. This version is no longer in the history.',
    );
  });

  it('keeps a pasted version name too long whole, marks it, says why, and saves nothing', () => {
    const { callsTo } = routeCalls(mockCall, {});
    renderPanel();
    fireEvent.click(within(row('Version 3')).getByRole('button', { name: 'Name this version' }));
    const input = screen.getByRole('textbox', { name: 'Version name' }) as HTMLInputElement;
    // A maxLength would cut the paste in a browser, unseen (the test DOM does not apply it).
    expect(input.maxLength).toBe(-1);
    const long = 'Before the spring update '.repeat(5);
    fireEvent.change(input, { target: { value: long } });
    expect(input.value).toBe(long);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('A version name has at most 100 characters.')).toBeTruthy();
    fireEvent.submit(input.closest('form')!);
    expect(callsTo('setMapHistoryName')).toEqual([]);
  });

  it('cancels naming with Escape and changes nothing', () => {
    const { callsTo } = routeCalls(mockCall, {});
    renderPanel();
    const button = within(row('Version 1')).getByRole('button', { name: 'Name' });
    fireEvent.click(button);
    const input = screen.getByRole('textbox', { name: 'Version name' });
    fireEvent.change(input, { target: { value: 'Nope' } });
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(screen.queryByRole('textbox', { name: 'Version name' })).toBeNull();
    expect(callsTo('setMapHistoryName')).toEqual([]);
    expect(document.activeElement).toBe(within(row('Version 1')).getByRole('button', { name: 'Name' }));
  });

  it('deletes a version after confirmation at once, and puts it back when the server refuses', async () => {
    const answer = deferred<null>();
    const { callsTo } = routeCalls(mockCall, { deleteMapHistory: () => answer.promise });
    renderPanel();
    fireEvent.click(within(row('Launch')).getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this version?' });
    expect(dialog.textContent).toContain('“Launch” (version 2) will be removed from the history.');
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Delete version' }));
    });
    expect(screen.queryByText('Launch')).toBeNull();
    expect(rows()).toHaveLength(2);
    expect(callsTo('deleteMapHistory')).toEqual([{ mapId: MAP, historyMapId: 'v00000002' }]);
    await act(async () => answer.reject(new CallError('unavailable', 'unavailable')));
    expect(rows()).toHaveLength(3);
    expect(row('Launch')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain(
      'Could not delete “Launch” (version 2). The server is unavailable right now.',
    );
  });

  it('keeps a deleted version out once the server confirms', async () => {
    routeCalls(mockCall, { deleteMapHistory: () => null });
    renderPanel();
    fireEvent.click(within(row('Version 1')).getByRole('button', { name: 'Delete' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Delete version' }));
    });
    await flush();
    expect(rows()).toHaveLength(2);
    expect(screen.getByRole('status').textContent).toContain('Deleted version 1.');
  });

  it('restores a version as a new current version and reports it', async () => {
    const answer = deferred<unknown>();
    const { callsTo } = routeCalls(mockCall, { restoreMapHistory: () => answer.promise });
    const { onRestored } = renderPanel();
    fireEvent.click(within(row('Version 1')).getByRole('button', { name: 'Restore' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Restore into the draft' }));
    await flush();
    // At once: a new current version on top, marked as in progress.
    const pending = rows()[0]!;
    expect(pending.getAttribute('aria-busy')).toBe('true');
    expect(within(pending).getByText('Current')).toBeTruthy();
    expect(within(pending).getByText(/Restored from version 1/)).toBeTruthy();
    expect(within(row('Version 3')).queryByText('Current')).toBeNull();
    expect(callsTo('restoreMapHistory')).toEqual([
      {
        mapId: MAP,
        historyMapId: 'v00000001',
        restoreId: expect.stringMatching(/^[A-Za-z0-9_-]{8,64}$/),
        expectedVersion: 3,
      },
    ]);
    await act(async () =>
      answer.resolve({ version: 4, edited: new Date().toISOString(), metrics: { layerCount: 1, locationCount: 1 } }),
    );
    expect(onRestored).toHaveBeenCalledWith(4, expect.objectContaining({ version: 1 }));
    const restored = row('Version 4');
    expect(restored.getAttribute('aria-busy')).toBeNull();
    expect(within(restored).getByText('Current')).toBeTruthy();
    expect(within(row('Version 3')).getByRole('button', { name: 'Restore' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Restored version 1 as version 4.');
  });

  it('rolls a failed restore back and leaves the current version as it was', async () => {
    const answer = deferred<unknown>();
    routeCalls(mockCall, { restoreMapHistory: () => answer.promise });
    const { onRestored } = renderPanel();
    fireEvent.click(within(row('Launch')).getByRole('button', { name: 'Restore' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Restore into the draft' }));
    await flush();
    expect(rows()).toHaveLength(4);
    const scrolled: Element[] = [];
    vi.spyOn(HTMLElement.prototype, 'scrollIntoView').mockImplementation(function (this: HTMLElement) {
      scrolled.push(this);
    });
    await act(async () => answer.reject(new CallError('aborted', 'This map was changed elsewhere.')));
    expect(rows()).toHaveLength(3);
    // Brought into view: the panel may be scrolled far down to the version restored.
    expect(scrolled.map((e) => e.textContent)).toContain(screen.getByRole('alert').textContent);
    expect(within(row('Version 3')).getByText('Current')).toBeTruthy();
    expect(onRestored).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toContain(
      'Could not restore “Launch” (version 2). This map was changed elsewhere.',
    );
  });

  it('reads the history again when a restore’s answer is lost, and shows the restore it made as done', async () => {
    const restored = anEntry(4, { kind: 'restore', restoredFrom: 'v00000001' });
    const { callsTo } = routeCalls(mockCall, {
      // The server committed version 4, then the answer was lost on the way.
      restoreMapHistory: () => Promise.reject(new CallError('internal', 'internal')),
      getMap: () => ({ map: { id: MAP, version: 4 }, history: [...history, restored], documentUrl: 'u' }),
    });
    const { onRestored } = renderPanel();
    fireEvent.click(within(row('Version 1')).getByRole('button', { name: 'Restore' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Restore into the draft' }));
    await vi.waitFor(() => expect(onRestored).toHaveBeenCalledWith(4, expect.objectContaining({ version: 1 })), WAIT);
    expect(callsTo('getMap')).toEqual([{ id: MAP }]);
    expect(within(row('Version 4')).getByText('Current')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('');
    expect(screen.getByRole('status').textContent).toContain('Restored version 1 as version 4.');
  });

  it('says a lost restore did not happen when the history shows none, and retries it under the same id', async () => {
    const { callsTo } = routeCalls(mockCall, {
      restoreMapHistory: () => Promise.reject(new CallError('internal', 'internal')),
      getMap: () => ({ map: { id: MAP, version: 3 }, history, documentUrl: 'u' }),
    });
    const { onRestored } = renderPanel();
    for (let attempt = 1; attempt <= 2; attempt++) {
      fireEvent.click(within(row('Version 1')).getByRole('button', { name: 'Restore' }));
      fireEvent.click(await screen.findByRole('button', { name: 'Restore into the draft' }));
      await vi.waitFor(() => expect(callsTo('getMap')).toHaveLength(attempt), WAIT);
      await flush();
    }
    expect(onRestored).not.toHaveBeenCalled();
    expect(rows()).toHaveLength(3);
    expect(screen.getByRole('alert').textContent).toBe(
      'Could not restore version 1. Mapnest could not be reached. Check your connection, or try again in a moment.',
    );
    const [first, second] = callsTo('restoreMapHistory') as { restoreId: string }[];
    expect(second!.restoreId).toBe(first!.restoreId);
  });

  it('says a version published again without its public copy yet as published, and shows it so', async () => {
    const published = [
      anEntry(1, { publishedAt: '2026-11-30T10:00:00.000Z' }),
      anEntry(2, { publishedAt: '2026-12-01T10:00:00.000Z' }),
      anEntry(3),
    ];
    const { onPublished } = await republishVersion1(published, {
      // Committed; the copy's write failed and is owed (the server writes it itself).
      publishMap: () => Promise.reject(new CallError('unavailable', MESSAGES.publishCopyOwed, { committed: true })),
      getMap: () => ({ map: { id: MAP, version: 3, publishedVersion: 1 }, history: published, documentUrl: 'u' }),
    });
    await shownPublished(onPublished, published);
    expect(screen.getByRole('alert').textContent).toContain(MESSAGES.publishCopyOwed);
    expect(screen.queryByRole('dialog', { name: /Publish version 1 again/ })).toBeNull();
  });

  it('says a version published again whose answer was lost as published once the map shows it live', async () => {
    const published = [anEntry(1, { publishedAt: '2026-12-01T10:00:00.000Z' }), anEntry(2), anEntry(3)];
    let live = 2;
    const { onPublished } = await republishVersion1(published, {
      // The server published it; the answer was lost on the way (a dropped connection).
      publishMap: () => {
        live = 1;
        return Promise.reject(new CallError('unavailable', MESSAGES.unavailable));
      },
      getMap: () => ({ map: { id: MAP, version: 3, publishedVersion: live }, history: published, documentUrl: 'u' }),
    });
    await shownPublished(onPublished, published);
    expect(screen.getByRole('status').textContent).toContain('Published version 1: visitors see it now.');
    expect(screen.queryByText(/Nothing was changed/)).toBeNull();
  });

  it('keeps the Publish again dialog with the failure when the map read after it shows the version not live', async () => {
    const history = [anEntry(1, { publishedAt: '2026-12-01T10:00:00.000Z' }), anEntry(2), anEntry(3)];
    const { onPublished, callsTo } = await republishVersion1(history, {
      publishMap: () => Promise.reject(new CallError('unavailable', MESSAGES.unavailable)),
      getMap: () => ({ map: { id: MAP, version: 3, publishedVersion: 2 }, history: [], documentUrl: 'u' }),
    });
    const dialog = await screen.findByRole('dialog', { name: /Publish version 1 again/ });
    await vi.waitFor(() => expect(dialog.textContent).toContain(MESSAGES.unavailable), WAIT);
    expect(onPublished).not.toHaveBeenCalled();
    expect(callsTo('getMap')).toHaveLength(1);
  });

  it('moves keyboard focus to the restored version’s title', async () => {
    const answer = deferred<unknown>();
    routeCalls(mockCall, { restoreMapHistory: () => answer.promise });
    renderPanel();
    const button = within(row('Version 1')).getByRole('button', { name: 'Restore' });
    button.focus();
    fireEvent.click(button);
    fireEvent.click(await screen.findByRole('button', { name: 'Restore into the draft' }));
    await flush();
    // While it runs, the pressed button keeps focus (it is not disabled, which would drop focus to <body>).
    expect(button.hasAttribute('disabled')).toBe(false);
    expect(button.getAttribute('aria-disabled')).toBe('true');
    await act(async () =>
      answer.resolve({ version: 4, edited: new Date().toISOString(), metrics: { layerCount: 1, locationCount: 1 } }),
    );
    expect(document.activeElement).toBe(row('Version 4').querySelector('.history__title'));
  });

  it('asks before restoring, into the draft only, and does nothing on Cancel', async () => {
    const { callsTo } = routeCalls(mockCall, {});
    renderPanel();
    fireEvent.click(within(row('Version 1')).getByRole('button', { name: 'Restore' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Restore version 1 into the draft?');
    expect(dialog.textContent).toContain('Visitors keep the published version until you publish.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await flush();
    expect(callsTo('restoreMapHistory')).toEqual([]);
  });

  it('does not restore when beforeRestore declines', async () => {
    const { callsTo } = routeCalls(mockCall, {});
    const beforeRestore = vi.fn(async () => false);
    renderPanel({ beforeRestore });
    fireEvent.click(within(row('Version 1')).getByRole('button', { name: 'Restore' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Restore into the draft' }));
    await flush();
    expect(beforeRestore).toHaveBeenCalledWith(expect.objectContaining({ version: 1 }));
    expect(callsTo('restoreMapHistory')).toEqual([]);
    expect(rows()).toHaveLength(3);
  });

  it('follows a new history and current version from its parent', () => {
    const view = renderPanel();
    view.rerender(
      <MemoryRouter>
        <HistoryPanel
          mapId={MAP}
          history={[...history, anEntry(4)]}
          currentVersion={4}
          publishedVersion={null}
          link={null}
          title="Mall"
          state={MapState.PRO}
          onPublished={() => {}}
          onRestored={() => {}}
        />
      </MemoryRouter>,
    );
    expect(rows()).toHaveLength(4);
    expect(within(row('Version 4')).getByText('Current')).toBeTruthy();
  });

  it('previews a version as the map’s visitors get it, with the map’s plan (a Professional map’s directions)', async () => {
    previews.length = 0;
    routeCalls(mockCall, { getMapVersion: () => ({ documentUrl: 'https://files.test/v3.json' }) });
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify(blankDocument())));
    // The live map, for the QR code on the version's printed sheets.
    const link = { url: 'https://maps.example.com/m/Hx3kQ9vBn2', until: null };
    renderPanel({ state: MapState.PRO, link });
    fireEvent.click(within(row('Version 3')).getByRole('button', { name: 'Preview' }));
    await vi.waitFor(
      () => expect(previews.at(-1)).toEqual({ heading: 'Preview of version 3', state: MapState.PRO, link }),
      WAIT,
    );
    vi.unstubAllGlobals();
  });
});
