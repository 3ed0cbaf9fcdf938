// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { blankDocument, type Location } from '@mapnest/shared/map-document';
import { MapState } from '@mapnest/shared/constants';
import { buildModel } from '../viewer-model';
import { attachDirections, directionsAvailable, type DirectionsHost } from './hook';
import { WAIT } from '../jsdom-page.fixtures';

function model(enabled: boolean, routes: boolean, locations: Location[] = []) {
  const doc = blankDocument();
  doc.locations = locations;
  doc.settings.wayfinding.enabled = enabled;
  if (routes)
    doc.routes = [
      {
        id: 'hall',
        layer: 'layer-1',
        points: [
          [0.1, 0.5],
          [0.9, 0.5],
        ],
        closed: false,
        connector: false,
        weight: 1,
        inaccessible: false,
      },
    ];
  return buildModel(doc);
}

describe('directionsAvailable', () => {
  it('needs a state with wayfinding, wayfinding switched on and a network', () => {
    expect(directionsAvailable(model(true, true), MapState.PRO)).toBe(true);
    expect(directionsAvailable(model(true, true), MapState.DEMO)).toBe(true);
    for (const state of [MapState.TEST, MapState.LIVE, null, undefined])
      expect(directionsAvailable(model(true, true), state)).toBe(false);
    expect(directionsAvailable(model(false, true), MapState.PRO)).toBe(false);
    expect(directionsAvailable(model(true, false), MapState.PRO)).toBe(false);
  });
});

describe('attachDirections', () => {
  /** A viewer's stand-in: a corner for the Directions button, no shapes to route to. */
  function host(locations: Location[] = []): DirectionsHost & { corner(): HTMLElement } {
    const corner = document.createElement('div');
    return {
      model: model(true, true, locations),
      root: document.createElement('div'),
      corner: () => corner,
      layer: () => 'layer-1',
      shapeCentres: () => Promise.resolve(new Map()),
    } as unknown as DirectionsHost & { corner(): HTMLElement };
  }

  it('says so when its code cannot be downloaded, and the button asks again', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const panel = { layerShown: vi.fn(), toggle: vi.fn(), destroy: vi.fn() };
    // Offline for the first click (the browser's words for a chunk it could not fetch), back for the second.
    const code = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue({ createDirectionsPanel: () => panel });
    const h = host();
    const directions = attachDirections(h, MapState.PRO, {}, code)!;
    const button = h.corner().querySelector<HTMLButtonElement>('.mn-directions-toggle')!;
    const alert = () => h.corner().querySelector<HTMLElement>('[role="alert"]');
    button.click();
    await vi.waitFor(() => expect(alert()?.hidden).toBe(false), WAIT);
    expect(alert()!.textContent).toBe('Directions could not be loaded. Check your connection and try again.');
    button.click();
    await vi.waitFor(() => expect(panel.toggle).toHaveBeenCalledOnce(), WAIT);
    expect(code).toHaveBeenCalledTimes(2);
    expect(alert()!.hidden).toBe(true);
    directions.destroy();
    expect(h.corner().childElementCount).toBe(0);
  });

  it('goes to the place whose details are open, as their own Directions button does, and closes an open panel', async () => {
    const panel = { layerShown: vi.fn(), toggle: vi.fn(), routeTo: vi.fn(), destroy: vi.fn() };
    const code = vi.fn().mockResolvedValue({ createDirectionsPanel: () => panel });
    // The details of a place the network reaches (it is placed), with their Directions button.
    const h = host([{ id: 'cafe', title: 'Café', coord: [0.5, 0.5] }]);
    const directions = attachDirections(h, MapState.PRO, {}, code)!;
    const button = h.corner().querySelector<HTMLButtonElement>('.mn-directions-toggle')!;
    const details = document.createElement('div');
    h.root.append(details);
    directions.decorate(details, 'cafe');
    expect(details.querySelector('.mn-directions-to')).not.toBeNull();
    button.click();
    await vi.waitFor(() => expect(panel.routeTo).toHaveBeenCalledWith('cafe'), WAIT);
    expect(panel.toggle).not.toHaveBeenCalled();
    // Open, the control closes the panel, the details still shown behind it.
    button.setAttribute('aria-expanded', 'true');
    button.click();
    await vi.waitFor(() => expect(panel.toggle).toHaveBeenCalledOnce(), WAIT);
    // With no details open, it opens the panel as before.
    button.setAttribute('aria-expanded', 'false');
    details.remove();
    button.click();
    await vi.waitFor(() => expect(panel.toggle).toHaveBeenCalledTimes(2), WAIT);
    directions.destroy();
  });

  it('marks the viewer’s root while the panel is open (a short landscape screen folds the directory then)', async () => {
    const h = host();
    const directions = attachDirections(h, MapState.PRO)!;
    const button = h.corner().querySelector<HTMLButtonElement>('.mn-directions-toggle')!;
    // The panel (./panel.ts) says it opened and closed on its button.
    button.setAttribute('aria-expanded', 'true');
    await vi.waitFor(() => expect(h.root.hasAttribute('data-mn-directions-open')).toBe(true), WAIT);
    button.setAttribute('aria-expanded', 'false');
    await vi.waitFor(() => expect(h.root.hasAttribute('data-mn-directions-open')).toBe(false), WAIT);
    button.setAttribute('aria-expanded', 'true');
    await vi.waitFor(() => expect(h.root.hasAttribute('data-mn-directions-open')).toBe(true), WAIT);
    directions.destroy();
    expect(h.root.hasAttribute('data-mn-directions-open')).toBe(false);
  });
});
