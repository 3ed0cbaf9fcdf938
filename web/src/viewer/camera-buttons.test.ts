// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { MapView } from '../map-core/map-view';
import { ENGLISH, ViewerText } from './i18n/messages';
import { messages as arabic } from './i18n/lang-ar';
import { PanButtons, ZoomButtons } from './viewer-controls';

/** A 2000 × 1000 floor in a 900 × 600 map, moved without animation. */
function setUp(text = ENGLISH, minZoom = 1) {
  const view = new MapView({
    image: { width: 2000, height: 1000 },
    limits: { minZoom, maxZoom: 8 },
    reducedMotion: true,
  });
  view.setViewport({ width: 900, height: 600 });
  const pan = new PanButtons(view, text);
  document.body.replaceChildren(pan.el);
  const button = (name: string) => pan.el.querySelector<HTMLButtonElement>(`button[aria-label="${name}"]`)!;
  return { view, pan, button };
}

describe('the pan buttons', () => {
  it('are a group of four named buttons, up, left, right and down, hidden while the whole map is in view', () => {
    const { view, pan } = setUp();
    expect(pan.el.getAttribute('role')).toBe('group');
    expect(pan.el.getAttribute('aria-label')).toBe('Pan');
    expect([...pan.el.querySelectorAll('button')].map((b) => [b.getAttribute('aria-label'), b.title])).toEqual([
      ['Pan up', 'Pan up'],
      ['Pan left', 'Pan left'],
      ['Pan right', 'Pan right'],
      ['Pan down', 'Pan down'],
    ]);
    pan.update(view);
    expect(pan.el.hidden).toBe(true);
    view.zoomIn();
    pan.update(view);
    expect(pan.el.hidden).toBe(false);
    view.reset();
    pan.update(view);
    expect(pan.el.hidden).toBe(true);
  });

  it('stay hidden in a map lower than 320 px, where with the zoom and reset buttons they would reach the top corner', () => {
    const { view, pan } = setUp();
    view.setViewport({ width: 900, height: 319 });
    view.zoomIn();
    pan.update(view);
    expect(view.canPan()).toBe(true);
    expect(pan.el.hidden).toBe(true);
    view.setViewport({ width: 900, height: 320 });
    pan.update(view);
    expect(pan.el.hidden).toBe(false);
  });

  it('show at the map’s start when its minimum zoom keeps part of the floor out of view', () => {
    const { view, pan } = setUp(ENGLISH, 2);
    view.reset();
    pan.update(view);
    expect(pan.el.hidden).toBe(false);
  });

  it('move the view a third of the map’s width or height a press, the way each points, and no further than the floor', () => {
    const { view, pan, button } = setUp();
    view.zoomIn();
    view.zoomIn();
    pan.update(view);
    const at = () => ({ ...view.transform });
    const start = at();
    button('Pan right').click();
    expect(at().x).toBeCloseTo(start.x - 300);
    expect(at().y).toBeCloseTo(start.y);
    button('Pan left').click();
    expect(at().x).toBeCloseTo(start.x);
    button('Pan down').click();
    expect(at().y).toBeCloseTo(start.y - 200);
    button('Pan up').click();
    expect(at().y).toBeCloseTo(start.y);
    // At the floor's edge a press leaves the view where it is, and the button says so while staying focusable.
    pan.update(view);
    expect(button('Pan left').getAttribute('aria-disabled')).toBe('false');
    for (let i = 0; i < 20; i++) button('Pan left').click();
    const edge = at();
    button('Pan left').click();
    expect(at()).toEqual(edge);
    pan.update(view);
    expect(['Pan up', 'Pan left', 'Pan right', 'Pan down'].map((n) => button(n).getAttribute('aria-disabled'))).toEqual(
      ['false', 'true', 'false', 'false'],
    );
    expect(button('Pan left').disabled).toBe(false);
  });

  it('point the same way in a right-to-left language, in the visitor’s words', () => {
    const { view, button } = setUp(new ViewerText('ar', arabic));
    view.zoomIn();
    const start = { ...view.transform };
    button(arabic.panRight).click();
    expect(view.transform.x).toBeCloseTo(start.x - 300);
    expect(arabic.panRight).not.toBe(ENGLISH.t('panRight'));
  });
});

describe('the zoom buttons', () => {
  it('are marked disabled at their end of the range, and stay focusable, so a keyboard user keeps their place', () => {
    const { view } = setUp();
    const zoom = new ZoomButtons(view, false, ENGLISH);
    document.body.replaceChildren(zoom.el);
    const [zoomIn, zoomOut] = [...zoom.el.querySelectorAll('button')];
    zoom.update(view);
    expect([zoomIn!.getAttribute('aria-disabled'), zoomOut!.getAttribute('aria-disabled')]).toEqual(['false', 'true']);
    zoomIn!.focus();
    for (let i = 0; i < 10; i++) zoomIn!.click();
    zoom.update(view);
    expect([zoomIn!.getAttribute('aria-disabled'), zoomOut!.getAttribute('aria-disabled')]).toEqual(['true', 'false']);
    expect(zoomIn!.disabled).toBe(false);
    expect(document.activeElement).toBe(zoomIn);
  });

  it('say the limit at the press that reaches it, not when the animation ends', () => {
    // Animated, with frames that never come: the camera stays where it was, on its way to the press's target.
    const view = new MapView({
      image: { width: 2000, height: 1000 },
      limits: { minZoom: 1, maxZoom: 2 },
      scheduler: { now: () => 0, request: () => 1, cancel: () => {} },
    });
    view.setViewport({ width: 900, height: 600 });
    const zoom = new ZoomButtons(view, false, ENGLISH);
    const pan = new PanButtons(view, ENGLISH);
    document.body.replaceChildren(zoom.el, pan.el);
    const [zoomIn, zoomOut] = [...zoom.el.querySelectorAll('button')];
    zoom.update(view);
    zoomIn!.click();
    expect(view.zoom).toBe(1);
    expect([zoomIn!.getAttribute('aria-disabled'), zoomOut!.getAttribute('aria-disabled')]).toEqual(['true', 'false']);
    // A pan to the floor's edge marks its button as the press is made.
    pan.update(view);
    const right = pan.el.querySelector<HTMLButtonElement>('button[aria-label="Pan right"]')!;
    for (let i = 0; i < 3 && right.getAttribute('aria-disabled') !== 'true'; i++) right.click();
    expect(right.getAttribute('aria-disabled')).toBe('true');
  });
});
