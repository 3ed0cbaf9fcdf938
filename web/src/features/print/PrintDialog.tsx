/**
 * Print (or save as PDF) a map: a sheet per chosen floor, the floor's map with its locations numbered and the numbered
 * list by group beside it (./print-plan.ts). The dialog shows the sheets at their paper size, each map live, so the
 * author can drag or zoom it to frame what prints; Print hands the sheets alone to the browser's print dialog (the
 * print styles of ./print.css show nothing else of the page while the dialog is open).
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { MapDocument } from '@mapnest/shared/map-document';
import type { MapSummary } from '@mapnest/shared/maps';
import { Modal } from '../../components/Modal';
import { SegmentedToggle } from '../../components/SegmentedToggle';
import { counted, UI_LOCALE } from '../../lib/words';
import { browserLanguages, builtInLanguage, ENGLISH, loadLanguage, ViewerText } from '../../viewer/i18n/messages';
import { MapViewer } from '../viewer/MapViewer';
import { defaultPaper, PAPERS, readPreferences, writePreferences, type Paper } from './print-preferences';
import {
  PRINTING_CLASS,
  drawnByThePlan,
  listBesideMap,
  printSheets,
  type Orientation,
  type PrintGroup,
  type PrintSheet,
} from './print-plan';
import { QrCode } from './QrCode';
import { usePrintLocations, type CsvRead } from './print-csv';
import './print.css';

const MARGIN_MM = 10;

/** The live map a QR code on the sheets opens: its address, and when a test map stops being public (else null). */
export interface LiveLink {
  url: string;
  until: string | null;
}

/** The map visitors open now, for a QR code on printed sheets; null when they cannot (never or no longer published). */
export function liveLink(map: Pick<MapSummary, 'id' | 'published' | 'activeUntil'>): LiveLink | null {
  return map.published ? { url: `${window.location.origin}/m/${map.id}`, until: map.activeUntil } : null;
}

export interface PrintDialogProps {
  doc: MapDocument;
  title: string;
  /** The floor in view, chosen first. */
  floor: string | null;
  /**
   * The live map, for a QR code on each sheet: null for a map visitors cannot open now (the dialog says to publish it);
   * absent where the map is not known (a file's preview).
   */
  link?: LiveLink | null;
  onClose: () => void;
}

/** What the author chooses to print. */
interface Choices {
  floors: readonly string[];
  listed: boolean;
  /** Numbers on the map, when listed. */
  numbered: boolean;
  orientation: Orientation;
  paper: Paper;
  /** A QR code to the live map on each sheet. */
  qr: boolean;
}

export function PrintDialog({ doc, title, floor, link, onClose }: PrintDialogProps) {
  const titleId = useId();
  const [choices, choose] = usePrintChoices(doc, floor);
  const { floors, listed, orientation, paper } = choices;
  const numbered = listed && choices.numbered;
  const text = useMapLanguage(doc);
  const other = text?.t('other');
  // The map's own locations and its CSV file's as they read now (null while the CSV is read).
  const { doc: withCsv, csv } = usePrintLocations(doc);
  // Every floor's sheet, made once for these choices: choosing another floor adds its sheet and keeps the others as
  // they are, each map as the author framed it.
  const every = useMemo(
    () =>
      withCsv
        ? printSheets(withCsv, { floors: withCsv.layers.map((l) => l.id), listed, numbered, otherName: other })
        : [],
    [withCsv, listed, numbered, other],
  );
  const sheets = every.filter((s) => floors.includes(s.floorId));
  useEffect(() => {
    document.documentElement.classList.add(PRINTING_CLASS);
    return () => document.documentElement.classList.remove(PRINTING_CLASS);
  }, []);
  const p = PAPERS[paper];
  const [w, h] = orientation === 'landscape' ? [p.h, p.w] : [p.w, p.h];
  const size = { '--sheet-w': `${w - 2 * MARGIN_MM}mm`, '--sheet-h': `${h - 2 * MARGIN_MM}mm` } as React.CSSProperties;
  const stage = useRef<HTMLDivElement>(null);
  const zoom = useFitZoom(stage, w - 2 * MARGIN_MM);
  // The sheets speak the map's language, as its viewer does: the heading of locations in no group, the date.
  const printed = text && printDate(text.lang);
  return (
    <Modal open onClose={onClose} labelledBy={titleId} className="print-dialog">
      {/* The paper the browser's print dialog starts with; only while this dialog is open. */}
      <style>{`@page { size: ${w}mm ${h}mm; margin: ${MARGIN_MM}mm; }`}</style>
      <div className="print-dialog__bar">
        <h2 id={titleId}>Print</h2>
        <PrintChoices doc={doc} choices={choices} link={link} onChange={choose} />
        <div className="print-dialog__actions">
          <button type="button" className="btn btn--ghost btn--sm" onClick={onClose}>
            Close
          </button>
          <button
            type="button"
            className="btn btn--primary btn--sm"
            disabled={sheets.length === 0 || !withCsv}
            onClick={() => window.print()}
          >
            Print…
          </button>
        </div>
      </div>
      <PrintHint sheets={withCsv ? sheets.length : null} csv={csv} link={link} />
      <div className="print-dialog__stage" ref={stage}>
        <div className="print-sheets" style={{ ...size, zoom }} lang={text?.lang} dir={text?.dir}>
          {printed &&
            sheets.map((sheet) => (
              <Sheet
                key={sheet.floorId}
                sheet={sheet}
                title={title}
                floorName={doc.layers.length > 1 ? sheet.floorName : null}
                beside={listed && listBesideMap(sheet)}
                listed={listed}
                orientation={orientation}
                paper={paper}
                printed={printed}
                qr={link && choices.qr ? link.url : null}
              />
            ))}
        </div>
      </div>
    </Modal>
  );
}

function PrintChoices({
  doc,
  choices,
  link,
  onChange,
}: {
  doc: MapDocument;
  choices: Choices;
  link: LiveLink | null | undefined;
  onChange: (patch: Partial<Choices>) => void;
}) {
  return (
    <>
      <FloorChoice doc={doc} floors={choices.floors} onChange={(floors) => onChange({ floors })} />
      <label className="print-dialog__check">
        <input type="checkbox" checked={choices.listed} onChange={(e) => onChange({ listed: e.target.checked })} />
        <span>List the locations</span>
      </label>
      <label className="print-dialog__check">
        <input
          type="checkbox"
          checked={choices.listed && choices.numbered}
          disabled={!choices.listed}
          onChange={(e) => onChange({ numbered: e.target.checked })}
        />
        <span>Number them on the map</span>
      </label>
      {link && (
        <label className="print-dialog__check">
          <input type="checkbox" checked={choices.qr} onChange={(e) => onChange({ qr: e.target.checked })} />
          <span>QR code to the live map</span>
        </label>
      )}
      <SegmentedToggle
        label="Paper"
        size="sm"
        value={choices.paper}
        onChange={(paper) => onChange({ paper })}
        options={(Object.keys(PAPERS) as Paper[]).map((k) => ({ value: k, label: PAPERS[k].label }))}
      />
      <SegmentedToggle
        label="Orientation"
        size="sm"
        value={choices.orientation}
        onChange={(orientation) => onChange({ orientation })}
        options={[
          { value: 'landscape', label: 'Landscape' },
          { value: 'portrait', label: 'Portrait' },
        ]}
      />
    </>
  );
}

/** CSS pixels a millimetre (96 a inch). */
const PX_PER_MM = 96 / 25.4;

/**
 * The zoom that fits a sheet `widthMm` wide into the stage on screen (a tablet's or a phone's): the sheets keep their
 * paper size in layout, so the maps are framed as they print, and the viewer reads the zoom from its box (its clicks
 * land where they are shown). The print styles set it back to 1.
 */
function useFitZoom(stage: React.RefObject<HTMLDivElement | null>, widthMm: number): number {
  const [room, setRoom] = useState<number | null>(null);
  useEffect(() => {
    const el = stage.current;
    if (!el) return;
    const observer = new ResizeObserver(() => setRoom(el.clientWidth));
    observer.observe(el);
    return () => observer.disconnect();
  }, [stage]);
  // The stage's padding (16 px a side) and the sheet's white edge (12 px a side) round it.
  const needed = widthMm * PX_PER_MM + 24;
  return room === null ? 1 : Math.min(1, Math.max(0.2, (room - 32) / needed));
}

/** What the author chooses, the floor in view first; the paper and orientation are kept for next time. */
function usePrintChoices(doc: MapDocument, floor: string | null): [Choices, (patch: Partial<Choices>) => void] {
  const [choices, setChoices] = useState<Choices>(() => ({
    floors: doc.layers.some((l) => l.id === floor) ? [floor!] : doc.layers.slice(0, 1).map((l) => l.id),
    listed: true,
    // A plan that draws and names its own locations (a site plan's lots) prints as drawn unless numbers are asked for.
    numbered: !drawnByThePlan(doc),
    orientation: 'landscape',
    paper: defaultPaper(navigator.language),
    qr: true,
    // The paper and orientation chosen last time, in this browser.
    ...readPreferences(),
  }));
  const choose = (patch: Partial<Choices>) => {
    const next = { ...choices, ...patch };
    setChoices(next);
    if (patch.paper || patch.orientation) writePreferences({ paper: next.paper, orientation: next.orientation });
  };
  return [choices, choose];
}

/**
 * Today in the map's language, written the way of the author's own country when the two share the language (2 December
 * 2026 for a British author of an English map, not the American December 2, 2026).
 */
export function printDate(lang: string, now = new Date()): string {
  const locale = browserLanguages().find((l) => l.split('-')[0]!.toLowerCase() === lang) ?? lang;
  return now.toLocaleDateString(locale, { year: 'numeric', month: 'long', day: 'numeric' });
}

/** What the sheets are, and what they leave out. `sheets` is null while the map's CSV file is read. */
function PrintHint({ sheets, csv, link }: { sheets: number | null; csv: CsvRead; link: LiveLink | null | undefined }) {
  const until = link?.until ? new Date(link.until).toLocaleDateString(UI_LOCALE, { dateStyle: 'long' }) : null;
  return (
    <p className="print-dialog__hint" aria-live="polite">
      {sheets === null
        ? 'Reading the locations of the map’s CSV file…'
        : sheets === 0
          ? 'Choose a floor to print.'
          : `${counted(sheets, 'floor')} as below. Drag or zoom a map to frame it: it prints as it is shown. To make a PDF, choose “Save as PDF” as the printer.`}
      {csv.state === 'read' && ` ${csvSentence(csv.count, csv.skipped)}`}
      {csv.state === 'failed' && ` The map’s CSV file ${csv.reason}: its locations are not printed.`}
      {link === null && ' Publish the map to print a QR code that opens it.'}
      {until && ` A test map is public until ${until}: its QR code opens nothing after that, unless the map goes live.`}
    </p>
  );
}

/** What the sheets took from the map's CSV file. */
function csvSentence(count: number, skipped: number): string {
  const left = skipped
    ? ` ${counted(skipped, 'row')} of it left out, as on the map (Settings › Live data › Test says why).`
    : '';
  return `${counted(count, 'location')} from the map’s CSV file ${count === 1 ? 'is' : 'are'} printed with the others, as the file reads now.${left}`;
}

/** The map's language and its texts, as its viewer picks them (null while a language's texts load). */
function useMapLanguage(doc: MapDocument): ViewerText | null {
  const setting = doc.settings.language;
  const [loaded, setLoaded] = useState<{ setting: string; text: ViewerText } | null>(null);
  const builtIn = useMemo(() => {
    const english = builtInLanguage(setting);
    return english && new ViewerText(english.lang, english.messages, doc.settings);
  }, [setting, doc.settings]);
  useEffect(() => {
    if (builtIn) return;
    let live = true;
    loadLanguage(setting).then(
      (l) => live && setLoaded({ setting, text: new ViewerText(l.lang, l.messages, doc.settings) }),
      // Its texts could not load (a chunk gone after a deploy): English, as the viewer does.
      () => live && setLoaded({ setting, text: ENGLISH }),
    );
    return () => {
      live = false;
    };
  }, [builtIn, setting, doc.settings]);
  return builtIn ?? (loaded?.setting === setting ? loaded.text : null);
}

/** The floors to print, as check boxes; none for a map of one floor. */
function FloorChoice({
  doc,
  floors,
  onChange,
}: {
  doc: MapDocument;
  floors: readonly string[];
  onChange: (floors: readonly string[]) => void;
}) {
  if (doc.layers.length < 2) return null;
  const chosen = new Set(floors);
  return (
    <fieldset className="print-dialog__floors">
      <legend>Floors</legend>
      {doc.layers.map((layer) => (
        <label key={layer.id} className="print-dialog__check">
          <input
            type="checkbox"
            checked={chosen.has(layer.id)}
            onChange={(e) =>
              onChange(
                doc.layers.map((l) => l.id).filter((id) => (id === layer.id ? e.target.checked : chosen.has(id))),
              )
            }
          />
          <span>{layer.name}</span>
        </label>
      ))}
    </fieldset>
  );
}

function Sheet({
  sheet,
  title,
  floorName,
  beside,
  listed: withList,
  orientation,
  paper,
  printed,
  qr,
}: {
  sheet: PrintSheet;
  title: string;
  floorName: string | null;
  beside: boolean;
  listed: boolean;
  orientation: Orientation;
  paper: Paper;
  printed: string;
  /** The live map's address, for a QR code in the footer. */
  qr: string | null;
}) {
  const heading = (
    <header className="print-sheet__head">
      <h3>{title}</h3>
      {floorName && <p>{floorName}</p>}
    </header>
  );
  const empty = withList && sheet.groups.length === 0;
  // A list that does not fit beside the map after all (long titles wrap) moves to pages of its own: nothing is cut
  // off. Measured once laid out (a resize observer's first report), for this sheet on this paper.
  const list = useRef<HTMLDivElement>(null);
  const [overflowed, setOverflowed] = useState<{ sheet: PrintSheet; orientation: Orientation; paper: Paper } | null>(
    null,
  );
  const overflows = overflowed?.sheet === sheet && overflowed.orientation === orientation && overflowed.paper === paper;
  const listed = beside && !overflows;
  useEffect(() => {
    const el = list.current;
    if (!el) return;
    const observer = new ResizeObserver(() => {
      if (el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1)
        setOverflowed({ sheet, orientation, paper });
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [sheet, orientation, paper, listed]);
  return (
    <>
      <section
        className={`print-sheet print-sheet--${orientation}${listed ? ' print-sheet--beside' : ''}`}
        aria-label={floorName ?? title}
      >
        {heading}
        <div className="print-sheet__map">
          <MapViewer
            document={sheet.doc}
            title={floorName ? `${title}, ${floorName}` : title}
            deepLinking={false}
            height="fill"
          />
        </div>
        {listed && <PrintList groups={sheet.groups} listRef={list} />}
        {empty && <p className="print-sheet__note print-dialog__screen">No listed locations on this floor.</p>}
        <SheetFoot printed={printed} qr={qr} />
      </section>
      {withList && !listed && !empty && (
        <section className="print-list-pages" aria-label={`${floorName ?? title}: list`}>
          {heading}
          <PrintList groups={sheet.groups} />
          {sheet.unnumbered > 0 && (
            <p className="print-sheet__note print-dialog__screen">
              The last {counted(sheet.unnumbered, 'location')} have no number: a marker holds up to 999.
            </p>
          )}
        </section>
      )}
    </>
  );
}

/** The date printed, and a QR code that opens the live map with its address (for a phone without a camera). */
function SheetFoot({ printed, qr }: { printed: string; qr: string | null }) {
  return (
    <footer className="print-sheet__foot">
      <span>{printed}</span>
      {qr && (
        <span className="print-sheet__link">
          <QrCode className="print-sheet__qr" text={qr} label={qr} />
          <span>{qr.replace(/^https?:\/\//, '')}</span>
        </span>
      )}
    </footer>
  );
}

function PrintList({ groups, listRef }: { groups: readonly PrintGroup[]; listRef?: React.Ref<HTMLDivElement> }) {
  return (
    <div className="print-list" ref={listRef}>
      {groups.map((group) => (
        <section key={group.id ?? ''} className="print-list__group">
          {/* A map without groups lists its locations under no heading, not under "Other". */}
          {(group.id !== null || groups.length > 1) && (
            <h4>
              {group.color && (
                <span className="print-list__swatch" style={{ background: group.color }} aria-hidden="true" />
              )}
              {group.name}
            </h4>
          )}
          <ol>
            {group.entries.map((e) => (
              <li key={e.id}>
                {e.n !== null && <span className="print-list__n">{e.n}</span>} {e.title}
              </li>
            ))}
          </ol>
        </section>
      ))}
    </div>
  );
}
