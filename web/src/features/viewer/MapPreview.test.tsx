import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { blankDocument } from '@mapnest/shared/map-document';
import { deviceFor, MapPreviewDialog } from './MapPreview';

// The viewer draws on a canvas the test DOM does not have; the preview's own choices are what is tested here.
vi.mock('./MapViewer', () => ({ MapViewer: () => null }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The screen size the preview shows, as its toggle says it. */
const pressed = () =>
  screen
    .getAllByRole<HTMLInputElement>('radio')
    .filter((r) => r.checked)
    .map((r) => r.closest('label')!.textContent);

describe('map preview', () => {
  it('opens at the screen size of the screen it is opened on', () => {
    expect([deviceFor(390), deviceFor(599), deviceFor(600), deviceFor(999), deviceFor(1000), deviceFor(1920)]).toEqual([
      'phone',
      'phone',
      'tablet',
      'tablet',
      'desktop',
      'desktop',
    ]);
    vi.stubGlobal('innerWidth', 390);
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        disconnect() {}
      },
    );
    render(<MapPreviewDialog heading="Preview" doc={blankDocument()} title="Mall" onClose={() => {}} />);
    expect(pressed()).toEqual(['Phone 390px']);
  });
});
