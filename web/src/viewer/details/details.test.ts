// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { blankDocument } from '@mapnest/shared/map-document';
import { buildModel } from '../viewer-model';
import { renderDetails } from './details';

describe('a location’s details', () => {
  it('leave out an image that cannot be loaded, rather than show the browser’s broken-image icon', () => {
    const doc = blankDocument();
    doc.locations = [{ id: 'library', title: 'Main Library', image: 'https://cdn.example.com/gone.jpg' }];
    const model = buildModel(doc);
    const details = renderDetails(model, model.byId.get('library')!, 'sheet', {
      resolveUrl: (u) => u,
      target: '_self',
      onClose: () => {},
      openLocation: () => false,
    });
    const image = details.querySelector('img.mn-details-image')!;
    expect(image.getAttribute('src')).toBe('https://cdn.example.com/gone.jpg');
    image.dispatchEvent(new Event('error'));
    expect(details.querySelector('img')).toBeNull();
    expect(details.querySelector('h2')!.textContent).toBe('Main Library');
  });
});
