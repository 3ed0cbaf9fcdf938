/**
 * The map viewer shared by the embed (/m/{id}), the map page, the case studies and the editor's
 * preview: directory with search and filters, floors, pan and zoom, popups, deep links, keyboard
 * and screen-reader access, and host-page events. Plain DOM (see dom.ts for why); the app uses it
 * through the MapViewer React component.
 */
import { yieldToInput } from './dom';
import type { MapViewerInstance, ViewerOptions } from './viewer-options';
import { Viewer } from './viewer-instance';
import './viewer.css';

export type { MapViewerInstance, ViewerOptions } from './viewer-options';

/** Mounts a map viewer into `host`, all at once. */
export function createMapViewer(host: HTMLElement, options: ViewerOptions): MapViewerInstance {
  const viewer = new Viewer(host, options);
  viewer.furnish();
  viewer.attach();
  viewer.start();
  return viewer;
}

/**
 * Mounts a map viewer into `host` in four tasks, so that no one task holds the page for long on a slow phone: the
 * model and the interface built, then its camera, parts and controls, both apart from the page; then put in the page
 * whole (replacing what `host` showed meanwhile, its "Loading map…"), laid out and measured, so that task is little
 * more than the first style and layout; then the floor asked for and its markers drawn. Input and frames run in
 * between (the floor's start once took 130–220 ms at 4x CPU slowdown when it also measured the map). The
 * viewer is handed over once started (null, and nothing left in the page, if `signal` aborts first).
 */
export async function createMapViewerInSteps(
  host: HTMLElement,
  options: ViewerOptions,
  signal: AbortSignal,
): Promise<MapViewerInstance | null> {
  const viewer = new Viewer(host, options);
  const steps = [
    () => viewer.furnish(),
    // In the page, laid out and measured: then the floor's start is only its request and the markers' first drawing.
    () => {
      host.replaceChildren();
      viewer.attach();
    },
    () => viewer.start(),
  ];
  for (const step of steps) {
    await yieldToInput();
    if (signal.aborted) {
      viewer.destroy();
      return null;
    }
    step();
  }
  return viewer;
}
