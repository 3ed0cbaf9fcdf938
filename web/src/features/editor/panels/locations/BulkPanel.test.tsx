import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { disposeHarnesses, docWithLocations, renderEditorPart } from '../../editor.fixtures';
import { useAtomValue } from 'jotai';
import { useEditorState } from '../../editor-context';
import { announcementAtom, selectionAtom } from '../../editor-state';
import { BulkPanel } from './BulkPanel';

/** The panel as the editor shows it: with the document as edited, and what the editor's status region says. */
function LiveBulkPanel({ ids }: { ids: string[] }) {
  const said = useAtomValue(announcementAtom);
  return (
    <>
      <BulkPanel ids={ids} doc={useEditorState().doc} />
      <p data-testid="said">{said.text}</p>
    </>
  );
}

afterEach(() => {
  cleanup();
  disposeHarnesses();
});

const colour = () => screen.getByRole('textbox', { name: 'Colour' }) as HTMLInputElement;
const swatch = () => (screen.getByLabelText('Colour picker') as HTMLInputElement).value;

describe('the bulk panel’s head', () => {
  it('duplicates the selected locations with one button, as Ctrl/⌘+D does, and selects the copies', () => {
    const doc = docWithLocations(3);
    const h = renderEditorPart(<LiveBulkPanel ids={['a0', 'a1']} />, { doc });
    act(() => h.jotai.set(selectionAtom, new Set(['a0', 'a1'])));
    fireEvent.click(screen.getByRole('button', { name: 'Duplicate 2' }));
    expect(h.doc().locations.map((l) => l.id)).toEqual(['a0', 'a0-copy', 'a1', 'a1-copy', 'a2']);
    expect([...h.jotai.get(selectionAtom)]).toEqual(['a0-copy', 'a1-copy']);
    expect(h.store.getState().undoLabel).toBe('Duplicate locations');
  });
});

describe('the bulk Colour', () => {
  it('shows the colour the map draws the locations in while none has its own, saying Default, not black', () => {
    const doc = docWithLocations(3);
    doc.settings.primaryColor = '#0e7490';
    renderEditorPart(<BulkPanel ids={['a0', 'a1']} doc={doc} />, { doc });
    expect(swatch()).toBe('#0e7490');
    expect(colour().value).toBe('');
    expect(colour().placeholder).toBe('Default');
  });

  it('shows the colour the locations share, and says Mixed when theirs differ', () => {
    const doc = docWithLocations(3);
    doc.locations[0]!.color = '#dc2626';
    doc.locations[1]!.color = '#dc2626';
    doc.locations[2]!.color = '#16a34a';
    const first = renderEditorPart(<BulkPanel ids={['a0', 'a1']} doc={doc} />, { doc });
    expect(colour().value).toBe('#dc2626');
    expect(swatch()).toBe('#dc2626');
    first.unmount();
    renderEditorPart(<BulkPanel ids={['a0', 'a2']} doc={doc} />, { doc });
    expect(colour().value).toBe('');
    expect(colour().placeholder).toBe('Mixed');
    expect(swatch()).toBe('#dc2626');
    expect(
      screen.getByText('The selected locations have different colours; the swatch shows the first one’s.'),
    ).toBeTruthy();
  });
});

describe('the bulk About', () => {
  const about = () => screen.getByRole('textbox', { name: 'About' }) as HTMLTextAreaElement;
  const write = (text: string) => {
    fireEvent.change(about(), { target: { value: text } });
    fireEvent.blur(about());
  };

  it('gives every selected location one text whose fields show each one’s values, in one undo step', () => {
    const doc = docWithLocations(3);
    doc.locations.forEach((l, i) => (l.fields = { price: `£${300 + i},000` }));
    doc.locations[2]!.about = 'Show home';
    const h = renderEditorPart(<BulkPanel ids={['a0', 'a1']} doc={doc} />, { doc });
    write('{{price}}, freehold');
    expect(h.doc().locations.map((l) => l.about)).toEqual(['{{price}}, freehold', '{{price}}, freehold', 'Show home']);
    act(() => void h.store.undo());
    expect(h.doc().locations.map((l) => l.about)).toEqual([undefined, undefined, 'Show home']);
  });

  it('says when the selected texts differ, and clears them all when emptied', () => {
    const doc = docWithLocations(2);
    doc.locations[0]!.about = 'Sold';
    doc.locations[1]!.about = 'Reserved';
    const h = renderEditorPart(<LiveBulkPanel ids={['a0', 'a1']} />, { doc });
    expect(about().value).toBe('');
    expect(screen.getByText('Their About texts differ: a text written here replaces each of them.')).toBeTruthy();
    write('x');
    write('');
    expect(h.doc().locations.map((l) => l.about)).toEqual([undefined, undefined]);
  });
});

describe('the bulk Move to group', () => {
  it('puts every selected location in the group chosen and out of the others, in one undo step', () => {
    const doc = docWithLocations(3);
    doc.groups = [
      { id: 'available', name: 'Available' },
      { id: 'sold', name: 'Sold' },
    ];
    doc.locations.forEach((l) => (l.groups = ['available']));
    const h = renderEditorPart(<LiveBulkPanel ids={['a0', 'a1']} />, { doc });
    fireEvent.change(screen.getByRole('combobox', { name: 'Move to group' }), { target: { value: 'sold' } });
    expect(h.doc().locations.map((l) => l.groups)).toEqual([['sold'], ['sold'], ['available']]);
    // Said to a screen reader: the form shows no change of its own.
    expect(screen.getByTestId('said').textContent).toBe('Move to group “Sold”: 2 locations changed.');
    act(() => void h.store.undo());
    expect(h.doc().locations.map((l) => l.groups)).toEqual([['available'], ['available'], ['available']]);
  });
});
