/**
 * The Directions panel (loaded on demand by ./hook.ts): From and To pickers, Swap, a step-free
 * toggle and Go; the route drawn floor by floor with its step list (each step shows its floor);
 * `?from=&to=` written back to the address bar, always the route shown (none once it is cleared or the panel closed);
 * a fixed "You are here" start for kiosks.
 * Its parts: the form (./route-form.ts), the step list (./step-list.ts) and the route on the map
 * (./route-player.ts); this file holds them together, plans the route and opens and closes the panel.
 */
import { coordToImage } from '../../map-core/coords';
import { buildNetwork } from '../../map-core/wayfinding/network';
import type { Network, ShapeCentres } from '../../map-core/wayfinding/network-model';
import { planRoute } from '../../map-core/wayfinding/route';
import { describeRoute, isolate, wordRoute } from '../../map-core/wayfinding/steps';
import { addSheet, h, icon, uid, type Sheet } from '../dom';
import { BEHIND_CLASS, DIRECTIONS_SHEET_EVENT, type DirectionsSheetDetail } from '../details/phone-sheets';
import { DIRECTIONS_CSS } from './directions-css';
import { HereMarker } from './here-marker';
import { placeOptions, RouteForm } from './route-form';
import { RoutePlayer } from './route-player';
import { StepList, withNames } from './step-list';
import type { AddressRoute } from '../deep-link';
import { floorName as floorNameOf } from '../viewer-model';
import type { DirectionsHost, DirectionsPanel, DirectionsRequest } from './types';

/** The panel put after its toggle button, with the network it routes on. */
class DirectionsPanelView implements DirectionsPanel {
  readonly #net: Network;
  /** The fixed start ("You are here"), when the network reaches it. */
  readonly #fixed: string | null;
  readonly #form: RouteForm;
  readonly #status = h('p', { class: 'mn-dir-status', role: 'status', 'aria-live': 'polite' });
  readonly #steps: StepList;
  readonly #close: HTMLButtonElement;
  // On a phone the form folds away once a route is shown, so the map stays visible; this brings it back.
  readonly #change: HTMLButtonElement;
  // Under "No step-free route", when a way with stairs exists: shows it (the Step-free box unticked).
  readonly #withStairs: HTMLButtonElement;
  /** The route last asked for was not found (a change of Step-free asks again, as it does for a shown route). */
  #notFound = false;
  /** The ends of the route shown, or of the one last asked for and not found: what the address says. */
  #asked: [string, string] | null = null;
  readonly #panel: HTMLElement;
  readonly #style: Sheet;
  readonly #player: RoutePlayer;
  /** The fixed start marked on the map ("You are here"). */
  readonly #here: HereMarker | null = null;

  readonly #host: DirectionsHost;
  readonly #toggleButton: HTMLButtonElement;
  readonly #layoutWatch: MutationObserver;
  /** Whether the open panel is a sheet over the map's bottom (a phone) rather than beside its button. */
  #asSheet = false;
  /** Step-free as the embed asked (`?stepfree=1`, an accessible kiosk): what a kiosk's start over puts back. */
  readonly #stepFreeAtStart: boolean;
  /** What had focus when the panel opened (a location's own Directions button): where Close gives it back. */
  #opener: HTMLElement | null = null;

  constructor(host: DirectionsHost, request: DirectionsRequest, toggleButton: HTMLButtonElement, shapes: ShapeCentres) {
    this.#host = host;
    this.#toggleButton = toggleButton;
    const { model } = host;
    const t = model.text;
    this.#close = h(
      'button',
      { type: 'button', class: 'mn-icon-button mn-dir-close', 'aria-label': t.t('closeDirections') },
      icon('close', 16),
    );
    this.#change = h('button', { type: 'button', class: 'mn-link-button mn-dir-change' }, t.t('changeRoute'));
    this.#withStairs = h(
      'button',
      { type: 'button', class: 'mn-link-button mn-dir-stairs', hidden: true },
      t.t('routeWithStairs'),
    );
    this.#net = buildNetwork(model.doc, shapes);
    const { targets } = this.#net;
    const fixed = request.fixedFrom && targets.has(request.fixedFrom) ? request.fixedFrom : null;
    this.#fixed = fixed;
    const floorName = (id: string | null) => floorNameOf(model, id);
    const rerouteIfShown = () => {
      if (this.#player.plan || this.#notFound) this.go();
    };
    this.#form = new RouteForm(
      model.settings,
      placeOptions(model, targets, floorName),
      fixed ? { id: fixed, title: this.#titleOf(fixed) } : null,
      {
        submit: () => this.go(),
        swapped: rerouteIfShown,
        // The box is in the address, shown route or not: a reload ticks it as the visitor left it.
        stepFreeChanged: () => (this.#asked ? this.go() : this.#tellAddress()),
        picked: () => this.#picked(),
      },
      t,
    );
    this.#steps = new StepList(
      model.layers.length > 1 ? floorName : null,
      (segment) => {
        this.#player.stop();
        this.#player.showSegment(segment, false);
      },
      t,
    );
    this.#panel = h(
      'section',
      { class: 'mn-directions', 'aria-label': t.t('directions'), hidden: true },
      h('div', { class: 'mn-dir-head' }, h('h2', null, t.t('directions')), this.#close),
      this.#form.el,
      this.#status,
      this.#withStairs,
      this.#change,
      this.#steps.el,
    );
    this.#style = addSheet(host.root, DIRECTIONS_CSS);
    this.#toggleButton.after(this.#panel);
    // The viewer's layout (narrow or not) is its root's class: follow it while the panel is open.
    this.#layoutWatch = new MutationObserver(() => this.#place());
    this.#layoutWatch.observe(host.root, { attributes: true, attributeFilter: ['class'] });
    this.#toggleButton.setAttribute(
      'aria-controls',
      (this.#panel.id = uid(`${this.#toggleButton.id || 'mn'}-directions`)),
    );
    this.#player = new RoutePlayer(host, this.#panel, (i) => this.#steps.mark(i));
    if (fixed) {
      // At the place's own point, else where the network reaches it (a place drawn as a shape).
      const { coord, layer } = model.byId.get(fixed)!;
      const door = this.#net.nodes[targets.get(fixed)![0]!]!;
      const name = t.t('youAreHere', { place: isolate(this.#titleOf(fixed)) });
      const at = coord ? coordToImage(coord, model.image) : door;
      this.#here = new HereMarker(host.viewport, host.view, at, coord ? layer : door.layer, t.t('hereMark'), name);
    }
    if (!fixed) this.#form.from.set(request.from && targets.has(request.from) ? request.from : null);
    this.#form.to.set(request.to && targets.has(request.to) ? request.to : null);
    this.#form.stepFree = this.#stepFreeAtStart = !!request.stepFree;
    this.#listen();
  }

  /** The panel's own controls: Change route, Close and Escape (the form's are in RouteForm). */
  #listen(): void {
    this.#withStairs.addEventListener('click', () => {
      this.#form.stepFree = false;
      this.go();
      // The button is gone with the message: focus goes to the route's summary in its place.
      this.#status.tabIndex = -1;
      this.#status.focus({ preventScroll: true });
    });
    this.#change.addEventListener('click', () => {
      this.#panel.classList.remove('mn-dir-routed');
      this.#form.changeField().focus();
    });
    this.#close.addEventListener('click', () => this.close(true));
    this.#panel.addEventListener('keydown', (e) => {
      // Escape in a picker closes its list first (the picker stops the event); here it closes the panel, and only it.
      if (e.key !== 'Escape') return;
      e.preventDefault();
      e.stopPropagation();
      this.#close.click();
    });
    // Escape closes the panel from anywhere in the viewer (a floor button, the map), as it closes a location's
    // details; a picker's list, a field's text, the directory's overlay and an open location take it first (they stop
    // it, or mark it done).
    this.#host.root.addEventListener('keydown', (e) => {
      if (e.key !== 'Escape' || e.defaultPrevented || this.#panel.hidden) return;
      e.preventDefault();
      this.#close.click();
    });
  }

  #titleOf(id: string): string {
    return this.#host.model.byId.get(id)?.title || id;
  }

  /**
   * Opens or closes the panel; `raise`: the visitor asked for it, so on a phone its sheet comes in front of a
   * location's (../details/phone-sheets.ts).
   */
  #setOpen(open: boolean, raise = false): void {
    if (open && this.#panel.hidden) {
      const active = (this.#host.root.getRootNode() as Document | ShadowRoot).activeElement;
      const root = this.#host.root;
      this.#opener =
        active instanceof HTMLElement && active !== this.#toggleButton && root.contains(active) ? active : null;
    }
    this.#panel.hidden = !open;
    this.#toggleButton.setAttribute('aria-expanded', String(open));
    this.#place(raise);
  }

  /**
   * On a phone (the viewer is narrow) the open panel is a sheet over the bottom of the map, leaving the route in
   * view above it (the player frames the route clear of it); elsewhere it opens beside its button.
   */
  #place(raise = false): void {
    const sheet = !this.#panel.hidden && this.#host.root.classList.contains('mn-narrow');
    if (sheet === this.#asSheet) {
      if (sheet && raise) this.#sheetChanged(true, true);
      return;
    }
    this.#asSheet = sheet;
    this.#panel.classList.toggle('mn-dir-sheet', sheet);
    // A sheet goes in the map area (the viewport's parent), over its bottom.
    if (sheet) this.#host.viewport.parentElement!.append(this.#panel);
    else this.#toggleButton.after(this.#panel);
    this.#sheetChanged(sheet, raise);
  }

  /** Tells the viewer (../details/phone-sheets.ts) the sheet opened, closed or changed its height; `raise`: in front. */
  #sheetChanged(open: boolean, raise = false): void {
    const detail: DirectionsSheetDetail = { open, raise, panel: this.#panel };
    this.#host.root.dispatchEvent(new CustomEvent(DIRECTIONS_SHEET_EVENT, { detail }));
  }

  #clearRoute(): void {
    this.#notFound = false;
    this.#asked = null;
    this.#withStairs.hidden = true;
    this.#panel.classList.remove('mn-dir-routed');
    this.#player.clear();
    this.#steps.clear();
  }

  open(focus: boolean): void {
    this.#setOpen(true);
    if (focus) this.#form.firstField().focus();
  }

  toggle(): void {
    // Open behind a location's sheet (a phone), it comes in front rather than closing unseen.
    if (this.#panel.hidden || this.#panel.classList.contains(BEHIND_CLASS)) {
      this.#setOpen(true, true);
      this.#form.firstField().focus();
    } else this.#close.click();
  }

  close(focus: boolean): void {
    this.#clearRoute();
    this.#tellAddress();
    this.#status.textContent = '';
    this.#setOpen(false);
    // Back where the visitor opened it (a location's Directions, its details still open), else to the control.
    if (focus) (this.#opener?.checkVisibility?.() ? this.#opener : this.#toggleButton).focus();
  }

  reopen(route?: AddressRoute): void {
    this.#setOpen(true, true);
    if (!route?.to) return;
    const { targets } = this.#net;
    if (!this.#fixed) this.#form.from.set(route.from && targets.has(route.from) ? route.from : null);
    this.#form.to.set(targets.has(route.to) ? route.to : null);
    this.#form.stepFree = route.stepFree;
    this.go();
  }

  stop(): void {
    this.#player.stop();
  }

  /**
   * A place picked or cleared. "Choose where you start." is done once a place is picked: it stayed until Go, read as
   * still to do. Under "You are here" the destination is all there is to choose: its route shows at once, and the
   * field lets go, so a kiosk's keyboard goes away from over the map.
   */
  #picked(): void {
    if (!this.#asked) this.#status.textContent = '';
    if (this.#fixed && this.#form.to.value) {
      this.#form.to.input.blur();
      this.go();
    }
  }

  go(): void {
    this.#plan(true);
    this.#tellAddress();
  }

  showLinked(play: boolean): void {
    this.#plan(play);
    // The address names it already; told all the same, so that the entry a Back lands on gets it too (a reload of the
    // directions' entry goes back over it, ../location-history.ts).
    this.#tellAddress();
  }

  /**
   * Says `words` in the route's summary line, read out as it changes (role=status): the author's names in <bdi>
   * elements rather than between the isolate marks the words come with, which some screen readers read.
   */
  #say(words: string): void {
    this.#status.replaceChildren(...withNames(words));
  }

  /** Plans the route between the places picked, or says what is missing; `play`: across its floors (else drawn). */
  #plan(play: boolean): void {
    const form = this.#form;
    const status = this.#status;
    const a = form.start;
    const b = form.to.value;
    this.#clearRoute();
    if (!a) {
      status.textContent = this.#host.model.text.t('chooseStart');
      if (!this.#fixed) form.from.input.focus();
      return;
    }
    if (!b) {
      status.textContent = this.#host.model.text.t('chooseDestination');
      form.to.input.focus();
      return;
    }
    if (a === b) {
      this.#say(this.#host.model.text.t('alreadyAt', { place: isolate(this.#titleOf(b)) }));
      return;
    }
    this.#showRoute(a, b, play);
  }

  /**
   * Writes the route shown into the address (`?from=&to=`; none when none is shown) with the Step-free box, through
   * the viewer (../location-history.ts), so the address copied or reloaded shows what the visitor sees. Under a fixed
   * start ("You are here", the address's `?fixedfrom=` or the map's) only `?to=` is written: the start is not chosen.
   */
  #tellAddress(): void {
    const [from, to] = this.#asked ?? [null, null];
    this.#host.routeShown(this.#fixed ? null : from, to, this.#form.stepFree);
  }

  /**
   * Plans the route from a to b and plays it with its steps (`play`; else it is drawn where it crosses the floor
   * shown, the map staying there), or says there is none.
   */
  #showRoute(a: string, b: string, play: boolean): void {
    const host = this.#host;
    const panel = this.#panel;
    const player = this.#player;
    const free = this.#form.stepFree;
    const plan = (player.plan = planRoute(this.#net, a, b, { stepFree: free }));
    host.emit('routeRequested', { mapId: host.mapId, from: a, to: b, stepFree: free, found: plan !== null });
    this.#asked = [a, b];
    if (!plan) {
      const ends = { from: isolate(this.#titleOf(a)), to: isolate(this.#titleOf(b)) };
      this.#say(host.model.text.t(free ? 'noStepFreeRoute' : 'noRoute', ends));
      this.#notFound = true;
      this.#withStairs.hidden = !free || planRoute(this.#net, a, b, { stepFree: false }) === null;
      return;
    }
    const route = describeRoute(plan, host.model.doc, this.#titleOf(a), this.#titleOf(b), free);
    const text = wordRoute(route, host.model.text);
    this.#say(text.summary);
    const hadFocus = panel.contains((panel.getRootNode() as Document | ShadowRoot).activeElement);
    panel.classList.add('mn-dir-routed');
    // The form folded away (a phone): keep keyboard focus in the panel.
    if (hadFocus && !this.#form.el.offsetParent) this.#change.focus({ preventScroll: true });
    this.#steps.show(route, text.steps);
    // The sheet's height changed with the steps: the viewer measures what it covers before the route is framed.
    if (this.#asSheet) this.#sheetChanged(true);
    if (play) player.play();
    else player.layerShown(host.layer());
  }

  routeTo(id: string): void {
    this.#setOpen(true, true);
    this.#form.to.set(id);
    if (this.#form.start) this.go();
    else {
      this.#status.textContent = this.#host.model.text.t('chooseStart');
      this.#form.from.input.focus();
    }
  }

  layerShown(id: string): void {
    this.#player.layerShown(id);
    this.#here?.layerShown(id);
  }

  startOver(open: boolean): void {
    this.#clearRoute();
    this.#status.textContent = '';
    if (!this.#fixed) this.#form.from.set(null);
    this.#form.to.set(null);
    this.#form.stepFree = this.#stepFreeAtStart;
    this.#tellAddress();
    this.#setOpen(open);
  }

  destroy(): void {
    this.#layoutWatch.disconnect();
    if (this.#asSheet) this.#sheetChanged(false);
    this.#player.destroy();
    this.#here?.destroy();
    this.#panel.remove();
    this.#style.remove();
  }
}

/** The panel; `shapes` places the locations drawn as a shape of their floor (DirectionsHost.shapeCentres). */
export function createDirectionsPanel(
  host: DirectionsHost,
  request: DirectionsRequest,
  toggle: HTMLButtonElement,
  shapes: ShapeCentres,
): DirectionsPanel {
  return new DirectionsPanelView(host, request, toggle, shapes);
}
