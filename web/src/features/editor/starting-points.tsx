/**
 * The editor's starting points for /maps/new (appended to the maps feature's STARTING_POINTS):
 * an uploaded floor plan (the map takes the file's size), a built-in geographic map and a Mapplic site.
 */
import { useEffect, useState } from 'react';
import { fileProblem } from '@mapnest/shared/files';
import { blankDocument, MAP_LIMITS } from '@mapnest/shared/map-document';
import type { StartingPoint, StartingPointOptionsProps } from '../maps/new-map/starting-point';
import { GlobeIcon, ImportIcon, LayersIcon } from '../../components/Icons';
import { builtinMaps, builtinRegions, documentFromBuiltin, type BuiltinMap } from './builtin-maps';
import { claimedType, imageSize, pickedFileProblem, uploadFile } from './files-api';
import { newFloorId, newFloorName, FLOOR_PLAN_ACCEPT } from './panels/layer-file';
import { MapplicSitePicker } from './dialogs/MapplicSitePicker';
import {
  afterFailedUpload,
  buildMapplicSite,
  EMPTY_SITE_CHOICE,
  siteProblem,
  type MapplicSiteChoice,
} from './import/site-choice';
import { isPdf, pdfImages, pdfProblem, pdfSizeProblem, roomLocations, roomsQuestion } from './panels/pdf-pages';
import './starting-points.css';

export const floorPlanStart: StartingPoint<File | null> = {
  id: 'floor-plan',
  title: 'Upload a floor plan',
  description:
    'An SVG, PNG, JPG or WEBP image (up to 10 MB) as the first floor, or a PDF with a floor per page; the map takes its size. SVG shapes with ids can become clickable locations.',
  Icon: LayersIcon,
  initial: null,
  renderOptions: (props) => <FloorPlanInput {...props} />,
  missing: (file) =>
    !file
      ? 'Choose a floor plan (an image or a PDF).'
      : isPdf(file)
        ? pdfSizeProblem(file)
        : fileProblem({ size: file.size, type: claimedType(file) }),
  async build(file) {
    if (!file) throw new Error('Choose a floor plan (an image or a PDF).');
    // A PDF's pages, drawn into images, are the floors, in order; the map takes the first one's size.
    const plans = isPdf(file) ? await pdfImages(file, MAP_LIMITS.layers) : [{ image: file, floor: null, rooms: [] }];
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
    if (rooms.length && window.confirm(roomsQuestion(rooms)))
      doc.locations = roomLocations(
        plans.map((p, i) => ({ layer: doc.layers[i]!.id, rooms: p.rooms })),
        new Set(),
      );
    return doc;
  },
};

/**
 * The floor plan's file input. A picked file is checked at once (size, type, its first bytes) with the upload's own
 * messages, so the author hears of a file that cannot be used before pressing Create, and only of that file.
 */
function FloorPlanInput({ value, onChange, disabled }: StartingPointOptionsProps<File | null>) {
  const [checked, setChecked] = useState<{ file: File; problem: string | null } | null>(null);
  useEffect(() => {
    if (!value) return;
    let current = true;
    void (isPdf(value) ? pdfProblem(value) : pickedFileProblem(value)).then((problem) => {
      if (current) setChecked({ file: value, problem });
    });
    return () => {
      current = false;
    };
  }, [value]);
  // A check of an earlier file says nothing of this one.
  const problem = checked?.file === value ? checked.problem : null;
  return (
    <label className={problem ? 'field field--invalid' : 'field'}>
      <span className="field__label">Floor plan (an image or a PDF)</span>
      <input
        type="file"
        accept={FLOOR_PLAN_ACCEPT}
        disabled={disabled}
        aria-invalid={problem ? true : undefined}
        onChange={(e) => onChange(e.target.files?.[0] ?? null)}
      />
      {value && <span className="field__hint">{value.name}</span>}
      {problem && (
        <span className="field__error" role="alert">
          {problem}
        </span>
      )}
    </label>
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
