import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryRouter } from 'react-router';
import { CallError } from '@mapnest/shared/errors';
import { addLocation } from './actions/locations';
import { aSummary, disposeHarnesses, fakeServer, renderEditorPart } from './editor.fixtures';
import { TextProp } from './panels/fields';
import { createPendingEdits, PendingEditsContext } from './save/pending-edits';
import { PUBLICATION_LABELS } from '@mapnest/shared/maps';
import { UI_LOCALE } from '../../lib/words';
import {
  MapTitle,
  PublicationStatus,
  SaveIndicator,
  SaveProblem,
  STATUS_LABELS,
  savedTitle,
  Toolbar,
  UNCONFIRMED_LABEL,
} from './Toolbar';

afterEach(() => {
  cleanup();
  disposeHarnesses();
});

describe('a failed save', () => {
  it('says on the page what happened and that the work is kept, with Save now, and goes once saved', async () => {
    const server = fakeServer();
    let failing = true;
    const save = server.save;
    server.save = async (input) => {
      if (failing) throw new CallError('internal', 'The server is down.');
      return save(input);
    };
    const h = renderEditorPart(
      <>
        <SaveIndicator />
        <SaveProblem />
      </>,
      { server },
    );
    expect(screen.queryByText(/kept in this browser/)).toBeNull();
    act(() => void h.store.dispatch(addLocation, { id: 'kiosk', title: 'Kiosk', coord: [0.5, 0.5] }));
    await act(() => h.save.saveNow());
    const shown =
      'The server had a problem, so this save is not confirmed; your changes are kept in this browser, and trying again never saves them twice.';
    // On screen the time to the next try counts down; a screen reader hears the message once, with the clock time of
    // the next try (a count heard once, "in 2 s", is stale when the line is read again).
    const visible = await screen.findByText(`${shown} Retrying in 2 s.`, { selector: '[aria-hidden="true"]' });
    const at = new Date(h.save.getState().retry!.at).toLocaleTimeString();
    const heard = screen.getByText(`${shown} Retrying at ${at}.`, { selector: '.visually-hidden' });
    expect(heard.closest('[role="status"]')).not.toBeNull();
    // The server may have stored it before failing: the status does not say "Not saved".
    expect(document.querySelector('.save-status')!.textContent).toContain(UNCONFIRMED_LABEL);
    expect(visible.closest('[role="status"]')).toBe(heard.closest('[role="status"]'));
    await waitFor(() => expect(visible.textContent).toBe(`${shown} Retrying in 1 s.`));
    expect(heard.textContent).toBe(`${shown} Retrying at ${at}.`);
    // The status's tooltip has no count that would stand still beside the one that counts down.
    expect(document.querySelector('.save-status')!.getAttribute('title')).toBe(shown);
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Save now' }));
    await waitFor(() => expect(screen.queryByText(/kept in this browser/)).toBeNull());
    expect(server.saves.at(-1)?.mapData.locations.map((l) => l.id)).toEqual(['kiosk']);
  });
});

describe('a save refused by the server', () => {
  it('says "Not saved": a refusal is known not to be stored', async () => {
    const server = fakeServer();
    server.save = async () => {
      throw new CallError('invalid-argument', 'A location needs a title.');
    };
    const h = renderEditorPart(<SaveIndicator />, { server });
    act(() => void h.store.dispatch(addLocation, { id: 'kiosk', title: 'Kiosk', coord: [0.5, 0.5] }));
    await act(() => h.save.saveNow());
    expect(h.container.querySelector('.save-status')!.textContent).toContain(STATUS_LABELS.error);
    expect(h.container.querySelector('.save-status')!.textContent).not.toContain(UNCONFIRMED_LABEL);
  });
});

describe('the bar’s two statuses', () => {
  it('never use one word for two things (a map taken offline is "Unpublished", not the connection’s "Offline")', () => {
    const saving = new Set(Object.values(STATUS_LABELS));
    expect(Object.values(PUBLICATION_LABELS).filter((label) => saving.has(label))).toEqual([]);
  });
});

describe('the save status’s tooltip', () => {
  const at = Date.UTC(2026, 11, 3, 14, 2, 5);
  const time = new Date(at).toLocaleTimeString(UI_LOCALE);

  it('gives this tab’s last save time with the version it made', () => {
    expect(savedTitle({ version: 12, lastSaved: { at, version: 12 } })).toBe(`Last saved at ${time} (version 12)`);
    expect(savedTitle({ version: 3, lastSaved: null })).toBe('Version 3');
  });

  it('does not give this tab’s save time to a version another tab saved since', () => {
    expect(savedTitle({ version: 14, lastSaved: { at, version: 12 } })).toBe(
      `Version 14, saved elsewhere (another tab or person). This tab last saved at ${time} (version 12).`,
    );
  });
});

describe('the map title', () => {
  it('is the page’s heading for a screen reader, besides the field that renames it', () => {
    renderEditorPart(<MapTitle />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Editing Riverside Mall');
  });

  it('keeps a pasted title too long whole, marks it and says why it is not taken, renaming nothing', () => {
    const h = renderEditorPart(<MapTitle />);
    const input = screen.getByRole('textbox', { name: 'Map title' }) as HTMLInputElement;
    // A maxLength would cut the paste in a browser, unseen (the test DOM does not apply it).
    expect(input.maxLength).toBe(-1);
    const long = 'Riverside Mall '.repeat(10);
    fireEvent.change(input, { target: { value: long } });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    fireEvent.blur(input);
    expect(h.notices.at(-1)).toEqual({
      text: 'A title has at most 100 characters. The map keeps its title “Riverside Mall”.',
      kind: 'error',
    });
    expect(input.value).toBe(long);
  });

  it('shows the map’s title again when the field is left empty, and says the map keeps it', () => {
    const h = renderEditorPart(<MapTitle />);
    const input = screen.getByRole('textbox', { name: 'Map title' }) as HTMLInputElement;
    const title = input.value;
    fireEvent.change(input, { target: { value: '   ' } });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    fireEvent.blur(input);
    expect(h.notices.at(-1)).toEqual({
      text: `A title is required. The map keeps its title “${title}”.`,
      kind: 'error',
    });
    expect([input.value, input.getAttribute('aria-invalid')]).toEqual([title, null]);
  });

  it('shows a title changed elsewhere since, instead of renaming over it unsaid, and says how to replace it', async () => {
    const theirs = aSummary({ title: 'Riverside Mall 2027' });
    const shown: string[] = [];
    const asked: string[] = [];
    const h = renderEditorPart(<MapTitle />, {
      setMap: (map) => void shown.push(map.title),
      renameMap: async (title) => {
        asked.push(title);
        return { map: theirs, renamed: false };
      },
    });
    const input = screen.getByRole('textbox', { name: 'Map title' });
    fireEvent.change(input, { target: { value: 'Riverside Mall – Level 1' } });
    fireEvent.blur(input);
    await waitFor(() => expect(shown).toEqual(['Riverside Mall 2027']));
    expect(asked).toEqual(['Riverside Mall – Level 1']);
    expect(h.notices.at(-1)).toEqual({
      text: 'The map was renamed in another tab or device to “Riverside Mall 2027”, so “Riverside Mall – Level 1” was not applied. Rename it again to replace that title.',
      kind: 'info',
    });
  });
});

describe('the bar’s File menu', () => {
  it('offers Save, which saves the map at once: a laptop’s bar shows no Save button', async () => {
    const server = fakeServer();
    const h = renderEditorPart(
      <MemoryRouter>
        <Toolbar />
      </MemoryRouter>,
      { server },
    );
    act(() => void h.store.dispatch(addLocation, { id: 'kiosk', title: 'Kiosk', coord: [0.5, 0.5] }));
    fireEvent.click(screen.getByRole('button', { name: 'File' }));
    const save = screen.getByRole('menuitem', { name: /^Save/ });
    expect(save.getAttribute('aria-disabled')).toBeNull();
    expect(screen.getAllByRole('menuitem').map((i) => i.textContent?.replace(/Ctrl\+[SP]|⌘[SP]/, ''))).toEqual([
      'Save',
      'Import…',
      'Export…',
      'Print…',
    ]);
    fireEvent.click(save);
    await waitFor(() => expect(server.saves.at(-1)?.mapData.locations.map((l) => l.id)).toEqual(['kiosk']));
    expect(screen.queryByRole('menu')).toBeNull();
  });
});

describe('the publication status’s toggletip', () => {
  it('says what visitors see and whether changes wait, in words, not version numbers', () => {
    renderEditorPart(<PublicationStatus />, {
      map: { version: 7, publishedVersion: 5, publication: 'changes', published: true },
    });
    const detail =
      'Visitors see the map as you last published it. Your changes since then are not public until you publish.';
    const status = screen.getByRole('button', { name: 'Unpublished changes', description: detail });
    expect(status.getAttribute('title')).toBeNull();
    expect(detail).not.toMatch(/version|\d/);
  });

  it('shows its explanation on a click or tap and hides it on Escape', () => {
    renderEditorPart(<PublicationStatus />, {
      map: { version: 5, publishedVersion: 5, publication: 'published', published: true },
    });
    const status = screen.getByRole('button', { name: 'Published' });
    expect(screen.queryByRole('tooltip')).toBeNull();
    fireEvent.click(status);
    expect(status.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('tooltip').textContent).toBe(
      'Visitors see the map as it is here. There are no unpublished changes.',
    );
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('opens on one tap: a finger’s entering and its compatibility mouse events do not open it before the tap', () => {
    renderEditorPart(<PublicationStatus />, {
      map: { version: 5, publishedVersion: 5, publication: 'published', published: true },
    });
    const status = screen.getByRole('button', { name: 'Published' });
    // A tap, as a touch screen sends it: the pointer's events, the compatibility mouse events, then the click.
    fireEvent.pointerEnter(status, { pointerType: 'touch' });
    fireEvent.mouseEnter(status);
    fireEvent.click(status);
    expect(status.getAttribute('aria-expanded')).toBe('true');
    // A mouse still opens it by hovering, and closes it by leaving.
    fireEvent.click(status);
    fireEvent.pointerEnter(status, { pointerType: 'mouse' });
    expect(status.getAttribute('aria-expanded')).toBe('true');
    fireEvent.pointerLeave(status, { pointerType: 'mouse' });
    expect(status.getAttribute('aria-expanded')).toBe('false');
  });

  it('stays shown when the mouse that opened it by hovering clicks it, until a second click or a press elsewhere', () => {
    renderEditorPart(
      <>
        <PublicationStatus />
        <button type="button">Elsewhere</button>
      </>,
      { map: { version: 5, publishedVersion: 5, publication: 'published', published: true } },
    );
    const status = screen.getByRole('button', { name: 'Published' });
    const expanded = () => status.getAttribute('aria-expanded');
    fireEvent.pointerEnter(status, { pointerType: 'mouse' });
    fireEvent.click(status);
    expect(expanded()).toBe('true');
    fireEvent.pointerLeave(status, { pointerType: 'mouse' });
    expect(expanded()).toBe('true');
    // A second click hides it; hovering again shows it, and a press elsewhere hides a clicked one.
    fireEvent.click(status);
    expect(expanded()).toBe('false');
    fireEvent.click(status);
    fireEvent.pointerDown(status);
    expect(expanded()).toBe('true');
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(expanded()).toBe('false');
  });
});

describe('the save status while a field is typed in', () => {
  it('says "Unsaved changes" from the first key, not from the field’s commit a moment later', () => {
    const pending = createPendingEdits();
    renderEditorPart(
      <PendingEditsContext.Provider value={pending}>
        <SaveIndicator />
        <PublicationStatus />
        <TextProp label="Opening hours" value="" commit={() => null} />
      </PendingEditsContext.Provider>,
      { map: { version: 5, publishedVersion: 5, publication: 'published', published: true } },
    );
    const status = () => screen.getByRole('status').textContent;
    expect(status()).toBe(STATUS_LABELS.saved);
    const field = screen.getByRole('textbox', { name: 'Opening hours' });
    fireEvent.change(field, { target: { value: 'M' } });
    expect(status()).toBe(STATUS_LABELS.unsaved);
    expect(screen.getByRole('button', { name: 'Unpublished changes' })).toBeTruthy();
    // Typed back to what it was: nothing waits.
    fireEvent.change(field, { target: { value: '' } });
    expect(status()).toBe(STATUS_LABELS.saved);
    fireEvent.change(field, { target: { value: 'Mon-Sat 9-18' } });
    act(() => pending.flush());
    expect(pending.anyDraft()).toBe(false);
  });
});
