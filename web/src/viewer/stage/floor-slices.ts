/**
 * Big SVG floors built in slices (ADR 035). A floor exported from a drawing program has thousands of elements;
 * sanitising, parsing, styling, laying out and painting all of them at once blocked a phone's main thread for
 * seconds. Here the file's text is first split along its element tree (a linear scan, itself in slices), then
 * sanitised and inserted a chunk of sibling subtrees at a time, in tasks of a few chunks (about 25 ms): every chunk goes through
 * the same sanitiser as a whole file would (`sanitizeSvg`, with the chunk's ancestors' opening tags around it, so
 * their attributes are sanitised too and the chunk is parsed in the same place), and the browser styles and lays out
 * only what each chunk added.
 *
 * The result must be exactly what sanitising the whole file gives. So the scan reads the markup as the HTML parser
 * reads an SVG in a page (its tokenizer's rules for tags, attributes and comments), and it only splits files whose
 * structure it can be sure of: a file with anything the parser would read otherwise than its tags say (an end tag
 * that does not close the innermost open element, an element left open, an HTML tag that ends the SVG, markup inside
 * `title`, `desc` or `foreignObject`, which the parser reads as HTML, an instruction or doctype left after the
 * sanitiser's own stripping, anything before the root but comments) is sanitised whole, as before. Drawing programs'
 * exports are well-formed XML and are split; what a hostile file gets is the whole-file sanitiser.
 */
import { nextTask } from '../dom';
import { sanitizeSvg, stripDeclarations } from '../sanitize';

/** Below this size a floor is sanitised and inserted in one go (quick enough, and what small maps always did). */
export const SLICED_FLOOR_BYTES = 64 * 1024;
/**
 * Elements per chunk, the unit of the split: sanitising and inserting one costs about 10 ms on a slow phone. Chunks
 * that follow each other in one container go through the sanitiser together, as many as the task has time for.
 */
const CHUNK_ELEMENTS = 40;
/** Chunks go in one after another in a task until it has run this long (ms): fewer frames, each task short. */
const TASK_MS = 25;
/** Work per slice of the scan, in ms. */
const SCAN_SLICE_MS = 8;
/**
 * Elements per part: a big floor is drawn as several sibling `<svg>`s of about this many elements, shown a frame apart,
 * because Chromium paints a drawing whole when it appears (10,000 elements: one frame of 220-430 ms at 4x; ADR 035).
 */
export const FLOOR_PART_ELEMENTS = 2000;
/** Marks the copy of an element a part continues (its attributes but its id, which stays unique). */
export const CONTINUED_ATTR = 'data-mn-continued';
/** Properties that draw a group as one picture: a group with one of them is never split across parts. */
const GROUP_EFFECTS = ['opacity', 'filter', 'mask', 'clip-path', 'mix-blend-mode', 'isolation'] as const;

export interface SvgNode {
  /** Its tag name, lower case. */
  name: string;
  /** Where its opening tag starts, and ends (after its '>'). */
  start: number;
  open: number;
  /** Where its closing tag starts, and ends; both `open` for an element closed by '/>'. */
  close: number;
  end: number;
  /** Elements in its subtree, itself included. */
  count: number;
  children: SvgNode[];
}

function checkAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw signal.reason instanceof Error ? signal.reason : new Error('The floor load was aborted.');
}

/** HTML start tags that end an SVG in a page (the parser leaves foreign content for them; `font` only with some attributes, taken as always here). */
const BREAKOUT = new Set(
  'b big blockquote body br center code dd div dl dt em embed font h1 h2 h3 h4 h5 h6 head hr i img li listing menu meta nobr ol p pre ruby s small span strong strike sub sup table tt u ul var'.split(
    ' ',
  ),
);
/** SVG elements whose content the parser reads as HTML: only plain text inside is split with confidence. */
const HTML_INSIDE = new Set(['foreignobject', 'title', 'desc']);
/** Elements whose children may be inserted apart (plain containers: no sanitiser rule reads their content whole). */
const SPLITTABLE = new Set(['svg', 'g', 'a', 'defs', 'symbol', 'switch', 'clippath', 'mask', 'pattern', 'marker']);

const isSpace = (c: number) => c === 32 || c === 9 || c === 10 || c === 12 || c === 13;
const isLetter = (c: number) => (c | 32) >= 97 && (c | 32) <= 122;

interface Tag {
  name: string;
  selfClosing: boolean;
  /** After its '>'. */
  end: number;
}

/**
 * Reads a tag whose name starts at `at` as the HTML tokenizer does (attribute names and values, quoted or not; `/`
 * closes only right before `>`); null when the text ends inside it (the tokenizer drops such a tag).
 */
export function readTag(text: string, at: number): Tag | null {
  const n = text.length;
  let i = at;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (isSpace(c) || c === 47 || c === 62) break;
    i++;
  }
  const name = text.slice(at, i).toLowerCase();
  for (;;) {
    while (i < n && isSpace(text.charCodeAt(i))) i++;
    if (i >= n) return null;
    let c = text.charCodeAt(i);
    if (c === 62) return { name, selfClosing: false, end: i + 1 };
    if (c === 47) {
      if (++i >= n) return null;
      if (text.charCodeAt(i) === 62) return { name, selfClosing: true, end: i + 1 };
      continue;
    }
    // An attribute's name (its first character may be '='), then maybe '=' and a value.
    i++;
    while (i < n) {
      c = text.charCodeAt(i);
      if (isSpace(c) || c === 47 || c === 62 || c === 61) break;
      i++;
    }
    while (i < n && isSpace(text.charCodeAt(i))) i++;
    if (i >= n) return null;
    if (text.charCodeAt(i) !== 61) continue;
    i++;
    while (i < n && isSpace(text.charCodeAt(i))) i++;
    if (i >= n) return null;
    c = text.charCodeAt(i);
    if (c === 34 || c === 39) {
      const close = text.indexOf(c === 34 ? '"' : "'", i + 1);
      if (close < 0) return null;
      i = close + 1;
    } else if (c === 62) return { name, selfClosing: false, end: i + 1 };
    else
      while (i < n) {
        c = text.charCodeAt(i);
        if (isSpace(c) || c === 62) break;
        i++;
      }
  }
}

/** Where a comment starting at `lt` ('<!--') ends, by the HTML tokenizer's rules ('<!-->', '<!--->', '--!>'); -1: never. */
function commentEnd(text: string, lt: number): number {
  const p = lt + 4;
  if (text.startsWith('>', p)) return p + 1;
  if (text.startsWith('->', p)) return p + 2;
  for (let j = p; ; j++) {
    j = text.indexOf('--', j);
    if (j < 0) return -1;
    if (text.startsWith('>', j + 2)) return j + 3;
    if (text.startsWith('!>', j + 2)) return j + 4;
  }
}

/**
 * The element tree of an SVG file's text (declarations already stripped), scanned in slices; null when its root is not
 * an <svg> first of all, or when anything in it could be read otherwise by the parser (then it is sanitised whole).
 */
export async function scanSvgTree(text: string, signal?: AbortSignal): Promise<SvgNode | null> {
  const n = text.length;
  const stack: SvgNode[] = [];
  let root: SvgNode | null = null;
  let i = 0;
  let steps = 0;
  let until = performance.now() + SCAN_SLICE_MS;
  while (i < n) {
    if ((++steps & 255) === 0 && performance.now() > until) {
      await nextTask();
      checkAborted(signal);
      until = performance.now() + SCAN_SLICE_MS;
    }
    const lt = text.indexOf('<', i);
    if (lt < 0) break;
    const c = text.charCodeAt(lt + 1);
    if (c === 33 /* ! */) {
      if (text.startsWith('<!--', lt)) {
        i = commentEnd(text, lt);
        if (i < 0) return null;
      } else if (root && text.startsWith('<![CDATA[', lt)) {
        const close = text.indexOf(']]>', lt + 9);
        if (close < 0) return null;
        i = close + 3;
      } else return null;
    } else if (c === 47 /* / */) {
      if (!isLetter(text.charCodeAt(lt + 2))) return null;
      const tag = readTag(text, lt + 2);
      const node = stack.pop();
      if (!tag || !node || tag.name !== node.name) return null;
      node.close = lt;
      node.end = i = tag.end;
      if (!stack.length) return root;
    } else if (isLetter(c)) {
      const tag = readTag(text, lt + 1);
      if (!tag || BREAKOUT.has(tag.name) || (!root && tag.name !== 'svg')) return null;
      i = tag.end;
      const node: SvgNode = { name: tag.name, start: lt, open: i, close: i, end: i, count: 1, children: [] };
      stack.at(-1)?.children.push(node);
      for (const s of stack) s.count++;
      root ??= node;
      if (tag.selfClosing) {
        if (node === root) return root;
        continue;
      }
      if (!HTML_INSIDE.has(tag.name)) {
        stack.push(node);
        continue;
      }
      // Read as HTML inside: split only when it holds nothing but text, up to its own end tag.
      const close = text.indexOf('<', i);
      if (close < 0 || text.charCodeAt(close + 1) !== 47 || !isLetter(text.charCodeAt(close + 2))) return null;
      const end = readTag(text, close + 2);
      if (end?.name !== tag.name) return null;
      node.close = close;
      node.end = i = end.end;
    } else if (c === 63 /* ? */) return null;
    else i = lt + 1;
  }
  return null;
}

export interface SlicedSvg {
  /** The floor's <svg>, with its own attributes and no content yet. */
  svg: SVGSVGElement;
  /**
   * Fills `svg` in chunks, a few per task; resolves when the whole floor is in (rejects when the signal aborts). Past
   * about FLOOR_PART_ELEMENTS elements the drawing goes on in a new part: a copy of `svg` (without its id) holding
   * copies of the groups the drawing is in, handed to `onPart` before anything goes in (to be put after the last).
   */
  build(onPart?: (part: SVGSVGElement) => void): Promise<void>;
  /** `svg` and the parts the build added, in drawing order. */
  readonly parts: readonly SVGSVGElement[];
  /** How many chunks `build()` inserts. */
  chunks: number;
  /** How many calls to the sanitiser `build()` has made so far (consecutive chunks go through it together). */
  readonly calls: number;
}

/** A run of a container's content inserted as one piece: [from, to) of the text, or a child container split apart. */
type Piece = { from: number; to: number; count: number } | { node: SvgNode; pieces: Piece[] };

/** Cuts a container's content into runs of sibling subtrees of about CHUNK_ELEMENTS elements. */
function cut(node: SvgNode): Piece[] {
  const pieces: Piece[] = [];
  let runStart = node.open;
  let runCount = 0;
  for (const child of node.children) {
    if (child.count > CHUNK_ELEMENTS && child.children.length && SPLITTABLE.has(child.name)) {
      if (child.start > runStart) pieces.push({ from: runStart, to: child.start, count: runCount });
      pieces.push({ node: child, pieces: cut(child) });
      runStart = child.end;
      runCount = 0;
      continue;
    }
    if (runCount && runCount + child.count > CHUNK_ELEMENTS) {
      pieces.push({ from: runStart, to: child.start, count: runCount });
      runStart = child.start;
      runCount = 0;
    }
    runCount += child.count;
  }
  if (node.close > runStart) pieces.push({ from: runStart, to: node.close, count: runCount });
  return pieces;
}

const countChunks = (pieces: Piece[]): number =>
  pieces.reduce((s, p) => s + ('node' in p ? 1 + countChunks(p.pieces) : 1), 0);

/** How a big floor is drawn in parts (`sliceSvg`). */
export interface FloorParts {
  /** Elements per part (default FLOOR_PART_ELEMENTS; Infinity: one part). */
  elements?: number;
  /** Ids of elements that must stay whole (the floor's regions: a region is one element). */
  keepWhole?: ReadonlySet<string>;
}

/**
 * True when a part may end inside `el`: the floor's root or a plain group, not a region, neither drawn as one picture
 * (a copy would draw its share apart, and `opacity` or a filter applied twice where shares overlap is another picture).
 */
function splittable(el: Element, keepWhole: ReadonlySet<string> | undefined): boolean {
  if (!['g', 'svg'].includes(el.localName) || (el.id && keepWhole?.has(el.id))) return false;
  if (GROUP_EFFECTS.some((p) => el.hasAttribute(p))) return false;
  const style = getComputedStyle(el);
  return GROUP_EFFECTS.every((p) => {
    const value = style.getPropertyValue(p);
    return !value || value === 'none' || value === 'normal' || value === 'auto' || (p === 'opacity' && value === '1');
  });
}

/** Sanitises pieces of `text` inside the opening tags of `chain` (the open containers), counting the sanitiser's calls. */
function chainParser(text: string, scope: string, chain: readonly SvgNode[]) {
  let calls = 0;
  return {
    get calls() {
      return calls;
    },
    /** `inner` sanitised inside the chain's opening tags: the innermost one as sanitised, or null. */
    parse(inner: string): Element | null {
      const head = chain.map((node) => text.slice(node.start, node.open)).join('');
      const tail = chain
        .map((node) => `</${node.name}>`)
        .reverse()
        .join('');
      calls++;
      // DOMPurify removes an element with no element child whose text reads as markup (its mXSS check): a run of only
      // text, comments or CDATA between a container's split children would take the container with it, where the
      // whole file keeps that text. An empty group goes first so the container has a child, and is taken out again.
      let el: Element | null = sanitizeSvg(`${head}<g></g>${inner}${tail}`, scope);
      for (let k = 1; k < chain.length && el; k++) el = el.firstElementChild;
      el?.firstChild?.remove();
      return el;
    },
  };
}

/** Where a sliced floor's drawing goes: the current part, and in it the elements the drawing is in. */
class PartWriter {
  readonly parts: SVGSVGElement[];
  /** The current part and, inside it, the elements open in the chain (their copies in a part started inside them). */
  readonly #into: Element[];
  readonly #options: FloorParts;
  onPart?: (part: SVGSVGElement) => void;
  #inPart = 0;
  /** Elements still to come: a quarter of a part or less goes into the last one rather than a part of its own. */
  #left: number;
  /** Whether a part may end inside each element the drawing has been in (their styles do not change meanwhile). */
  readonly #verdicts = new WeakMap<Element, boolean>();

  constructor(svg: SVGSVGElement, elements: number, options: FloorParts) {
    this.parts = [svg];
    this.#into = [svg];
    this.#options = options;
    this.#left = elements;
  }

  get #size(): number {
    return this.#options.elements ?? FLOOR_PART_ELEMENTS;
  }

  /** Elements the current part has room for. */
  room(): number {
    return this.#left <= this.#size / 4 ? Infinity : this.#size - this.#inPart;
  }

  append(nodes: Node[], elements: number): void {
    this.#into.at(-1)!.append(...nodes);
    this.#inPart += elements;
    this.#left -= elements;
  }

  /** Puts in a container whose content follows (until `close`). */
  open(shell: Element): void {
    this.append([shell], 1);
    this.#into.push(shell);
  }

  close(): void {
    this.#into.pop();
  }

  #mayEndIn = (el: Element): boolean => {
    let verdict = this.#verdicts.get(el);
    if (verdict === undefined) this.#verdicts.set(el, (verdict = splittable(el, this.#options.keepWhole)));
    return verdict;
  };

  /** Goes on in a new part once this one is full, when `next` draws something and every element open may be split. */
  nextPartIfFull(next: Piece): void {
    if (this.room() > 0 || !('node' in next || next.count) || !this.#into.every(this.#mayEndIn)) return;
    const copies = this.#into.map((el) => {
      const copy = el.cloneNode(false) as Element;
      copy.removeAttribute('id');
      copy.setAttribute(CONTINUED_ATTR, '');
      return copy;
    });
    for (let d = 1; d < copies.length; d++) copies[d - 1]!.append(copies[d]!);
    const part = copies[0] as SVGSVGElement;
    part.removeAttribute(CONTINUED_ATTR);
    this.#into.splice(0, this.#into.length, ...copies);
    this.parts.push(part);
    this.#inPart = 0;
    this.onPart?.(part);
  }
}

/**
 * Prepares a big SVG floor: its root element now, its content chunk by chunk when `build()` runs. Null when the text
 * is not one the scan splits with confidence (see above): the caller then sanitises it whole.
 */
export async function sliceSvg(
  svgText: string,
  scope: string,
  signal?: AbortSignal,
  partsOf: FloorParts = {},
): Promise<SlicedSvg | null> {
  const text = stripDeclarations(svgText);
  // What the sanitiser would strip again from a piece (its stripping is one pass over the whole file) is not split.
  if (/<\?|<!doctype/i.test(text)) return null;
  const tree = await scanSvgTree(text, signal);
  checkAborted(signal);
  if (tree?.name !== 'svg') return null;
  // The root's sanitising (the sanitiser's first use in the page: its set-up) and the cut into pieces each get a task
  // of their own: together with the scan's last slice and the first chunk they made one of 100-250 ms at 4x.
  await nextTask();
  checkAborted(signal);
  const opening = (node: SvgNode) => text.slice(node.start, node.open);
  const svg = sanitizeSvg(`${opening(tree)}</svg>`, scope);
  if (!svg) return null;
  await nextTask();
  checkAborted(signal);
  /** The open containers, the floor's root first: every chunk is parsed inside their opening tags. */
  const chain: SvgNode[] = [tree];
  const parser = chainParser(text, scope, chain);
  const parseInChain = parser.parse;
  let taskStart = performance.now();
  /** Time per element sanitised and inserted, measured as the floor goes in (ms); null until the first chunk. */
  let msPerElement: number | null = null;
  const out = new PartWriter(svg, tree.count - 1, partsOf);
  const fill = async (pieces: Piece[]): Promise<void> => {
    for (let k = 0; k < pieces.length;) {
      const piece = pieces[k]!;
      out.nextPartIfFull(piece);
      if ('node' in piece) {
        // A container too big for one chunk: its element first (empty, its attributes sanitised), then its content.
        chain.push(piece.node);
        const shell = parseInChain('');
        if (shell) {
          out.open(shell);
          await fill(piece.pieces);
          out.close();
        }
        chain.pop();
        k++;
        continue;
      }
      // Consecutive chunks of one container are one run of its text: as many as fit in what is left of the task (at
      // the pace measured so far) and of the part go through the sanitiser in one call, each parsing a document.
      const started = performance.now();
      const room = Math.min(msPerElement === null ? 0 : (TASK_MS - (started - taskStart)) / msPerElement, out.room());
      let last = k;
      let count = piece.count;
      for (let next = pieces[k + 1]; next && !('node' in next) && count + next.count <= room; next = pieces[last + 1]) {
        count += next.count;
        last++;
      }
      const parsed = parseInChain(text.slice(piece.from, (pieces[last] as { to: number }).to));
      if (parsed) out.append(Array.from(parsed.childNodes), count);
      const now = performance.now();
      // Quick to rise, slow to fall: one fast call (a collection just before, say) must not size the next too big.
      const pace = (now - started) / Math.max(1, count);
      msPerElement = msPerElement === null ? pace : Math.max(pace, (msPerElement + pace) / 2);
      k = last + 1;
      if (now - taskStart > TASK_MS) {
        await nextTask();
        checkAborted(signal);
        taskStart = performance.now();
      }
    }
  };
  const pieces = cut(tree);
  const build = (whenPart?: (part: SVGSVGElement) => void) => {
    out.onPart = whenPart;
    taskStart = performance.now();
    return fill(pieces);
  };
  return {
    svg,
    build,
    parts: out.parts,
    chunks: countChunks(pieces),
    get calls() {
      return parser.calls;
    },
  };
}

/**
 * A floor's SVG text sanitised: a big one that the scan can split comes back empty with `build` to fill it in slices,
 * any other whole. Null when the text has no SVG.
 */
export async function sanitizeFloor(
  text: string,
  scope: string,
  signal?: AbortSignal,
  partsOf?: FloorParts,
): Promise<{ svg: SVGSVGElement; build?: SlicedSvg['build'] } | null> {
  const sliced = text.length >= SLICED_FLOOR_BYTES ? await sliceSvg(text, scope, signal, partsOf) : null;
  if (sliced) return sliced;
  const svg = sanitizeSvg(text, scope);
  return svg && { svg };
}
