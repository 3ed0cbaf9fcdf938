/**
 * The Mapplic site picker: the export's JSON, its floor files and its images, picked together or in as many picks as
 * the author likes (files, a folder or a .zip; each pick adds to the files picked, listed with what each is and a
 * way to take it out), every floor listed with the file matched to it, the missing ones asked for, the map's size
 * taken from the plans (asked when they disagree), the images that cannot be uploaded named with why, and every
 * option the import changed or left out. Nothing is created or changed here: `buildMapplicSite` uploads the files
 * once the author creates the map (/maps/new) or replaces the open one with it (the editor's Import).
 */
import { useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { counted } from '../../../lib/words';
import { fileDropHandlers } from '../canvas/file-drop';
import { displayName, floorSizes, type MapplicSite, type Size } from '../import/mapplic-site';
import {
  chooseFloorFile,
  EMPTY_SITE_CHOICE,
  pickSiteFiles,
  removeSiteFile,
  siteSize,
  type MapplicSiteChoice,
} from '../import/site-choice';
import { PickedFiles, SiteImages } from './SiteFiles';
import './mapplic-site.css';

const ACCEPT = '.json,.svg,.png,.jpg,.jpeg,.webp,.gif,.zip,application/json,image/*,application/zip';

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
  // Reads finish after other changes: each applies to the latest value. Kept in the commit that shows the value (a
  // layout effect, not a passive one, which can run after the next pick's handler has read a value already gone).
  const latest = useRef(value);
  useLayoutEffect(() => {
    latest.current = value;
  }, [value]);
  const update = (patch: Partial<MapplicSiteChoice>) => {
    latest.current = { ...latest.current, ...patch };
    onChange(latest.current);
  };
  // Each change reads the site again from every file picked: the latest value is the one changed.
  const reread = async (change: (current: MapplicSiteChoice) => Promise<MapplicSiteChoice>) => {
    update({ reading: true, error: null });
    update(await change({ ...latest.current, reading: false }));
  };
  const pick = (files: File[]) => {
    if (files.length > 0) void reread((c) => pickSiteFiles(c, files));
  };
  return (
    <div className="mapplic-site">
      <SiteFilesInput disabled={disabled} more={value.files.length > 0} onPick={pick} />
      <p className="field__hint">
        What carries over and how regions bind: <Link to="/help/moving-from-mapplic">Moving from Mapplic</Link>.
      </p>
      {value.reading && <p className="field__hint">Reading the files…</p>}
      {value.error && (
        <p className="form-alert form-alert--error" role="alert">
          {value.error}
        </p>
      )}
      <PickedFiles
        value={value}
        disabled={disabled}
        onRemove={(file) => void reread((c) => removeSiteFile(c, file))}
        onRemoveAll={() => update({ ...EMPTY_SITE_CHOICE })}
      />
      {value.site && (
        <SiteSummary
          value={value}
          disabled={disabled}
          onAttach={(id, f) => void reread((c) => chooseFloorFile(c, id, f))}
          onLeaveBlank={(id, blank) => {
            const leftBlank = new Set(value.leftBlank);
            if (blank) leftBlank.add(id);
            else leftBlank.delete(id);
            update({ leftBlank });
          }}
          onSize={(chosenSize) => update({ chosenSize })}
          onWithout={(file, without) => {
            const withoutImages = new Set(value.withoutImages);
            if (without) withoutImages.add(file);
            else withoutImages.delete(file);
            update({ withoutImages });
          }}
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
  /** Files are picked: a pick adds to them. */
  more: boolean;
  onPick(files: File[]): void;
}) {
  const [over, setOver] = useState(false);
  return (
    <div className={over ? 'file-drop is-drop-target' : 'file-drop'} {...fileDropHandlers(setOver, onPick)}>
      <span className="file-drop__text">
        {more
          ? 'Drop more files (the export, its floor files or images, a folder or a .zip) here to add them, or'
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
          data-testid="mapplic-site-folder"
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
  onWithout,
}: {
  value: MapplicSiteChoice;
  disabled: boolean;
  onAttach(layerId: string, file: File): void;
  onLeaveBlank(layerId: string, blank: boolean): void;
  onSize(size: Size): void;
  onWithout(file: File, without: boolean): void;
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
              refused={f.file ? (value.refusedPlans.get(f.layerId) ?? null) : null}
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
      <SiteImages value={value} disabled={disabled} onWithout={onWithout} />
      {site.unused.length > 0 && <p className="field__hint">Not used: {site.unused.join(', ')}.</p>}
      <ImportWarnings warnings={site.result.warnings} />
    </div>
  );
}

function FloorRow({
  floor,
  size,
  refused,
  blank,
  disabled,
  onAttach,
  onLeaveBlank,
}: {
  floor: MapplicSite['floors'][number];
  size: Size | null;
  /** Why the upload would refuse its plan, or null. */
  refused: string | null;
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
    <tr
      data-floor={floor.layerId}
      className={(!floor.file && floor.wanted && !blank) || refused ? 'is-missing' : undefined}
    >
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
        {refused && (
          <p className="field__error mapplic-site__refused-plan">Cannot be uploaded: {refused.replace(/\.$/, '')}.</p>
        )}
        {unlinked.length > 0 && (
          <p className="field__hint mapplic-site__unlinked">
            Its plan links images that were not picked, so it shows without them: {unlinked.join(', ')}. Add them to the
            picked files, or embed them in the SVG.
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
