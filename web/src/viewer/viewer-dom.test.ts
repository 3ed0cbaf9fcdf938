// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, type MapSettings } from '@mapnest/shared/map-document';
import { ENGLISH } from './i18n/messages';
import { InViewList } from './directory/in-view-list';
import { MapArea } from './viewer-dom';
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

    const hint = document.getElementById(area.viewport.getAttribute('aria-describedby')!)!.textContent!;
    expect(hint).not.toMatch(/Tab to go through/);
    expect(hint).toContain('the up and down arrows go through them');
  });
});
