import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { blankDocument, type MapDocument } from '@mapnest/shared/map-document';
import { liveLink, printDate, PrintDialog } from './PrintDialog';
import { defaultPaper } from './print-preferences';
import { PRINTING_CLASS } from './print-plan';
import { MapPreviewDialog } from '../viewer/MapPreview';

// The viewer draws on a canvas the test DOM does not have: each sheet's map is stood in for by the document it gets.
// Each document a map is given gets a number: a map given a new document is drawn again (MapViewer remounts on it).
const given = vi.hoisted(() => ({ docs: new WeakMap<object, number>(), next: 0 }));
vi.mock('../viewer/MapViewer', () => ({
  MapViewer: ({ document: doc }: { document: MapDocument }) => {
    if (!given.docs.has(doc)) given.docs.set(doc, given.next++);
    return <div data-testid="sheet-map" data-floor={doc.settings.defaultLayer} data-doc={given.docs.get(doc)} />;
  },
}));

beforeEach(() => {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function twoFloors(): MapDocument {
  const doc = blankDocument({ layerId: 'ground', layerName: 'Ground floor' });
  doc.layers.push({ id: 'first', name: 'First floor', file: '' });
  doc.locations = [
    { id: 'cafe', title: 'Café', coord: [0.5, 0.5], layer: 'ground' },
    { id: 'gym', title: 'Gym', coord: [0.5, 0.5], layer: 'first' },
  ];
  return doc;
}

const sheetFloors = () => screen.queryAllByTestId('sheet-map').map((m) => m.dataset.floor);

describe('the print dialog', () => {
  it('starts on the paper of the reader’s country', () => {
    expect(['en-US', 'en-CA', 'es-MX', 'en-GB', 'de-DE', 'fr', 'ja-JP'].map(defaultPaper)).toEqual([
      'letter',
      'letter',
      'letter',
      'a4',
      'a4',
      'a4',
      'a4',
    ]);
  });

  it('remembers the paper and orientation chosen last time in this browser, and shrugs off what it cannot read', () => {
    localStorage.removeItem('mapnest:print');
    const first = render(<PrintDialog doc={twoFloors()} title="Mall" floor="ground" onClose={() => {}} />);
    fireEvent.click(screen.getByRole('radio', { name: 'Letter' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Portrait' }));
    first.unmount();
    const again = render(<PrintDialog doc={twoFloors()} title="Mall" floor="ground" onClose={() => {}} />);
    const checked = () =>
      screen
        .getAllByRole<HTMLInputElement>('radio')
        .filter((r) => r.checked)
        .map((r) => r.closest('label')!.textContent);
    expect(checked()).toEqual(['Letter', 'Portrait']);
    again.unmount();
    localStorage.setItem('mapnest:print', '{"paper":"a3","orientation":');
    render(<PrintDialog doc={twoFloors()} title="Mall" floor="ground" onClose={() => {}} />);
    expect(checked()).toEqual([navigator.language === 'en-US' ? 'Letter' : 'A4', 'Landscape']);
    localStorage.removeItem('mapnest:print');
  });

  it('prints the floor in view, then the floors chosen, and says when none is', () => {
    render(<PrintDialog doc={twoFloors()} title="Mall" floor="first" onClose={() => {}} />);
    expect(sheetFloors()).toEqual(['first']);
    const firstDoc = screen.getByTestId('sheet-map').dataset.doc;
    fireEvent.click(screen.getByRole('checkbox', { name: 'Ground floor' }));
    expect(sheetFloors()).toEqual(['ground', 'first']);
    // The first floor's map keeps its document, so it stays as the author framed it, not drawn again.
    expect(screen.getAllByTestId('sheet-map')[1]!.dataset.doc).toBe(firstDoc);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Ground floor' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'First floor' }));
    expect(sheetFloors()).toEqual([]);
    expect(screen.getByText('Choose a floor to print.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Print…' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('lists with or without numbers, and not at all', () => {
    render(<PrintDialog doc={twoFloors()} title="Mall" floor="ground" onClose={() => {}} />);
    const sheet = () => screen.getByRole('region', { name: 'Ground floor' });
    expect(within(sheet()).getByRole('listitem').textContent).toBe('1 Café');
    // A map without groups: no "Other" heading over its one list.
    expect(within(sheet()).queryByRole('heading', { level: 4 })).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Number them on the map' }));
    expect(within(sheet()).getByRole('listitem').textContent).toBe(' Café');
    fireEvent.click(screen.getByRole('checkbox', { name: 'List the locations' }));
    expect(within(sheet()).queryByRole('listitem')).toBeNull();
    const numbers = screen.getByRole('checkbox', { name: 'Number them on the map' }) as HTMLInputElement;
    expect([numbers.checked, numbers.disabled]).toEqual([false, true]);
  });

  it('offers no numbers first for a plan that draws and names its own lots, and numbers them when asked', () => {
    const doc = twoFloors();
    doc.settings.markerType = 'hidden';
    render(<PrintDialog doc={doc} title="Willow Creek" floor="ground" onClose={() => {}} />);
    const numbers = screen.getByRole('checkbox', { name: 'Number them on the map' }) as HTMLInputElement;
    expect([numbers.checked, numbers.disabled]).toEqual([false, false]);
    const sheet = () => screen.getByRole('region', { name: 'Ground floor' });
    expect(within(sheet()).getByRole('listitem').textContent).toBe(' Café');
    fireEvent.click(numbers);
    expect(within(sheet()).getByRole('listitem').textContent).toBe('1 Café');
  });

  it('speaks the map’s language on paper: its “Other”, its date, its direction', async () => {
    const doc = twoFloors();
    doc.groups = [{ id: 'food', name: 'Essen' }];
    doc.locations[0]!.groups = ['food'];
    doc.locations.push({ id: 'wc', title: 'WC', coord: [0.2, 0.2], layer: 'ground' });
    doc.settings.language = 'de';
    const view = render(<PrintDialog doc={doc} title="Zentrum" floor="ground" onClose={() => {}} />);
    const sheet = await screen.findByRole('region', { name: 'Ground floor' });
    expect(
      within(sheet)
        .getAllByRole('heading', { level: 4 })
        .map((h) => h.textContent),
    ).toEqual(['Essen', 'Sonstige']);
    expect(sheet.closest('[lang]')!.getAttribute('lang')).toBe('de');
    expect(within(sheet).getByRole('contentinfo').textContent).toBe(printDate('de'));
    view.unmount();
    doc.settings.language = 'ar';
    render(<PrintDialog doc={doc} title="Zentrum" floor="ground" onClose={() => {}} />);
    const arabic = await screen.findByRole('region', { name: 'Ground floor' });
    expect(arabic.closest('[dir]')!.getAttribute('dir')).toBe('rtl');
  });

  it('links a QR code to the map visitors open now, only while they can', () => {
    expect(liveLink({ id: 'Hx3kQ9vBn2', published: true, activeUntil: '2026-12-09T10:00:00.000Z' })).toEqual({
      url: `${window.location.origin}/m/Hx3kQ9vBn2`,
      until: '2026-12-09T10:00:00.000Z',
    });
    // Never published, taken offline, or a test map past its week.
    expect(liveLink({ id: 'Hx3kQ9vBn2', published: false, activeUntil: null })).toBeNull();
  });

  it('prints a QR code that opens the live map, says when it stops working, and asks to publish first', () => {
    const url = 'https://maps.example.com/m/Hx3kQ9vBn2';
    const view = render(
      <PrintDialog doc={twoFloors()} title="Mall" floor="ground" link={{ url, until: null }} onClose={() => {}} />,
    );
    const qr = () => screen.queryByRole('img', { name: url });
    expect(qr()!.dataset.text).toBe(url);
    expect(screen.getByText('maps.example.com/m/Hx3kQ9vBn2')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'QR code to the live map' }));
    expect(qr()).toBeNull();
    view.unmount();

    // A test map: public for a week only.
    const until = '2026-12-09T10:00:00.000Z';
    const test = render(
      <PrintDialog doc={twoFloors()} title="Mall" floor="ground" link={{ url, until }} onClose={() => {}} />,
    );
    expect(
      screen.getByText(
        /A test map is public until .+: its QR code opens nothing after that, unless the map goes live\./,
      ),
    ).toBeTruthy();
    test.unmount();

    // Never published: nothing to open yet.
    render(<PrintDialog doc={twoFloors()} title="Mall" floor="ground" link={null} onClose={() => {}} />);
    expect(screen.queryByRole('checkbox', { name: 'QR code to the live map' })).toBeNull();
    expect(screen.getByText(/Publish the map to print a QR code that opens it\./)).toBeTruthy();
    expect(qr()).toBeNull();
  });

  it('writes the date the author’s way when the map speaks the author’s language', () => {
    const day = new Date(2026, 11, 2);
    vi.stubGlobal('navigator', { ...navigator, languages: ['en-GB', 'de-DE'], language: 'en-GB' });
    expect([printDate('en', day), printDate('de', day), printDate('fr', day)]).toEqual([
      '2 December 2026',
      '2. Dezember 2026',
      '2 décembre 2026',
    ]);
  });

  it('zooms the sheets to fit a phone’s screen, keeping their paper size in layout', () => {
    // The stage reports a phone's width at once, as a resize observer's first report does.
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(private readonly report: () => void) {}
        observe() {
          this.report();
        }
        disconnect() {}
      },
    );
    const width = vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (
      this: HTMLElement,
    ) {
      return this.classList.contains('print-dialog__stage') ? 390 : 0;
    });
    render(<PrintDialog doc={twoFloors()} title="Mall" floor="ground" onClose={() => {}} />);
    const sheets = document.querySelector<HTMLElement>('.print-sheets')!;
    // A4 or Letter landscape less 10 mm margins is about 1,050 px wide: a third of it fits 390 px.
    expect(Number(sheets.style.zoom)).toBeGreaterThan(0.3);
    expect(Number(sheets.style.zoom)).toBeLessThan(0.36);
    expect(sheets.style.getPropertyValue('--sheet-w')).toMatch(/mm$/);
    width.mockRestore();
  });

  it('sets the paper for the browser’s print dialog and prints its sheets alone only while open', () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const view = render(<PrintDialog doc={twoFloors()} title="Mall" floor={null} onClose={() => {}} />);
    expect(document.documentElement.classList.contains(PRINTING_CLASS)).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: 'A4' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Portrait' }));
    expect(document.querySelector('style')!.textContent).toBe('@page { size: 210mm 297mm; margin: 10mm; }');
    fireEvent.click(screen.getByRole('button', { name: 'Print…' }));
    expect(print).toHaveBeenCalledTimes(1);
    view.unmount();
    expect(document.documentElement.classList.contains(PRINTING_CLASS)).toBe(false);
  });

  it('lists and numbers the locations of the map’s CSV file as it reads now, once read', async () => {
    let answer!: (res: Response) => void;
    const fetch = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal('fetch', fetch);
    const doc = twoFloors();
    doc.settings.csvUrl = 'https://example.com/shops.csv';
    render(<PrintDialog doc={doc} title="Mall" floor="ground" onClose={() => {}} />);
    // Nothing to print, nor a map drawn without them, until the file is in.
    expect(screen.getByText(/Reading the locations of the map’s CSV file…/)).toBeTruthy();
    expect(sheetFloors()).toEqual([]);
    expect((screen.getByRole('button', { name: 'Print…' }) as HTMLButtonElement).disabled).toBe(true);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledWith('https://example.com/shops.csv', expect.anything()));
    await act(async () =>
      answer(
        new Response('id,title,floor,x,y,color\nbakery,Bakery,ground,0.2,0.3,\nbank,Bank,ground,0.3,0.3,blurple\n'),
      ),
    );
    const sheet = await screen.findByRole('region', { name: 'Ground floor' });
    expect(
      within(sheet)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['1 Bakery', '2 Café']);
    expect(
      screen.getByText(
        /1 location from the map’s CSV file is printed with the others, as the file reads now\. 1 row of it left out, as on the map/,
      ),
    ).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Print…' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('says when the map’s CSV file cannot be read, and prints the map’s own locations', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('gone', { status: 404 })),
    );
    const doc = twoFloors();
    doc.settings.csvUrl = 'https://example.com/shops.csv';
    render(<PrintDialog doc={doc} title="Mall" floor="ground" onClose={() => {}} />);
    const sheet = await screen.findByRole('region', { name: 'Ground floor' });
    expect(within(sheet).getByRole('listitem').textContent).toBe('1 Café');
    expect(
      screen.getByText(/The map’s CSV file could not be loaded \(HTTP 404\): its locations are not printed\./),
    ).toBeTruthy();
  });

  it('prints a version from its preview, over the preview, which stays open after', async () => {
    render(<MapPreviewDialog heading="Preview of version 3" doc={twoFloors()} title="Mall" onClose={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Print…' }));
    const dialog = screen.getByRole('dialog', { name: 'Print' });
    expect(
      within(dialog)
        .getAllByTestId('sheet-map')
        .map((m) => m.dataset.floor),
    ).toEqual(['ground']);
    await act(async () => fireEvent.keyDown(dialog, { key: 'Escape' }));
    expect(screen.queryByRole('dialog', { name: 'Print' })).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Preview of version 3' })).toBeTruthy();
  });
});
