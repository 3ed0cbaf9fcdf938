/**
 * The viewer's map controls, each a module of its own: built from the map's settings, put in one of
 * the map's corners, and removed by its `remove()` with every listener it added. The viewer only
 * creates the ones the settings ask for and tells them what changed.
 */
import { CORNER_POSITIONS } from '@mapnest/shared/map-rules';
import type { MapView } from '../map-core/map-view';
import { h, icon, type IconName } from './dom';
import { DirectoryOverlay, type OverlayHistory } from './directory/overlay';
import type { HistoryOverlay } from './location-history';
import type { ViewerText } from './i18n/messages';
import type { ViewerModel } from './viewer-model';

export type Corner = 'top-left' | 'top-right' | 'bottom-left' | 'bottom-right';
export const CORNERS = CORNER_POSITIONS;

/** A control placed on the map. */
export interface MapControl {
  readonly el: HTMLElement;
  /** Takes the control off the map, with its listeners. */
  remove(): void;
}

/** A round map button with an icon, and its label beside it when the map shows button labels. */
export function controlButton(
  label: string,
  name: IconName,
  onclick: () => void,
  labels: boolean,
  extra: Record<string, unknown> = {},
): HTMLButtonElement {
  return h(
    'button',
    { type: 'button', class: 'mn-control', 'aria-label': label, title: label, onclick, ...extra },
    icon(name),
    labels && h('span', null, label),
  );
}

/** Shows or hides the directory beside the map. */
export class SidebarToggle implements MapControl {
  readonly el: HTMLButtonElement;

  constructor(
    open: boolean,
    onToggle: () => void,
    labels: boolean,
    private readonly text: ViewerText,
  ) {
    this.el = controlButton(text.t('hideDirectory'), 'sidebar', onToggle, labels, {
      class: 'mn-control mn-sidebar-toggle',
      'aria-expanded': String(open),
    });
    this.set(open);
  }

  set(open: boolean): void {
    const label = this.text.t(open ? 'hideDirectory' : 'showDirectory');
    this.el.setAttribute('aria-label', label);
    this.el.title = label;
    this.el.setAttribute('aria-expanded', String(open));
  }

  remove(): void {
    this.el.remove();
  }
}

/** One button per floor; the current one is pressed. */
export class FloorSwitcher implements MapControl {
  readonly el: HTMLDivElement;
  readonly #buttons = new Map<string, HTMLButtonElement>();
  #current: string;

  constructor(
    layers: ViewerModel['layers'],
    current: string,
    onPick: (id: string) => void,
    private readonly text: ViewerText,
  ) {
    this.el = h('div', { class: 'mn-floors', role: 'group', 'aria-label': text.t('floors') });
    this.#current = current;
    for (const l of layers) {
      const b = h(
        'button',
        { type: 'button', class: 'mn-floor', 'aria-pressed': String(l.id === current), onclick: () => onPick(l.id) },
        l.name,
      );
      this.#buttons.set(l.id, b);
      this.el.append(b);
    }
    this.el.addEventListener('scroll', this.#edges, { passive: true });
    this.#resize.observe(this.el);
  }

  /** The row resized (laid out, the map rotated): the current floor is kept in it, and its edges say what is past them. */
  readonly #resize = new ResizeObserver(() => this.setCurrent(this.#current));

  /**
   * Floors that do not fit scroll sideways: an edge with floors past it fades out (viewer.css), so a visitor sees at a
   * glance that there are more. In a right-to-left viewer the row starts at the right and scrolls to negative offsets.
   */
  readonly #edges = (): void => {
    const row = this.el;
    const past = Math.abs(row.scrollLeft);
    const max = row.scrollWidth - row.clientWidth;
    row.classList.toggle('mn-floors-more-start', max > 1 && past > 1);
    row.classList.toggle('mn-floors-more-end', max > 1 && past < max - 1);
  };

  setCurrent(id: string): void {
    this.#current = id;
    for (const [lid, b] of this.#buttons) b.setAttribute('aria-pressed', String(lid === id));
    // The row scrolls when the floors do not fit: bring the current one into it (the page does not scroll), clear of
    // an edge's fade (36 px, viewer.css) where floors are past that edge; at the row's ends the scroll stops short.
    const b = this.#buttons.get(id);
    const row = this.el;
    if (b) {
      const start = b.offsetLeft - 36;
      const end = b.offsetLeft + b.offsetWidth + 36 - row.clientWidth;
      if (start < row.scrollLeft) row.scrollLeft = start;
      else if (end > row.scrollLeft) row.scrollLeft = end;
    }
    this.#edges();
  }

  /**
   * Marks a floor whose file could not be loaded (../floors/floor-trouble.ts), or no longer: its button stays, so the
   * visitor can try it again, and says so to screen readers after the floor's name.
   */
  setUnavailable(id: string, unavailable: boolean): void {
    const b = this.#buttons.get(id);
    if (!b || b.classList.contains('mn-floor-unavailable') === unavailable) return;
    b.classList.toggle('mn-floor-unavailable', unavailable);
    if (unavailable) b.append(h('span', { class: 'mn-sr-only' }, `, ${this.text.t('floorUnavailable')}`));
    // Its own words, not those of a search's count (setFound), which sit inside the count.
    else b.querySelector(':scope>.mn-sr-only')?.remove();
  }

  /**
   * While a search or filter is set (`mask`: which `locations` match), a floor with matches shows how many, so a
   * visitor whose matches are all upstairs sees where to go; said after the floor's name ("Level 1, 3 found"). A
   * location on every floor counts on each. Null takes the counts off.
   */
  setFound(mask: Uint8Array | null, locations: ViewerModel['locations']): void {
    const found = new Map<string | null, number>();
    if (mask) locations.forEach((l, i) => mask[i] && found.set(l.layer, (found.get(l.layer) ?? 0) + 1));
    for (const [id, b] of this.#buttons) {
      b.querySelector('.mn-floor-n')?.remove();
      const n = (found.get(id) ?? 0) + (found.get(null) ?? 0);
      if (n)
        b.append(
          h(
            'span',
            { class: 'mn-floor-n' },
            h('span', { 'aria-hidden': 'true' }, String(n)),
            h('span', { class: 'mn-sr-only' }, `, ${this.text.count('foundCount', n)}`),
          ),
        );
    }
  }

  remove(): void {
    this.#resize.disconnect();
    this.el.remove();
  }
}

/** Zoom in and out; each is marked disabled at its end of the zoom range. */
export class ZoomButtons implements MapControl {
  readonly #zoomIn: HTMLButtonElement;
  readonly #zoomOut: HTMLButtonElement;
  readonly el: HTMLElement;

  constructor(view: MapView, labels: boolean, t: ViewerText) {
    // Each press says at once where the camera is going (the limit reached), not after the animation's end.
    const press = (zoom: () => void) => () => {
      zoom();
      this.update(view);
    };
    this.#zoomIn = controlButton(
      t.t('zoomIn'),
      'plus',
      press(() => view.zoomIn()),
      labels,
    );
    this.#zoomOut = controlButton(
      t.t('zoomOut'),
      'minus',
      press(() => view.zoomOut()),
      labels,
    );
    const group = { class: 'mn-button-stack', role: 'group', 'aria-label': t.t('zoom') };
    this.el = h('div', group, this.#zoomIn, this.#zoomOut);
  }

  /** At its end of the range a button is aria-disabled, not disabled: a keyboard user pressing it keeps their focus. */
  update(view: MapView): void {
    this.#zoomIn.setAttribute('aria-disabled', `${!view.canZoomIn()}`);
    this.#zoomOut.setAttribute('aria-disabled', `${!view.canZoomOut()}`);
  }

  remove(): void {
    this.el.remove();
  }
}

/** The pan buttons' keys, in the pad's order (up, left, right, down), with the way each moves the view. */
const PAN = [
  ['panUp', 0, -1],
  ['panLeft', -1, 0],
  ['panRight', 1, 0],
  ['panDown', 0, 1],
] as const;

/**
 * Pan up, left, right and down, a third of the view a press: the map moved by a pointer that cannot drag (WCAG 2.5.7,
 * a head pointer, eye gaze, a mouse held in a tremor), as the arrow keys move it for a keyboard. A cross of four
 * buttons beside the zoom buttons, shown only while there is somewhere to go.
 */
export class PanButtons implements MapControl {
  readonly el: HTMLElement;
  readonly #buttons: HTMLButtonElement[];

  constructor(view: MapView, t: ViewerText) {
    this.#buttons = PAN.map(([key, x, y]) =>
      controlButton(
        t.t(key),
        'back',
        () => {
          view.panByViewport(x / 3, y / 3);
          // Said at once: a press that reaches the edge marks its button before the animation ends.
          this.update(view);
        },
        false,
      ),
    );
    this.el = h('div', { class: 'mn-pan', role: 'group', 'aria-label': t.t('pan'), hidden: true }, this.#buttons);
  }

  /**
   * Shown while the floor is larger than the map (zoomed in, or a minimum zoom past the whole floor), in a map at least
   * 320 px high: in a lower one the cross, the zoom and the reset buttons would reach the controls of the top corner.
   */
  update(view: MapView): void {
    this.el.hidden = !view.canPan() || view.viewport!.height < 320;
    // At the floor's edge that way a button says so, and stays focusable (a keyboard user pressing it keeps their place).
    PAN.forEach(([, x, y], i) => this.#buttons[i]!.setAttribute('aria-disabled', `${!view.canPanBy(x / 3, y / 3)}`));
  }

  remove(): void {
    this.el.remove();
  }
}

/** Back to the whole map; shown only when the map is away from it or a location is open. */
export class ResetButton implements MapControl {
  readonly el: HTMLButtonElement;

  constructor(onReset: () => void, labels: boolean, t: ViewerText) {
    this.el = controlButton(t.t('resetMap'), 'reset', onReset, labels);
    this.el.hidden = true;
  }

  update(atHome: boolean, open: boolean): void {
    this.el.hidden = atHome && !open;
  }

  remove(): void {
    this.el.remove();
  }
}

/** Full screen for the viewer's element; follows the document's full-screen state however it changes. */
export class FullscreenButton implements MapControl {
  readonly el: HTMLButtonElement;

  readonly #target: HTMLElement;
  readonly #labels: boolean;

  constructor(
    target: HTMLElement,
    labels: boolean,
    private readonly text: ViewerText,
  ) {
    this.#target = target;
    this.#labels = labels;
    this.el = controlButton(
      text.t('fullScreen'),
      'fullscreen',
      () => {
        if (document.fullscreenElement) void document.exitFullscreen();
        else void target.requestFullscreen().catch(() => undefined);
      },
      labels,
      { 'aria-pressed': 'false' },
    );
    document.addEventListener('fullscreenchange', this.#onChange);
  }

  readonly #onChange = (): void => {
    const on = document.fullscreenElement === this.#target;
    const b = this.el;
    const label = this.text.t(on ? 'exitFullScreen' : 'fullScreen');
    b.setAttribute('aria-label', label);
    b.setAttribute('aria-pressed', String(on));
    b.title = label;
    b.replaceChildren(icon(on ? 'exitFullscreen' : 'fullscreen'), ...(this.#labels ? [h('span', null, label)] : []));
  };

  remove(): void {
    document.removeEventListener('fullscreenchange', this.#onChange);
    this.el.remove();
  }
}

/**
 * The map's key (legend): its items in columns or a row, behind a toggle when the settings ask. A legend with a toggle
 * starts folded on a narrow viewer (a phone), where open it would cover much of the map; its button opens it.
 */
export class Legend implements MapControl {
  readonly el: HTMLElement;
  readonly #list: HTMLElement;
  readonly #title: HTMLElement;
  readonly #startClosed: boolean;
  /** Folded or opened by the visitor: the layout no longer changes it. */
  #touched = false;

  constructor(model: ViewerModel, resolveUrl: (u: string) => string) {
    const s = model.settings;
    const lg = s.legend;
    const items = model.doc.legend.filter((l) => !l.disable);
    this.#startClosed = lg.toggle && lg.startClosed;
    const list = (this.#list = h(
      'ul',
      {
        class: lg.horizontal ? 'mn-legend-items mn-legend-horizontal' : 'mn-legend-items',
        style: lg.horizontal ? null : { columnCount: String(lg.columns) },
        hidden: this.#startClosed,
      },
      items.map((it) =>
        h(
          'li',
          null,
          it.icon.length > 3
            ? h('img', { src: resolveUrl(it.icon), alt: '', width: 16 * it.scale, height: 16 * it.scale })
            : h(
                'span',
                {
                  class: 'mn-legend-swatch',
                  'aria-hidden': 'true',
                  style: {
                    background: it.color ?? s.primaryColor,
                    borderRadius: `${it.radius}px`,
                    transform: `scale(${it.scale})`,
                  },
                },
                it.icon,
              ),
          h('span', null, it.text),
        ),
      ),
    ));
    const title = (this.#title = lg.toggle
      ? h(
          'button',
          { type: 'button', class: 'mn-legend-title', 'aria-expanded': String(!list.hidden) },
          icon('legend', 16),
          model.text.t('legendTitle'),
        )
      : h('p', { class: 'mn-legend-title' }, model.text.t('legendTitle')));
    title.addEventListener('click', () => {
      if (!lg.toggle) return;
      this.#touched = true;
      this.#fold(!list.hidden);
    });
    this.el = h('div', { class: 'mn-legend' }, title, list);
  }

  /** Folds a legend with a toggle on a narrow viewer, as the settings start it otherwise, until the visitor acts. */
  layout(narrow: boolean): void {
    if (this.#title instanceof HTMLButtonElement && !this.#touched) this.#fold(narrow || this.#startClosed);
  }

  #fold(folded: boolean): void {
    this.#list.hidden = folded;
    this.#title.setAttribute('aria-expanded', String(!folded));
  }

  /** True when the map has a key to show. */
  static wanted(model: ViewerModel): boolean {
    return model.settings.legend.position !== 'off' && model.doc.legend.some((l) => !l.disable);
  }

  remove(): void {
    this.el.remove();
  }
}

/** What the controls act on. */
export interface ControlHost {
  model: ViewerModel;
  view: MapView;
  /** The viewer's element (full screen shows it). */
  element: HTMLElement;
  corners: Record<Corner, HTMLElement>;
  resolveUrl: (u: string) => string;
  /** The directory's sidebar (none without one): the visitor may hide it; a compact viewer opens it over the map. */
  sidebar: HTMLElement | null;
  /**
   * The history Back closes the compact viewer's directory by (on the map's own page); told of the first layout, which
   * says whether the directory a reload kept the entry of can open again.
   */
  history: OverlayHistory & { restore(overlay: HistoryOverlay | null): void };
  sidebarOpen: boolean;
  layerId: string;
  /** Kiosk mode: no full screen, which a kiosk's browser already is and which the button could leave. */
  kiosk: boolean;
  onToggleSidebar(): void;
  onPickFloor(id: string): void;
  onReset(): void;
}

/** The controls a map's settings ask for, in their corners (a corner with none is hidden). */
export interface MapControls {
  all: MapControl[];
  sidebar?: SidebarToggle;
  floors?: FloorSwitcher;
  zoom?: ZoomButtons;
  pan?: PanButtons;
  reset?: ResetButton;
  legend?: Legend;
  /** The compact viewer's directory over the map, and its button (./directory/overlay.ts). */
  directory?: DirectoryOverlay;
  /**
   * Fits the controls to the viewer's layout: the sidebar's button hides in portrait, a phone folds the legend, a
   * compact viewer shows the directory's button.
   */
  layout(lay: { portrait: boolean; narrow: boolean; compact: boolean }): void;
}

export function addControls(host: ControlHost): MapControls {
  const { model: m, corners } = host;
  const s = m.settings;
  const c = s.controls;
  const labels = c.buttonLabels;
  let first = true;
  const out: MapControls = {
    all: [],
    layout(lay) {
      if (out.sidebar) out.sidebar.el.hidden = lay.portrait;
      out.legend?.layout(lay.narrow);
      out.directory?.layout(lay.compact);
      if (first) host.history.restore(out.directory?.port ?? null);
      first = false;
    },
  };
  const add = <T extends MapControl>(pos: string, control: T): T => {
    if (pos in corners) corners[pos as Corner].append(control.el);
    out.all.push(control);
    return control;
  };
  if (host.sidebar && s.directory.toggle) {
    const toggle = new SidebarToggle(host.sidebarOpen, host.onToggleSidebar, labels, m.text);
    out.sidebar = add(s.directory.position === 'right' ? 'top-right' : 'top-left', toggle);
  }
  if (m.layers.length > 1)
    out.floors = add(c.layerSwitcher, new FloorSwitcher(m.layers, host.layerId, host.onPickFloor, m.text));
  if (s.zoom.enabled && c.zoomButtons !== 'off') {
    out.zoom = add(c.zoomButtons, new ZoomButtons(host.view, labels, m.text));
    out.pan = add(c.zoomButtons, new PanButtons(host.view, m.text));
  }
  if (s.zoom.enabled && c.resetButton !== 'off')
    out.reset = add(c.resetButton, new ResetButton(host.onReset, labels, m.text));
  if (document.fullscreenEnabled && c.fullscreen !== 'off' && !host.kiosk)
    add(c.fullscreen, new FullscreenButton(host.element, labels, m.text));
  if (Legend.wanted(m)) out.legend = add(s.legend.position, new Legend(m, host.resolveUrl));
  for (const corner of Object.values(corners)) corner.hidden = !corner.childElementCount;
  // First in the directory's corner, and hidden but in a compact viewer (its layout shows the corner then).
  if (host.sidebar) {
    const corner = corners[s.directory.position === 'right' ? 'top-right' : 'top-left'];
    out.directory = new DirectoryOverlay(host.sidebar, corner.parentElement!, m.text, host.history);
    corner.prepend(out.directory.el);
    out.all.push(out.directory);
  }
  return out;
}
