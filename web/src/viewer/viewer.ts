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
  viewer.mount();
  viewer.start();
  return viewer;
}

/**
 * Mounts a map viewer into `host` in four tasks, so that no one task holds the page for long on a slow phone: the
 * model and the interface built apart from the page; then put in the page (replacing what `host` showed meanwhile, its
 * "Loading map…") with its camera and controls; then measured; then the floor asked for and its markers drawn. Input
 * and frames run in between. The viewer is handed over once started (null, and nothing left in the page, if `signal`
 * aborts first).
 */
export async function createMapViewerInSteps(
  host: HTMLElement,
  options: ViewerOptions,
  signal: AbortSignal,
): Promise<MapViewerInstance | null> {
  const viewer = new Viewer(host, options);
  await yieldToInput();
  if (signal.aborted) {
    viewer.destroy();
    return null;
  }
  host.replaceChildren();
  viewer.mount();
  // The first layout of the whole viewer, then the floor (its markers are drawn once the map has a size).
  for (const step of [() => void viewer.element.getBoundingClientRect(), () => viewer.start()]) {
    await yieldToInput();
    if (signal.aborted) {
      viewer.destroy();
      return null;
    }
    step();
  }
  return viewer;
}
