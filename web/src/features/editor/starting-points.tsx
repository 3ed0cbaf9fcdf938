/**
 * The editor's starting points for /maps/new (appended to the maps feature's STARTING_POINTS):
 * an uploaded floor plan (the map takes the file's size), a built-in geographic map and a Mapplic site.
 */
import { useEffect, useState } from 'react';
import { FILE_MAX_BYTES, FILE_MAX_TEXT, fileProblem } from '@mapnest/shared/files';
import { blankDocument, MAP_LIMITS } from '@mapnest/shared/map-document';
import type { StartingPoint, StartingPointOptionsProps } from '../maps/new-map/starting-point';
import { GlobeIcon, ImportIcon, LayersIcon } from '../../components/Icons';
import { builtinMaps, builtinRegions, documentFromBuiltin, type BuiltinMap } from './builtin-maps';
import { claimedType, imageSize, pickedFileProblem, uploadFile } from './files-api';
import { byFileName, newFloorId, newFloorName, FLOOR_PLAN_ACCEPT } from './panels/layer-file';
import { MapplicSitePicker } from './dialogs/MapplicSitePicker';
import {
  afterFailedUpload,
  buildMapplicSite,
  EMPTY_SITE_CHOICE,
  siteProblem,
  type MapplicSiteChoice,
} from './import/site-choice';
import {
  isPdf,
  pdfImages,
  pdfProblem,
  pdfSizeProblem,
  roomLocations,
  roomsQuestion,
  type PdfPage,
} from './panels/plan-images/pdf-pages';
import { fittingPlan, PLAN_PIXELS, tooLargeImage } from './panels/plan-images/fitted-image';
import './starting-points.css';

/**
 * Why a picked floor plan cannot be used, before it is read (its size and type), or null. An image over the upload
 * limit is not refused: a copy that fits is uploaded (`fittingPlan`).
 */
const planProblem = (file: File) =>
  isPdf(file) ? pdfSizeProblem(file) : fileProblem({ size: fittedSize(file), type: claimedType(file) });

/** The size a plan is checked at: an image over the upload limit is sent as a copy within it. */
const fittedSize = (file: File) => (tooLargeImage(file) ? FILE_MAX_BYTES : file.size);

/** A problem of one of several files, named by the file. */
const ofFile = (files: readonly File[], file: File, problem: string | null) =>
  problem && files.length > 1 ? `“${file.name}”: ${problem}` : problem;

export const floorPlanStart: StartingPoint<readonly File[]> = {
  id: 'floor-plan',
  title: 'Upload a floor plan',
  description:
    'An SVG, PNG, JPG or WEBP image (up to 10 MB) as the first floor, or a plan per floor, or a PDF with a floor per page; the map takes its size. SVG shapes with ids can become clickable locations.',
  Icon: LayersIcon,
  initial: [],
  renderOptions: (props) => <FloorPlanInput {...props} />,
  missing: (files) =>
    files.length === 0
      ? 'Choose a floor plan (an image or a PDF).'
      : (files.map((f) => ofFile(files, f, planProblem(f))).find((p) => p !== null) ?? null),
  async build(files) {
    if (files.length === 0) throw new Error('Choose a floor plan (an image or a PDF).');
    // The floors in the files' names' order ("Level 2" before "Level 10"), a PDF's pages each a floor, drawn into
    // images; the map takes the first one's size.
    const read: PdfPage[] = [];
    for (const file of [...files].sort(byFileName))
      read.push(
        ...(isPdf(file)
          ? await pdfImages(file, MAP_LIMITS.layers)
          : [{ image: tooLargeImage(file) ? (await fittingPlan(file)).image : file, floor: null, rooms: [] }]),
      );
    // A map holds so many floors: the plans past them are left out.
    const plans = read.slice(0, MAP_LIMITS.layers);
    const floors: { file: string; name: string; size: { width: number; height: number } | null }[] = [];
    for (const { image, floor } of plans)
      floors.push({ size: await imageSize(image), file: (await uploadFile(image)).fileUrl, name: floor ?? image.name });
    const [first, ...more] = floors;
    const doc = blankDocument({
      file: first!.file,
      mapWidth: first!.size?.width ?? 1000,
      mapHeight: first!.size?.height ?? 800,
      // The first floor's id as the editor's next ones (layer-1, then layer-2…), whatever the file is named.
      layerId: newFloorId([]),
      layerName: newFloorName(first!.name, []),
    });
    for (const floor of more)
      doc.layers.push({ id: newFloorId(doc.layers), name: newFloorName(floor.name, doc.layers), file: floor.file });
    // A PDF plan's rooms' numbers become locations when the author says so, as in the editor.
    const rooms = plans.flatMap((p) => p.rooms);
    if (rooms.length && window.confirm(roomsQuestion(plans.map((p) => p.rooms))))
      doc.locations = roomLocations(
        doc.layers.map((l, i) => ({ layer: l.id, rooms: plans[i]!.rooms })),
        new Set(),
      );
    return doc;
  },
};

/**
 * The floor plans' file input (one, or a plan per floor). Each picked file is checked at once (size, type, its first
 * bytes) with the upload's own messages, so the author hears of a file that cannot be used before pressing Create,
 * and only of the files picked last.
 */
function FloorPlanInput({ value, onChange, disabled }: StartingPointOptionsProps<readonly File[]>) {
  const [checked, setChecked] = useState<{ files: readonly File[]; problem: string | null } | null>(null);
  useEffect(() => {
    if (!value.length) return;
    let current = true;
    void Promise.all(value.map((f) => (isPdf(f) ? pdfProblem(f) : pickedFileProblem(f, fittedSize(f))))).then(
      (problems) => {
        const at = problems.findIndex((p) => p !== null);
        if (current) setChecked({ files: value, problem: at < 0 ? null : ofFile(value, value[at]!, problems[at]!) });
      },
    );
    return () => {
      current = false;
    };
  }, [value]);
  // A check of earlier files says nothing of these.
  const problem = checked?.files === value ? checked.problem : null;
  return (
    <label className={problem ? 'field field--invalid' : 'field'}>
      <span className="field__label">Floor plan (an image or a PDF)</span>
      <input
        type="file"
        multiple
        accept={FLOOR_PLAN_ACCEPT}
        disabled={disabled}
        aria-invalid={problem ? true : undefined}
        onChange={(e) => onChange([...(e.target.files ?? [])])}
      />
      {value.length > 0 && (
        <span className="field__hint">
          {[...value]
            .sort(byFileName)
            .map((f) => f.name)
            .join(', ')}
        </span>
      )}
      {!problem && <FittedNote files={value.filter(tooLargeImage)} />}
      {problem && (
        <span className="field__error" role="alert">
          {problem}
        </span>
      )}
    </label>
  );
}

/** That the images picked over the upload limit are uploaded as smaller copies (`fittingPlan`). */
function FittedNote({ files }: { files: readonly File[] }) {
  if (!files.length) return null;
  const names = files.map((f) => `“${f.name}”`).join(', ');
  return (
    <span className="field__hint">
      {files.length === 1 ? `${names} is` : `${names} are`} over the {FILE_MAX_TEXT} upload limit: a smaller copy of{' '}
      {files.length === 1 ? 'it' : 'each'} ({PLAN_PIXELS} px across at most) is uploaded.
    </span>
  );
}

interface BuiltinChoice {
  map: BuiltinMap | null;
  regions: boolean;
}

function BuiltinPicker({
  value,
  onChange,
  disabled,
}: {
  value: BuiltinChoice;
  onChange(v: BuiltinChoice): void;
  disabled: boolean;
}) {
  const [maps, setMaps] = useState<BuiltinMap[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    builtinMaps().then(setMaps, (e: unknown) => setError(e instanceof Error ? e.message : String(e)));
  }, []);
  if (error) return <p className="form-alert form-alert--error">{error}</p>;
  if (!maps) return <p className="field__hint">Loading the built-in maps…</p>;
  return (
    <div className="builtin-picker">
      <div className="builtin-picker__grid" role="radiogroup" aria-label="Built-in map">
        {maps.map((m) => (
          <label key={m.id} className={value.map?.id === m.id ? 'builtin-card is-selected' : 'builtin-card'}>
            <input
              type="radio"
              name="builtin-map"
              className="visually-hidden"
              checked={value.map?.id === m.id}
              disabled={disabled}
              onChange={() => onChange({ ...value, map: m })}
            />
            <img src={m.file} alt="" loading="lazy" />
            <span className="builtin-card__name">{m.name}</span>
          </label>
        ))}
      </div>
      {value.map && <p className="field__hint">{value.map.description}</p>}
      <label className="check">
        <input
          type="checkbox"
          checked={value.regions}
          disabled={disabled}
          onChange={(e) => onChange({ ...value, regions: e.target.checked })}
        />
        Create a location for each{' '}
        {!value.map ? 'country or region' : value.map.kind === 'country' ? 'region' : 'country'} (its shape becomes
        clickable)
      </label>
    </div>
  );
}

export const builtinStart: StartingPoint<BuiltinChoice> = {
  id: 'builtin',
  title: 'Built-in map',
  description:
    'The world, a continent, the USA states or a country, calibrated so locations can be placed by latitude and longitude.',
  Icon: GlobeIcon,
  initial: { map: null, regions: true },
  renderOptions: (props) => <BuiltinPicker {...props} />,
  missing: (v) => (v.map ? null : 'Choose a built-in map.'),
  async build(v) {
    if (!v.map) throw new Error('Choose a built-in map.');
    return documentFromBuiltin(v.map, v.regions ? await builtinRegions(v.map.id) : null);
  },
};

export const mapplicStart: StartingPoint<MapplicSiteChoice> = {
  id: 'mapplic',
  title: 'Import from Mapplic',
  description:
    'A Mapplic map: its JSON export with the floor plans (files, a folder or a .zip). Every floor is matched to its file before the map is made.',
  Icon: ImportIcon,
  initial: EMPTY_SITE_CHOICE,
  renderOptions: (props) => <MapplicSitePicker {...props} />,
  missing: siteProblem,
  suggestedTitle: (v) => v.site?.result.title?.trim() || null,
  build: buildMapplicSite,
  recover: afterFailedUpload,
};
