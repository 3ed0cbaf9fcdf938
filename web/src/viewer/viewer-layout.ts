/**
 * How the viewer lays itself out at a width: the map's breakpoints first, then its settings. Portrait
 * (the map above the directory) when the sidebar would leave the map under 320 px, or on a kiosk's screen that is
 * taller than wide (a sidebar there leaves a narrow strip of map over a tall empty screen); narrow below 520 px
 * (details open as a sheet); in kiosk mode, text and touch targets sized for a screen used at arm's length
 * (`mn-kiosk`); the map's height from the layout settings or its image's proportions.
 */
import type { ViewerModel } from './viewer-model';

export interface LayoutInput {
  width: number;
  hasDirectory: boolean;
  sidebarOpen: boolean;
  /** 'fill' takes the host's size (the embed page); 'auto' sizes from the map's layout settings. */
  height: 'fill' | 'auto' | undefined;
  /**
   * Kiosk mode (the map's or the embed's: the viewer is the screen): the screen's height; null or left out without.
   * Its controls are sized for touch at arm's length (`mn-kiosk`), and a screen taller than the viewer is wide lays
   * the map above the directory.
   */
  kioskScreen?: number | null;
}

export interface Layout {
  className: string;
  /** The element's own height style ('' for none). */
  height: string;
  sidebarWidth: number;
  /** The map's height in px when the viewer sizes itself, else null. */
  mapHeight: number | null;
  directoryLayout: ViewerModel['settings']['directory']['layout'];
  columns: number;
  portrait: boolean;
  narrow: boolean;
}

export function layoutFor(
  model: ViewerModel,
  { width, hasDirectory, sidebarOpen, height, kioskScreen = null }: LayoutInput,
): Layout {
  const tallKiosk = kioskScreen !== null && kioskScreen > width;
  const s = model.settings;
  const bp =
    model.doc.breakpoints.filter((b) => width > 0 && width <= b.below).sort((a, b) => a.below - b.below)[0] ?? null;
  const sidebarWidth = bp?.sidebarWidth ?? s.directory.width;
  const portrait = hasDirectory && width > 0 && (!!bp?.portrait || width < sidebarWidth + 320 || tallKiosk);
  const narrow = width > 0 && width < 520;
  const fill = height === 'fill' || s.layout.kiosk;
  const className = [
    'mn-viewer',
    portrait ? 'mn-portrait' : 'mn-landscape',
    s.directory.position === 'right' && 'mn-sidebar-right',
    fill ? 'mn-fill' : 'mn-auto',
    narrow && 'mn-narrow',
    kioskScreen !== null && 'mn-kiosk',
  ]
    .filter(Boolean)
    .join(' ');
  let mapHeight: number | null = null;
  if (!fill) {
    const mapWidth = width - (portrait || !hasDirectory || !sidebarOpen ? 0 : sidebarWidth);
    const auto = Math.round(Math.min(760, Math.max(340, (mapWidth * s.mapHeight) / s.mapWidth)));
    mapHeight = bp?.height ?? s.layout.height ?? auto;
  }
  return {
    className,
    height: height === 'fill' ? '100%' : s.layout.kiosk ? '100vh' : '',
    sidebarWidth,
    mapHeight,
    directoryLayout: bp?.layout ?? s.directory.layout,
    columns: bp?.columns ?? s.directory.columns,
    portrait,
    narrow,
  };
}

/**
 * The width the viewer's root (`width: 100%`) takes in `host`: its content box, read before the root is added.
 * The page's layout is then as clean as the host's last frame left it, so this costs no layout of the viewer's own
 * elements; reading the root's width once it is added would lay them all out once more, before they have their
 * final classes.
 */
export function hostContentWidth(host: HTMLElement): number {
  const cs = getComputedStyle(host);
  return Math.max(0, Math.round(host.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight)) || 0);
}

/** Gives the viewer's root element a layout's class, height and sizes. */
export function styleRoot(el: HTMLElement, lay: Layout): void {
  el.className = lay.className;
  el.style.height = lay.height;
  el.style.setProperty('--mn-sidebar-width', `${lay.sidebarWidth}px`);
  if (lay.mapHeight !== null) el.style.setProperty('--mn-map-height', `${lay.mapHeight}px`);
}
