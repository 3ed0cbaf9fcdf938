/**
 * The Mapplic site picker: the export's JSON and its floor files in one pick (files, a folder or a
 * .zip), or the plans in later picks, every floor listed with the file matched to it, the missing ones
 * asked for, the map's size taken from the plans (asked when they disagree), and every option the
 * import changed or left out. Nothing is created or changed here: `buildMapplicSite` uploads the floor
 * files once the author creates the map (/maps/new) or replaces the open one with it (the editor's Import).
 */
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { MapDocument } from '@mapnest/shared/map-document';
import { counted } from '../../../lib/words';
import { fileDropHandlers } from '../canvas/file-drop';
import { imageSize, uploadFile } from '../files-api';
import { embedLinkedImages, embedSiteImages } from '../import/linked-images';
import {
  displayName,
  expandFiles,
  floorSizes,
  holdsExport,
  missingFloors,
  readSite,
  siteDocument,
  withFloorFiles,
  type MapplicSite,
  type SiteFloor,
  type Size,
} from '../import/mapplic-site';
import './mapplic-site.css';

export interface MapplicSiteChoice {
  site: MapplicSite | null;
  reading: boolean;
  error: string | null;
  /** Each floor's plan size, once measured (null: not an image whose size can be read). */
  sizes: ReadonlyMap<string, Size | null>;
  /** The map's size, when the plans disagree and the author chose. */
  chosenSize: Size | null;
  /** Floors the author chose to leave without a plan. */
  leftBlank: ReadonlySet<string>;
}

export const EMPTY_SITE_CHOICE: MapplicSiteChoice = {
  site: null,
  reading: false,
  error: null,
  sizes: new Map(),
  chosenSize: null,
  leftBlank: new Set(),
};

const ACCEPT = '.json,.svg,.png,.jpg,.jpeg,.webp,.zip,application/json,image/*,application/zip';

/** The map's size: the plans' one size, the author's choice when they disagree, else the export's. */
export function siteSize(v: MapplicSiteChoice): Size | null {
  const sizes = floorSizes(v.sizes);
  if (sizes.length === 1) return sizes[0]!.size;
  return sizes.length > 1 ? v.chosenSize : null;
}

/** What still stops the map from being made, or null. */
export function siteProblem(v: MapplicSiteChoice): string | null {
  if (v.reading) return 'The files are still being read.';
  if (!v.site) return v.error ?? 'Choose the Mapplic export (.json) with its floor files, a folder or a .zip.';
  const missing = missingFloors(v.site.floors, v.leftBlank);
  if (missing.length > 0)
    return `Floor files still missing: ${missing.map((f) => `${f.name} (${f.wanted})`).join(', ')}. Add them, or leave those floors without a plan.`;
  if (floorSizes(v.sizes).length > 1 && !v.chosenSize)
    return 'The floor plans have different sizes: choose the size of the map.';
  return null;
}

/** The floors whose files `buildMapplicSite` uploads. */
export const floorsToUpload = (v: MapplicSiteChoice) =>
  (v.site?.floors ?? []).filter((f): f is SiteFloor & { file: File } => !!f.file && !v.leftBlank.has(f.layerId));

/**
 * Uploads the floor files and makes the document (called when the map is created, or when the editor's
 * Import replaces the open map). `signal` stops the uploads when the author gives up waiting.
 */
export async function buildMapplicSite(v: MapplicSiteChoice, signal?: AbortSignal): Promise<MapDocument> {
  const problem = siteProblem(v);
  if (problem || !v.site) throw new Error(problem ?? 'Choose the Mapplic export.');
  const urls = new Map<string, string>();
  for (const floor of floorsToUpload(v)) {
    signal?.throwIfAborted();
    try {
      urls.set(floor.layerId, (await uploadFile(floor.file, undefined, signal)).fileUrl);
    } catch (e) {
      throw new Error(`The floor “${floor.name}” (${floor.file.name}): ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  return siteDocument(v.site, urls, siteSize(v), await uploadImages(v.site, signal));
}

/** Uploads the location images picked with the site: their uploaded URLs by file key. */
async function uploadImages(site: MapplicSite, signal?: AbortSignal): Promise<Map<string, string>> {
  const imageUrls = new Map<string, string>();
  for (const [key, file] of site.images) {
    signal?.throwIfAborted();
    try {
      imageUrls.set(key, (await uploadFile(file, undefined, signal)).fileUrl);
    } catch (e) {
      throw new Error(`The image ${displayName(file)}: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  return imageUrls;
}

/**
 * The site's document for "Add its locations only": the location images picked with it uploaded and pointed at,
 * the old site's addresses not picked left out. Its floors do not matter (the map keeps its own), so none is asked.
 */
export async function buildSiteLocations(site: MapplicSite, signal?: AbortSignal): Promise<MapDocument> {
  return siteDocument(site, new Map(), null, await uploadImages(site, signal));
}

/** Each floor's plan size, for the floors whose file is not the one measured before. */
async function measure(site: MapplicSite, before?: MapplicSiteChoice): Promise<Map<string, Size | null>> {
  const sizes = new Map(before?.sizes);
  for (const f of site.floors) {
    const old = before?.site?.floors.find((o) => o.layerId === f.layerId)?.file;
    if (f.file && f.file !== old) sizes.set(f.layerId, await imageSize(f.file).catch(() => null));
  }
  return sizes;
}

/**
 * The choice after a pick of files: a new site when they hold the export (or none was read yet), else their
 * plans matched to the floors of the site read before. A pick that cannot be read changes nothing and says why.
 */
export async function pickSiteFiles(current: MapplicSiteChoice, picked: readonly File[]): Promise<MapplicSiteChoice> {
  try {
    const files = await expandFiles(picked);
    if (current.site && !holdsExport(files)) {
      const site = await embedSiteImages(withFloorFiles(current.site, files), files);
      const leftBlank = new Set(current.leftBlank);
      for (const f of site.floors) if (f.file) leftBlank.delete(f.layerId);
      const sizes = await measure(site, current);
      return { ...current, site, sizes, leftBlank, chosenSize: null, reading: false, error: null };
    }
    const site = await embedSiteImages(await readSite(files), files);
    return { ...EMPTY_SITE_CHOICE, site, sizes: await measure(site) };
  } catch (e) {
    return { ...current, reading: false, error: e instanceof Error ? e.message : String(e) };
  }
}

/** A long list is cut here: the author reads the first ones, the count says how many there are. */
const SHOWN_WARNINGS = 50;

/** Every option the import changed or left out, folded under its count. */
export function ImportWarnings({ warnings }: { warnings: readonly string[] }) {
  if (warnings.length === 0) return null;
  return (
    <details className="import-warnings">
      <summary>
        {warnings.length === 1
          ? '1 thing was changed or left out to fit'
          : `${warnings.length} things were changed or left out to fit`}
      </summary>
      <ul>
        {warnings.slice(0, SHOWN_WARNINGS).map((w) => (
          <li key={w}>{w}</li>
        ))}
        {warnings.length > SHOWN_WARNINGS && <li>and {warnings.length - SHOWN_WARNINGS} more</li>}
      </ul>
    </details>
  );
}

export function MapplicSitePicker({
  value,
  onChange,
  disabled,
}: {
  value: MapplicSiteChoice;
  onChange(next: MapplicSiteChoice): void;
  disabled: boolean;
}) {
  // Reads finish after other changes: each applies to the latest value.
  const latest = useRef(value);
  useEffect(() => {
    latest.current = value;
  }, [value]);
  const update = (patch: Partial<MapplicSiteChoice>) => {
    latest.current = { ...latest.current, ...patch };
    onChange(latest.current);
  };
  const pick = async (files: File[]) => {
    if (files.length === 0) return;
    update({ reading: true, error: null });
    update(await pickSiteFiles({ ...latest.current, reading: false }, files));
  };
  const attach = async (layerId: string, file: File) => {
    const site = latest.current.site;
    if (!site) return;
    // A plan chosen alone has no images picked with it: the ones it links are named.
    const { missing } = await embedLinkedImages(file, []);
    const floors = site.floors.map((f) => (f.layerId === layerId ? { ...f, file, unlinked: missing } : f));
    const unused = site.unused.filter((name) => name !== displayName(file));
    const sizes = new Map(latest.current.sizes);
    sizes.set(layerId, await imageSize(file).catch(() => null));
    const leftBlank = new Set(latest.current.leftBlank);
    leftBlank.delete(layerId);
    update({ site: { ...site, floors, unused }, sizes, leftBlank, chosenSize: null, error: null });
  };
  return (
    <div className="mapplic-site">
      <SiteFilesInput disabled={disabled} more={!!value.site} onPick={(files) => void pick(files)} />
      <p className="field__hint">
        What carries over and how regions bind: <Link to="/help/moving-from-mapplic">Moving from Mapplic</Link>.
      </p>
      {value.reading && <p className="field__hint">Reading the files…</p>}
      {value.error && (
        <p className="form-alert form-alert--error" role="alert">
          {value.error}
        </p>
      )}
      {value.site && (
        <SiteSummary
          value={value}
          disabled={disabled}
          onAttach={(id, f) => void attach(id, f)}
          onLeaveBlank={(id, blank) => {
            const leftBlank = new Set(value.leftBlank);
            if (blank) leftBlank.add(id);
            else leftBlank.delete(id);
            update({ leftBlank });
          }}
          onSize={(chosenSize) => update({ chosenSize })}
        />
      )}
    </div>
  );
}

function SiteFilesInput({
  disabled,
  more,
  onPick,
}: {
  disabled: boolean;
  /** A site is read: picks without a JSON add plans to it. */
  more: boolean;
  onPick(files: File[]): void;
}) {
  const [over, setOver] = useState(false);
  return (
    <div className={over ? 'file-drop is-drop-target' : 'file-drop'} {...fileDropHandlers(setOver, onPick)}>
      <span className="file-drop__text">
        {more
          ? 'Drop the floor files (or a folder or a .zip of them) here, or'
          : 'Drop the Mapplic export (.json) with its floor files, or a .zip of the site, here, or'}
      </span>
      <label className="btn btn--secondary btn--sm">
        choose files…
        <input
          type="file"
          multiple
          className="visually-hidden"
          accept={ACCEPT}
          disabled={disabled}
          data-testid="mapplic-site-files"
          onChange={(e) => {
            const files = Array.from(e.target.files ?? []);
            e.target.value = '';
            onPick(files);
          }}
        />
      </label>
      <label className="btn btn--secondary btn--sm">
        choose a folder…
        <input
          type="file"
          className="visually-hidden"
          disabled={disabled}
          // A folder picker: the attribute React does not know is set as written.
          {...{ webkitdirectory: '' }}
          onChange={(e) => {
            const files = Array.from(e.target.files ?? []);
            e.target.value = '';
            onPick(files);
          }}
        />
      </label>
    </div>
  );
}

function SiteSummary({
  value,
  disabled,
  onAttach,
  onLeaveBlank,
  onSize,
}: {
  value: MapplicSiteChoice;
  disabled: boolean;
  onAttach(layerId: string, file: File): void;
  onLeaveBlank(layerId: string, blank: boolean): void;
  onSize(size: Size): void;
}) {
  const site = value.site!;
  const d = site.result.document;
  const sizes = floorSizes(value.sizes);
  const size = siteSize(value);
  const exported = `${d.settings.mapWidth}×${d.settings.mapHeight}`;
  return (
    <div className="mapplic-site__summary">
      <p>
        {site.source}: {counted(d.layers.length, 'floor')}, {counted(d.locations.length, 'location')},{' '}
        {counted(d.groups.length, 'group')}, {counted(d.styles.length, 'style')}.
      </p>
      <table className="preview-table mapplic-site__floors" aria-label="Floors and their files">
        <thead>
          <tr>
            <th scope="col">Floor</th>
            <th scope="col">File in the export</th>
            <th scope="col">Plan</th>
          </tr>
        </thead>
        <tbody>
          {site.floors.map((f) => (
            <FloorRow
              key={f.layerId}
              floor={f}
              size={value.sizes.get(f.layerId) ?? null}
              blank={value.leftBlank.has(f.layerId)}
              disabled={disabled}
              onAttach={(file) => onAttach(f.layerId, file)}
              onLeaveBlank={(b) => onLeaveBlank(f.layerId, b)}
            />
          ))}
        </tbody>
      </table>
      {sizes.length === 1 && size && `${size.width}×${size.height}` !== exported && (
        <p className="field__hint">
          The map takes the floor plans’ size, {size.width}×{size.height} px (the export says {exported} px); locations
          keep their places on the plans.
        </p>
      )}
      {sizes.length > 1 && (
        <SizeChoice sizes={sizes} site={site} chosen={value.chosenSize} disabled={disabled} onSize={onSize} />
      )}
      {site.images.size > 0 && (
        <p className="field__hint">
          The locations’ {counted(site.images.size, 'image')} (thumbnails, pictures or images in descriptions) are
          uploaded with the plans.
        </p>
      )}
      {site.missingImages.length > 0 && (
        <p className="field__hint">
          Left out, as they were addresses on the old site and were not picked: {site.missingImages.join(', ')}. Pick
          them with the export to keep them.
        </p>
      )}
      {site.missingDescImages.length > 0 && (
        <p className="field__hint">
          Taken out of the descriptions, as they were addresses on the old site and were not picked:{' '}
          {site.missingDescImages.join(', ')}. Pick them with the export to keep them.
        </p>
      )}
      {site.unused.length > 0 && <p className="field__hint">Not used: {site.unused.join(', ')}.</p>}
      <ImportWarnings warnings={site.result.warnings} />
    </div>
  );
}

function FloorRow({
  floor,
  size,
  blank,
  disabled,
  onAttach,
  onLeaveBlank,
}: {
  floor: MapplicSite['floors'][number];
  size: Size | null;
  blank: boolean;
  disabled: boolean;
  onAttach(file: File): void;
  onLeaveBlank(blank: boolean): void;
}) {
  const status = floor.file
    ? `${displayName(floor.file)}${size ? ` (${size.width}×${size.height})` : ''}`
    : floor.wanted === ''
      ? 'No plan in the export'
      : blank
        ? 'Left without a plan'
        : 'Missing';
  const unlinked = floor.file ? (floor.unlinked ?? []) : [];
  return (
    <tr data-floor={floor.layerId} className={!floor.file && floor.wanted && !blank ? 'is-missing' : undefined}>
      <th scope="row">{floor.name}</th>
      <td>{floor.wanted || '—'}</td>
      <td>
        <span className="mapplic-site__status">{status}</span>{' '}
        <label className="btn btn--secondary btn--sm">
          {floor.file ? 'Replace…' : 'Choose file…'}
          <input
            type="file"
            className="visually-hidden"
            accept=".svg,.png,.jpg,.jpeg,.webp,image/*"
            disabled={disabled}
            aria-label={`Plan for ${floor.name}`}
            onChange={(e) => {
              const f = e.target.files?.[0];
              e.target.value = '';
              // Any name will do: the author chose this file for this floor.
              if (f) onAttach(f);
            }}
          />
        </label>
        {!floor.file && floor.wanted !== '' && (
          <label className="check">
            <input
              type="checkbox"
              checked={blank}
              disabled={disabled}
              onChange={(e) => onLeaveBlank(e.target.checked)}
            />{' '}
            Leave without a plan
          </label>
        )}
        {unlinked.length > 0 && (
          <p className="field__hint mapplic-site__unlinked">
            Its plan links images that were not picked, so it shows without them: {unlinked.join(', ')}. Pick them with
            the plan, or embed them in the SVG.
          </p>
        )}
      </td>
    </tr>
  );
}

function SizeChoice({
  sizes,
  site,
  chosen,
  disabled,
  onSize,
}: {
  sizes: ReturnType<typeof floorSizes>;
  site: MapplicSite;
  chosen: Size | null;
  disabled: boolean;
  onSize(size: Size): void;
}) {
  return (
    <fieldset className="field">
      <legend className="field__label">The floor plans have different sizes. Size of the map:</legend>
      {sizes.map((s) => (
        <label key={`${s.size.width}x${s.size.height}`} className="check">
          <input
            type="radio"
            name="mapplic-size"
            disabled={disabled}
            checked={chosen?.width === s.size.width && chosen.height === s.size.height}
            onChange={() => onSize(s.size)}
          />{' '}
          {s.size.width}×{s.size.height} px (
          {s.floors.map((id) => site.floors.find((f) => f.layerId === id)?.name ?? id).join(', ')})
        </label>
      ))}
    </fieldset>
  );
}
