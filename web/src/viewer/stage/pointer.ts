/**
 * Pointing at the map: taps open a location (its marker or its SVG region) or zoom into a cluster,
 * and a mouse hovering a marker or a region reports it. Marker hover is hit tested once per animation
 * frame, not per pointer event; region hover comes from the regions' own pointer events. Also the
 * camera's gestures: drag, wheel, double tap and keyboard.
 */
import type { MapSettings } from '@mapnest/shared/map-document';
import { clientToScreen, screenOriginOf, type ScreenPoint } from '../../map-core/coords';
import { DoubleTapZoomHandler } from '../../map-core/handlers/double-tap-zoom';
import { DragPanHandler } from '../../map-core/handlers/drag-pan';
import { KeyboardPanZoomHandler } from '../../map-core/handlers/keyboard-pan-zoom';
import { WheelZoomHandler } from '../../map-core/handlers/wheel-zoom';
import type { MapView } from '../../map-core/map-view';
import type { MarkerHit } from '../markers/canvas';

/** What pointing needs from the stage. */
export interface PointerTargets {
  /** The marker or cluster under a screen point (only those that open something). */
  hitTest(p: ScreenPoint): MarkerHit | null;
  /** True when a location opens something when tapped. */
  clickable(index: number): boolean;
  /** The location hovered now, as the stage shows it. */
  hovered(): number | null;
  onActivate(index: number): void;
  onBackgroundTap(): void;
  onHover(index: number | null): void;
}

/** Adds the camera's gestures as the map's zoom settings allow them. */
export function addGestures(
  view: MapView,
  viewport: HTMLElement,
  zoom: MapSettings['zoom'],
  onWheelHint: () => void,
): void {
  const zoomOn = zoom.enabled;
  view.addHandler('dragPan', new DragPanHandler(view, viewport), zoomOn);
  const wheel = new WheelZoomHandler(view, viewport, {
    requireModifier: zoom.wheel === 'modifier',
    onHint: onWheelHint,
  });
  view.addHandler('wheelZoom', wheel, zoomOn && zoom.wheel !== 'off');
  view.addHandler('doubleTapZoom', new DoubleTapZoomHandler(view), zoomOn);
  view.addHandler('keyboard', new KeyboardPanZoomHandler(view, viewport), zoomOn);
}

/** The location a region element (or an element inside one) belongs to. */
export function regionIndexOf(target: unknown): number | null {
  if (!target || typeof (target as Element).closest !== 'function') return null;
  const el = (target as Element).closest('[data-mn-loc]');
  if (!el) return null;
  const n = Number(el.getAttribute('data-mn-loc'));
  return Number.isInteger(n) ? n : null;
}

export class StagePointer {
  #hoverFrame = 0;
  #pendingHover: ScreenPoint | null = null;
  /** True while the mouse is over a marker (markers take precedence over the regions under them). */
  #markerHover = false;

  readonly #view: MapView;
  readonly #viewport: HTMLElement;
  readonly #pane: HTMLElement;
  readonly #targets: PointerTargets;

  constructor(
    view: MapView,
    viewport: HTMLElement,
    /** The pane holding the floors, whose SVG regions report pointer events. */
    pane: HTMLElement,
    targets: PointerTargets,
  ) {
    this.#view = view;
    this.#viewport = viewport;
    this.#pane = pane;
    this.#targets = targets;
    view.on('tap', this.#onTap);
    viewport.addEventListener('pointermove', this.#onPointerMove);
    viewport.addEventListener('pointerleave', this.#onPointerLeave);
    pane.addEventListener('pointerover', this.#onRegionOver);
    pane.addEventListener('pointerout', this.#onRegionOut);
  }

  destroy(): void {
    cancelAnimationFrame(this.#hoverFrame);
    this.#viewport.removeEventListener('pointermove', this.#onPointerMove);
    this.#viewport.removeEventListener('pointerleave', this.#onPointerLeave);
    this.#pane.removeEventListener('pointerover', this.#onRegionOver);
    this.#pane.removeEventListener('pointerout', this.#onRegionOut);
  }

  readonly #onTap = (p: ScreenPoint, info: { target: unknown }): void => {
    const hit = this.#targets.hitTest(p);
    if (hit?.type === 'cluster') {
      this.#view.focusRect(hit.item.bounds);
      return;
    }
    if (hit?.type === 'marker') {
      this.#targets.onActivate(hit.loc);
      return;
    }
    const region = regionIndexOf(info.target);
    if (region !== null && this.#targets.clickable(region)) {
      this.#targets.onActivate(region);
      return;
    }
    this.#targets.onBackgroundTap();
  };

  readonly #onPointerMove = (e: PointerEvent): void => {
    if (e.pointerType !== 'mouse' || e.buttons !== 0) return;
    this.#pendingHover = clientToScreen(screenOriginOf(this.#viewport), e.clientX, e.clientY);
    if (!this.#hoverFrame) this.#hoverFrame = requestAnimationFrame(this.#hoverTest);
  };

  readonly #hoverTest = (): void => {
    this.#hoverFrame = 0;
    const p = this.#pendingHover;
    if (!p || this.#view.isMoving) return;
    const hit = this.#targets.hitTest(p);
    const index = hit?.type === 'marker' ? hit.loc : null;
    this.#viewport.classList.toggle('mn-over-marker', hit !== null);
    if (index !== null || this.#markerHover) {
      this.#markerHover = index !== null;
      if (index !== this.#targets.hovered()) this.#targets.onHover(index);
    }
  };

  readonly #onPointerLeave = (): void => {
    this.#pendingHover = null;
    this.#viewport.classList.remove('mn-over-marker');
    if (this.#targets.hovered() !== null) this.#targets.onHover(null);
  };

  readonly #onRegionOver = (e: PointerEvent): void => {
    if (this.#markerHover) return;
    const index = regionIndexOf(e.target);
    if (index !== null && this.#targets.clickable(index) && index !== this.#targets.hovered())
      this.#targets.onHover(index);
  };

  readonly #onRegionOut = (e: PointerEvent): void => {
    const index = regionIndexOf(e.target);
    const hovered = this.#targets.hovered();
    if (index !== null && index === hovered && regionIndexOf(e.relatedTarget) !== index && !this.#markerHover)
      this.#targets.onHover(null);
  };
}
