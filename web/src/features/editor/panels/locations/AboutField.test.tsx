// @vitest-environment jsdom
// jsdom, not happy-dom, for the caret in contenteditable (docs/adr/106-happy-dom.md).
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { blankDocument, type MapDocument } from '@mapnest/shared/map-document';
import { disposeHarnesses, renderEditorPart } from '../../editor.fixtures';
import { LocationForm } from './LocationForm';

afterEach(() => {
  cleanup();
  disposeHarnesses();
});

/** A site plan: lots in Available / Reserved / Sold with a price and bedrooms each. */
function sitePlan(about: string, group = 'sold'): MapDocument {
  const doc = blankDocument();
  doc.groups = [
    { id: 'available', name: 'Available' },
    { id: 'reserved', name: 'Reserved' },
    { id: 'sold', name: 'Sold' },
  ];
  doc.locations = [
    { id: 'lot-12', title: 'Lot 12', about, groups: [group], fields: { price: '£285,000', bedrooms: '3' } },
    { id: 'lot-13', title: 'Lot 13', fields: { size: '520' } },
  ];
  return doc;
}

function form(doc: MapDocument) {
  const h = renderEditorPart(<LocationForm loc={doc.locations[0]!} doc={doc} />, { doc });
  const about = screen.getByRole('textbox', { name: 'About' }) as HTMLTextAreaElement;
  return { ...h, about };
}

describe('the About field', () => {
  it('inserts any of the map’s fields at the caret and shows the text as visitors read it', () => {
    const { about } = form(sitePlan(', 3 bedrooms'));
    const field = screen.getByRole('combobox', { name: 'Insert a field' }) as HTMLSelectElement;
    const offered = [...field.options].map((o) => o.value);
    expect(offered).toEqual(['bedrooms', 'price', 'size', 'title', 'group', 'id', 'phone', 'email']);

    about.setSelectionRange(0, 0);
    fireEvent.change(field, { target: { value: 'group' } });
    fireEvent.click(screen.getByRole('button', { name: 'Insert' }));
    expect(about.value).toBe('{{group}}, 3 bedrooms');
    expect(document.activeElement).toBe(about);
    expect(about.selectionStart).toBe('{{group}}'.length);

    about.setSelectionRange(about.value.length, about.value.length);
    fireEvent.change(field, { target: { value: 'price' } });
    fireEvent.click(screen.getByRole('button', { name: 'Insert' }));
    expect(about.value).toBe('{{group}}, 3 bedrooms{{price}}');
    expect(screen.getByText('Sold, 3 bedrooms£285,000')).toBeTruthy();

    fireEvent.input(about, { target: { value: '{{group}}, {{size}}' } });
    expect(screen.getByText('Sold, {{size}}')).toBeTruthy();
    expect(
      screen.getByText(/\{\{size\}\}: this location has no such field, so visitors see it as typed\./),
    ).toBeTruthy();
  });

  it('warns quietly when About names a group the location is not in, and leads to the text', () => {
    const { about } = form(sitePlan('Available, 3 bedrooms, £285,000'));
    const note = screen.getByRole('note');
    expect(note.textContent).toContain(
      'About says “Available”, but this location is not in that group. Visitors may read an old status.',
    );
    act(() => about.blur());
    fireEvent.click(screen.getByRole('button', { name: 'Edit About' }));
    expect(document.activeElement).toBe(about);
    expect(about.value.slice(about.selectionStart, about.selectionEnd)).toBe('Available');
  });

  it('says nothing while About names only the location’s own groups', () => {
    form(sitePlan('Available, 3 bedrooms', 'available'));
    expect(screen.queryByRole('note')).toBeNull();
  });
});
