import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { registeredCommands, useCommandKeys } from '../commands';
import { dialogAtom } from '../editor-state';
import { disposeHarnesses, docWithLocations, renderEditorPart } from '../editor.fixtures';
import { EditorDialogs } from './EditorDialogs';

afterEach(() => {
  cleanup();
  disposeHarnesses();
});

function Keys() {
  useCommandKeys();
  return <input aria-label="Title" />;
}

describe('the keyboard shortcuts dialog', () => {
  it('opens with ?, not while typing, and lists every command with its keys', () => {
    const h = renderEditorPart(
      <>
        <Keys />
        <EditorDialogs />
      </>,
      { doc: docWithLocations(2) },
    );
    act(() => screen.getByRole('textbox', { name: 'Title' }).focus());
    fireEvent.keyDown(document.activeElement!, { key: '?', shiftKey: true });
    expect(h.jotai.get(dialogAtom)).toBeNull();
    act(() => (document.activeElement as HTMLElement).blur());
    act(() => void fireEvent.keyDown(document.body, { key: '?', shiftKey: true }));
    const dialog = screen.getByRole('dialog', { name: 'Keyboard shortcuts' });
    const table = within(dialog).getByRole('table', { name: /In the editor/ });
    const rows = within(table)
      .getAllByRole('row')
      .map((r) => [within(r).getByRole('rowheader').textContent, within(r).getByRole('cell').textContent]);
    // Every command, from the registry: a new one is listed without anyone writing it down twice.
    expect(rows.map(([label]) => label)).toEqual([...registeredCommands().values()].map((c) => c.label));
    expect(rows).toContainEqual(['Undo', 'Ctrl+Z']);
    expect(rows).toContainEqual(['Redo', 'Ctrl+Shift+Z or Ctrl+Y']);
    expect(rows).toContainEqual(['Delete the selected locations', 'Delete or Backspace']);
    expect(rows).toContainEqual(['Copy the selected locations', 'Ctrl+C']);
    expect(rows).toContainEqual(['Show the keyboard shortcuts', '?']);
    for (const [label, keys] of rows) expect(keys, label!).not.toBe('');
    // Each key in a <kbd> of its own; a command's words about its keys are not keys.
    const kbds = (name: string) =>
      [...within(table).getByRole('rowheader', { name }).closest('tr')!.querySelectorAll('kbd')].map(
        (k) => k.textContent,
      );
    expect(kbds('Delete the selected locations')).toEqual(['Delete', 'Backspace']);
    expect(kbds('Move the selected locations')).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(h.jotai.get(dialogAtom)).toBeNull();
  });
});
