import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { blankDocument } from '@mapnest/shared/map-document';
import { diffDocuments } from '@mapnest/shared/publish-checks';
import { VersionChanges } from './VersionChanges';

afterEach(cleanup);

describe('VersionChanges', () => {
  it('names the floors that changed, not only that some did', () => {
    const published = blankDocument({ layerName: 'Ground' });
    const next = structuredClone(published);
    next.layers.push({ id: 'mezzanine', name: 'Mezzanine', file: '' });
    next.layers[0]!.name = 'Ground floor';
    render(<VersionChanges diff={diffDocuments(published, next)} against="the published version" />);
    expect(screen.getByRole('listitem').textContent).toBe(
      'Floors changed: “Ground” renamed “Ground floor”, “Mezzanine” added',
    );
    expect(screen.getByText('Compared with the published version:')).toBeTruthy();
  });

  it('names the floors of a first release', () => {
    const doc = blankDocument({ layerName: 'Hall A' });
    doc.layers.push({ id: 'hall-b', name: 'Hall B', file: '' });
    render(<VersionChanges diff={diffDocuments(null, doc)} against="nothing published" />);
    expect(screen.getByRole('listitem').textContent).toBe('Floors added: “Hall A”, “Hall B”');
    // Not "Against nothing published:": a first release is all new.
    expect(screen.getByText('Nothing is published yet, so all of it is new:')).toBeTruthy();
    cleanup();
    // A map taken offline was published before: it is not called new.
    render(<VersionChanges diff={diffDocuments(null, doc)} against="nothing published" offline />);
    expect(
      screen.getByText('The map is offline, so visitors see none of it; publishing shows all of this again:'),
    ).toBeTruthy();
  });
});
