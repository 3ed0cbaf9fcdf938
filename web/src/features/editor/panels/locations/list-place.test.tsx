/**
 * The locations list keeps the keyboard's place when the row it was on is deleted: the row that takes the place is
 * the active one (aria-activedescendant), so a screen reader says where the list is and the arrow keys go on from
 * there, instead of the list pointing at nothing and starting again from the top.
 */
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { disposeHarnesses, docWithLocations, renderEditorPart } from '../../editor.fixtures';
import { Inspector } from '../Inspector';
import { LocationsPanel } from './LocationsPanel';

afterEach(() => {
  cleanup();
  disposeHarnesses();
});

const list = () => screen.getByRole('listbox', { name: 'Locations' });
const activeTitle = () =>
  document.getElementById(list().getAttribute('aria-activedescendant') ?? '')?.querySelector('.vlist__title')
    ?.textContent;

describe('the locations list after a delete', () => {
  it('keeps the keyboard on the row that took the deleted one’s place', () => {
    const h = renderEditorPart(
      <>
        <LocationsPanel />
        <Inspector />
      </>,
      { doc: docWithLocations(5) },
    );
    act(() => list().focus());
    fireEvent.keyDown(list(), { key: 'ArrowDown' });
    fireEvent.keyDown(list(), { key: 'ArrowDown' });
    expect(activeTitle()).toBe('Location 2');
    fireEvent.click(within(screen.getByRole('form')).getByRole('button', { name: 'Delete' }));
    expect(h.doc().locations.map((l) => l.id)).toEqual(['a0', 'a1', 'a3', 'a4']);
    expect(activeTitle()).toBe('Location 3');
    // The arrow keys go on from there.
    fireEvent.keyDown(list(), { key: 'ArrowDown' });
    expect(activeTitle()).toBe('Location 4');
    // The last row deleted: the keyboard is on the new last one.
    fireEvent.click(within(screen.getByRole('form')).getByRole('button', { name: 'Delete' }));
    expect(activeTitle()).toBe('Location 3');
  });
});
