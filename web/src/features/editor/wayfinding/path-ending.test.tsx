/**
 * A path being drawn ends without a keyboard: by a click or tap on its last point again, or by End path, shown in the
 * panel while a path is being drawn. The next click then starts a new path instead of drawing an edge from the old
 * one's end across the floor. Escape still ends it.
 */
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { disposeHarnesses, renderEditorPart } from '../editor.fixtures';
import { announcementAtom } from '../editor-state';
import { fakeCanvas, mall, press, svgOf } from './wayfinding-panel.fixtures';
import { WayfindingPanel } from './WayfindingPanel';

afterEach(() => {
  disposeHarnesses();
  document.body.innerHTML = '';
});

function drawing() {
  const { element, canvas } = fakeCanvas();
  const view = renderEditorPart(<WayfindingPanel />, { map: { state: 3 }, doc: mall(), canvas });
  fireEvent.click(screen.getByRole('button', { name: 'Draw paths' }));
  const at = (x: number, y: number) => press(svgOf(element).querySelector('.mn-net-catch')!, x, y);
  const endPath = () => screen.queryByRole('button', { name: 'End path' });
  const edges = () => view.doc().routes.reduce((n, r) => n + r.points.length - 1, 0);
  const said = () => view.jotai.get(announcementAtom).text;
  return { at, endPath, edges, said };
}

describe('a path being drawn', () => {
  it('ends with End path, shown only while a path is being drawn, and the next point starts a new path', () => {
    const { at, endPath, edges, said } = drawing();
    expect(endPath()).toBeNull();
    at(100, 500);
    at(300, 500);
    expect(edges()).toBe(1);
    fireEvent.click(endPath()!);
    expect(said()).toMatch(/^Path ended with 2 points\./);
    expect(endPath()).toBeNull();
    // A new path: no edge from (300, 500) to here.
    at(600, 200);
    expect(edges()).toBe(1);
    at(600, 400);
    expect(edges()).toBe(2);
  });

  it('ends with a click or tap on its last point again', () => {
    const { at, endPath, edges, said } = drawing();
    at(100, 500);
    at(300, 500);
    at(300, 500);
    expect(said()).toMatch(/^Path ended with 2 points\./);
    expect(endPath()).toBeNull();
    at(600, 200);
    expect(edges()).toBe(1);
  });
});
