/**
 * A location's image and thumbnail show as visitors will see them, beside their address: an author sees at once that
 * the address is the one they meant, and is told in words when nothing can be loaded from it. A thumbnail of a few
 * characters (drawn as text) has no preview.
 */
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { blankDocument, type MapDocument } from '@mapnest/shared/map-document';
import { disposeHarnesses, renderEditorPart } from '../../editor.fixtures';
import { LocationForm } from './LocationForm';

afterEach(() => {
  cleanup();
  disposeHarnesses();
});

function form(image: string | undefined, thumb: string | undefined) {
  const doc: MapDocument = blankDocument();
  doc.locations = [{ id: 'bakery', title: 'Bakery', image, thumb }];
  renderEditorPart(<LocationForm loc={doc.locations[0]!} doc={doc} />, { doc });
}

describe('a location’s image and thumbnail fields', () => {
  it('show the image at the address, and say when it cannot be loaded', () => {
    form('/files/u1/bakery.jpg', 'https://example.com/logo.png');
    const image = screen.getByRole('img', { name: 'Image preview' });
    expect(image.getAttribute('src')).toBe('/files/u1/bakery.jpg');
    expect(screen.getByRole('img', { name: 'Thumbnail preview' }).getAttribute('src')).toBe(
      'https://example.com/logo.png',
    );
    fireEvent.error(image);
    expect(screen.queryByRole('img', { name: 'Image preview' })).toBeNull();
    expect(screen.getByText('The image at this address could not be loaded.')).toBeTruthy();
  });

  it('show nothing for a thumbnail of characters drawn as text, nor for an empty field', () => {
    form(undefined, 'BK');
    expect(screen.queryAllByRole('img')).toEqual([]);
  });
});
