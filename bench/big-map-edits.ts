/**
 * `npx tsx bench/big-map-edits.ts [--locations 4000] [--repeats 7]`: what a trade fair's big map (4,000 exhibitors,
 * 3 floors, 25 halls) costs the editor where an author waits on it, in Node, each against a reference measured in
 * the same run:
 * - folding every location's search text when the location list is searched, against the same texts folded code
 *   point by code point (how the fold was done before) and against `toLowerCase` (the floor of any fold);
 * - undoing a bulk edit of 598 locations after another tab's change came in (the three-way rebase, ADR 033, with its
 *   whole-document check), against one strict check of the document, and how many locations the undo hands back as
 *   the same objects (those the editor need not draw or index again).
 * The figures are medians of `repeats`, the modes interleaved so that other work on the machine weighs on each alike.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Window } from 'happy-dom';
import { enableCompiledParser } from '@mapnest/shared/compiled-parser';
import { strictMapDocument, type Location, type MapDocument } from '@mapnest/shared/map-document';
import { bulkUpdateLocations } from '../web/src/features/editor/actions/locations';
import { createEditorStore } from '../web/src/features/editor/store';
import { foldText, foldWithMap, htmlToText } from '../web/src/map-core/text-search';
import { tradeFairDocument } from './lib/data';
import { median } from './lib/measure';

// As the editor's pages do (web/src/features/editor/load-map.ts): large documents read by zod's compiled parser.
enableCompiledParser();

/**
 * The descriptions' character references are read by a page's HTML parser (htmlToText), which Node has not: happy-dom's
 * stands in. It runs while the search texts are made, before and outside what is timed.
 */
function withPageParser<T>(fn: () => T): T {
  const had = Object.getOwnPropertyDescriptor(globalThis, 'document');
  Object.defineProperty(globalThis, 'document', { value: new Window().document, configurable: true });
  try {
    return fn();
  } finally {
    if (had) Object.defineProperty(globalThis, 'document', had);
    else delete (globalThis as { document?: unknown }).document;
  }
}

function timed(fn: () => void): number {
  const start = performance.now();
  fn();
  return performance.now() - start;
}

/** What the list's search reads of a location (LocationsPanel's searchText), before folding. */
function searchSource(l: Location, groups: ReadonlyMap<string, string>): string {
  const texts = [l.id, l.title, l.about, l.desc && htmlToText(l.desc), ...(l.groups ?? []).map((g) => groups.get(g))];
  return [...texts, ...Object.values(l.fields ?? {})].filter(Boolean).join('\n');
}

/** Folding all search texts: foldText, the code-point-by-code-point fold, and toLowerCase; medians in ms. */
function foldFigures(doc: MapDocument, repeats: number) {
  const groups = new Map(doc.groups.map((g) => [g.id, g.name]));
  const sources = withPageParser(() => doc.locations.map((l) => searchSource(l, groups)));
  // Each mode flattens what it made (the search's first `includes` would), and fresh copies of the sources are folded.
  const fold = (f: (s: string) => string) => () => {
    for (const s of sources) f(` ${s}`.slice(1)).includes('\u0000');
  };
  const got = { fold: [] as number[], perCodePoint: [] as number[], lower: [] as number[] };
  for (let r = 0; r < repeats; r++) {
    got.fold.push(timed(fold(foldText)));
    got.perCodePoint.push(timed(fold((s) => foldWithMap(s).folded)));
    got.lower.push(timed(fold((s) => s.toLowerCase())));
  }
  return { fold: median(got.fold), perCodePoint: median(got.perCodePoint), lower: median(got.lower) };
}

/** One undo of a 598-location bulk edit after another tab's change came in, on a fresh store. */
function undoOverRemote(doc: MapDocument): { ms: number; shared: number } {
  const store = createEditorStore(doc);
  const ids = doc.locations.filter((_, i) => i % 7 === 0).map((l) => l.id);
  store.dispatch(bulkUpdateLocations, { ids: ids.slice(0, 598), patch: { addGroups: ['hall-3'] } });
  // Another tab renamed one location: what a save's merge brings in, as the server's JSON (nothing shared).
  const remote = structuredClone(store.getState().doc);
  remote.locations[3]!.title = 'Renamed elsewhere';
  store.applyRemote(remote);
  const ms = timed(() => void store.undo());
  const shared = store.getState().doc.locations.filter((l, i) => l === remote.locations[i]).length;
  return { ms, shared };
}

function undoFigures(doc: MapDocument, repeats: number) {
  const undo: number[] = [];
  const check: number[] = [];
  let shared = 0;
  for (let r = 0; r < repeats; r++) {
    const got = undoOverRemote(doc);
    undo.push(got.ms);
    shared = got.shared;
    check.push(timed(() => void strictMapDocument.parse(doc)));
  }
  return { undo: median(undo), check: median(check), shared };
}

/** The table printed alone and by `npm run bench`. */
export function bigMapTable(locations: number, repeats: number): string {
  const doc = tradeFairDocument(locations);
  const f = foldFigures(doc, repeats);
  const u = undoFigures(doc, repeats);
  const ms = (n: number) => `${n.toFixed(1)} ms`;
  const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}×`;
  return [
    `A trade fair of ${locations} locations (Node, medians of ${repeats})`,
    `fold the list's search texts: ${ms(f.fold)}; ÷ code point by code point (${ms(f.perCodePoint)}) ` +
      `${ratio(f.fold, f.perCodePoint)}, ÷ toLowerCase (${ms(f.lower)}) ${ratio(f.fold, f.lower)}`,
    `undo a 598-location bulk edit over another tab's change: ${ms(u.undo)}; ÷ one strict check of the document ` +
      `(${ms(u.check)}) ${ratio(u.undo, u.check)}; locations handed back as the same objects: ` +
      `${u.shared} of ${locations}`,
  ].join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const arg = (name: string, fallback: number) => {
    const at = process.argv.indexOf(name);
    return at > 0 ? Number(process.argv[at + 1]) : fallback;
  };
  console.log(bigMapTable(arg('--locations', 4000), arg('--repeats', 7)));
}
