/**
 * How the viewer lays itself out in its box (its own size, not the window's: an embed is a box in another page;
 * ADR 065): the map's breakpoints first, then its settings. Portrait (the map above the directory) when the sidebar
 * would leave the map under 320 px, or in a box taller than wide (a portrait tablet, a kiosk's totem: a sidebar there
 * leaves a narrow strip of map over a tall empty screen); never in a short box (under 500 px high: a phone on its
 * side, a small embed), where stacking would leave a strip of map over a strip of list, so the sidebar stays beside
 * the map, at most 40% of the width (`mn-short`); narrow below 520 px (details open as a sheet); a narrow box under
 * 500 px high (a phone's embed of a fixed small height: 390×350) is compact (`mn-compact`), where stacking would
 * leave a strip of map over a strip of list and no sidebar fits beside it: the map fills the box, the directory is an
 * overlay behind a button (./directory/overlay.ts), and a location's details are a sheet of fixed height (ADR 067); in
 * kiosk mode, text and touch targets sized for a screen used at arm's length (`mn-kiosk`); the map's height from the
 * layout settings or its image's proportions, and on a phone at least three quarters of the screen's (ADR 093).
 */
import type { ViewerModel } from './viewer-model';

export interface LayoutInput {
  width: number;
  hasDirectory: boolean;
  sidebarOpen: boolean;
  /** 'fill' takes the host's size (the embed page); 'auto' sizes from the map's layout settings. */
  height: 'fill' | 'auto' | undefined;
  /** Kiosk mode (the map's or the embed's: the viewer is the screen): controls sized for touch at arm's length. */
  kiosk?: boolean;
  /**
   * The viewer's height where it is given one (the host's, when it fills it; the screen's, in kiosk mode), else null
   * or left out: a viewer that sizes itself has no height to lay out by.
   */
  boxHeight?: number | null;
}

/**
 * A box lower than this is short (ADR 065): the directory stays beside the map, never under it; a narrow one is
 * compact (ADR 067): the map fills it, the directory opens over it.
 */
export const SHORT_BOX = 500;
/** Below this width the viewer is narrow (a phone): details and directions open as sheets over the map's bottom. */
export const NARROW_BOX = 520;

export interface Layout {
  className: string;
  /** The element's own height style ('' for none). */
  height: string;
  sidebarWidth: number;
  /** The map's height (a CSS length) when the viewer sizes itself, else null. */
  mapHeight: string | null;
  directoryLayout: ViewerModel['settings']['directory']['layout'];
  columns: number;
  portrait: boolean;
  narrow: boolean;
  short: boolean;
  /** Narrow and under 500 px high (ADR 067): the map fills the box, the directory is an overlay behind a button. */
  compact: boolean;
  /** The viewer fills its host or the screen (`mn-fill`), rather than sizing itself. */
  fill: boolean;
}

/** A landscape kiosk's sidebar: this share of the screen's width at least (576 px of 1920). */
export const KIOSK_SIDEBAR = 0.3;

export function layoutFor(
  model: ViewerModel,
  { width, hasDirectory, sidebarOpen, height, kiosk = false, boxHeight = null }: LayoutInput,
): Layout {
  const s = model.settings;
  const bp =
    model.doc.breakpoints.filter((b) => width > 0 && width <= b.below).sort((a, b) => a.below - b.below)[0] ?? null;
  const narrow = width > 0 && width < NARROW_BOX;
  const low = boxHeight !== null && boxHeight > 0 && boxHeight < SHORT_BOX;
  const short = !narrow && low;
  const compact = narrow && low;
  const tall = boxHeight !== null && boxHeight > width;
  let sidebarWidth = bp?.sidebarWidth ?? s.directory.width;
  if (short) sidebarWidth = Math.min(sidebarWidth, Math.max(240, Math.round(width * 0.4)));
  const portrait = hasDirectory && width > 0 && (!!bp?.portrait || (!short && (width < sidebarWidth + 320 || tall)));
  // A landscape kiosk's list is read at arm's length in 18 px text: a wider sidebar (the screen has room) shows each
  // place's second line in two lines at most (viewer.css), where 320 px cut it after a few words (ADR 099).
  if (kiosk && !portrait) sidebarWidth = Math.max(sidebarWidth, Math.round(width * KIOSK_SIDEBAR));
  const fill = height === 'fill' || s.layout.kiosk;
  const className = [
    'mn-viewer',
    portrait ? 'mn-portrait' : 'mn-landscape',
    s.directory.position === 'right' && 'mn-sidebar-right',
    fill ? 'mn-fill' : 'mn-auto',
    narrow && 'mn-narrow',
    short && 'mn-short',
    compact && 'mn-compact',
    kiosk && 'mn-kiosk',
  ]
    .filter(Boolean)
    .join(' ');
  let mapHeight: string | null = null;
  if (!fill) {
    const mapWidth = width - (portrait || !hasDirectory || !sidebarOpen ? 0 : sidebarWidth);
    const auto = Math.round(Math.min(760, Math.max(340, (mapWidth * s.mapHeight) / s.mapWidth)));
    const set = bp?.height ?? s.layout.height;
    // A phone's script-tag embed without a height of the author's takes three quarters of the screen (ADR 093): at the
    // plan's proportions (340 px for most plans) the sheets over the map's bottom showed a line or two, and a tall
    // plan's 760 px filled the screen, leaving the page no room to be scrolled past a map that one finger pans.
    mapHeight = set != null ? `${set}px` : narrow ? 'min(75vh,760px)' : `${auto}px`;
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
    short,
    compact,
    fill,
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

/** The height the viewer's root takes in `host` when it fills it (`height: 100%`): its content box. */
export function hostContentHeight(host: HTMLElement): number {
  const cs = getComputedStyle(host);
  return Math.max(0, Math.round(host.clientHeight - parseFloat(cs.paddingTop) - parseFloat(cs.paddingBottom)) || 0);
}

/**
 * The viewer's box (ADR 065): its width (the host's content box before the root is added), and its height where it
 * is given one: its host's when it fills it, the screen's when the map's kiosk mode sizes it to the screen; null
 * when it sizes itself.
 */
export function viewerBox(
  root: HTMLElement,
  host: HTMLElement,
  height: LayoutInput['height'],
  kioskMap: boolean,
): { width: number; height: number | null } {
  return {
    width: root.clientWidth || hostContentWidth(host),
    height:
      height === 'fill'
        ? hostContentHeight(host)
        : kioskMap
          ? (root.ownerDocument.defaultView?.innerHeight ?? 0)
          : null,
  };
}

/** A box's size as one value, to tell whether it changed. */
export const boxKey = (box: { width: number; height: number | null }) => `${box.width}x${box.height}`;

/** Gives the viewer's root element a layout's class, height and sizes. */
export function styleRoot(el: HTMLElement, lay: Layout): void {
  el.className = lay.className;
  el.style.height = lay.height;
  el.style.setProperty('--mn-sidebar-width', `${lay.sidebarWidth}px`);
  if (lay.mapHeight !== null) el.style.setProperty('--mn-map-height', lay.mapHeight);
}
