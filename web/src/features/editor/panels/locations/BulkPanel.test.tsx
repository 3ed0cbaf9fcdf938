import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { disposeHarnesses, docWithLocations, renderEditorPart } from '../../editor.fixtures';
import { BulkPanel } from './BulkPanel';

afterEach(() => {
  cleanup();
  disposeHarnesses();
});

const colour = () => screen.getByRole('textbox', { name: 'Colour' }) as HTMLInputElement;
const swatch = () => (screen.getByLabelText('Colour picker') as HTMLInputElement).value;

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
