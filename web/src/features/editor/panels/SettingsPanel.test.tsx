import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { disposeHarnesses, docWithLocations, renderEditorPart } from '../editor.fixtures';
import { SettingsPanel } from './SettingsPanel';

afterEach(() => {
  cleanup();
  disposeHarnesses();
});

function edit(label: string, value: string) {
  const input = screen.getByLabelText(label);
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
  return input;
}
const errorOf = (input: HTMLElement) =>
  document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent;

describe('SettingsPanel', () => {
  it('changes a setting and keeps the others of its group', () => {
    const h = renderEditorPart(<SettingsPanel />, { doc: docWithLocations(3) });
    edit('Maximum zoom', '8');
    expect(h.doc().settings.zoom).toMatchObject({ maxZoom: 8, enabled: true });
    fireEvent.click(screen.getByLabelText('Visitors can zoom'));
    expect(h.doc().settings.zoom).toMatchObject({ maxZoom: 8, enabled: false });
    fireEvent.change(screen.getByLabelText('Position'), { target: { value: 'right' } });
    expect(h.doc().settings.directory.position).toBe('right');
    fireEvent.change(screen.getByLabelText('Location opened on load'), { target: { value: 'a2' } });
    expect(h.doc().settings.startLocation).toBe('a2');
    act(() => void h.store.undo());
    expect(h.doc().settings.startLocation).toBeNull();
  });

  it('says under the CSS when visitors will not get it, and why; nothing once it is fixed', () => {
    renderEditorPart(<SettingsPanel />, { doc: docWithLocations(1) });
    edit('CSS (scoped to this map)', '@import url("https://fonts.example/inter.css");\n.mn-viewer{font-family:Inter}');
    expect(screen.getByRole('status').textContent).toBe(
      'Not used: visitors see the map without this CSS, because it contains @import (other style sheets and web fonts are not loaded into the map).',
    );
    edit('CSS (scoped to this map)', '.mn-viewer{font-family:Georgia}');
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('names the floor of locations that share a title, and the id where the floor is shared too', () => {
    const doc = docWithLocations(0);
    doc.layers = [
      { id: 'ground', name: 'Ground floor', file: '' },
      { id: 'first', name: 'First floor', file: '' },
    ];
    doc.locations = [
      { id: 'lift', title: 'Lift', layer: 'ground', coord: [0.1, 0.1] },
      { id: 'lift-2', title: 'Lift', layer: 'first', coord: [0.1, 0.1] },
      { id: 'desk-a', title: 'Desk', layer: 'first', coord: [0.2, 0.2] },
      { id: 'desk-b', title: 'Desk', layer: 'first', coord: [0.3, 0.3] },
      { id: 'cafe', title: 'Café', layer: 'ground', coord: [0.4, 0.4] },
    ];
    const h = renderEditorPart(<SettingsPanel />, { doc });
    for (const label of ['Location opened on load', '“You are here” (fixed start, for kiosks)']) {
      const options = Array.from((screen.getByLabelText(label) as HTMLSelectElement).options).map((o) => o.text);
      expect(options.slice(1)).toEqual([
        'Lift · Ground floor',
        'Lift · First floor',
        'Desk · First floor · desk-a',
        'Desk · First floor · desk-b',
        'Café',
      ]);
    }
    fireEvent.change(screen.getByLabelText('Location opened on load'), { target: { value: 'lift-2' } });
    expect(h.doc().settings.startLocation).toBe('lift-2');
  });

  it('sets the map’s language (the visitor’s browser by default), undoably', () => {
    const h = renderEditorPart(<SettingsPanel />, { doc: docWithLocations(3) });
    const select = screen.getByLabelText('Language of the map’s buttons and messages');
    expect((select as HTMLSelectElement).value).toBe('auto');
    expect(screen.getByRole('option', { name: '日本語' })).toBeTruthy();
    fireEvent.change(select, { target: { value: 'ar' } });
    expect(h.doc().settings.language).toBe('ar');
    act(() => void h.store.undo());
    expect(h.doc().settings.language).toBe('auto');
  });

  it('turns kiosk mode on (the screen filled, a start over when idle), keeping the layout’s height, undoably', () => {
    const doc = docWithLocations(3);
    doc.settings.layout.height = 600;
    const h = renderEditorPart(<SettingsPanel />, { doc });
    const box = screen.getByLabelText('Kiosk: fill the screen and start over after 90 s without a touch');
    expect((box as HTMLInputElement).checked).toBe(false);
    fireEvent.click(box);
    expect(h.doc().settings.layout).toEqual({ height: 600, kiosk: true });
    expect((box as HTMLInputElement).checked).toBe(true);
    act(() => void h.store.undo());
    expect(h.doc().settings.layout).toEqual({ height: 600, kiosk: false });
  });

  it('turns the group tint of locations shown by their shape off and on, undoably', () => {
    const h = renderEditorPart(<SettingsPanel />, { doc: docWithLocations(3) });
    const box = screen.getByLabelText(
      'Tint locations shown by their shape in their group’s colour',
    ) as HTMLInputElement;
    expect(box.checked).toBe(true);
    fireEvent.click(box);
    expect(h.doc().settings.tintRegionsByGroup).toBe(false);
    act(() => void h.store.undo());
    expect(h.doc().settings.tintRegionsByGroup).toBe(true);
  });

  it('names the default markers as the location form does', () => {
    renderEditorPart(<SettingsPanel />, { doc: docWithLocations(3) });
    const names = [...(screen.getByLabelText('Default marker') as HTMLSelectElement).options].map((o) => o.text);
    expect(names).toContain('Hidden (SVG element only)');
    expect(names).toContain('Thumbnail');
    expect(names).not.toContain('hidden');
    expect(names).not.toContain('thumb');
  });

  it('shows the primary colour in the route colour swatch while the route colour is the default', () => {
    const doc = docWithLocations(3);
    doc.settings.primaryColor = '#aa3355';
    const h = renderEditorPart(<SettingsPanel />, { doc });
    expect((screen.getByLabelText('Route colour picker') as HTMLInputElement).value).toBe('#aa3355');
    edit('Route colour', '#123456');
    expect(h.doc().settings.wayfinding.lineColor).toBe('#123456');
    expect((screen.getByLabelText('Route colour picker') as HTMLInputElement).value).toBe('#123456');
  });

  it('turns directions on for visitors, with a kiosk start and distances, undoably', () => {
    const h = renderEditorPart(<SettingsPanel />, { doc: docWithLocations(3) });
    fireEvent.click(screen.getByLabelText('Directions for visitors'));
    expect(h.doc().settings.wayfinding.enabled).toBe(true);
    fireEvent.change(screen.getByLabelText('“You are here” (fixed start, for kiosks)'), { target: { value: 'a1' } });
    expect(h.doc().settings.wayfinding).toMatchObject({ enabled: true, fixedFrom: 'a1' });
    edit('Metres per image pixel (for distances)', '0.25');
    expect(h.doc().settings.wayfinding.metresPerPixel).toBe(0.25);
    expect(errorOf(edit('Route width (px)', '80'))).toBe('Must be at most 50');
    expect(h.doc().settings.wayfinding.lineWidth).toBe(3);
    act(() => void h.store.undo());
    expect(h.doc().settings.wayfinding.metresPerPixel).toBeUndefined();
    expect(h.doc().settings.wayfinding.fixedFrom).toBe('a1');
  });

  it('turns the minimap on, in a chosen corner, keeping its other options, undoably; and offers the lightbox action', () => {
    const h = renderEditorPart(<SettingsPanel />, { doc: docWithLocations(3) });
    expect(h.doc().settings.minimap.enabled).toBe(false);
    fireEvent.change(screen.getByLabelText('Minimap corner'), { target: { value: 'top-right' } });
    fireEvent.click(screen.getByLabelText('Show a minimap'));
    expect(h.doc().settings.minimap).toEqual({ enabled: true, position: 'top-right', narrow: false });
    fireEvent.click(screen.getByLabelText('Also on small screens (under 520 px wide)'));
    expect(h.doc().settings.minimap).toEqual({ enabled: true, position: 'top-right', narrow: true });
    act(() => void h.store.undo());
    expect(h.doc().settings.minimap.narrow).toBe(false);
    fireEvent.change(screen.getByLabelText('Clicking a location'), { target: { value: 'lightbox' } });
    expect(h.doc().settings.popup.action).toBe('lightbox');
  });

  it('refuses out-of-range numbers and bad colours with a message and changes nothing', () => {
    const h = renderEditorPart(<SettingsPanel />);
    const before = h.doc();
    expect(errorOf(edit('Maximum zoom', '500'))).toBe('Must be at most 50');
    expect(errorOf(edit('Width (px)', 'wide'))).toBe('Must be a number');
    expect(errorOf(edit('Primary colour', 'blue'))).toBe('Must be a hex color: #rgb, #rrggbb or #rrggbbaa');
    expect(h.doc()).toBe(before);
    expect(h.store.getState().canUndo).toBe(false);
  });

  it('calibrates the map geographically and refuses an impossible extent', () => {
    const h = renderEditorPart(<SettingsPanel />);
    fireEvent.click(screen.getByLabelText('Geo-calibrated'));
    expect(h.doc().settings.geo).toEqual({ extent: [-180, -85, 180, 85] });
    const extent = 'Extent: min lon, min lat, max lon, max lat';
    expect(errorOf(edit(extent, '1, 2, 3'))).toBe('Enter four numbers: min lon, min lat, max lon, max lat');
    expect(errorOf(edit(extent, '10, 0, 5, 20'))).toBe(
      'Settings (geo.extent): The minimum longitude and latitude must be below the maximum ones',
    );
    expect(h.doc().settings.geo).toEqual({ extent: [-180, -85, 180, 85] });
    edit(extent, '-10, 35, 30, 60');
    expect(h.doc().settings.geo).toEqual({ extent: [-10, 35, 30, 60] });
  });

  it('edits the visitor-facing texts', () => {
    const h = renderEditorPart(<SettingsPanel />);
    edit('more', 'Visit');
    expect(h.doc().settings.text.more).toBe('Visit');
  });
});

describe('SettingsPanel: live data', () => {
  it('takes a published Google Sheet as its CSV, tests it as visitors’ browsers read it, and shows what it found', async () => {
    const h = renderEditorPart(<SettingsPanel />, { doc: docWithLocations(3) });
    const input = edit('CSV or spreadsheet address', 'https://docs.google.com/spreadsheets/d/e/2PACX-1vAbC/pubhtml');
    expect(h.doc().settings.csvUrl).toBe(
      'https://docs.google.com/spreadsheets/d/e/2PACX-1vAbC/pub?single=true&output=csv',
    );
    expect(errorOf(input) ?? '').toBe('');
    const asked: string[] = [];
    const real = globalThis.fetch;
    globalThis.fetch = (async (url: string) => {
      asked.push(String(url));
      return new Response('id,title,x,y,Opening hours\nbakery,Bakery,0.2,0.3,8-18\nflorist,Florist,0.4,0.5,\n');
    }) as typeof fetch;
    try {
      fireEvent.click(screen.getByRole('button', { name: 'Test' }));
      await screen.findByText('2 locations read.');
    } finally {
      globalThis.fetch = real;
    }
    expect(asked).toEqual([h.doc().settings.csvUrl]);
    const columns = screen.getByRole('table', { name: 'What each column becomes' });
    expect(columns.textContent).toContain('Opening hours');
    const rows = screen.getByRole('table', { name: 'First 2 rows' });
    expect(rows.textContent).toContain('Bakery');
    expect(rows.textContent).toContain('0.200, 0.300');
  });

  it('says why a source cannot be read, and refuses an address that is not a web address', async () => {
    const h = renderEditorPart(<SettingsPanel />, { doc: docWithLocations(1) });
    const input = edit('CSV or spreadsheet address', 'javascript:alert(1)');
    expect(errorOf(input)).toBeTruthy();
    expect(h.doc().settings.csvUrl).toBe('');
    edit('CSV or spreadsheet address', 'https://example.com/gone.csv');
    const real = globalThis.fetch;
    globalThis.fetch = (async () => new Response('', { status: 404 })) as unknown as typeof fetch;
    try {
      fireEvent.click(screen.getByRole('button', { name: 'Test' }));
      expect((await screen.findByRole('alert')).textContent).toContain('could not be loaded (HTTP 404)');
    } finally {
      globalThis.fetch = real;
    }
  });
});
