/** The map viewer (./viewer.ts makes it): built and furnished apart from the page, then put in it and started. */
import { OpenDetails } from './details/open-details';
import { tooltipContent } from './details/places';
import { Directory } from './directory/directory';
import { focusedIn, h } from './dom';
import { DirectoryFill } from './directory/fill';
import { IN_VIEW_MAX, InViewList } from './directory/in-view-list';
import { followLink, isFramed } from './link';
import { MapStage } from './stage/stage';
import { attachDirections, type Directions, type DirectionsHost } from './directions/hook';
import { PhoneSheets } from './details/phone-sheets';
import { attachKiosk, attachMinimap, type KioskHost, type MinimapHost, type PartLink } from './on-demand';
import type { ViewerEventSink } from './viewer-api';
import type { MapViewerInstance, ViewerOptions } from './viewer-options';
import { MapArea, buildViewerRoot, liveRegion, putViewerRoot } from './viewer-dom';
import { prefetchFloor, viewerStart } from './viewer-document';
import { boxKey, layoutFor, styleRoot, viewerBox } from './viewer-layout';
import { addControls, type Corner, type MapControls } from './viewer-controls';
import { FloorTrouble } from './floors/floor-trouble';
import type { ResolvedLocation, ViewerModel } from './viewer-model';
import { buildModel, clearedFilterState, floorName, initialFilterState, onLayer } from './viewer-model';
import { Filtering } from './directory/filtering';

export class Viewer implements MapViewerInstance {
  readonly element: HTMLDivElement;
  readonly model: ViewerModel;
  #stage!: MapStage;
  #directions!: Directions | null;
  /** Directions, the minimap, kiosk mode: they follow the floor shown and start over with the viewer (on-demand.ts). */
  #parts!: PartLink[];
  /** The open location: its details in their place, its address and history entry (./details/open-details.ts). */
  #details!: OpenDetails;
  readonly #directory: Directory | null;
  /** The directory's contents and first entries, put in after the first drawing of the markers (./directory/fill.ts). */
  #firstFill: DirectoryFill | null = null;
  readonly #sidebar: HTMLElement | null;
  readonly #panel: HTMLElement;
  readonly #area: MapArea;
  readonly #viewport: HTMLDivElement;
  readonly #inView: InViewList;
  /** The live region, and what says a text in it. */
  readonly #live = liveRegion();
  #controls!: MapControls;
  #trouble!: FloorTrouble;
  #ro!: ResizeObserver;
  readonly #resolveUrl: (u: string) => string;
  readonly #emit: ViewerEventSink = (type, detail) => this.#options.onEvent?.(type, detail);
  readonly #framed = isFramed();
  readonly #startIndex: number | null;
  #layerId: string;
  #readyLayer: string | null = null;
  #active: number | null = null;
  #hover: number | null = null;
  #focus: number | null = null;
  /** The search and filters, and which locations match them (set in furnish, with the stage they dim markers on). */
  #filters!: Filtering;
  #sidebarOpen: boolean;
  #portrait = false;
  #narrow = false;
  #short = false;
  #sheets!: PhoneSheets;
  #pendingOpen: number | null;
  /** A deep link's location (a visitor's request, unlike the map's start location) until it is said to be opened. */
  #linked: number | null;
  #readyEmitted = false;
  #destroyed = false;
  #furnished = false;
  readonly #host: HTMLElement;
  readonly #options: ViewerOptions;

  /** Builds the model and the interface, apart from the page (mount puts them in). */
  constructor(host: HTMLElement, options: ViewerOptions) {
    this.#host = host;
    this.#options = options;
    const resolve = options.resolveUrl ?? ((u: string) => u);
    const start = viewerStart(options.document, options.initialLocation);
    // The floor's image downloads while the model and the interface are built.
    prefetchFloor(options.document, start.layer, resolve);
    const model = (this.model = buildModel(options.document, options.language));
    const s = model.settings;
    this.#resolveUrl = resolve;
    const first = start.location === null ? undefined : model.byId.get(start.location);
    this.#pendingOpen = this.#startIndex = first?.index ?? null;
    this.#linked = first?.clickable && first.id === options.initialLocation ? first.index : null;
    this.#layerId = start.layer;
    this.#sidebarOpen = !s.directory.startClosed;

    this.#inView = new InViewList(model.text, () => this.#stage.tooltipId, {
      onFocus: (index) => {
        this.#focus = index;
        this.#stage.setState('focus', index);
        this.#updateTooltip();
      },
      onOpen: (index, invoker) => this.#open(index, invoker),
    });
    const area = (this.#area = new MapArea(s, model.text, options.title, this.#inView.el));
    ({ viewport: this.#viewport } = area);
    this.#panel = h('div', { class: 'mn-panel', hidden: true });
    this.#directory = s.directory.enabled ? this.#buildDirectory() : null;
    this.#sidebar = this.#directory
      ? h('aside', { class: 'mn-sidebar', 'aria-label': model.text.t('directory') }, this.#directory.el, this.#panel)
      : null;
    this.element = buildViewerRoot(s, model.text, this.#sidebar, this.#area.map, this.#live.el);
  }

  /** Gives the viewer its camera, parts and controls, laid out for the host's width, still apart from the page. */
  furnish(): void {
    this.#firstFill = this.#directory ? new DirectoryFill(() => this.#filters.showEntries(), this.#directory) : null;
    const reduced = typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
    this.#stage = this.#createStage(reduced);
    this.#sheets = new PhoneSheets(this.element, this.#area, this.#stage, () => this.#refloor());
    this.#trouble = new FloorTrouble(this.model, this.#area, this.#stage, {
      floors: () => this.#controls.floors,
      layer: () => this.#layerId,
      changed: () => this.#active !== null && this.#renderDetails(),
    });
    this.#details = new OpenDetails({
      model: this.model,
      root: this.element,
      stage: this.#stage,
      places: { sheet: this.#area.sheet, panel: this.#panel, directory: this.#directory?.el ?? null },
      trouble: this.#trouble,
      directions: () => this.#directions,
      resolveUrl: this.#resolveUrl,
      framed: this.#framed,
      close: () => this.#close(),
      sheets: this.#sheets,
      deepLinking: this.#options.deepLinking ?? this.model.settings.deepLinking,
      backCloses: !!this.#options.backCloses,
      showLocation: (id) => (id === null ? this.#close() : this.openLocation(id)),
    });
    // A link to a location the map has not (or cannot open) shows the map as it starts: the address says so too.
    if (this.#options.initialLocation && this.#linked === null) this.#details.history.closed();
    const parts = this.#partsHost(reduced);
    // A location the address opens stays open: the route the address asks for is drawn on its floor, not played.
    const route = { ...this.#options.directions, keepFloor: this.#linked !== null };
    this.#directions = attachDirections(parts, this.#options.state, route);
    const kiosk = attachKiosk(parts, this.#kiosk());
    this.#parts = [this.#directions, attachMinimap(parts), kiosk].filter((p) => !!p);
    this.#controls = addControls({
      model: this.model,
      view: this.#stage.view,
      element: this.element,
      corners: this.#area.corners,
      resolveUrl: this.#resolveUrl,
      sidebar: this.#sidebar,
      history: this.#details.history,
      sidebarOpen: this.#sidebarOpen,
      layerId: this.#layerId,
      kiosk: this.#kiosk(),
      onToggleSidebar: () => this.#toggleSidebar(),
      onPickFloor: (id) => this.#changeLayer(id),
      // On a kiosk, Reset map is the start over the next visitor would otherwise wait for (the idle time).
      onReset: () => (this.#kiosk() ? this.#startOver() : (this.#close(false), this.#stage.view.reset())),
    });
    this.#ro = new ResizeObserver(() => boxKey(this.#box()) !== this.#laidOut && this.#layout());
    this.#ro.observe(this.element);
    this.#layout();
    this.#filters = new Filtering({
      model: this.model,
      directory: this.#directory,
      mapId: this.#options.mapId ?? null,
      emit: this.#emit,
      masked: (mask, active) => {
        this.#stage.setFilter(mask, active);
        this.#controls.floors?.setFound(active ? mask : null, this.model.locations);
        this.#updateInView();
      },
      filled: () => this.#firstFill?.filled(),
      say: this.#live.say,
    });
    this.#filters.set(this.#filters.state, true);
    this.#furnished = true;
  }

  /** Puts the viewer in the page, whole (furnished first, so it is laid out once), and reads the map's size. */
  attach(): void {
    putViewerRoot(this.#host, this.element);
    this.#stage.measure();
  }

  /** Asks for the floor shown first; its markers are drawn as soon as the map has a size. */
  start(): void {
    void this.#stage.setLayer(this.#layerId);
  }

  #createStage(reducedMotion: boolean): MapStage {
    return new MapStage(
      this.#viewport,
      this.#area.map,
      this.model,
      {
        onActivate: (i) => this.#open(i, null),
        onBackgroundTap: () => this.#active !== null && !this.#sheets.behind && this.#close(false),
        onHover: (i) => this.#setHover(i),
        onMoveEnd: () => this.#afterMove(),
        onMarkersDrawn: (id) => this.#markersDrawn(id),
        onLayerReady: (id) => this.#layerReady(id),
        onLayerError: (id, message) => this.#trouble.failed(id, message),
        onWheelHint: () => this.#area.flashWheelHint(),
      },
      { resolveUrl: this.#resolveUrl, reducedMotion },
    );
  }

  /** What the viewer lends the parts it loads on demand: directions (directions/hook.ts), the minimap, kiosk mode. */
  #partsHost(reduced: boolean): DirectionsHost & MinimapHost & KioskHost {
    return {
      model: this.model,
      view: this.#stage.view,
      mapId: this.#options.mapId ?? null,
      root: this.element,
      viewport: this.#viewport,
      corner: (p) => this.#area.corners[p as Corner] ?? null,
      layer: () => this.#layerId,
      showLayer: (id, quiet) => this.#changeLayer(id, quiet),
      shapeCentres: (locations) => this.#stage.shapeCentres(locations),
      emit: this.#emit,
      routeShown: (from, to, stepFree) => this.#details.history.route(from, to, stepFree),
      reducedMotion: reduced || this.model.settings.zoom.reduceMotion,
      resolveUrl: this.#resolveUrl,
      startOver: () => this.#startOver(),
      rest: this.#options.kioskRest,
    };
  }

  #buildDirectory(): Directory {
    return new Directory(
      this.model,
      {
        onQuery: (query) => this.#filters.setQuery(query),
        onFilterValue: (id, v) => this.#filters.setValue(id, v),
        onClear: () => this.#filters.set(clearedFilterState(this.model)),
        onOpen: (i, invoker) => this.#open(i, invoker),
        onHover: (i) => this.#setHover(i),
      },
      this.#resolveUrl,
    );
  }

  destroy(): void {
    if (this.#destroyed) return;
    this.#destroyed = true;
    this.#area.destroy();
    this.#directory?.destroy();
    if (!this.#furnished) return;
    this.#inView.stop();
    this.#ro.disconnect();
    this.#firstFill?.cancel();
    for (const c of this.#controls.all) c.remove();
    for (const part of this.#parts) part.destroy();
    this.#details.destroy();
    this.#stage.destroy();
    this.element.remove();
  }

  // ---- Layout ----

  /** The box last laid out: the observer's first report, with the first frame, is of it and changes nothing. */
  #laidOut = '';
  #box = () => viewerBox(this.element, this.#host, this.#options.height, this.model.settings.layout.kiosk);
  /** Kiosk mode: the embed's `?kiosk=` over the map's setting. */
  #kiosk = () => this.#options.kiosk ?? this.model.settings.layout.kiosk;
  #layout({ width, height } = this.#box()): void {
    this.#laidOut = boxKey({ width, height });
    const lay = layoutFor(this.model, {
      width,
      hasDirectory: !!this.#directory,
      sidebarOpen: this.#sidebarOpen,
      height: this.#options.height,
      kiosk: this.#kiosk(),
      boxHeight: height,
    });
    styleRoot(this.element, lay);
    this.#directory?.setLayout(lay.directoryLayout, lay.columns);
    if (this.#sidebar) this.#sidebar.hidden = !(this.#sidebarOpen || lay.portrait);
    this.#controls.layout(lay);
    const changed = lay.portrait !== this.#portrait || lay.narrow !== this.#narrow || lay.short !== this.#short;
    [this.#portrait, this.#narrow, this.#short] = [lay.portrait, lay.narrow, lay.short];
    if (changed && this.#active !== null) this.#renderDetails();
    this.#sheets.layout(lay);
  }

  // ---- Controls ----

  /** Opens or closes the directory's sidebar (its button in the map's corner). */
  #toggleSidebar(): void {
    this.#sidebarOpen = !this.#sidebarOpen;
    this.#controls.sidebar?.set(this.#sidebarOpen);
    this.#layout();
  }

  #afterMove(): void {
    const v = this.#stage.view;
    for (const c of [this.#controls.zoom, this.#controls.pan]) c?.update(v);
    this.#controls.reset?.update(v.isAtHome(), this.#active !== null);
    this.#inView.later(() => !this.#stage.view.isMoving && this.#updateInView());
  }

  // ---- Floors ----

  #changeLayer(id: string, quiet?: boolean): void {
    if (id === this.#layerId) return;
    const l = this.#active === null || this.#sheets.behind ? null : this.model.locations[this.#active]!;
    if (l && !onLayer(l, id)) this.#close(false);
    this.#setLayerId(id, quiet);
  }

  #setLayerId(id: string, quiet?: boolean): void {
    this.#layerId = id;
    this.#controls.floors?.setCurrent(id);
    this.#area.floorChosen(this.#readyLayer === id);
    void this.#stage.setLayer(id);
    for (const part of this.#parts) part.layerShown(id);
    // Each change of floor is said once, whatever made it (the floor control, a route's step, a location opened from
    // the search or the directory): a visitor who cannot see the map learns it moved. The first floor is no change, nor
    // is a route playing on its own said floor by floor (it spoke over the steps the visitor was reading).
    if (!quiet) this.#live.say(this.model.text.t('showingFloor', { floor: floorName(this.model, id) }));
  }

  /** The location's sheet is in front again, the directions closed over it: its floor shows if the route left it. */
  #refloor(): void {
    const l = this.#active === null ? null : this.model.locations[this.#active];
    if (!l?.layer || onLayer(l, this.#layerId)) return;
    this.#pendingOpen = l.index;
    this.#setLayerId(l.layer);
  }

  /** Every location of the floor is drawn: the map is usable (its image may still be arriving). */
  #markersDrawn(id: string): void {
    if (id !== this.#layerId) return;
    this.#area.hideLoading();
    if (!this.#readyEmitted) {
      this.#readyEmitted = true;
      performance.mark?.('mapnest:ready');
      this.#emit('ready', { mapId: this.#options.mapId ?? null, layer: id, locations: this.model.locations.length });
      this.#firstFill?.afterPaint();
    } else this.#emit('layerChanged', { mapId: this.#options.mapId ?? null, layer: id });
  }

  #layerReady(id: string): void {
    if (id !== this.#layerId) return;
    this.#readyLayer = id;
    this.#trouble.ready(id);
    this.#area.hideLoading();
    this.#stage.setState('active', this.#active);
    const [pending, linked] = [this.#pendingOpen, this.#linked];
    // The deep link's one chance (a kiosk's start over, say, is no link): counted if shown now.
    this.#pendingOpen = this.#linked = null;
    if (pending !== null && onLayer(this.model.locations[pending]!, id)) {
      if (this.#active !== pending) this.#setActive(pending);
      if (pending === linked) this.#opened(this.model.locations[pending]!);
      // A deep link shows its location at once; later floor changes animate.
      this.#show(pending, pending !== this.#startIndex);
    }
    this.#afterMove();
  }

  // ---- Locations ----

  #setHover(i: number | null): void {
    this.#hover = i;
    this.#stage.setState('hover', i);
    this.#updateTooltip();
  }

  #updateTooltip(): void {
    const force = this.#focus !== null;
    const i = force ? this.#focus : this.#hover;
    const l = i === null ? null : this.model.locations[i];
    this.#stage.setTooltip(i, tooltipContent(l, this.model.settings.popup, force));
  }

  #setActive(i: number | null): void {
    this.#active = i;
    this.#stage.setState('active', i);
    this.#directory?.setActive(i);
    this.#renderDetails();
    this.#controls.reset?.update(this.#stage.view.isAtHome(), i !== null);
  }

  #renderDetails(): void {
    const l = this.#active === null ? null : this.model.locations[this.#active];
    const sidebarShown = !!this.#sidebar && this.#sidebarOpen && !this.#portrait;
    this.#details.show(l ?? null, { sidebarShown, narrow: this.#narrow, short: this.#short });
  }

  #show(index: number, animate = true): void {
    const l = this.model.locations[index];
    if (!l) return;
    this.#stage.setState('active', index);
    this.#stage.focusLocation(index, l.action === 'tooltip' && !this.#narrow, animate);
  }

  /** Opens a location: follows its link (a kiosk shows it instead), or shows its popup (switching floors if needed). */
  #open(index: number, invoker: HTMLElement | null): void {
    const l = this.model.locations[index];
    if (!l || !l.clickable) return;
    this.#opened(l);
    const from = this.#controls.directory?.chosen(invoker) ?? invoker;
    if (l.action === 'link' && !this.#kiosk()) return followLink(l.source, this.#framed);
    this.#details.opened(l.id, from ?? focusedIn(this.element), this.#narrow);
    this.#setActive(index);
    if (l.layer && l.layer !== this.#layerId) {
      this.#pendingOpen = index;
      this.#setLayerId(l.layer);
      return;
    }
    if (this.#readyLayer === this.#layerId) this.#show(index);
    else this.#pendingOpen = index;
  }

  /** Says `l` opened (to the host page and a Pro map's beacon): clicked, asked by the API, or deep-linked and shown. */
  #opened(l: ResolvedLocation): void {
    this.#linked = null;
    this.#emit('locationOpened', { mapId: this.#options.mapId ?? null, id: l.id, title: l.title, layer: l.layer });
  }

  #close(restoreFocus = true): void {
    if (this.#active === null) return;
    const l = this.model.locations[this.#active];
    // Closed before its floor was ready (Enter, then Escape at once): it must not open when the floor comes.
    this.#pendingOpen = null;
    this.#setActive(null);
    if (this.model.settings.zoom.resetOnClose) this.#stage.view.reset();
    if (l) this.#emit('locationClosed', { mapId: this.#options.mapId ?? null, id: l.id });
    this.#details.closed(restoreFocus, this.#viewport);
  }

  // ---- Locations in view (keyboard and screen readers) ----

  #updateInView(): void {
    if (this.#readyLayer !== this.#layerId) return;
    this.#inView.update(
      this.#stage.locationsInView(IN_VIEW_MAX, this.#filters.active ? this.#filters.mask : null),
      this.model.locations,
    );
  }

  // ---- Kiosk mode ----

  /**
   * Back to the start a plain load shows, for a kiosk's next visitor (./kiosk/idle.ts): what is open closed, the
   * parts (directions) as they started, no search and the filters' defaults, the sidebar as it starts, the start floor
   * and the home view, or the map's own start location (deep links are the last visitor's: left out).
   */
  #startOver(): void {
    const start = viewerStart(this.model.doc, null);
    this.#close(false);
    this.#controls.directory?.close(false);
    for (const part of this.#parts) part.startOver?.();
    this.#filters.set(initialFilterState(this.model));
    this.#directory?.startOver();
    if (this.#sidebarOpen === this.model.settings.directory.startClosed) this.#toggleSidebar();
    this.#changeLayer(start.layer);
    this.#stage.view.reset();
    this.#pendingOpen = start.location === null ? null : (this.model.byId.get(start.location)?.index ?? null);
    if (this.#readyLayer === this.#layerId) this.#layerReady(this.#layerId);
  }

  // ---- Host API ----

  openLocation(id: string): boolean {
    const l = this.model.byId.get(id);
    if (!l?.clickable) return false;
    this.#open(l.index, null);
    return true;
  }

  closeLocation(): void {
    this.#close(false);
  }

  setLayer(id: string): boolean {
    if (!this.model.layers.some((l) => l.id === id)) return false;
    this.#changeLayer(id);
    return true;
  }

  setFilters(filters: { query?: string; groups?: string[] }): void {
    this.#filters.apply(filters);
  }

  zoomIn(): void {
    this.#stage.view.zoomIn();
  }

  zoomOut(): void {
    this.#stage.view.zoomOut();
  }

  reset(): void {
    this.#stage.view.reset();
  }

  getState(): { layer: string; location: string | null; query: string } {
    const location = this.#active === null ? null : (this.model.locations[this.#active]?.id ?? null);
    return { layer: this.#layerId, location, query: this.#filters.state.query };
  }
}
