/**
 * The editor's answer to a tablet's on-screen keyboard, in the test DOM: the keyboard is a visual viewport shorter than
 * the layout viewport (as iPadOS Safari and Chrome on Android make it), stood in for by an event target whose height
 * the test sets; the column's layout (its scroll range, the field's place in it) is stood in for as well.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { followOnScreenKeyboard, KEYBOARD_MARGIN } from './on-screen-keyboard';

const LAYOUT_HEIGHT = 1180;

/** A visual viewport the test moves: `keyboard(px)` brings a keyboard of that height up (0: down). */
function fakeViewport() {
  const vv = Object.assign(new EventTarget(), { height: LAYOUT_HEIGHT, offsetTop: 0, scale: 1 });
  return {
    vv: vv as unknown as VisualViewport,
    keyboard(px: number) {
      vv.height = LAYOUT_HEIGHT - px;
      vv.dispatchEvent(new Event('resize'));
    },
    pinch(scale: number) {
      vv.scale = scale;
      vv.height = LAYOUT_HEIGHT / scale;
      vv.dispatchEvent(new Event('resize'));
    },
  };
}

let root: HTMLElement;
let column: HTMLElement;
let field: HTMLInputElement;
let stop: () => void = () => undefined;

/** The editor: a column (1000 px of content in 800 px, from y 100) holding a field at `fieldTop` of its content. */
function layout(fieldTop: number) {
  root = document.createElement('div');
  root.className = 'editor';
  column = document.createElement('div');
  column.style.overflowY = 'auto';
  field = document.createElement('input');
  column.append(field);
  root.append(column);
  document.body.append(root);
  let scrollTop = 0;
  Object.defineProperties(column, {
    scrollHeight: { get: () => 1000 + (root.hasAttribute('data-keyboard') ? parseFloat(keyboardRoom()) : 0) },
    clientHeight: { value: 800 },
    scrollTop: {
      get: () => scrollTop,
      set: (v: number) => (scrollTop = Math.max(0, Math.min(v, column.scrollHeight - 800))),
    },
  });
  field.getBoundingClientRect = () => {
    const top = 100 + fieldTop - scrollTop;
    return { top, bottom: top + 40, left: 0, right: 300, width: 300, height: 40, x: 0, y: top } as DOMRect;
  };
}
const keyboardRoom = () => root.style.getPropertyValue('--editor-keyboard');

beforeEach(() => {
  Object.defineProperty(document.documentElement, 'clientHeight', { value: LAYOUT_HEIGHT, configurable: true });
});
afterEach(() => {
  stop();
  document.body.replaceChildren();
});

describe('the on-screen keyboard over the editor', () => {
  it('scrolls a focused field low in a column above the keyboard when it comes up, with room under the column', () => {
    const viewport = fakeViewport();
    layout(820); // at y 920 to 960: in view until a 400 px keyboard covers everything below y 780
    stop = followOnScreenKeyboard(root, viewport.vv);
    field.focus();
    expect(column.scrollTop).toBe(0);
    viewport.keyboard(400);
    expect(root.hasAttribute('data-keyboard')).toBe(true);
    expect(keyboardRoom()).toBe('400px');
    expect(field.getBoundingClientRect().bottom).toBe(LAYOUT_HEIGHT - 400 - KEYBOARD_MARGIN);
    viewport.keyboard(0);
    expect(root.hasAttribute('data-keyboard')).toBe(false);
    expect(keyboardRoom()).toBe('');
  });

  it('scrolls a field focused while the keyboard is up, even at the very end of the column', () => {
    const viewport = fakeViewport();
    layout(955); // the last field: without the room the column could bring it up 200 px only
    stop = followOnScreenKeyboard(root, viewport.vv);
    viewport.keyboard(450);
    field.focus();
    expect(field.getBoundingClientRect().bottom).toBeLessThanOrEqual(LAYOUT_HEIGHT - 450 - KEYBOARD_MARGIN);
    expect(field.getBoundingClientRect().top).toBeGreaterThanOrEqual(KEYBOARD_MARGIN);
  });

  it('leaves the column alone for a pinch zoom, a field in view, and once stopped', () => {
    const viewport = fakeViewport();
    layout(820);
    stop = followOnScreenKeyboard(root, viewport.vv);
    field.focus();
    viewport.pinch(2);
    expect(column.scrollTop).toBe(0);
    expect(root.hasAttribute('data-keyboard')).toBe(false);
    viewport.pinch(1);
    layout(100);
    stop();
    stop = followOnScreenKeyboard(root, viewport.vv);
    field.focus();
    viewport.keyboard(400);
    expect(column.scrollTop).toBe(0);
    stop();
    stop = () => undefined;
    expect(root.hasAttribute('data-keyboard')).toBe(false);
  });
});
