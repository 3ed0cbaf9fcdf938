/**
 * The editor canvas for a keyboard or screen reader user: what its keys do, said on the map itself, and the add
 * tool without a pointer. Enter or Space adds at the centre of the view, marked by a cross while the map has
 * keyboard focus; the arrow keys and + and − bring the place there first, and the location added is selected, so
 * the arrow keys then move it. Drawing wayfinding paths takes Enter and Space the same way (the network layer places
 * a point at the cross), and the map then names that in its label and description.
 */
import { div } from './canvas-overlays';

export const CANVAS_KEYS_HELP =
  'Arrow keys move the map, plus and minus zoom. With the add tool (A), Enter adds a location at the centre of ' +
  'the view, marked by a cross; with Draw paths in the Wayfinding tab, Enter places a path point there. With locations or a wayfinding node selected, the arrow keys move them (with ' +
  'Shift, 10 pixels at a time), Delete removes them and Escape clears the selection.';

/** The map's description while the Wayfinding tab draws paths: the keys that draw, not the add tool's. */
export const DRAW_KEYS_HELP =
  'Drawing paths. Arrow keys move the map, plus and minus zoom. Enter places a path point at the centre of the ' +
  'view, marked by a cross; each next point draws an edge from the one before. A point within 8 pixels of a node ' +
  'or a path joins it. Escape ends the path.';

/** The map's name: how a pointer adds or selects, or, while paths are drawn, places points. */
export const canvasLabel = (drawing: boolean): string =>
  drawing
    ? 'Map, drawing paths: click the map or press Enter to place a point'
    : 'Map: click a location to select it; with the add tool, click the map to add one';

export const ADDED_AT_CENTRE = 'Location added at the centre of the view. The arrow keys move it; Escape ends adding.';

/** A coordinate as the fields show it and a screen reader says it: enough digits for a pixel of a large map. */
export const shownCoord = (v: number): string => String(Math.round(v * 10000) / 10000);

/** Where a point is, in the words of the X and Y fields (a location's, a wayfinding node's). */
export const placeWords = (at: readonly [number, number]): string => `X ${shownCoord(at[0])}, Y ${shownCoord(at[1])}`;

export const CENTRE_OFF_MAP = 'The centre of the view is not on the map: move the map there first, then press Enter.';

let made = 0;

/**
 * The map's description and its status line, in `host`; `announce` says a line in it, `drawing` switches the
 * description to the keys that draw paths.
 */
export function keyboardAids(host: HTMLElement): {
  describedBy: string;
  announce(text: string): void;
  drawing(on: boolean): void;
} {
  const id = `mn-edit-keys-${++made}`;
  const help = div('mn-sr-only');
  help.id = id;
  help.textContent = CANVAS_KEYS_HELP;
  const status = div('mn-sr-only');
  status.setAttribute('role', 'status');
  host.append(help, status);
  return {
    describedBy: id,
    announce(text) {
      // The same line twice (two adds in a row) is said twice: the region is emptied first.
      status.textContent = '';
      requestAnimationFrame(() => (status.textContent = text));
    },
    drawing(on) {
      help.textContent = on ? DRAW_KEYS_HELP : CANVAS_KEYS_HELP;
    },
  };
}

/** Whether a key press on the viewport asks the add tool to add (Enter or Space alone, not held down). */
export function isAddKey(e: KeyboardEvent, viewport: HTMLElement): boolean {
  return (
    (e.key === 'Enter' || e.key === ' ') &&
    e.target === viewport &&
    !e.repeat &&
    !e.ctrlKey &&
    !e.metaKey &&
    !e.altKey &&
    !e.shiftKey
  );
}
