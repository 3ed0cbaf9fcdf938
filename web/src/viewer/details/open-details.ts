/**
 * The open location's details: rendered (./details.ts) and put in their place (./places.ts: a popup at the location, a
 * phone's sheet, the sidebar's panel, or the lightbox), with what the floors' trouble and the directions add; the
 * location in the address bar and, on the map's own page, in the history (../location-history.ts: Back closes a
 * phone's sheet); focus goes back where it was when they close. A "lightbox" location whose lightbox cannot be loaded (offline, a deploy
 * replaced its chunk) shows its details where any other location's show, with a note saying so and Try again; opening
 * it again asks for the lightbox once more (../on-demand.ts keeps no failed import).
 */
import { withLocationParam } from '../deep-link';
import type { Directions } from '../directions/hook';
import { h } from '../dom';
import type { FloorTrouble } from '../floors/floor-trouble';
import type { ViewerText } from '../i18n/messages';
import { linkTargetFor } from '../link';
import { LocationHistory } from '../location-history';
import { LightboxLink } from '../on-demand';
import type { MapStage } from '../stage/stage';
import type { ResolvedLocation, ViewerModel } from '../viewer-model';
import { addCopyLink, shareLink } from './copy-link';
import { renderDetails } from './details';
import type { PhoneSheets } from './phone-sheets';
import { detailsVariant, placeDetails, type DetailsPlaceElements } from './places';
import { revealInPage } from './reveal';

/** What the details need of the viewer. */
export interface OpenDetailsHost {
  readonly model: ViewerModel;
  /** The viewer's root: the lightbox's place. */
  readonly root: HTMLElement;
  /** The popup's anchor and its size. */
  readonly stage: Pick<MapStage, 'popupAnchor' | 'setPopupSize'>;
  readonly places: Pick<DetailsPlaceElements, 'sheet' | 'panel' | 'directory'>;
  readonly trouble: Pick<FloorTrouble, 'variant' | 'decorate'>;
  directions(): Pick<Directions, 'decorate' | 'locationOpened' | 'showSheet'> | null;
  resolveUrl(url: string): string;
  /** The viewer runs in a frame: links leave it for the top window. */
  readonly framed: boolean;
  /** The details' close button: the viewer closes the location. */
  close(): void;
  /** A phone's sheets: they follow the details placed, and a location opened comes in front. */
  readonly sheets: Pick<PhoneSheets, 'sync' | 'detailsOpened' | 'behind' | 'history'>;
  /** Writes `?location=` into the address (the map's deep-linking setting). */
  readonly deepLinking: boolean;
  /** Back closes a phone's sheet: the viewer is its page's own (`ViewerOptions.backCloses`). */
  readonly backCloses: boolean;
  /**
   * The viewer opens location `id`, or closes the open one (null): Back or Forward came to an entry showing it (false:
   * it cannot open it, the entry is gone back over), or a link in a description names it.
   */
  showLocation(id: string | null): boolean | void;
}

/** The layout's say in where details go: a sidebar shown beside the map, a phone's narrow layout, a short box. */
export interface DetailsLayout {
  sidebarShown: boolean;
  narrow: boolean;
  short?: boolean;
}

export class OpenDetails {
  readonly #lightbox: LightboxLink;
  /** The location shown, and in what layout: shown again when its lightbox fails or is tried again. */
  #shown: { l: ResolvedLocation | null; layout: DetailsLayout } = {
    l: null,
    layout: { sidebarShown: false, narrow: false },
  };
  /** The location whose lightbox could not be loaded, until it is opened again. */
  #noLightbox: ResolvedLocation | null = null;
  #returnFocus: HTMLElement | null = null;
  /** Opened from the directory, outside the map: the map is brought into the page's view when the details show. */
  #reveal = false;
  /** The address and history (Back closes a phone's sheet, and a compact viewer's directory, on the map's page). */
  readonly history: LocationHistory;

  constructor(private readonly host: OpenDetailsHost) {
    this.#lightbox = new LightboxLink(
      () => host.root,
      () => this.#lightboxFailed(),
    );
    const { deepLinking, backCloses } = host;
    this.history = new LocationHistory({
      deepLinking,
      backCloses,
      show: (id) => host.showLocation(id),
      directions: (open, route) => host.directions()?.showSheet(open, route) ?? false,
    });
    host.sheets.history = this.history;
    host.root.addEventListener('keydown', (e) => {
      if (e.key !== 'Escape' || !this.#shown.l) return;
      e.preventDefault();
      // Escape closes the sheet in front: the directions' when the location's waits behind them.
      if (host.sheets.behind) host.directions()?.showSheet(false);
      else host.close();
    });
  }

  /** Shows the details of `l`, or none. */
  show(l: ResolvedLocation | null, layout: DetailsLayout): void {
    const host = this.host;
    this.#shown = { l, layout };
    let mode = l ? host.trouble.variant(l, detailsVariant(l, layout)) : null;
    // Its lightbox could not be loaded: where any other location's details show, saying so.
    const noLightbox = !!l && mode === 'lightbox' && l === this.#noLightbox;
    if (l && noLightbox) mode = host.trouble.variant(l, layout.narrow ? 'sheet' : 'popup');
    const details =
      l &&
      mode &&
      renderDetails(host.model, l, mode, {
        resolveUrl: (u) => host.resolveUrl(u),
        target: linkTargetFor(l.source.target, host.framed, l.source.link),
        onClose: () => host.close(),
        openLocation: (id) => host.showLocation(id) === true,
        locationLink: (id) =>
          host.deepLinking && host.model.byId.get(id)?.clickable ? withLocationParam(window.location.href, id) : null,
      });
    if (l && details) host.trouble.decorate(details, l, host.directions());
    if (l && details && host.deepLinking) addCopyLink(details, shareLink(window.location.href, l.id), host.model.text);
    if (details && noLightbox) noteLightboxFailed(details, host.model.text, () => this.#tryAgain());
    const places = { ...host.places, popupAnchor: host.stage.popupAnchor, lightbox: this.#lightbox };
    placeDetails(places, mode, details || null, (w, h) => host.stage.setPopupSize(w, h));
    host.sheets.sync();
    if (this.#reveal && details && (mode === 'popup' || mode === 'sheet')) this.#revealMap();
  }

  /**
   * Location `id` opened from `invoker` (focus goes back there on close); `narrow`: on a phone, where its details
   * cover the map (a sheet, or the lightbox) and Back should close them. A lightbox that failed is asked for again.
   * Opened from a link in the details it replaces (`#id`), focus goes back on close to where the first one was opened
   * from: the link is gone with them.
   */
  opened(id: string, invoker: HTMLElement | null, narrow: boolean): void {
    const fromDetails = !!invoker?.closest('.mn-details');
    if (!fromDetails || !this.#returnFocus?.isConnected) this.#returnFocus = invoker;
    this.#reveal = !this.host.framed && !!invoker && !!this.host.places.directory?.contains(invoker);
    this.#noLightbox = null;
    this.history.opened(id, narrow);
    this.host.sheets.detailsOpened();
    // A route playing across its floors would leave the location's floor, closing it: it stays where it is.
    this.host.directions()?.locationOpened();
  }

  /** The location closed: when `restore`, focus goes back where it was when it opened (else to `fallback`). */
  closed(restore: boolean, fallback: HTMLElement): void {
    this.history.closed();
    const back = this.#returnFocus;
    this.#returnFocus = null;
    if (restore) (back?.isConnected ? back : fallback).focus({ preventScroll: true });
  }

  destroy(): void {
    this.history.destroy();
  }

  /** After the frame that lays the details out (and any scroll anchoring the page does then), shows the map. */
  #revealMap(): void {
    this.#reveal = false;
    const map = this.host.places.sheet.parentElement;
    if (map) requestAnimationFrame(() => requestAnimationFrame(() => map.isConnected && revealInPage(map)));
  }

  #lightboxFailed(): void {
    const { l, layout } = this.#shown;
    if (!l || l === this.#noLightbox) return;
    this.#noLightbox = l;
    this.show(l, layout);
  }

  #tryAgain(): void {
    this.#noLightbox = null;
    this.show(this.#shown.l, this.#shown.layout);
  }
}

/**
 * Says in a location's details, shown in its popup or sheet instead, that its lightbox could not be loaded, with a
 * button that tries again (`retry`); announced (role=alert), after the title as the floors' note is.
 */
export function noteLightboxFailed(details: HTMLElement, t: ViewerText, retry: () => void): void {
  const again = h('button', { type: 'button', class: 'mn-link-button' }, t.t('tryAgain'));
  again.addEventListener('click', retry);
  const note = h(
    'p',
    { class: 'mn-details-note mn-lightbox-failed', role: 'alert' },
    t.t('lightboxFailed'),
    ' ',
    again,
  );
  const body = details.querySelector('.mn-details-body') ?? details;
  const title = body.querySelector('.mn-details-title');
  if (title) title.after(note);
  else body.prepend(note);
}
