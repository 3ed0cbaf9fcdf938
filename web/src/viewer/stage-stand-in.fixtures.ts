/**
 * A stand-in for the viewer's stage (./stage/stage.ts) in jsdom, which draws no canvas and loads no floor: it reports
 * nothing by itself, and a test reports a floor drawn and ready through `callbacks`. Test files that mock the stage
 * share this one (`vi.mock('./stage/stage', () => import('./stage-stand-in.fixtures'))`): the unit project keeps one
 * module cache per worker, so the first file's mock is the one every later file's viewer gets.
 */
import { MapView } from '../map-core/map-view';
import type { StageCallbacks } from './stage/types';

/** Every stage made, last last (a test empties it after each test). */
export const stages: MapStage[] = [];

export class MapStage {
  readonly view: MapView;
  readonly popupAnchor = document.createElement('div');
  readonly tooltipId = 'mn-tooltip';
  /** The floors the viewer asked for, in order. */
  readonly asked: string[] = [];
  constructor(
    _viewport: HTMLElement,
    overlays: HTMLElement,
    model: { image: { width: number; height: number } },
    readonly callbacks: StageCallbacks,
  ) {
    this.view = new MapView({ image: model.image, limits: { minZoom: 1, maxZoom: 4 }, reducedMotion: true });
    overlays.append(this.popupAnchor);
    stages.push(this);
  }
  measure() {
    this.view.setViewport({ width: 800, height: 600 });
  }
  setLayer(id: string) {
    this.asked.push(id);
    return Promise.resolve();
  }
  shapeCentres() {
    return Promise.resolve(new Map());
  }
  locationsInView() {
    return [];
  }
  setState() {}
  setTooltip() {}
  setPopupSize() {}
  setFilter() {}
  focusLocation() {}
  destroy() {}
}
