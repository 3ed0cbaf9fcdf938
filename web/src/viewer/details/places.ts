/**
 * Where an open location's details show: a popup anchored to it on the map, a sheet over the bottom
 * of the map (narrow viewers, and "sidebar" locations when no sidebar is shown), the sidebar's
 * panel in place of the directory, or a lightbox ("lightbox" locations, shown by ./lightbox.ts). Also the hover tooltip's text.
 */
import type { DetailsVariant } from './details';
import { h } from '../dom';
import type { LightboxLink } from '../on-demand';
import type { ResolvedLocation } from '../viewer-model';

/**
 * The hover tooltip's text for a location, or null for none: shown on hover when the map's popup
 * settings ask, and always for keyboard focus (`force`), with the location's summary when asked.
 */
export function tooltipContent(
  l: ResolvedLocation | null | undefined,
  popup: { hoverTooltip: boolean; hoverAbout: boolean },
  force: boolean,
): { title: string; about: string } | null {
  if (!l?.title || (!force && !popup.hoverTooltip)) return null;
  return { title: l.title, about: force || popup.hoverAbout ? l.about : '' };
}

/**
 * The variant a location's details take; `sidebarShown`: a sidebar is beside the map (not above it); `short`: the
 * viewer's box is short (ADR 065), where a popup would cover the map and the place it points at, so every location's
 * details take the directory's place in the sidebar beside the map, as a "sidebar" location's do.
 */
export function detailsVariant(
  l: ResolvedLocation,
  { sidebarShown, narrow, short = false }: { sidebarShown: boolean; narrow: boolean; short?: boolean },
): DetailsVariant {
  if (l.action === 'lightbox') return 'lightbox';
  if ((l.action === 'sidebar' || short) && sidebarShown) return 'panel';
  return narrow || l.action === 'sidebar' ? 'sheet' : 'popup';
}

export interface DetailsPlaceElements {
  popupAnchor: HTMLElement;
  sheet: HTMLElement;
  panel: HTMLElement;
  /** The directory, hidden while the panel shows details in its place. */
  directory: HTMLElement | null;
  lightbox?: Pick<LightboxLink, 'show' | 'close'>;
}

/**
 * Empties every place and shows `details` (if any) in the one for `mode`; a popup reports its size as it changes.
 * Focus moves to the details' Close when it was in the map, or on nothing in a page of the map's own (/m/{id}, an
 * iframe): never away from the page around a script-tag embed (a link's location opening as the page loads, or the
 * host page's script opening one, while the visitor types in the page's own field).
 */
export function placeDetails(
  places: DetailsPlaceElements,
  mode: DetailsVariant | null,
  details: HTMLElement | null,
  setPopupSize: (width: number, height: number) => void,
): void {
  const { popupAnchor, sheet, panel, directory, lightbox } = places;
  // Read before the old details go (taking focus with them); a shadow root's is null while focus is outside it.
  const focused = (popupAnchor.getRootNode() as Document | ShadowRoot).activeElement;
  const follow = focused === document.body || !!focused?.closest('.mn-viewer');
  if (mode === 'lightbox' && details) lightbox?.show(details);
  else lightbox?.close();
  popupAnchor.replaceChildren();
  sheet.replaceChildren();
  panel.replaceChildren();
  sheet.hidden = mode !== 'sheet';
  panel.hidden = mode !== 'panel';
  if (directory) directory.hidden = mode === 'panel';
  if (!details || !mode || mode === 'lightbox') return;
  if (mode === 'popup') {
    const box = h('div', { class: 'mn-popup' }, details);
    popupAnchor.append(box);
    setPopupSize(box.offsetWidth || 300, box.offsetHeight || 200);
    // Images arrive later and grow the popup; keep it inside the map.
    new ResizeObserver((_, ro) =>
      box.isConnected ? setPopupSize(box.offsetWidth, box.offsetHeight) : ro.disconnect(),
    ).observe(box);
  } else (mode === 'sheet' ? sheet : panel).append(details);
  if (follow)
    requestAnimationFrame(() =>
      details.querySelector<HTMLElement>('.mn-details-close')?.focus({ preventScroll: true }),
    );
}
