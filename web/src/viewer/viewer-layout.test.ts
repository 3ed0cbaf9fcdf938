import { describe, expect, it } from 'vitest';
import { blankDocument } from '@mapnest/shared/map-document';
import { buildModel } from './viewer-model';
import { layoutFor, type LayoutInput } from './viewer-layout';

// A blank document's directory is 300 px wide.
const model = buildModel(blankDocument());
const fill = (width: number, boxHeight: number | null, more: Partial<LayoutInput> = {}) =>
  layoutFor(model, { width, boxHeight, hasDirectory: true, sidebarOpen: true, height: 'fill', ...more });

describe('layoutFor (ADR 065: by the viewer’s own box)', () => {
  it('stacks the map above the directory in a box taller than wide: a portrait tablet', () => {
    for (const [w, h] of [
      [768, 1024],
      [820, 1180],
      [1080, 1920],
    ] as const) {
      expect(fill(w, h).portrait, `${w}×${h}`).toBe(true);
      expect(fill(w, h).narrow, `${w}×${h}`).toBe(false);
    }
  });

  it('keeps the sidebar beside the map in a landscape box, and a box without a height lays out by its width', () => {
    expect(fill(1180, 820).portrait).toBe(false);
    expect(fill(1440, 900).portrait).toBe(false);
    expect(fill(768, null).portrait).toBe(false);
    expect(fill(600, null).portrait).toBe(true);
  });

  it('never stacks a short box, and narrows its sidebar to at most 40% of the width (not under 240 px)', () => {
    const embed = fill(600, 400);
    expect(embed).toMatchObject({ portrait: false, short: true, narrow: false, sidebarWidth: 240 });
    expect(embed.className).toContain('mn-short');
    expect(fill(667, 375)).toMatchObject({ portrait: false, short: true, sidebarWidth: 267 });
    expect(fill(844, 390)).toMatchObject({ portrait: false, short: true, sidebarWidth: 300 });
    expect(fill(1280, 350)).toMatchObject({ short: true, sidebarWidth: 300 });
    expect(fill(1280, 500).short).toBe(false);
  });

  it('keeps a narrow box (a phone) stacked with sheets, and a phone’s box under 500 px high compact (ADR 067)', () => {
    expect(fill(390, 844)).toMatchObject({ portrait: true, narrow: true, short: false, compact: false });
    expect(fill(390, 844).className).not.toContain('mn-compact');
    for (const [w, h] of [
      [390, 350],
      [360, 300],
      [414, 420],
      [414, 499],
    ] as const) {
      const lay = fill(w, h);
      expect(lay, `${w}×${h}`).toMatchObject({ narrow: true, short: false, compact: true });
      expect(lay.className, `${w}×${h}`).toContain('mn-compact');
    }
    expect(fill(414, 500).compact).toBe(false);
    // A viewer that sizes itself has no height to be short by; a wide short box keeps its sidebar beside the map.
    expect(fill(390, null, { height: 'auto' }).compact).toBe(false);
    expect(fill(600, 400).compact).toBe(false);
  });

  it('gives a phone’s map that sizes itself three quarters of the screen, whatever its plan, unless the author set its height', () => {
    const auto = (width: number, m = model) =>
      layoutFor(m, { width, hasDirectory: true, sidebarOpen: true, height: 'auto' }).mapHeight;
    // A blank document's plan is 1000 × 800: 340 px at a phone's width (the least a map takes), 480 px beside a
    // 300 px directory in a 900 px box.
    expect(auto(390)).toBe('min(75vh,760px)');
    // A tall plan (a housing site plan, 1000 × 2000: 760 px at its proportions) no taller: a quarter of the screen
    // stays for scrolling the page past the map.
    const tall = blankDocument({ mapWidth: 1000, mapHeight: 2000 });
    expect(auto(390, buildModel(tall))).toBe('min(75vh,760px)');
    expect(auto(900, buildModel(tall))).toBe('760px');
    expect(auto(900)).toBe('480px');
    expect(fill(390, 844).mapHeight).toBeNull();
    const set = blankDocument();
    set.settings.layout.height = 420;
    expect(auto(390, buildModel(set))).toBe('420px');
    const breakpoint = blankDocument();
    breakpoint.breakpoints = [{ name: 'phone', below: 480, portrait: false, height: 300 }];
    expect(auto(390, buildModel(breakpoint))).toBe('300px');
  });

  it('marks kiosk mode for its sizes, whatever the box', () => {
    expect(fill(1920, 1080, { kiosk: true }).className).toContain('mn-kiosk');
    expect(fill(1920, 1080).className).not.toContain('mn-kiosk');
  });

  it('widens a landscape kiosk’s sidebar to 30% of the screen, and no other', () => {
    expect(fill(1920, 1080, { kiosk: true }).sidebarWidth).toBe(576);
    expect(fill(1440, 900, { kiosk: true }).sidebarWidth).toBe(432);
    expect(fill(1920, 1080).sidebarWidth).toBeLessThan(576);
    const portrait = fill(1080, 1920, { kiosk: true });
    expect(portrait.className).toContain('mn-portrait');
    expect(portrait.sidebarWidth).toBe(fill(1080, 1920).sidebarWidth);
  });
});
