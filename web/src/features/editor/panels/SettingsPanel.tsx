import {
  DIRECTORY_LAYOUTS,
  type MapDocument,
  LOCATION_ACTIONS,
  MARKER_TYPES,
  POSITIONS,
  CORNER_POSITIONS,
  SIDES,
  WHEEL_MODES,
  type MapSettings,
} from '@mapnest/shared/map-document';
import { LANGUAGE_NAMES, VIEWER_LANGUAGES, type LanguageSetting } from '@mapnest/shared/viewer-languages';
import { cssRefusal } from '@mapnest/shared/publish-checks';
import { updateSettings, type SettingsPatch } from '../actions/structure';
import { LiveDataFields } from '../live-data/LiveDataFields';
import { useEditorState } from '../editor-context';
import { CheckProp, ColorProp, NumberProp, SelectProp, Section, TextProp } from './fields';
import { MARKER_LABELS } from './locations/LocationForm';
import { useTry } from './use-try';

const opts = <T extends string>(values: readonly T[], labels: Partial<Record<T, string>> = {}) =>
  values.map((v) => ({ value: v, label: labels[v] ?? v }));
const POSITION_LABELS = {
  'top-left': 'Top left',
  'top-right': 'Top right',
  'bottom-left': 'Bottom left',
  'bottom-right': 'Bottom right',
  off: 'Off',
} as const;

type SetSettings = (patch: SettingsPatch, key?: string) => string | null;

/** What each section edits: the settings, and a commit that returns a problem or null. */
interface SectionProps {
  s: MapSettings;
  set: SetSettings;
}

/**
 * Up to 2,000 locations to choose from, after a first option that means none. Each is named by its title; titles
 * that several locations share (a "Lift" on every floor) also name the floor, as the locations list does, and the id
 * where even that is shared, so the author can tell which one a kiosk's "You are here" is.
 */
function locationOptions(doc: Pick<MapDocument, 'locations' | 'layers'>, none: string) {
  const floorOf = (layer: string | null | undefined) =>
    layer ? (doc.layers.find((f) => f.id === layer)?.name ?? layer) : 'Every floor';
  const counted = (labels: string[]) =>
    labels.reduce((m, t) => m.set(t, (m.get(t) ?? 0) + 1), new Map<string, number>());
  const shown = doc.locations.slice(0, 2000).map((l) => ({ id: l.id, layer: l.layer, label: l.title || l.id }));
  const titles = counted(shown.map((o) => o.label));
  for (const o of shown)
    if ((titles.get(o.label) ?? 0) > 1 && doc.layers.length > 1) o.label = `${o.label} · ${floorOf(o.layer)}`;
  const floors = counted(shown.map((o) => o.label));
  return [
    { value: '', label: none },
    ...shown.map((o) => ({ value: o.id, label: (floors.get(o.label) ?? 0) > 1 ? `${o.label} · ${o.id}` : o.label })),
  ];
}

const LANGUAGE_OPTIONS: readonly { value: LanguageSetting; label: string }[] = [
  { value: 'auto', label: 'The visitor’s browser language (else English)' },
  ...VIEWER_LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] })),
];

/** The map's settings: zoom, wheel, sidebar, popups, controls, deep links, geo calibration. */
export function SettingsPanel() {
  const { doc } = useEditorState();
  const attempt = useTry();
  const s = doc.settings;
  const set: SetSettings = (patch, key) => attempt(updateSettings, { patch }, key);
  return (
    <div className="settings-panel">
      <Section title="Map">
        <MapFields s={s} set={set} doc={doc} />
      </Section>
      <Section title="Zoom">
        <ZoomFields s={s} set={set} />
      </Section>
      <Section title="Directory (sidebar)">
        <DirectoryFields s={s} set={set} />
      </Section>
      <Section title="Popups">
        <PopupFields s={s} set={set} />
      </Section>
      <Section title="Directions (wayfinding)" open={s.wayfinding.enabled}>
        <WayfindingFields s={s} set={set} doc={doc} />
      </Section>
      <Section title="Controls" open={false}>
        <ControlPosition s={s} set={set} control="zoomButtons" label="Zoom buttons" />
        <ControlPosition s={s} set={set} control="resetButton" label="Reset button" />
        <ControlPosition s={s} set={set} control="fullscreen" label="Full screen button" />
        <ControlPosition s={s} set={set} control="layerSwitcher" label="Layer switcher (with 2+ layers)" />
        <CheckProp
          label="Text labels on buttons"
          checked={s.controls.buttonLabels}
          commit={(v) => set({ controls: { buttonLabels: v } })}
        />
      </Section>
      <Section title="Minimap" open={s.minimap.enabled}>
        <MinimapFields s={s} set={set} />
      </Section>
      <Section title="Live data (CSV or spreadsheet)" open={!!s.csvUrl}>
        <LiveDataFields doc={doc} set={(csvUrl) => set({ csvUrl })} />
      </Section>
      <Section title="Geographic calibration" open={!!s.geo?.extent}>
        <GeoFields s={s} set={set} />
      </Section>
      <Section title="Texts (translation)" open={false}>
        <p className="field__hint">
          The viewer shows its own texts in the map’s language. A text changed here replaces it in every language.
        </p>
        {(Object.keys(s.text) as (keyof MapSettings['text'])[]).map((k) => (
          <TextProp key={k} label={k} value={s.text[k]} commit={(v) => set({ text: { [k]: v } }, `text:${k}`)} />
        ))}
      </Section>
      <Section title="Custom CSS" open={false}>
        <TextProp label="CSS (scoped to this map)" multiline onBlurOnly value={s.css} commit={(v) => set({ css: v })} />
        <UnusedCss css={s.css} />
      </Section>
    </div>
  );
}

/** Says, under the field, when the viewer will leave the map's CSS out whole, and why (as the publish checks do). */
function UnusedCss({ css }: { css: string }) {
  const why = css.trim() ? cssRefusal(css) : null;
  return (
    <p className={why ? 'field__error' : 'visually-hidden'} role="status">
      {why && `Not used: visitors see the map without this CSS, because ${why}.`}
    </p>
  );
}

function MapFields({ s, set, doc }: SectionProps & { doc: MapDocument }) {
  return (
    <>
      <ColorProp
        label="Primary colour"
        value={s.primaryColor}
        optional={false}
        commit={(v) => set({ primaryColor: v })}
      />
      <SelectProp
        label="Language of the map’s buttons and messages"
        value={s.language}
        options={LANGUAGE_OPTIONS}
        commit={(v) => set({ language: v })}
        hint="Arabic and Hebrew lay the map out right to left."
      />
      <SelectProp
        label="Default marker"
        value={s.markerType}
        options={opts(MARKER_TYPES, MARKER_LABELS)}
        commit={(v) => set({ markerType: v })}
      />
      <CheckProp
        label="Tint locations shown by their shape in their group’s colour"
        hint="A location whose marker is hidden, with no colour or SVG style of its own. Off for maps imported from Mapplic, which leaves those shapes as drawn."
        checked={s.tintRegionsByGroup}
        commit={(v) => set({ tintRegionsByGroup: v })}
      />
      <SelectProp
        label="Location opened on load"
        value={s.startLocation ?? ''}
        options={locationOptions(doc, 'None')}
        commit={(v) => set({ startLocation: v || null })}
      />
      <CheckProp
        label="Deep linking (?location=id opens a location)"
        checked={s.deepLinking}
        commit={(v) => set({ deepLinking: v })}
      />
      <NumberProp
        label="Padding around the map (px)"
        value={s.padding}
        min={0}
        max={1000}
        step={1}
        commit={(v) => set({ padding: v ?? 0 })}
      />
      <CheckProp
        label="Kiosk: fill the screen and start over after 90 s without a touch"
        hint="Popups, directions, search and filters are cleared and the map returns to its start floor and view. A kiosk shows what you publish once no one is using it, within 5 minutes. To make one embed a kiosk instead, add ?kiosk=1 to its address."
        checked={s.layout.kiosk}
        commit={(v) => set({ layout: { kiosk: v } })}
      />
    </>
  );
}

function ZoomFields({ s, set }: SectionProps) {
  return (
    <>
      <CheckProp label="Visitors can zoom" checked={s.zoom.enabled} commit={(v) => set({ zoom: { enabled: v } })} />
      <NumberProp
        label="Maximum zoom"
        value={s.zoom.maxZoom}
        min={1}
        max={50}
        commit={(v) => set({ zoom: { maxZoom: v ?? 4 } })}
      />
      <SelectProp
        label="Mouse wheel"
        value={s.zoom.wheel}
        options={opts(WHEEL_MODES, {
          always: 'Zooms the map',
          modifier: 'Zooms with Ctrl/⌘ held (page scrolls)',
          off: 'Off',
        })}
        commit={(v) => set({ zoom: { wheel: v } })}
      />
      <CheckProp
        label="Zoom back out when a popup closes"
        checked={s.zoom.resetOnClose}
        commit={(v) => set({ zoom: { resetOnClose: v } })}
      />
      <CheckProp
        label="Reduce motion"
        checked={s.zoom.reduceMotion}
        commit={(v) => set({ zoom: { reduceMotion: v } })}
      />
    </>
  );
}

function DirectoryFields({ s, set }: SectionProps) {
  return (
    <>
      <CheckProp
        label="Show the directory"
        checked={s.directory.enabled}
        commit={(v) => set({ directory: { enabled: v } })}
      />
      <SelectProp
        label="Position"
        value={s.directory.position}
        options={opts(SIDES, { left: 'Left', right: 'Right' })}
        commit={(v) => set({ directory: { position: v } })}
      />
      <SelectProp
        label="Layout"
        value={s.directory.layout}
        options={opts(DIRECTORY_LAYOUTS, { list: 'List', grid: 'Grid' })}
        commit={(v) => set({ directory: { layout: v } })}
      />
      <NumberProp
        label="Width (px)"
        value={s.directory.width}
        min={100}
        max={2000}
        step={1}
        commit={(v) => set({ directory: { width: v ?? 300 } })}
      />
      <CheckProp
        label="Group by group"
        checked={s.directory.groupBy}
        commit={(v) => set({ directory: { groupBy: v } })}
      />
      <CheckProp
        label="Thumbnails"
        checked={s.directory.thumbnails}
        commit={(v) => set({ directory: { thumbnails: v } })}
      />
      <CheckProp
        label="Visitors can hide it"
        checked={s.directory.toggle}
        commit={(v) => set({ directory: { toggle: v } })}
      />
      <CheckProp
        label="Start closed"
        checked={s.directory.startClosed}
        commit={(v) => set({ directory: { startClosed: v } })}
      />
      <CheckProp label="Search" checked={s.search.enabled} commit={(v) => set({ search: { enabled: v } })} />
    </>
  );
}

function PopupFields({ s, set }: SectionProps) {
  return (
    <>
      <SelectProp
        label="Clicking a location"
        value={s.popup.action}
        options={opts(LOCATION_ACTIONS, {
          tooltip: 'Opens a popup on the map',
          sidebar: 'Shows details in the sidebar',
          lightbox: 'Opens a lightbox (large, over the map)',
          link: 'Opens its link',
          none: 'Does nothing',
        })}
        commit={(v) => set({ popup: { action: v } })}
      />
      <CheckProp
        label="Tooltip on hover"
        checked={s.popup.hoverTooltip}
        commit={(v) => set({ popup: { hoverTooltip: v } })}
      />
      <CheckProp
        label="Show “about” in the tooltip"
        checked={s.popup.hoverAbout}
        commit={(v) => set({ popup: { hoverAbout: v } })}
      />
    </>
  );
}

function WayfindingFields({ s, set, doc }: SectionProps & { doc: MapDocument }) {
  return (
    <>
      <p className="panel__hint">
        Visitors of a Professional map get directions over the walkable network drawn in the Wayfinding tab.
      </p>
      <CheckProp
        label="Directions for visitors"
        checked={s.wayfinding.enabled}
        commit={(v) => set({ wayfinding: { enabled: v } })}
      />
      <SelectProp
        label="Directions button"
        value={s.wayfinding.position}
        options={opts(POSITIONS, POSITION_LABELS)}
        commit={(v) => set({ wayfinding: { position: v } })}
      />
      <CheckProp
        label="Open the directions panel on load"
        checked={s.wayfinding.startOpen}
        commit={(v) => set({ wayfinding: { startOpen: v } })}
      />
      <SelectProp
        label="“You are here” (fixed start, for kiosks)"
        hint="Every route starts here, and the map marks it “You are here” with the directions: on a Professional map only, like them. An embed can set its own with ?fixedfrom=id."
        value={s.wayfinding.fixedFrom ?? ''}
        options={locationOptions(doc, 'None: visitors choose')}
        commit={(v) => set({ wayfinding: { fixedFrom: v || null } })}
      />
      <CheckProp
        label="Offer the step-free option"
        checked={s.wayfinding.accessibleToggle}
        commit={(v) => set({ wayfinding: { accessibleToggle: v } })}
      />
      <NumberProp
        label="Metres per image pixel (for distances)"
        value={s.wayfinding.metresPerPixel}
        min={0.0001}
        max={1000}
        step={0.01}
        placeholder={s.geo ? 'From the geographic calibration' : 'No distances'}
        commit={(v) => set({ wayfinding: { metresPerPixel: v } })}
      />
      <ColorProp
        label="Route colour"
        value={s.wayfinding.lineColor}
        fallback={s.primaryColor}
        commit={(v) => set({ wayfinding: { lineColor: v ?? null } })}
        hint="Empty: the primary colour."
      />
      <NumberProp
        label="Route width (px)"
        value={s.wayfinding.lineWidth}
        min={0.5}
        max={50}
        step={0.5}
        commit={(v) => set({ wayfinding: { lineWidth: v ?? 3 } })}
      />
      <NumberProp
        label="Seconds to draw each floor"
        value={s.wayfinding.speed}
        min={0}
        max={60}
        step={0.5}
        commit={(v) => set({ wayfinding: { speed: v ?? 2 } })}
      />
      <NumberProp
        label="Corner rounding (px)"
        value={s.wayfinding.smoothing}
        min={0}
        max={100}
        step={1}
        commit={(v) => set({ wayfinding: { smoothing: v ?? 0 } })}
      />
    </>
  );
}

/** Where one of the map's controls sits, or off. */
function ControlPosition({
  s,
  set,
  control,
  label,
}: SectionProps & { control: keyof MapSettings['controls']; label: string }) {
  return (
    <SelectProp
      label={label}
      value={s.controls[control] as string}
      options={opts(POSITIONS, POSITION_LABELS)}
      commit={(v) => set({ controls: { [control]: v } })}
    />
  );
}

/** The minimap: on/off, its corner, and whether phones (narrow viewers) show it too. */
function MinimapFields({ s, set }: SectionProps) {
  // Not one of the merged groups (maps published before it have none): each change sends the whole group.
  const mm = s.minimap;
  return (
    <>
      <p className="panel__hint">
        A small overview of the floor in a corner of the map, framing the part in view; visitors click, drag or use the
        arrow keys on it to move around.
      </p>
      <CheckProp label="Show a minimap" checked={mm.enabled} commit={(v) => set({ minimap: { ...mm, enabled: v } })} />
      <SelectProp
        label="Minimap corner"
        value={mm.position}
        options={opts(CORNER_POSITIONS, POSITION_LABELS)}
        commit={(v) => set({ minimap: { ...mm, position: v } })}
      />
      <CheckProp
        label="Also on small screens (under 520 px wide)"
        checked={mm.narrow}
        commit={(v) => set({ minimap: { ...mm, narrow: v } })}
      />
    </>
  );
}

/** Web Mercator calibration: on/off, and the image edges' longitudes and latitudes. */
function GeoFields({ s, set }: SectionProps) {
  const geo = s.geo?.extent;
  return (
    <>
      <p className="panel__hint">
        For maps in Web Mercator: the longitudes and latitudes of the image’s edges. Locations can then be placed by
        latitude/longitude (imports too).
      </p>
      <CheckProp
        label="Geo-calibrated"
        checked={!!geo}
        commit={(v) => set({ geo: v ? { extent: [-180, -85, 180, 85] } : null })}
      />
      {geo && (
        <TextProp
          label="Extent: min lon, min lat, max lon, max lat"
          onBlurOnly
          value={geo.join(', ')}
          commit={(v) => {
            const n = v
              .split(/[\s,]+/)
              .filter(Boolean)
              .map(Number);
            if (n.length !== 4 || n.some((x) => !Number.isFinite(x)))
              return 'Enter four numbers: min lon, min lat, max lon, max lat';
            return set({ geo: { extent: n as [number, number, number, number] } });
          }}
        />
      )}
    </>
  );
}
