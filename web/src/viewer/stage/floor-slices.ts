/**
 * Big SVG floors built in slices (ADR 035). A floor exported from a drawing program has thousands of elements;
 * sanitising, parsing, styling, laying out and painting all of them at once blocked a phone's main thread for
 * seconds. Here the file's text is first split along its element tree (a linear scan, itself in slices), then
 * sanitised and inserted a chunk of sibling subtrees at a time, each chunk in its own task, into the floor that
 * is already on screen: every chunk goes through the same sanitiser as a whole file would (`sanitizeSvg`, with the
 * chunk's ancestors' opening tags around it, so their attributes are sanitised too), and the browser styles, lays
 * out and paints only what each chunk added.
 *
 * The split follows the markup as the HTML parser reads an SVG: comments, CDATA, declarations and processing
 * instructions are skipped, `/>` closes an element, a closing tag closes the nearest open element of its name
 * (and any opened inside it) or nothing, and the HTML inside `foreignObject`, `title` and `desc` is kept whole. Where a malformed file would be read otherwise, only where its pieces end
 * up may differ; what is inserted is always sanitised.
 */
import { sanitizeSvg } from '../sanitize';

/** Below this size a floor is sanitised and inserted in one go (quick enough, and what small maps always did). */
export const SLICED_FLOOR_BYTES = 64 * 1024;
/** Elements per chunk: sanitising and inserting one costs a few tens of milliseconds on a slow phone. */
const CHUNK_ELEMENTS = 60;
/** Work per slice of the scan, in ms. */
const SCAN_SLICE_MS = 8;

interface SvgNode {
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

/** A task later: lets input, frames and other work run in between (MessageChannel: not clamped like a timeout). */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(0);
  });
}

function checkAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw signal.reason instanceof Error ? signal.reason : new Error('The floor load was aborted.');
}

/** An opening tag after its '<': name, attributes (quoted values may hold '>'), '>'. */
const OPEN_TAG = /([A-Za-z][^\s/>]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/y;

/** Elements whose content the parser reads as HTML (`/>` means nothing there): kept whole, never split. */
const OPAQUE: Record<string, RegExp> = {
  foreignobject: /<\/foreignObject\s*>/gi,
  title: /<\/title\s*>/gi,
  desc: /<\/desc\s*>/gi,
};

/** The element tree of an SVG's text (the first top-level <svg>), scanned in slices; null when it has none. */
export async function scanSvgTree(text: string, signal?: AbortSignal): Promise<SvgNode | null> {
  const n = text.length;
  const top: SvgNode = { name: '', start: 0, open: 0, close: n, end: n, count: 0, children: [] };
  const stack: SvgNode[] = [top];
  let i = 0;
  let steps = 0;
  let until = performance.now() + SCAN_SLICE_MS;
  const skipTo = (from: number, close: string) => {
    const at = text.indexOf(close, from);
    return at < 0 ? n : at + close.length;
  };
  while (i < n) {
    if ((++steps & 255) === 0 && performance.now() > until) {
      await nextTask();
      checkAborted(signal);
      until = performance.now() + SCAN_SLICE_MS;
    }
    const lt = text.indexOf('<', i);
    if (lt < 0) break;
    const c = text[lt + 1];
    if (c === '!') {
      if (text.startsWith('<!--', lt)) i = skipTo(lt + 4, '-->');
      else if (text.startsWith('<![CDATA[', lt)) i = skipTo(lt + 9, ']]>');
      else i = skipTo(lt + 2, '>');
    } else if (c === '?') i = skipTo(lt + 2, '?>');
    else if (c === '/') {
      i = skipTo(lt + 2, '>');
      const name = text
        .slice(lt + 2, i - 1)
        .trim()
        .toLowerCase();
      for (let k = stack.length - 1; k > 0; k--) {
        if (stack[k]!.name !== name) continue;
        for (let m = stack.length - 1; m > k; m--) stack[m]!.close = stack[m]!.end = lt;
        stack[k]!.close = lt;
        stack[k]!.end = i;
        stack.length = k;
        break;
      }
    } else {
      OPEN_TAG.lastIndex = lt + 1;
      const m = OPEN_TAG.exec(text);
      if (!m) {
        i = lt + 1;
        continue;
      }
      i = OPEN_TAG.lastIndex;
      const node: SvgNode = { name: m[1]!.toLowerCase(), start: lt, open: i, close: i, end: i, count: 1, children: [] };
      stack[stack.length - 1]!.children.push(node);
      for (const s of stack) s.count++;
      if (m[2]!.trimEnd().endsWith('/')) continue;
      const opaque = OPAQUE[node.name];
      if (!opaque) {
        stack.push(node);
        continue;
      }
      // HTML inside (an integration point): read whole, up to its own closing tag, as one piece.
      opaque.lastIndex = i;
      const close = opaque.exec(text);
      node.close = close ? close.index : n;
      node.end = i = close ? opaque.lastIndex : n;
    }
  }
  for (let k = stack.length - 1; k > 0; k--) stack[k]!.close = stack[k]!.end = n;
  return top.children.find((c) => c.name === 'svg') ?? null;
}

export interface SlicedSvg {
  /** The floor's <svg>, with its own attributes and no content yet. */
  svg: SVGSVGElement;
  /** Fills `svg` a chunk per task; resolves when the whole floor is in (rejects when the signal aborts). */
  build(): Promise<void>;
}

/**
 * Prepares a big SVG floor: its root element now, its content chunk by chunk when `build()` runs (the caller puts
 * the root on screen first, so that each chunk is styled and painted on its own). Null when the text has no <svg>.
 */
export async function sliceSvg(text: string, scope: string, signal?: AbortSignal): Promise<SlicedSvg | null> {
  const tree = await scanSvgTree(text, signal);
  checkAborted(signal);
  if (!tree) return null;
  const opening = (node: SvgNode) => text.slice(node.start, node.open);
  const svg = sanitizeSvg(`${opening(tree)}</svg>`, scope);
  if (!svg) return null;
  /** The open containers, the floor's root first: every chunk is parsed inside their opening tags. */
  const chain: SvgNode[] = [tree];
  /** Sanitises `inner` inside the chain's opening tags; answers the innermost one as sanitised, or null. */
  const parseInChain = (inner: string): Element | null => {
    const head = chain.map(opening).join('');
    const tail = chain
      .map((node) => `</${node.name}>`)
      .reverse()
      .join('');
    let el: Element | null = sanitizeSvg(head + inner + tail, scope);
    for (let k = 1; k < chain.length && el; k++) el = el.firstElementChild;
    return el;
  };
  const put = async (from: number, to: number, into: Element) => {
    const inner = text.slice(from, to);
    if (!/<[A-Za-z]/.test(inner)) return;
    const parsed = parseInChain(inner);
    if (parsed) into.append(...parsed.childNodes);
    await nextTask();
    checkAborted(signal);
  };
  const fill = async (node: SvgNode, into: Element): Promise<void> => {
    let runStart = node.open;
    let runCount = 0;
    for (const child of node.children) {
      if (child.count > CHUNK_ELEMENTS && child.children.length) {
        // Too big for one chunk: its element first (empty), then its children in chunks of their own.
        await put(runStart, child.start, into);
        runCount = 0;
        chain.push(child);
        const shell = parseInChain('');
        if (shell) {
          into.append(shell);
          await fill(child, shell);
        }
        chain.pop();
        runStart = child.end;
        continue;
      }
      if (runCount && runCount + child.count > CHUNK_ELEMENTS) {
        await put(runStart, child.start, into);
        runStart = child.start;
        runCount = 0;
      }
      runCount += child.count;
    }
    await put(runStart, node.close, into);
  };
  return { svg, build: () => fill(tree, svg) };
}
