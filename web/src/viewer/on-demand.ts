/**
 * The viewer's links to parts it loads only when needed, so maps and visits that never use them download
 * none of their code: the minimap (./minimap.ts, for maps that turn it on), kiosk mode's idle watch and
 * on-screen keyboard (./kiosk/kiosk.ts, for kiosk maps and embeds) and the lightbox (./details/lightbox.ts, when a "lightbox" location
 * first opens).
 */
import type { MapSettings } from '@mapnest/shared/map-document';
import type { Lightbox } from './details/lightbox';
import type { ViewerText } from './i18n/messages';
import type { IdleClock } from './kiosk/idle';
import type { Minimap, MinimapHost } from './minimap';

export type { MinimapHost } from './minimap';

/** A part of the viewer (directions, the minimap, kiosk mode): follows the floor shown, starts over, goes with it. */
export interface PartLink {
  layerShown(id: string): void;
  /** Kiosk mode's start over: the part as a plain load shows it. */
  startOver?(): void;
  destroy(): void;
}

/** What kiosk mode asks of the viewer: its root (whose page it watches), its texts (the keyboard's) and its start over. */
export interface KioskHost {
  readonly root: HTMLElement;
  readonly model: { readonly text: ViewerText };
  startOver(): void;
  /** Called every few minutes while the kiosk is at rest (ViewerOptions `kioskRest`). */
  readonly rest?: () => void;
}

/** Loads and mounts the minimap when the settings turn it on; null otherwise. */
export function attachMinimap(host: MinimapHost & { corner(position: string): HTMLElement | null }): PartLink | null {
  // Maps published before the minimap existed have no such settings: off.
  const mm = (host.model.settings as Partial<Pick<MapSettings, 'minimap'>>).minimap;
  const corner = mm?.enabled ? host.corner(mm.position) : null;
  if (!mm || !corner) return null;
  let minimap: Minimap | null = null;
  let destroyed = false;
  import('./minimap').then(
    ({ Minimap }) => {
      if (!destroyed) minimap = new Minimap(host, corner, mm.narrow);
    },
    (e: unknown) => console.error('The minimap could not be loaded', e),
  );
  return {
    layerShown: (id) => minimap?.layerShown(id),
    destroy() {
      destroyed = true;
      minimap?.destroy();
    },
  };
}

/**
 * Loads and starts kiosk mode when `on` (the embed's `?kiosk=`, else the map's `layout.kiosk`): the viewer starts
 * over after a while without input, and its fields type with an on-screen keyboard. Null, and nothing loaded or
 * watched, otherwise.
 */
export function attachKiosk(host: KioskHost, on: boolean, clock?: IdleClock): PartLink | null {
  if (!on) return null;
  let watch: { stop(): void } | null = null;
  let destroyed = false;
  import('./kiosk/kiosk').then(
    ({ startKiosk }) => {
      if (!destroyed) watch = startKiosk(host.root, host.model.text, () => host.startOver(), host.rest, clock);
    },
    (e: unknown) => console.error('Kiosk mode could not be loaded', e),
  );
  return {
    layerShown: () => undefined,
    destroy() {
      destroyed = true;
      watch?.stop();
    },
  };
}

/**
 * Shows a location's details as a lightbox in the viewer's root, one at a time; the code loads the first time. Code
 * that cannot be loaded (offline, a deploy replaced its file) is said through `failed`, and the next `show` asks for it
 * again (a failed import is not kept).
 */
export class LightboxLink {
  #open: Lightbox | null = null;
  #code: Promise<typeof import('./details/lightbox')> | null = null;
  #seq = 0;

  /**
   * `root`: the viewer's root element, the lightbox's place; `failed`: the lightbox asked for last could not be
   * shown, its code not loaded (the details then show where it can, saying so: ./details/open-details.ts).
   */
  constructor(
    private readonly root: () => HTMLElement,
    private readonly failed: () => void = () => {},
    private readonly code: () => Promise<typeof import('./details/lightbox')> = () => import('./details/lightbox'),
  ) {}

  /** Shows `details` in a lightbox, after closing any. */
  show(details: HTMLElement): void {
    this.close();
    const seq = this.#seq;
    (this.#code ??= this.code()).then(
      ({ openLightbox }) => {
        if (seq === this.#seq) this.#open = openLightbox(this.root(), details);
      },
      (e: unknown) => {
        this.#code = null;
        console.warn('The lightbox could not be loaded', e);
        if (seq === this.#seq) this.failed();
      },
    );
  }

  /** Closes the lightbox, or cancels one still loading. */
  close(): void {
    this.#seq++;
    this.#open?.close();
    this.#open = null;
  }
}
