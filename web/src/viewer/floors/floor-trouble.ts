/**
 * Floors whose file could not be loaded (offline, the server failing for a while). The floor stays chosen and its
 * button stays in the switcher, marked as not available, so the visitor can try it again; a notice over the map says
 * so with a "Try again" button; its locations still open, their details saying the floor plan could not be shown.
 * A floor that loads later (tried again, or picked again) is an ordinary floor once more.
 */
import type { DetailsVariant } from '../details/details';
import type { Directions } from '../directions/hook';
import { h } from '../dom';
import type { FloorSwitcher } from '../viewer-controls';
import type { MapStage } from '../stage/stage';
import type { MapArea } from '../viewer-dom';
import { floorName, type ResolvedLocation, type ViewerModel } from '../viewer-model';

/** What the floors' trouble needs of the viewer. */
export interface FloorTroubleHost {
  floors(): FloorSwitcher | undefined;
  /** The floor shown (chosen) now. */
  layer(): string;
  /** Which floors failed changed: the open location's details follow. */
  changed(): void;
}

export class FloorTrouble {
  readonly #failed = new Set<string>();

  constructor(
    private readonly model: ViewerModel,
    private readonly area: MapArea,
    /** Loads a floor again (Try again). */
    private readonly stage: Pick<MapStage, 'setLayer'>,
    private readonly host: FloorTroubleHost,
  ) {}

  /** Whether `layer` (a location's floor; none is every floor) could not be loaded. */
  has(layer: string | null | undefined): boolean {
    return !!layer && this.#failed.has(layer);
  }

  /** Floor `id` failed to load: `message` says why, in English (other languages say that it could not be loaded). */
  failed(id: string, message: string): void {
    const { model, area } = this;
    this.#failed.add(id);
    this.host.floors()?.setUnavailable(id, true);
    if (id === this.host.layer()) {
      const sentence = area.floorSentence(floorName(model, id), message);
      area.showError(sentence, () => void this.stage.setLayer(id));
    }
    this.host.changed();
  }

  /** Floor `id` is loaded and shown: no longer marked. */
  ready(id: string): void {
    if (!this.#failed.delete(id)) return;
    this.host.floors()?.setUnavailable(id, false);
    this.host.changed();
  }

  /** Where a location's details show: without its floor plan it has no place on the map for a popup, but a sheet. */
  variant(l: ResolvedLocation, variant: DetailsVariant): DetailsVariant {
    return variant === 'popup' && this.has(l.layer) ? 'sheet' : variant;
  }

  /**
   * Adds the directions' button to a location's details (`directions` decorates them), and, on a floor that could not
   * be loaded, a note that its floor plan is missing.
   */
  decorate(details: HTMLElement, l: ResolvedLocation, directions?: Pick<Directions, 'decorate'> | null): void {
    directions?.decorate(details, l.id);
    if (!this.has(l.layer)) return;
    const body = details.querySelector('.mn-details-body') ?? details;
    const note = h('p', { class: 'mn-details-note', role: 'note' }, this.model.text.t('floorPlanMissing'));
    const title = body.querySelector('.mn-details-title');
    if (title) title.after(note);
    else body.prepend(note);
  }
}
