import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { blankDocument, type MapDocument } from '@mapnest/shared/map-document';
import { captureDownloads, disposeHarnesses, renderEditorPart } from '../editor.fixtures';
import { dialogAtom } from '../editor-state';
import { EditorDialogs } from './EditorDialogs';

afterEach(() => {
  cleanup();
  disposeHarnesses();
  vi.restoreAllMocks();
});

function openExport(doc: MapDocument) {
  const h = renderEditorPart(<EditorDialogs />, { doc });
  act(() => h.jotai.set(dialogAtom, 'export'));
  return h;
}

const geoJsonButton = () => screen.getByRole<HTMLButtonElement>('button', { name: /Locations as GeoJSON/ });
const kmlButton = () => screen.getByRole<HTMLButtonElement>('button', { name: /Locations as KML/ });

describe('File › Export…', () => {
  it('offers GeoJSON and KML on a map that is not geo-calibrated only as a step away, saying which', () => {
    const doc = blankDocument();
    doc.locations = [{ id: 'gate', title: 'Gate', coord: [0.5, 0.5] }];
    openExport(doc);
    for (const button of [geoJsonButton(), kmlButton()]) {
      expect(button.disabled).toBe(true);
      expect(document.getElementById(button.getAttribute('aria-describedby')!)!.textContent).toBe(
        'GeoJSON and KML place points by latitude and longitude: calibrate the map in Settings first.',
      );
    }
  });

  it('downloads a calibrated map’s locations as GeoJSON and KML points, saying which are left out', async () => {
    const doc = blankDocument();
    doc.settings.geo = { extent: [-10, 35, 30, 60] };
    doc.locations = [
      { id: 'hall', title: 'Hall' },
      { id: 'gate', title: 'Gate', latlon: [48.85, 2.35] },
    ];
    openExport(doc);
    expect(screen.getByText(/GeoJSON for GIS tools/).textContent).toBe(
      'GeoJSON for GIS tools and web maps (QGIS, uMap, geojson.io); KML for Google Earth and My Maps, a folder per group. 1 location that stands for a shape of the plan has no position of its own and is left out.',
    );
    const { blobs, names } = captureDownloads();
    fireEvent.click(screen.getByRole('button', { name: 'Locations as GeoJSON (1 point)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Locations as KML (1 point)' }));
    expect(names).toEqual(['Riverside-Mall.geojson', 'Riverside-Mall.kml']);
    expect(blobs[1]!.type).toBe('application/vnd.google-earth.kml+xml');
    expect(await blobs[1]!.text()).toContain('<Placemark id="gate">');
    expect(blobs[0]!.type).toBe('application/geo+json');
    const written = JSON.parse(await blobs[0]!.text());
    expect(written.features.map((f: { id: string; geometry: unknown }) => [f.id, f.geometry])).toEqual([
      ['gate', { type: 'Point', coordinates: [2.35, 48.85] }],
    ]);
  });
});
