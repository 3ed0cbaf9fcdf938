import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { tabAtom } from '../editor-state';
import { disposeHarnesses, docWithLocations, renderEditorPart } from '../editor.fixtures';
import { SidePanel } from './SidePanel';

afterEach(() => {
  cleanup();
  disposeHarnesses();
});

/** The side panel as the editor holds it (the Analytics tab links to its page, so inside a router). */
function setup() {
  return renderEditorPart(
    <MemoryRouter>
      <div className="editor">
        <SidePanel />
      </div>
    </MemoryRouter>,
    { doc: docWithLocations(2) },
  );
}

const tabs = () => screen.getAllByRole('tab');
const focusedTab = () =>
  document.activeElement?.getAttribute('role') === 'tab' ? (document.activeElement as HTMLElement) : null;
const press = (key: string) => act(() => void fireEvent.keyDown(document.activeElement!, { key }));

describe('the side panel’s tabs', () => {
  it('are one Tab stop, the open tab’s', () => {
    const h = setup();
    expect(screen.getByRole('tablist', { name: 'Panels' }).getAttribute('aria-orientation')).toBe('vertical');
    expect(tabs().map((t) => t.tabIndex)).toEqual([0, -1, -1, -1, -1, -1, -1, -1]);
    act(() => h.jotai.set(tabAtom, 'styles'));
    expect(tabs().map((t) => t.tabIndex)).toEqual([-1, -1, -1, 0, -1, -1, -1, -1]);
  });

  it('name their count apart from their label ("Locations, 2", not "Locations2")', () => {
    setup();
    // The test DOM sets the count's span apart with a space before the comma too, as a block would be.
    expect(screen.getByRole('tab', { name: /^Locations ?, 2$/ })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Wayfinding' })).toBeTruthy();
  });

  it('move with the arrow keys, wrapping at the ends, and Home and End, opening the tab reached', () => {
    const h = setup();
    tabs()[0]!.focus();
    const path: (string | null | undefined)[] = [];
    for (const key of ['ArrowDown', 'ArrowRight', 'ArrowUp', 'ArrowLeft', 'ArrowUp', 'Home', 'End', 'ArrowDown']) {
      press(key);
      path.push(focusedTab()?.id);
      expect(focusedTab()?.getAttribute('aria-selected')).toBe('true');
      expect(focusedTab()?.tabIndex).toBe(0);
    }
    expect(path.map((id) => id?.replace('editor-tab-', ''))).toEqual([
      'layers',
      'groups',
      'layers',
      'locations',
      'analytics',
      'locations',
      'analytics',
      'locations',
    ]);
    expect(h.jotai.get(tabAtom)).toBe('locations');
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe('editor-tab-locations');
  });

  it('leave other keys, and arrows with a modifier, to the page', () => {
    const h = setup();
    tabs()[0]!.focus();
    for (const init of [{ key: 'a' }, { key: 'ArrowDown', shiftKey: true }, { key: 'End', ctrlKey: true }])
      act(() => void fireEvent.keyDown(document.activeElement!, init));
    expect(h.jotai.get(tabAtom)).toBe('locations');
    expect(document.activeElement).toBe(tabs()[0]);
  });
});
