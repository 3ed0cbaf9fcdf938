import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { blankDocument } from '@mapnest/shared/map-document';
import { disposeHarnesses, layOut, renderEditorPart } from '../editor.fixtures';
import { StylesPanel } from './StylesPanel';

afterEach(() => {
  cleanup();
  disposeHarnesses();
});

function lots() {
  const doc = blankDocument();
  doc.styles = ['Available', 'Reserved', 'Sold'].map((name) => ({
    id: name.toLowerCase(),
    name,
    markers: true,
    svg: true,
    normal: {},
    hover: {},
    active: {},
  }));
  return doc;
}
const styleList = () => screen.getByRole('list', { name: 'Styles' });
const card = (name: string) => within(styleList()).getByRole('listitem', { name });

describe('StylesPanel', () => {
  it('shows the colours used while a style leaves them empty, saying Default, not black', () => {
    const doc = lots();
    doc.settings.primaryColor = '#2563eb';
    renderEditorPart(<StylesPanel />, { doc });
    const sold = card('Sold');
    const picker = (name: string, i = 0) =>
      (within(sold).getAllByLabelText(`${name} picker`)[i] as HTMLInputElement).value;
    // Normal: the primary colour (what a location with no colour of its own is drawn in), a white edge, white text.
    expect([picker('Fill'), picker('Stroke'), picker('Text')]).toEqual(['#2563eb', '#ffffff', '#ffffff']);
    // Hovered and opened shapes: the primary colour's light tints, the opened one outlined in it.
    expect([picker('Fill', 1), picker('Fill', 2), picker('Stroke', 2)]).toEqual(['#bed0f9', '#a8c1f7', '#2563eb']);
    for (const field of within(sold).getAllByRole('textbox', { name: /^(Fill|Stroke|Text)$/ }))
      expect((field as HTMLInputElement).placeholder).toBe('Default');
  });

  it('follows a colour the style sets: its text reads on its fill', () => {
    const doc = lots();
    doc.styles[2]!.normal = { fill: '#fde68a' };
    renderEditorPart(<StylesPanel />, { doc });
    expect((within(card('Sold')).getByLabelText('Text picker') as HTMLInputElement).value).toBe('#1d2330');
  });

  it('adds a style, and refuses a malformed colour without changing it', () => {
    const h = renderEditorPart(<StylesPanel />, { doc: lots() });
    fireEvent.change(screen.getByLabelText('New style name'), { target: { value: 'On hold' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(h.doc().styles.at(-1)).toMatchObject({ id: 'on-hold', name: 'On hold' });
    const fill = within(card('Sold')).getAllByLabelText('Fill')[0]!;
    fireEvent.change(fill, { target: { value: 'grey' } });
    fireEvent.blur(fill);
    expect(within(card('Sold')).getByText('Must be a hex color: #rgb, #rrggbb or #rrggbbaa')).toBeTruthy();
    expect(h.doc().styles[2]!.normal).toEqual({});
  });

  it('keeps a pasted style name too long whole, and adds nothing, saying why by the field', () => {
    const h = renderEditorPart(<StylesPanel />, { doc: lots() });
    const input = screen.getByLabelText('New style name') as HTMLInputElement;
    // A maxLength would cut a paste in a browser, unseen (the test DOM does not apply it).
    expect(input.maxLength).toBe(-1);
    const long = 'Reserved for the spring fair '.repeat(5);
    fireEvent.change(input, { target: { value: long } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(input.value).toBe(long);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(input.getAttribute('aria-describedby')!)?.textContent).toMatch(
      /at most 100 characters/,
    );
    expect(h.doc().styles).toHaveLength(3);
  });

  it('reorders styles by drag and by buttons', () => {
    const h = renderEditorPart(<StylesPanel />, { doc: lots() });
    const order = () => h.doc().styles.map((s) => s.id);
    layOut([...styleList().children], (i) => 100 + i * 110, 100);
    const pointer = { pointerId: 2, isPrimary: true, button: 0 };
    fireEvent.pointerDown(within(card('Available')).getByTitle('Drag to reorder'), { ...pointer, clientY: 110 });
    fireEvent.pointerMove(window, { ...pointer, clientY: 300 });
    fireEvent.pointerUp(window, { ...pointer, clientY: 300 });
    expect(order()).toEqual(['reserved', 'available', 'sold']);
    fireEvent.click(within(card('Sold')).getByRole('button', { name: 'Move Sold up' }));
    expect(order()).toEqual(['reserved', 'sold', 'available']);
    expect(screen.getByTestId('reorder-announcer').textContent?.trim()).toBe('Moved “Sold” to position 2 of 3.');
    act(() => void h.store.undo());
    expect(order()).toEqual(['reserved', 'available', 'sold']);
  });
});
