/**
 * The map viewer shared by the embed (/m/{id}), the map page, the case studies and the editor's
 * preview: directory with search and filters, floors, pan and zoom, popups, deep links, keyboard
 * and screen-reader access, and host-page events. Plain DOM (see dom.ts for why); the app uses it
 * through the MapViewer React component.
 */
import type { MapDocument } from '@mapnest/shared/map-document';
import type { FilterValue } from '../map-core/conditions';
import { replaceLocationParam } from './deep-link';
import type { DetailsVariant } from './details';
import { prefetchLayer } from './base-layer';
import { withCsvLocations } from './csv-locations';
import { renderDetails } from './details';
import { Directory } from './directory';
import { h, icon, uid } from './dom';
import { isFramed, linkTargetFor } from './link';
import { scopeCss } from './sanitize';
import { MapStage } from './stage';
import { attachDirections, type Directions, type DirectionsRequest } from './directions/hook';
import type { MapViewerApi, ViewerEventSink } from './viewer-api';
import type { FilterState, ResolvedLocation, ViewerModel } from './viewer-model';
import {
  BUILTIN_GROUP_FILTER,
  buildModel,
  directoryOrder,
  filterMask,
  initialFilterState,
  isFilterActive,
  onLayer,
} from './viewer-model';
import './viewer.css';

export interface ViewerOptions {
  document: MapDocument;
  mapId?: string | null;
  /** Accessible name of the map. */
  title?: string;
  /** Location to open first (a deep link); falls back to the map's start location. */
  initialLocation?: string | null;
  /** Overrides the map's deep-linking setting (the editor turns it off). */
  deepLinking?: boolean;
  onEvent?: ViewerEventSink;
  /** Turns layer, image and thumbnail URLs of the document into fetchable URLs. */
  resolveUrl?: (url: string) => string;
  /** 'fill' takes the host's size (the embed page); 'auto' sizes from the map's layout settings. */
  height?: 'fill' | 'auto';
  /** The published map state: directions show only on Professional maps (see directions/hook.ts). */
  state?: number | null;
  /** Route to show at once (`?from=&to=`) and a kiosk's fixed start. */
  directions?: DirectionsRequest;
}

/** A mounted viewer: the host API plus teardown. */
export interface MapViewerInstance extends MapViewerApi {
  readonly element: HTMLElement;
  readonly model: ViewerModel;
  destroy(): void;
}

type Corner = 'top-left' | 'top-right' | 'bottom-left' | 'bottom-right';
/** Locations offered in the keyboard list of what is in view (the directory has them all). */
const IN_VIEW_MAX = 60;
let scopeSeq = 0;

/** Mounts a map viewer into `host`. */
export function createMapViewer(host: HTMLElement, options: ViewerOptions): MapViewerInstance {
  return new Viewer(host, options);
}

function prefetchStartLayer(
  d: MapDocument,
  initialLocation: string | null | undefined,
  resolve: (u: string) => string,
): void {
  const first = d.layers.find((l) => l.id === d.settings.defaultLayer) ?? d.layers[0];
  const startLayer = (initialLocation && d.locations.find((l) => l.id === initialLocation)?.layer) || first?.id;
  const layer = d.layers.find((l) => l.id === startLayer) ?? first;
  if (layer) prefetchLayer(layer.file, resolve);
}

/**
 * The document a viewer shows: the map's own, plus the locations of its CSV source
 * (`settings.csvUrl`, see csv-locations.ts), so deep links and the start location can name CSV
 * locations. The start floor's image downloads meanwhile. Rejects only when `signal` aborts.
 */
export async function loadViewerDocument(
  options: Pick<ViewerOptions, 'document' | 'initialLocation' | 'resolveUrl'>,
  signal?: AbortSignal,
): Promise<MapDocument> {
  const doc = options.document;
  if (!doc.settings.csvUrl) return doc;
  const resolve = options.resolveUrl ?? ((u: string) => u);
  prefetchStartLayer(doc, options.initialLocation, resolve);
  return withCsvLocations(doc, { resolveUrl: resolve, signal });
}

class Viewer implements MapViewerInstance {
  readonly element: HTMLDivElement;
  readonly model: ViewerModel;
  private readonly stage: MapStage;
  private readonly directions: Directions | null;
  private readonly directory: Directory | null;
  private readonly sidebar: HTMLElement | null;
  private readonly panel: HTMLElement;
  private readonly map: HTMLDivElement;
  private readonly viewport: HTMLDivElement;
  private readonly sheet: HTMLDivElement;
  private readonly inView: HTMLUListElement;
  private readonly live: HTMLDivElement;
  private readonly loading: HTMLDivElement;
  private readonly error: HTMLDivElement;
  private readonly hint: HTMLDivElement;
  private readonly corners = {} as Record<Corner, HTMLDivElement>;
  private readonly floorButtons = new Map<string, HTMLButtonElement>();
  private zoomInButton?: HTMLButtonElement;
  private zoomOutButton?: HTMLButtonElement;
  private resetButton?: HTMLButtonElement;
  private fullscreenButton?: HTMLButtonElement;
  private sidebarButton?: HTMLButtonElement;
  private readonly ro: ResizeObserver;
  private readonly resolveUrl: (u: string) => string;
  private readonly emit: ViewerEventSink;
  private readonly deepLinking: boolean;
  private readonly framed = isFramed();
  private readonly startIndex: number | null;
  private layerId: string;
  private readyLayer: string | null = null;
  private active: number | null = null;
  private hover: number | null = null;
  private focus: number | null = null;
  private filter: FilterState;
  private mask: Uint8Array;
  private filtering = false;
  private sidebarOpen: boolean;
  private width = 0;
  private portrait = false;
  private narrow = false;
  private mode: DetailsVariant | null = null;
  private pendingOpen: number | null;
  private returnFocus: HTMLElement | null = null;
  private readyEmitted = false;
  private inViewPos = 0;
  private inViewItems: ResolvedLocation[] = [];
  private hintTimer: ReturnType<typeof setTimeout> | undefined;
  private destroyed = false;

  constructor(
    private readonly host: HTMLElement,
    private readonly options: ViewerOptions,
  ) {
    const resolve = options.resolveUrl ?? ((u: string) => u);
    // The floor's image downloads while the model and the interface are built.
    prefetchStartLayer(options.document, options.initialLocation, resolve);
    const model = (this.model = buildModel(options.document));
    const s = model.settings;
    this.resolveUrl = resolve;
    this.emit = (type, detail) => options.onEvent?.(type, detail);
    this.deepLinking = options.deepLinking ?? s.deepLinking;
    const startId =
      options.initialLocation && model.byId.has(options.initialLocation) ? options.initialLocation : s.startLocation;
    const start = startId ? model.byId.get(startId) : undefined;
    this.startIndex = start?.index ?? null;
    this.pendingOpen = this.startIndex;
    this.layerId = start?.layer ?? model.defaultLayer;
    this.filter = initialFilterState(model);
    this.mask = filterMask(model, this.filter);
    this.filtering = isFilterActive(model, this.filter);
    this.sidebarOpen = !s.directory.startClosed;

    const scope = `v${++scopeSeq}`;
    const authorCss = s.css ? scopeCss(s.css, `[data-mn-scope="${scope}"]`) : null;
    const instructionsId = uid('mn-help');
    this.viewport = h('div', {
      class: 'mn-viewport',
      tabindex: '0',
      role: 'application',
      'aria-roledescription': 'map',
      'aria-label': options.title ? `${options.title} map` : 'Map',
      'aria-describedby': instructionsId,
    });
    this.inView = h('ul', { class: 'mn-in-view mn-sr-only' });
    this.inView.addEventListener('keydown', this.onInViewKey);
    this.sheet = h('div', { class: 'mn-sheet', hidden: true });
    this.hint = h('div', { class: 'mn-wheel-hint', 'aria-hidden': 'true', hidden: true }, s.text.wheelHint);
    this.loading = h(
      'div',
      { class: 'mn-loading', role: 'status' },
      h('span', { class: 'mn-spinner', 'aria-hidden': 'true' }),
      h('span', null, 'Loading map…'),
    );
    this.error = h('div', { class: 'mn-layer-error', role: 'alert', hidden: true });
    for (const c of ['top-left', 'top-right', 'bottom-left', 'bottom-right'] as const)
      this.corners[c] = h('div', { class: `mn-corner mn-${c}` });
    this.map = h(
      'div',
      { class: 'mn-map' },
      this.viewport,
      h(
        'p',
        { id: instructionsId, class: 'mn-sr-only' },
        `${s.zoom.enabled ? 'Arrow keys move the map, plus and minus zoom, 0 resets. ' : ''}Press Tab to go through the locations in view, or use the directory.`,
      ),
      this.inView,
      Object.values(this.corners),
      this.sheet,
      this.hint,
      this.loading,
      this.error,
    );
    this.panel = h('div', { class: 'mn-panel', hidden: true });
    if (s.directory.enabled) {
      this.directory = new Directory(
        model,
        {
          onQuery: (query) => this.setFilter({ ...this.filter, query }),
          onFilterValue: (id, v) => this.setFilter({ ...this.filter, values: { ...this.filter.values, [id]: v } }),
          onClear: () => this.clearFilters(),
          onOpen: (i, invoker) => this.open(i, invoker),
          onHover: (i) => this.setHover(i),
        },
        this.resolveUrl,
      );
      this.sidebar = h('aside', { class: 'mn-sidebar', 'aria-label': 'Directory' }, this.directory.el, this.panel);
    } else {
      this.directory = null;
      this.sidebar = null;
    }
    this.live = h('div', { class: 'mn-sr-only', 'aria-live': 'polite' });
    this.element = h(
      'div',
      { class: 'mn-viewer', 'data-mn-scope': scope },
      authorCss && h('style', null, authorCss),
      this.sidebar,
      this.map,
      this.live,
    );
    this.element.style.setProperty('--mn-primary', s.primaryColor);
    this.element.addEventListener('keydown', (e) => {
      if (e.key === 'Escape' && this.active !== null) {
        e.preventDefault();
        this.close();
      }
    });
    host.append(this.element);

    const reduced = typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
    this.stage = new MapStage(
      this.viewport,
      this.map,
      model,
      {
        onActivate: (i) => this.open(i, null),
        onBackgroundTap: () => this.active !== null && this.close(false),
        onHover: (i) => this.setHover(i),
        onMoveEnd: () => this.afterMove(),
        onMarkersDrawn: (id) => this.markersDrawn(id),
        onLayerReady: (id) => this.layerReady(id),
        onLayerError: (_id, message) => {
          this.error.textContent = message;
          this.error.hidden = false;
          this.loading.hidden = true;
        },
        onWheelHint: () => {
          this.hint.hidden = false;
          clearTimeout(this.hintTimer);
          this.hintTimer = setTimeout(() => (this.hint.hidden = true), 1400);
        },
      },
      { resolveUrl: this.resolveUrl, reducedMotion: reduced },
    );
    this.directions = attachDirections(
      {
        model,
        view: this.stage.view,
        mapId: options.mapId ?? null,
        root: this.element,
        viewport: this.viewport,
        corner: (p) => this.corners[p as Corner] ?? null,
        layer: () => this.layerId,
        showLayer: (id) => this.changeLayer(id),
        emit: this.emit,
        deepLinking: this.deepLinking,
        reducedMotion: reduced || s.zoom.reduceMotion,
      },
      options.state,
      options.directions,
    );
    this.buildControls();
    this.ro = new ResizeObserver(() => this.layout());
    this.ro.observe(this.element);
    this.layout();
    document.addEventListener('fullscreenchange', this.onFullscreen);
    this.applyFilter(true);
    void this.stage.setLayer(this.layerId);
  }

  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    clearTimeout(this.hintTimer);
    clearTimeout(this.inViewTimer);
    this.ro.disconnect();
    document.removeEventListener('fullscreenchange', this.onFullscreen);
    this.directions?.destroy();
    this.stage.destroy();
    this.directory?.destroy();
    this.element.remove();
  }

  // ---- Layout ----

  private layout(): void {
    const m = this.model;
    const s = m.settings;
    const width = this.element.clientWidth || this.host.clientWidth;
    this.width = width;
    const bp =
      m.doc.breakpoints.filter((b) => width > 0 && width <= b.below).sort((a, b) => a.below - b.below)[0] ?? null;
    const sidebarWidth = bp?.sidebarWidth ?? s.directory.width;
    const portrait = !!this.directory && width > 0 && (!!bp?.portrait || width < sidebarWidth + 320);
    const narrow = width > 0 && width < 520;
    const fill = this.options.height === 'fill' || s.layout.kiosk;
    const el = this.element;
    el.className = [
      'mn-viewer',
      portrait ? 'mn-portrait' : 'mn-landscape',
      s.directory.position === 'right' && 'mn-sidebar-right',
      fill ? 'mn-fill' : 'mn-auto',
      narrow && 'mn-narrow',
    ]
      .filter(Boolean)
      .join(' ');
    el.style.height = this.options.height === 'fill' ? '100%' : s.layout.kiosk ? '100vh' : '';
    el.style.setProperty('--mn-sidebar-width', `${sidebarWidth}px`);
    if (!fill) {
      const mapWidth = width - (portrait || !this.directory || !this.sidebarOpen ? 0 : sidebarWidth);
      const auto = Math.round(Math.min(760, Math.max(340, (mapWidth * s.mapHeight) / s.mapWidth)));
      el.style.setProperty('--mn-map-height', `${bp?.height ?? s.layout.height ?? auto}px`);
    }
    this.directory?.setLayout(bp?.layout ?? s.directory.layout, bp?.columns ?? s.directory.columns);
    if (this.sidebar) this.sidebar.hidden = !(this.sidebarOpen || portrait);
    if (this.sidebarButton) this.sidebarButton.hidden = portrait || !s.directory.toggle;
    const changed = portrait !== this.portrait || narrow !== this.narrow;
    this.portrait = portrait;
    this.narrow = narrow;
    if (changed && this.active !== null) this.renderDetails();
  }

  // ---- Controls ----

  private buildControls(): void {
    const m = this.model;
    const s = m.settings;
    const c = s.controls;
    const labels = c.buttonLabels;
    const put = (pos: string, node: HTMLElement) => {
      if (pos in this.corners) this.corners[pos as Corner].append(node);
    };
    const control = (
      label: string,
      name: Parameters<typeof icon>[0],
      onclick: () => void,
      extra: Record<string, unknown> = {},
    ) =>
      h(
        'button',
        { type: 'button', class: 'mn-control', 'aria-label': label, title: label, onclick, ...extra },
        icon(name),
        labels && h('span', null, label),
      );
    if (this.directory && s.directory.toggle) {
      this.sidebarButton = control('Hide directory', 'sidebar', () => this.toggleSidebar(), {
        'aria-expanded': String(this.sidebarOpen),
      });
      put(s.directory.position === 'right' ? 'top-right' : 'top-left', this.sidebarButton);
      this.updateSidebarButton();
    }
    if (m.layers.length > 1) {
      const group = h('div', { class: 'mn-floors', role: 'group', 'aria-label': 'Floors' });
      for (const l of m.layers) {
        const b = h(
          'button',
          {
            type: 'button',
            class: 'mn-floor',
            'aria-pressed': String(l.id === this.layerId),
            onclick: () => this.changeLayer(l.id),
          },
          l.name,
        );
        this.floorButtons.set(l.id, b);
        group.append(b);
      }
      put(c.layerSwitcher, group);
    }
    if (s.zoom.enabled && c.zoomButtons !== 'off') {
      this.zoomInButton = control('Zoom in', 'plus', () => this.stage.view.zoomIn());
      this.zoomOutButton = control('Zoom out', 'minus', () => this.stage.view.zoomOut());
      put(
        c.zoomButtons,
        h(
          'div',
          { class: 'mn-button-stack', role: 'group', 'aria-label': 'Zoom' },
          this.zoomInButton,
          this.zoomOutButton,
        ),
      );
    }
    if (s.zoom.enabled && c.resetButton !== 'off') {
      this.resetButton = control('Reset map', 'reset', () => {
        this.close(false);
        this.stage.view.reset();
      });
      this.resetButton.hidden = true;
      put(c.resetButton, this.resetButton);
    }
    if (document.fullscreenEnabled && c.fullscreen !== 'off') {
      this.fullscreenButton = control(
        'Full screen',
        'fullscreen',
        () => {
          if (document.fullscreenElement) void document.exitFullscreen();
          else void this.element.requestFullscreen().catch(() => undefined);
        },
        { 'aria-pressed': 'false' },
      );
      put(c.fullscreen, this.fullscreenButton);
    }
    const items = m.doc.legend.filter((l) => !l.disable);
    if (items.length && s.legend.position !== 'off') {
      const lg = s.legend;
      const list = h(
        'ul',
        {
          class: lg.horizontal ? 'mn-legend-items mn-legend-horizontal' : 'mn-legend-items',
          style: lg.horizontal ? null : { columnCount: String(lg.columns) },
          hidden: lg.toggle && lg.startClosed,
        },
        items.map((it) =>
          h(
            'li',
            null,
            it.icon.length > 3
              ? h('img', { src: this.resolveUrl(it.icon), alt: '', width: 16 * it.scale, height: 16 * it.scale })
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
      );
      const title = lg.toggle
        ? h(
            'button',
            { type: 'button', class: 'mn-legend-title', 'aria-expanded': String(!list.hidden) },
            icon('legend', 16),
            lg.title,
          )
        : h('p', { class: 'mn-legend-title' }, lg.title);
      title.addEventListener('click', () => {
        if (!lg.toggle) return;
        list.hidden = !list.hidden;
        title.setAttribute('aria-expanded', String(!list.hidden));
      });
      put(lg.position, h('div', { class: 'mn-legend' }, title, list));
    }
    for (const c of Object.values(this.corners)) c.hidden = !c.childElementCount;
  }

  private toggleSidebar(): void {
    this.sidebarOpen = !this.sidebarOpen;
    this.updateSidebarButton();
    this.layout();
  }

  private updateSidebarButton(): void {
    const b = this.sidebarButton;
    if (!b) return;
    const label = this.sidebarOpen ? 'Hide directory' : 'Show directory';
    b.setAttribute('aria-label', label);
    b.title = label;
    b.setAttribute('aria-expanded', String(this.sidebarOpen));
  }

  private readonly onFullscreen = (): void => {
    const on = document.fullscreenElement === this.element;
    const b = this.fullscreenButton;
    if (!b) return;
    const label = on ? 'Exit full screen' : 'Full screen';
    b.setAttribute('aria-label', label);
    b.setAttribute('aria-pressed', String(on));
    b.title = label;
    b.replaceChildren(
      icon(on ? 'exitFullscreen' : 'fullscreen'),
      ...(this.model.settings.controls.buttonLabels ? [h('span', null, label)] : []),
    );
  };

  private inViewTimer: ReturnType<typeof setTimeout> | undefined;

  private afterMove(): void {
    const v = this.stage.view;
    if (this.zoomInButton) this.zoomInButton.disabled = !v.canZoomIn();
    if (this.zoomOutButton) this.zoomOutButton.disabled = !v.canZoomOut();
    if (this.resetButton) this.resetButton.hidden = v.isAtHome() && this.active === null;
    // The keyboard list follows once the camera has rested a moment, outside the frame that ends the move.
    clearTimeout(this.inViewTimer);
    this.inViewTimer = setTimeout(() => !this.stage.view.isMoving && this.updateInView(), 150);
  }

  // ---- Floors ----

  private changeLayer(id: string): void {
    if (id === this.layerId) return;
    if (this.active !== null && !onLayer(this.model.locations[this.active]!, id)) this.close(false);
    this.setLayerId(id);
    this.say(`Showing ${this.model.layers.find((l) => l.id === id)?.name ?? id}`);
  }

  private setLayerId(id: string): void {
    this.layerId = id;
    for (const [lid, b] of this.floorButtons) b.setAttribute('aria-pressed', String(lid === id));
    this.loading.hidden = this.readyLayer === id;
    this.error.hidden = true;
    void this.stage.setLayer(id);
    this.directions?.layerShown(id);
  }

  /** Every location of the floor is drawn: the map is usable (its image may still be arriving). */
  private markersDrawn(id: string): void {
    if (id !== this.layerId) return;
    this.loading.hidden = true;
    if (!this.readyEmitted) {
      this.readyEmitted = true;
      performance.mark?.('mapnest:ready');
      this.emit('ready', { mapId: this.options.mapId ?? null, layer: id, locations: this.model.locations.length });
    } else this.emit('layerChanged', { mapId: this.options.mapId ?? null, layer: id });
  }

  private layerReady(id: string): void {
    if (id !== this.layerId) return;
    this.readyLayer = id;
    this.loading.hidden = true;
    this.stage.setState('active', this.active);
    const pending = this.pendingOpen;
    this.pendingOpen = null;
    if (pending !== null && onLayer(this.model.locations[pending]!, id)) {
      if (this.active !== pending) this.setActive(pending);
      // A deep link shows its location at once; later floor changes animate.
      this.show(pending, pending !== this.startIndex);
    }
    this.afterMove();
  }

  // ---- Locations ----

  private setHover(i: number | null): void {
    this.hover = i;
    this.stage.setState('hover', i);
    this.updateTooltip();
  }

  private updateTooltip(): void {
    const s = this.model.settings.popup;
    const tip = (i: number | null, force: boolean) => {
      const l = i === null ? null : this.model.locations[i];
      if (!l?.title || (!force && !s.hoverTooltip)) return null;
      return { title: l.title, about: force || s.hoverAbout ? l.about : '' };
    };
    if (this.focus !== null) this.stage.setTooltip(this.focus, tip(this.focus, true));
    else this.stage.setTooltip(this.hover, tip(this.hover, false));
  }

  private setActive(i: number | null): void {
    this.active = i;
    this.stage.setState('active', i);
    this.directory?.setActive(i);
    this.renderDetails();
    if (this.resetButton) this.resetButton.hidden = this.stage.view.isAtHome() && i === null;
  }

  private renderDetails(): void {
    const l = this.active === null ? null : this.model.locations[this.active];
    const mode: DetailsVariant | null = !l
      ? null
      : l.action === 'sidebar' && this.sidebar && this.sidebarOpen && !this.portrait
        ? 'panel'
        : this.narrow || l.action === 'sidebar'
          ? 'sheet'
          : 'popup';
    this.mode = mode;
    const anchor = this.stage.popupAnchor;
    anchor.replaceChildren();
    this.sheet.replaceChildren();
    this.panel.replaceChildren();
    this.sheet.hidden = mode !== 'sheet';
    this.panel.hidden = mode !== 'panel';
    if (this.directory) this.directory.el.hidden = mode === 'panel';
    if (!l || !mode) return;
    const details = renderDetails(this.model, l, mode, {
      resolveUrl: this.resolveUrl,
      target: linkTargetFor(l.source.target, this.framed),
      onClose: () => this.close(),
    });
    this.directions?.decorate(details, l.id);
    if (mode === 'popup') {
      const box = h('div', { class: 'mn-popup' }, details);
      anchor.append(box);
      this.stage.setPopupSize(box.offsetWidth || 300, box.offsetHeight || 200);
      // Images arrive later and grow the popup; keep it inside the map.
      new ResizeObserver((_, ro) =>
        box.isConnected ? this.stage.setPopupSize(box.offsetWidth, box.offsetHeight) : ro.disconnect(),
      ).observe(box);
    } else (mode === 'sheet' ? this.sheet : this.panel).append(details);
    requestAnimationFrame(() =>
      details.querySelector<HTMLElement>('.mn-details-close')?.focus({ preventScroll: true }),
    );
  }

  private show(index: number, animate = true): void {
    const l = this.model.locations[index];
    if (!l) return;
    this.stage.setState('active', index);
    this.stage.focusLocation(index, (l.action === 'tooltip' && !this.narrow) || this.narrow, animate);
  }

  /** Opens a location: follows its link, or shows its popup (switching floors first when needed). */
  private open(index: number, invoker: HTMLElement | null): void {
    const l = this.model.locations[index];
    if (!l || !l.clickable) return;
    this.emit('locationOpened', { mapId: this.options.mapId ?? null, id: l.id, title: l.title, layer: l.layer });
    if (l.action === 'link') {
      if (l.source.link) window.open(l.source.link, linkTargetFor(l.source.target, this.framed), 'noopener');
      return;
    }
    this.returnFocus =
      invoker ??
      (document.activeElement instanceof HTMLElement && this.element.contains(document.activeElement)
        ? document.activeElement
        : null);
    if (this.deepLinking) replaceLocationParam(l.id);
    this.setActive(index);
    if (l.layer && l.layer !== this.layerId) {
      this.pendingOpen = index;
      this.setLayerId(l.layer);
      return;
    }
    if (this.readyLayer === this.layerId) this.show(index);
    else this.pendingOpen = index;
  }

  private close(restoreFocus = true): void {
    if (this.active === null) return;
    const l = this.model.locations[this.active];
    this.setActive(null);
    if (this.deepLinking) replaceLocationParam(null);
    if (this.model.settings.zoom.resetOnClose) this.stage.view.reset();
    if (l) this.emit('locationClosed', { mapId: this.options.mapId ?? null, id: l.id });
    if (restoreFocus) {
      const back = this.returnFocus;
      this.returnFocus = null;
      (back?.isConnected ? back : this.viewport).focus({ preventScroll: true });
    }
  }

  // ---- Filters ----

  private setFilter(f: FilterState): void {
    this.filter = f;
    this.applyFilter(false);
  }

  private clearFilters(): void {
    const values = Object.fromEntries(
      this.model.doc.filters.map((f) => [f.id, f.type === 'groups' ? [] : f.type === 'checkbox' ? false : '']),
    );
    this.setFilter({ query: '', values });
  }

  private applyFilter(initial: boolean): void {
    const m = this.model;
    this.mask = filterMask(m, this.filter);
    this.filtering = isFilterActive(m, this.filter);
    const order = (this.order ??= directoryOrder(m));
    const entries = this.filtering ? order.filter((l) => this.mask[l.index]) : order;
    this.directory?.setEntries(entries, this.filter, this.filtering);
    this.stage.setFilter(this.mask, this.filtering);
    this.updateInView();
    if (initial) return;
    this.emit('filtersChanged', {
      mapId: this.options.mapId ?? null,
      query: this.filter.query,
      values: { ...this.filter.values },
      count: entries.length,
    });
    this.say(this.filtering ? `${entries.length} ${m.settings.text.found}` : '');
  }
  private order: ResolvedLocation[] | null = null;

  private say(text: string): void {
    this.live.textContent = text;
  }

  // ---- Locations in view (keyboard and screen readers) ----

  private readonly inViewNodes = new Map<number, HTMLLIElement>();

  private updateInView(): void {
    if (this.readyLayer !== this.layerId) return;
    const items = this.stage.locationsInView(IN_VIEW_MAX, this.filtering ? this.mask : null);
    const focused = this.inView.contains(document.activeElement) ? this.focus : null;
    // The entry with keyboard focus stays even when the map moved it out of view: removing it would drop focus.
    if (focused !== null && !items.some((l) => l.index === focused)) items.push(this.model.locations[focused]!);
    this.inViewItems = items;
    const keep = focused === null ? -1 : items.findIndex((l) => l.index === focused);
    this.inViewPos = keep >= 0 ? keep : Math.min(this.inViewPos, Math.max(0, items.length - 1));
    this.inView.setAttribute('aria-label', `Locations in view (${items.length})`);
    // Entries are reused between moves: only their position and tab stop change.
    const nodes = items.map((l, pos) => {
      let li = this.inViewNodes.get(l.index);
      if (!li) {
        const b = h(
          'button',
          { type: 'button', 'aria-describedby': this.stage.tooltipId },
          l.title || l.id,
          l.groupNames.length ? `, ${l.groupNames.join(', ')}` : '',
        );
        b.addEventListener('focus', () => {
          this.inViewPos = Number(b.dataset.pos);
          this.focus = l.index;
          this.stage.setState('focus', l.index);
          this.updateTooltip();
        });
        b.addEventListener('blur', () => {
          if (this.focus !== l.index) return;
          this.focus = null;
          this.stage.setState('focus', null);
          this.updateTooltip();
        });
        b.addEventListener('click', () => this.open(l.index, b));
        li = h('li', null, b);
        this.inViewNodes.set(l.index, li);
      }
      const b = li.firstElementChild as HTMLElement;
      b.dataset.pos = String(pos);
      b.tabIndex = pos === this.inViewPos ? 0 : -1;
      return li;
    });
    // Move only what changed: rebuilding the list would re-lay out every entry on every pan.
    const wanted = new Set(nodes);
    for (const child of Array.from(this.inView.children)) if (!wanted.has(child as HTMLLIElement)) child.remove();
    let prev: Element | null = null;
    for (const li of nodes) {
      const at: Element | null = prev ? prev.nextElementSibling : this.inView.firstElementChild;
      if (at !== li) {
        if (prev) prev.after(li);
        else this.inView.prepend(li);
      }
      prev = li;
    }
    if (this.inViewNodes.size > 1000)
      for (const [k, li] of this.inViewNodes) if (!li.isConnected) this.inViewNodes.delete(k);
    if (keep >= 0) (nodes[keep]!.firstElementChild as HTMLElement).focus({ preventScroll: true });
  }

  private readonly onInViewKey = (e: KeyboardEvent): void => {
    const n = this.inViewItems.length;
    const step =
      e.key === 'ArrowDown' || e.key === 'ArrowRight' ? 1 : e.key === 'ArrowUp' || e.key === 'ArrowLeft' ? -1 : 0;
    let next = this.inViewPos + step;
    if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = n - 1;
    else if (!step) return;
    e.preventDefault();
    next = Math.max(0, Math.min(n - 1, next));
    for (const b of this.inView.querySelectorAll<HTMLElement>('button'))
      b.tabIndex = Number(b.dataset.pos) === next ? 0 : -1;
    this.inViewPos = next;
    this.inView.querySelector<HTMLElement>(`[data-pos="${next}"]`)?.focus({ preventScroll: true });
  };

  // ---- Host API ----

  openLocation(id: string): boolean {
    const l = this.model.byId.get(id);
    if (!l?.clickable) return false;
    this.open(l.index, null);
    return true;
  }

  closeLocation(): void {
    this.close(false);
  }

  setLayer(id: string): boolean {
    if (!this.model.layers.some((l) => l.id === id)) return false;
    this.changeLayer(id);
    return true;
  }

  setFilters({ query, groups }: { query?: string; groups?: string[] }): void {
    const values: Record<string, FilterValue> = { ...this.filter.values };
    if (groups) {
      const own = this.model.doc.filters.find((f) => f.type === 'groups' && !f.disable);
      values[own ? own.id : BUILTIN_GROUP_FILTER] = groups.filter((g) => this.model.groupById.has(g));
    }
    this.setFilter({ query: query ?? this.filter.query, values });
  }

  zoomIn(): void {
    this.stage.view.zoomIn();
  }

  zoomOut(): void {
    this.stage.view.zoomOut();
  }

  reset(): void {
    this.stage.view.reset();
  }

  getState(): { layer: string; location: string | null; query: string } {
    return {
      layer: this.layerId,
      location: this.active === null ? null : (this.model.locations[this.active]?.id ?? null),
      query: this.filter.query,
    };
  }
}
