// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS, type MapSettings } from '@mapnest/shared/map-document';
import { ENGLISH, ViewerText } from './i18n/messages';
import { messages as arabic } from './i18n/lang-ar';
import { InViewList } from './directory/in-view-list';
import { MapArea, buildViewerRoot, liveRegion, putViewerRoot } from './viewer-dom';
import { contrastRatio } from '@mapnest/shared/contrast';
import { DIRECTIONS_CSS } from './directions/directions-css';
import { MINIMAP_CSS } from './minimap';
import type { ResolvedLocation } from './viewer-model';

const loc = (index: number, title: string) =>
  ({ index, id: `l${index}`, title, groupNames: [] }) as unknown as ResolvedLocation;

describe('the map area’s screen-reader hint', () => {
  it('says what the keyboard really does: one Tab stop for the locations in view, arrows through them', () => {
    const settings = structuredClone(DEFAULT_SETTINGS) as MapSettings;
    const list = new InViewList(ENGLISH, () => 'tip', { onFocus: () => {}, onOpen: () => {} });
    const area = new MapArea(settings, ENGLISH, 'Campus', list.el);
    document.body.append(area.map);
    const items = [loc(0, 'A'), loc(1, 'B'), loc(2, 'C')];
    list.update(items.slice(), items);

    // Tab reaches only one entry of the list...
    const buttons = Array.from(list.el.querySelectorAll('button'));
    expect(buttons.map((b) => b.tabIndex)).toEqual([0, -1, -1]);
    // ...and the arrows go through the others.
    buttons[0]!.focus();
    list.el.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true }));
    expect(document.activeElement).toBe(buttons[1]);

    // The view moved while a location opened from the list was open (focus outside), and focus came back to its entry
    // (Escape): that entry is the one Tab stop, not the entry now at the place the arrows had left.
    buttons[1]!.blur();
    const moved = [loc(3, 'D'), loc(4, 'E'), loc(1, 'B'), loc(2, 'C')];
    list.update(moved.slice(), [...items, loc(3, 'D'), loc(4, 'E')]);
    buttons[1]!.focus();
    expect(Array.from(list.el.querySelectorAll('button')).map((b) => [b.textContent, b.tabIndex])).toEqual([
      ['D', -1],
      ['E', -1],
      ['B', 0],
      ['C', -1],
    ]);

    const hint = document.getElementById(area.viewport.getAttribute('aria-describedby')!)!.textContent!;
    expect(hint).not.toMatch(/Tab to go through/);
    expect(hint).toContain('the up and down arrows go through them');
  });
});

describe('the focus indicators with the map’s primary colour', () => {
  const rootFor = (primaryColor: string) => {
    const settings = { ...structuredClone(DEFAULT_SETTINGS), primaryColor } as MapSettings;
    return buildViewerRoot(settings, ENGLISH, null, document.createElement('div'), document.createElement('div'));
  };

  it('gives the focus colour 3:1 on white whatever the primary colour, and keeps one that has it', () => {
    for (const primary of ['#f7e58a', '#ffffff', '#ffd400', '#a7f3d0']) {
      const focus = rootFor(primary).style.getPropertyValue('--mn-focus');
      expect(contrastRatio(focus, '#ffffff')!, primary).toBeGreaterThanOrEqual(3);
    }
    expect(rootFor('#1370f2').style.getPropertyValue('--mn-focus')).toBe('#1370f2');
  });

  it('draws every focus indicator of the viewer in the focus colour, never the bare primary colour', () => {
    // Each rule whose selector names a focus state (or the focused location's ring, or a picker's active option, which
    // has the keyboard's focus while the field keeps it) and what it declares.
    const viewerCss = readFileSync(join(__dirname, 'viewer.css'), 'utf8');
    const rules = [viewerCss, DIRECTIONS_CSS, MINIMAP_CSS]
      .join('\n')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .matchAll(/([^{}]+)\{([^{}]*)\}/g);
    const focusRules = Array.from(rules)
      .map(([, selector, body]) => ({ selector: selector!.trim(), body: body! }))
      .filter(
        (r) => /:focus|\.mn-ring-focus\b|aria-selected/.test(r.selector) && /outline:|box-shadow:|border/.test(r.body),
      );
    expect(focusRules.length).toBeGreaterThanOrEqual(8);
    for (const r of focusRules) {
      // What draws the indicator: its outline, ring (box-shadow) and border (a tint behind it may be the primary's).
      const drawn = r.body
        .split(';')
        .filter((d) => /^\s*(outline|box-shadow|border)/.test(d))
        .join(';');
      expect(drawn, r.selector).not.toContain('var(--mn-primary)');
      expect(drawn, r.selector).toContain('var(--mn-focus)');
    }
  });
});

describe('the author’s CSS', () => {
  it('goes first in the viewer’s root, scoped to it, once the root is in the page', () => {
    const settings = {
      ...structuredClone(DEFAULT_SETTINGS),
      css: '.mn-sidebar { outline: 3px solid red }',
    } as MapSettings;
    const root = buildViewerRoot(settings, ENGLISH, null, document.createElement('div'), document.createElement('div'));
    expect(root.querySelector('style')).toBeNull();
    const host = document.createElement('div');
    document.body.append(host);
    putViewerRoot(host, root);
    const style = root.firstElementChild as HTMLStyleElement;
    expect(style.localName).toBe('style');
    expect(style.textContent).toContain(`[data-mn-scope="${root.dataset.mnScope}"]`);
    expect(style.textContent).toContain('.mn-sidebar');
    host.remove();
  });
});

describe('the viewer’s live region', () => {
  it('says a count once typing pauses, only the last one, and a text said at once replaces a count still waiting', () => {
    vi.useFakeTimers();
    try {
      const live = liveRegion();
      // Typing "caf": a count per key, each replacing the one before while the visitor types.
      live.say('12 found', 1000);
      vi.advanceTimersByTime(300);
      live.say('4 found', 1000);
      vi.advanceTimersByTime(300);
      live.say('1 found', 1000);
      vi.advanceTimersByTime(999);
      expect(live.el.textContent).toBe('');
      vi.advanceTimersByTime(1);
      expect(live.el.textContent).toBe('1 found');
      // Enter opened the result on another floor: the floor is said at once, and the count waiting is not said after.
      live.say('3 found', 1000);
      live.say('Showing First');
      expect(live.el.textContent).toBe('Showing First');
      vi.advanceTimersByTime(5000);
      expect(live.el.textContent).toBe('Showing First');
      expect(live.el.getAttribute('aria-live')).toBe('polite');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the sentence for a floor that could not be loaded', () => {
  it('says why in English, and isolates the floor’s name in another language’s sentence', () => {
    const area = (text: ViewerText) =>
      new MapArea(structuredClone(DEFAULT_SETTINGS) as MapSettings, text, 'Campus', document.createElement('div'));
    expect(area(ENGLISH).floorSentence('Level 2', 'The floor “Level 2” could not be loaded (HTTP 404).')).toBe(
      'The floor “Level 2” could not be loaded (HTTP 404).',
    );
    expect(area(new ViewerText('ar', arabic)).floorSentence('Level 2', 'ignored')).toBe(
      'تعذّر تحميل الطابق «\u2068Level 2\u2069».',
    );
  });
});
