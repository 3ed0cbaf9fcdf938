/** Taps on the published viewer's map in a browser test, where the camera shows the places now. */
import type { Page } from 'playwright-core';
import type { MapDocument } from '@mapnest/shared/map-document';
import { settledBox } from './browser';

/**
 * Taps a location of `doc`'s floor `layer` (other than those of `except`) that shows on the map, not under a sheet or
 * a control, once the camera has stopped moving; returns its id.
 */
export async function tapLocationOn(
  page: Page,
  doc: Pick<MapDocument, 'locations' | 'settings'>,
  layer: string,
  except: readonly string[] = [],
): Promise<string> {
  await settledBox(page.locator('.mn-pane'), 10);
  const spot = await page.evaluate(
    ([locations, mw, mh]) => {
      const pane = document.querySelector<HTMLElement>('.mn-pane')!;
      const m = /translate\(([-\d.e]+)px,\s*([-\d.e]+)px\)\s*scale\(([-\d.e]+)\)/.exec(pane.style.transform)!;
      const viewport = document.querySelector('.mn-viewport')!;
      const r = viewport.getBoundingClientRect();
      for (const l of locations) {
        const x = r.left + Number(m[1]) + l.coord[0]! * mw * Number(m[3]);
        const y = r.top + Number(m[2]) + l.coord[1]! * mh * Number(m[3]);
        const el = document.elementFromPoint(x, y);
        if (el && viewport.contains(el)) return { id: l.id, x, y };
      }
      return null;
    },
    [
      doc.locations
        .filter((l) => l.coord && l.layer === layer && l.action !== 'link' && !except.includes(l.id))
        .map((l) => ({ id: l.id, coord: l.coord! })),
      doc.settings.mapWidth,
      doc.settings.mapHeight,
    ] as const,
  );
  if (!spot) throw new Error(`no location of ${layer} in view`);
  await page.touchscreen.tap(spot.x, spot.y);
  return spot.id;
}
