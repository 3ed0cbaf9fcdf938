/**
 * The viewer's link to directions: decides whether a map gets them (a Professional map, per the
 * published state, with wayfinding on and a network), puts the "Directions" control in its corner
 * and a "Directions" button in location details, and loads the panel, routing and drawing code
 * (./panel.ts) only when first needed, so maps without directions, and visitors who never ask,
 * download none of it.
 */
import { locationPoint } from '@mapnest/shared/map-geo';
import { hasWayfinding } from '@mapnest/shared/wayfinding';
import { h, icon } from '../dom';
import { controlButton } from '../viewer-controls';
import type { ViewerModel } from '../viewer-model';
import type { AddressRoute } from '../deep-link';
import type { DirectionsHost, DirectionsPanel, DirectionsRequest } from './types';

export type { DirectionsHost, DirectionsRequest } from './types';

export interface Directions {
  /** The viewer now shows floor `id`. */
  layerShown(id: string): void;
  /** Adds a "Directions" button (filling To) to the details of location `id`. */
  decorate(details: HTMLElement, id: string): void;
  /** Kiosk mode's start over: no route, the form as it started, the panel open only if it opens on load. */
  startOver(): void;
  /** A location opened: a route playing across its floors stops on the floor shown, leaving the location open. */
  locationOpened(): void;
  /**
   * Back closed the directions' sheet in front of a location's (`open` false), or Forward opens it again (true, with
   * the route its entry's address names; false when they are not loaded).
   */
  showSheet(open: boolean, route?: AddressRoute): boolean;
  destroy(): void;
}

/** Whether a map shows directions: Professional (state), switched on, with a network. */
export function directionsAvailable(model: ViewerModel, state: number | null | undefined): boolean {
  return (
    state !== null &&
    state !== undefined &&
    hasWayfinding(state) &&
    model.settings.wayfinding.enabled &&
    model.doc.routes.length > 0
  );
}

/** Puts a "Directions" button first among a location's details actions. */
function addDetailsAction(details: HTMLElement, label: string, onClick: () => void): void {
  const body = details.querySelector('.mn-details-body') ?? details;
  let actions = body.querySelector('.mn-details-actions');
  if (!actions) {
    actions = h('div', { class: 'mn-details-actions' });
    body.append(actions);
  }
  const button = h(
    'button',
    { type: 'button', class: 'mn-chip-button mn-directions-to' },
    icon('route', 16),
    h('span', null, label),
  );
  button.addEventListener('click', onClick);
  actions.prepend(button);
}

/** Adds a "Directions" button to the details of location `id`, which `routeTo` plans the route to. */
function decorateDetails(
  host: DirectionsHost,
  details: HTMLElement,
  id: string,
  label: string,
  routeTo: () => void,
): void {
  const { doc } = host.model;
  const l = host.model.byId.get(id);
  if (!l) return;
  const add = () =>
    addDetailsAction(details, label, () => {
      // A lightbox is modal over the whole viewer: it closes (through its own Close, so focus and the address
      // follow) to leave the directions and the route in view.
      if (details.closest('.mn-lightbox')) details.querySelector<HTMLElement>('.mn-details-close')?.click();
      routeTo();
    });
  // Only places the network can reach get the button: placed, a path ends at them, or drawn as a shape (which
  // places them once its floor is measured).
  if (l.coord || doc.routes.some((r) => r.endpoint === id && !r.connector)) add();
  else void host.shapeCentres([l.source]).then((c) => c.has(id) && add());
}

/**
 * The panel's button says whether it is open: the viewer's root says so too, so that a short landscape screen (a phone
 * on its side) folds the directory away while it is open, leaving the map beside the panel (viewer.css). Returns the
 * undoing.
 */
function markOpen(root: HTMLElement, toggle: HTMLElement): () => void {
  const opened = new MutationObserver(() =>
    root.toggleAttribute('data-mn-directions-open', toggle.getAttribute('aria-expanded') === 'true'),
  );
  opened.observe(toggle, { attributes: true, attributeFilter: ['aria-expanded'] });
  return () => {
    opened.disconnect();
    root.removeAttribute('data-mn-directions-open');
  };
}

/**
 * The Directions control, which opens and closes the panel (`toggle`); pressed while a place's details are open in
 * `root`, it goes to that place, as the Directions button in them does.
 */
function directionsToggle(root: HTMLElement, label: string, toggle: () => void): HTMLButtonElement {
  const button = controlButton(
    label,
    'route',
    () => {
      const to = button.getAttribute('aria-expanded') != 'true' && root.querySelector<HTMLElement>('.mn-directions-to');
      if (to) to.click();
      else toggle();
    },
    true,
    { class: 'mn-control mn-directions-toggle', 'aria-expanded': 'false' },
  );
  return button;
}

/** Sets up directions for a mounted viewer, or returns null when the map has none. */
export function attachDirections(
  host: DirectionsHost,
  state: number | null | undefined,
  request: DirectionsRequest = {},
  code: () => Promise<Pick<typeof import('./panel'), 'createDirectionsPanel'>> = () => import('./panel'),
): Directions | null {
  if (!directionsAvailable(host.model, state)) return null;
  const wf = host.model.settings.wayfinding;
  let panel: DirectionsPanel | null = null;
  let loading: Promise<DirectionsPanel | null> | null = null;
  let destroyed = false;
  let layer = host.layer();
  const label = host.model.text.t('directions');
  const toggle = directionsToggle(host.root, label, () => void load().then((p) => p?.toggle()));
  const corner = host.corner(wf.position) ?? host.corner('top-left');
  const { doc } = host.model;
  // Places drawn as a shape of their floor (no point of their own) are routed to at their shapes, on every floor.
  const shapes = () => host.shapeCentres(doc.locations.filter((l) => !locationPoint(l, doc.settings)));
  // The code arrives when first asked for: offline by then, the visitor reads why nothing opened (announced), and
  // the button asks again.
  const failed = h('p', { class: 'mn-part-error', role: 'alert', hidden: true });
  const load = (): Promise<DirectionsPanel | null> => {
    if (!loading) failed.hidden = true;
    return (loading ??= Promise.all([code(), shapes()]).then(
      ([{ createDirectionsPanel }, centres]) => {
        if (destroyed) return null;
        const start = { ...request, fixedFrom: request.fixedFrom ?? wf.fixedFrom };
        panel = createDirectionsPanel(host, start, toggle, centres);
        panel.layerShown(layer);
        return panel;
      },
      (e: unknown) => {
        loading = null;
        console.warn('Directions could not be loaded', e);
        Object.assign(failed, { textContent: host.model.text.t('directionsFailed'), hidden: destroyed });
        return null;
      },
    ));
  };
  if (corner) {
    corner.prepend(toggle, failed);
    corner.hidden = false;
  }
  const unmark = markOpen(host.root, toggle);
  // A kiosk's start ("You are here") or the map's setting opens the panel on load, as a route's deep link does.
  const openAtStart = wf.startOpen || !!(request.fixedFrom || wf.fixedFrom);
  if (openAtStart || request.from || request.to) {
    void load().then((p) => {
      if (!p) return;
      p.open(false);
      if ((request.from || request.fixedFrom || wf.fixedFrom) && request.to) p.showLinked(!request.keepFloor);
    });
  }
  return {
    layerShown(id) {
      layer = id;
      panel?.layerShown(id);
    },
    decorate(details, id) {
      decorateDetails(host, details, id, label, () => void load().then((p) => p?.routeTo(id)));
    },
    startOver() {
      panel?.startOver(openAtStart);
    },
    locationOpened() {
      panel?.stop();
    },
    showSheet(open, route) {
      if (open) panel?.reopen(route);
      else panel?.close(false);
      return !!panel;
    },
    destroy() {
      destroyed = true;
      unmark();
      toggle.remove();
      failed.remove();
      panel?.destroy();
    },
  };
}
