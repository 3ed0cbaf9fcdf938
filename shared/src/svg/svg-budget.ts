/**
 * The complexity budget of an uploaded SVG, checked by streaming over its text before anything builds a tree
 * (ADR 026). A 700 KB file of 100,000 nested groups took a sanitising process from 406 MB to 2.4 GB, and a 4.4 MB
 * file of 100,000 rectangles held it for seconds; real floor plans are far smaller. The browser runs this check
 * before asking for an upload (the author's message), the upload trigger again before sanitising (the rule).
 *
 * The scan counts exactly what the server's sanitiser would build: the same prolog removal (`stripSvgProlog`,
 * which the sanitiser uses too), then the tokenizing rules of htmlparser2 in XML mode (comments, CDATA,
 * declarations, processing instructions, quoted attribute values, self-closing tags, and a closing tag that
 * closes the nearest open element of its name or nothing). Only the names of open elements are kept, and only
 * up to the depth budget.
 */

/** What real floor plans never reach (measured figures in ADR 026). */
export const SVG_BUDGET = {
  /** Deepest nesting of elements (the root <svg> is depth 1). */
  depth: 64,
  /** Elements in the whole file. */
  elements: 20_000,
  /** Attributes in the whole file. */
  attributes: 200_000,
} as const;
export type SvgBudget = { readonly [K in keyof typeof SVG_BUDGET]: number };

/** How complex a file is: its deepest nesting, its elements and attributes. */
export interface SvgFigures {
  depth: number;
  elements: number;
  attributes: number;
}

/** Why a file is refused: which limit, what the file had, and a sentence for its author. */
export interface SvgRefusal {
  limit: keyof SvgFigures | 'doctype';
  found: number;
  allowed: number;
  message: string;
}

/** XML whitespace as htmlparser2 reads it: space, tab, newline, form feed, carriage return. */
const isWs = (c: number) => c === 0x20 || c === 0x0a || c === 0x09 || c === 0x0c || c === 0x0d;
/** htmlparser2's end of a tag name or attribute name: whitespace, '/' or '>'. */
const endsSection = (c: number) => c === 0x2f || c === 0x3e || isWs(c);
const GT = 0x3e;
const SLASH = 0x2f;
const BANG = 0x21;
const QUESTION = 0x3f;
const EQ = 0x3d;
const DQ = 0x22;
const SQ = 0x27;

/** The text after `stripSvgProlog`, with the internal subsets of the doctypes it removed. */
export interface StrippedSvg {
  body: string;
  subsets: string[];
  /** A `<!DOCTYPE` left in the body (no closing '>' the sanitiser's rule recognises). */
  unclosedDoctype: boolean;
}

/** Removes every processing instruction `<? … ?>`, as /<\?[\s\S]*?\?>/g does, in one pass. */
function withoutInstructions(text: string): string {
  const parts: string[] = [];
  let pos = 0;
  for (;;) {
    const start = text.indexOf('<?', pos);
    if (start < 0) break;
    const end = text.indexOf('?>', start + 2);
    if (end < 0) break; // no later '<?' has an end either
    parts.push(text.slice(pos, start));
    pos = end + 2;
  }
  parts.push(text.slice(pos));
  return parts.join('');
}

/** Where a doctype whose internal subset opens at `open` ends (its '>'), as `\[[\s\S]*?\]\s*>` finds it, or -1. */
function subsetEnd(text: string, open: number): number {
  for (let close = text.indexOf(']', open + 1); close >= 0; close = text.indexOf(']', close + 1)) {
    let at = close + 1;
    while (at < text.length && /\s/.test(text[at]!)) at++;
    if (text.charCodeAt(at) === GT) return at;
  }
  return -1;
}

/**
 * The sanitiser's prolog removal, in linear time: a leading byte-order mark, every processing instruction, and
 * every doctype as /<!DOCTYPE[^>[]*(\[[\s\S]*?\])?\s*>/gi matches it (a doctype's internal subset is removed whole
 * and never expanded). The regular expressions took quadratic time on a file of many unclosed `<?` or `<!DOCTYPE [`.
 */
export function stripSvgProlog(svg: string): StrippedSvg {
  const text = withoutInstructions(svg.replace(/^\uFEFF/, ''));
  const find = /<!DOCTYPE/gi;
  const parts: string[] = [];
  const subsets: string[] = [];
  let pos = 0;
  let unclosedDoctype = false;
  let noSubsetEndAfter = Infinity;
  for (let m = find.exec(text); m; m = find.exec(text)) {
    const start = m.index;
    if (start < pos) continue;
    let at = start + m[0].length;
    while (at < text.length && text.charCodeAt(at) !== GT && text[at] !== '[') at++;
    if (at >= text.length) {
      unclosedDoctype = true;
      break; // no later doctype has a '>' or '[' either
    }
    let end = at;
    if (text[at] === '[') {
      end = at > noSubsetEndAfter ? -1 : subsetEnd(text, at);
      if (end < 0) {
        noSubsetEndAfter = Math.min(noSubsetEndAfter, at);
        unclosedDoctype = true;
        find.lastIndex = start + 1;
        continue;
      }
      subsets.push(text.slice(at + 1, text.lastIndexOf(']', end)));
    }
    parts.push(text.slice(pos, start));
    pos = end + 1;
    find.lastIndex = pos;
  }
  parts.push(text.slice(pos));
  return { body: parts.join(''), subsets, unclosedDoctype };
}

/** Counts of a scan, and the stack of open element names (kept only up to `keep` deep). */
class Counter {
  readonly stack: string[] = [];
  depth = 0;
  /** Open elements beyond the kept stack (closing tags there are matched by count only). */
  beyond = 0;
  elements = 0;
  attributes = 0;
  constructor(private readonly keep: number) {}
  open(name: string): void {
    this.elements++;
    if (this.stack.length < this.keep && this.beyond === 0) this.stack.push(name);
    else this.beyond++;
    this.depth = Math.max(this.depth, this.stack.length + this.beyond);
  }
  /** A self-closing tag closes the element it just opened. */
  selfClose(): void {
    if (this.beyond > 0) this.beyond--;
    else this.stack.pop();
  }
  /** A closing tag closes the nearest open element of its name and those inside it, or nothing. */
  close(name: string): void {
    if (this.beyond > 0) {
      this.beyond--;
      return;
    }
    const at = this.stack.lastIndexOf(name);
    if (at >= 0) this.stack.length = at;
  }
}

/** Skips a `<!…` construct whose '!' is at `bang`; returns where scanning goes on. */
function skipDeclaration(s: string, bang: number): number {
  const after = (i: number, len: number) => (i < 0 ? s.length : i + len);
  const c = s.charCodeAt(bang + 1);
  if (c === 0x5b /* [ */) {
    const seq = 'CDATA[';
    let k = 0;
    while (k < seq.length && s[bang + 2 + k] === seq[k]) k++;
    if (k === seq.length) return after(s.indexOf(']]>', bang + 2 + k), 3);
    return after(s.indexOf('>', bang + 2 + k), 1);
  }
  if (c === 0x2d /* - */) {
    if (s.charCodeAt(bang + 2) === 0x2d) {
      const from = bang + 3;
      const a = s.indexOf('-->', from);
      const b = s.indexOf('--!>', from);
      if (a < 0 && b < 0) return s.length;
      return a >= 0 && (b < 0 || a <= b) ? a + 3 : b + 4;
    }
    return after(s.indexOf('>', bang + 3), 1);
  }
  return after(s.indexOf('>', bang + 2), 1);
}

/** Reads an opening tag's attributes from `at` (just after its name); returns where its '>' ends it. */
function readAttributes(s: string, at: number, count: Counter): { end: number; selfClosing: boolean } {
  let i = at;
  const n = s.length;
  let slash = false;
  while (i < n) {
    const c = s.charCodeAt(i);
    if (c === GT) return { end: i + 1, selfClosing: slash };
    if (isWs(c)) {
      i++;
      continue;
    }
    if (c === SLASH) {
      slash = true;
      i++;
      continue;
    }
    slash = false;
    // An attribute name: its first character whatever it is (even '=' or a quote), then up to '=', whitespace,
    // '/' or '>'.
    count.attributes++;
    i++;
    while (i < n && s.charCodeAt(i) !== EQ && !endsSection(s.charCodeAt(i))) i++;
    while (i < n && isWs(s.charCodeAt(i))) i++;
    if (s.charCodeAt(i) !== EQ) continue;
    i++;
    while (i < n && isWs(s.charCodeAt(i))) i++;
    const q = s.charCodeAt(i);
    if (q === DQ || q === SQ) {
      const close = s.indexOf(q === DQ ? '"' : "'", i + 1);
      i = close < 0 ? n : close + 1;
    } else {
      while (i < n && s.charCodeAt(i) !== GT && !isWs(s.charCodeAt(i))) i++;
    }
  }
  return { end: n, selfClosing: false };
}

/** Reads a closing tag whose '/' is at `slash`; returns where scanning goes on. */
function readClosingTag(s: string, slash: number, count: Counter): number {
  let i = slash + 1;
  while (i < s.length && isWs(s.charCodeAt(i))) i++;
  if (s.charCodeAt(i) === GT) return i + 1;
  if (s.charCodeAt(i) === SLASH) {
    const gt = s.indexOf('>', i);
    return gt < 0 ? s.length : gt + 1;
  }
  const start = i;
  while (i < s.length && !endsSection(s.charCodeAt(i))) i++;
  if (i >= s.length) return i;
  count.close(s.slice(start, i));
  const gt = s.indexOf('>', i);
  return gt < 0 ? s.length : gt + 1;
}

/**
 * The figures of an SVG's text as the sanitiser would parse it (after `stripSvgProlog`). Memory stays within the
 * names of `keep` open elements; past that depth, closing tags are counted without their names.
 */
export function measureSvgBody(body: string, keep: number = SVG_BUDGET.depth + 1): SvgFigures {
  const count = new Counter(keep);
  const n = body.length;
  let i = 0;
  while (i < n) {
    const lt = body.indexOf('<', i);
    if (lt < 0 || lt + 1 >= n) break;
    const c = body.charCodeAt(lt + 1);
    if (c === BANG) i = skipDeclaration(body, lt + 1);
    else if (c === QUESTION) {
      const end = body.indexOf('?>', lt + 2);
      i = end < 0 ? n : end + 2;
    } else if (c === SLASH) i = readClosingTag(body, lt + 1, count);
    else if (isWs(c) || c === GT) i = lt + 1;
    else {
      let j = lt + 1;
      while (j < n && !endsSection(body.charCodeAt(j))) j++;
      count.open(body.slice(lt + 1, j));
      const tag = readAttributes(body, j, count);
      if (tag.selfClosing) count.selfClose();
      i = tag.end;
    }
  }
  return { depth: count.depth, elements: count.elements, attributes: count.attributes };
}

const ENTITY = /<!ENTITY\s+(%\s+)?([^\s"'>]+)\s+(?:"([^"]*)"|'([^']*)'|(\S+))/gi;

/** Why a doctype's internal subset is refused: a parameter, external or nested entity (expansion), or null. */
function subsetProblem(subset: string): string | null {
  const declared = (subset.match(/<!ENTITY/gi) ?? []).length;
  let seen = 0;
  for (const m of subset.matchAll(ENTITY)) {
    seen++;
    if (m[1]) return `a parameter entity (%${m[2]})`;
    if (m[5] !== undefined) return `an external entity (${m[2]})`;
    if (/[&%]/.test(m[3] ?? m[4] ?? '')) return `an entity defined by other entities (${m[2]})`;
  }
  return seen === declared ? null : 'an entity declaration it cannot read';
}

const fmt = (n: number) => n.toLocaleString('en-US');

/**
 * Why an SVG's text is refused before it is parsed (too deep, too many elements or attributes, a doctype that
 * declares entities to expand), or null when it is within the budget.
 */
export function svgBudgetProblem(svg: string, budget: SvgBudget = SVG_BUDGET): SvgRefusal | null {
  const { body, subsets, unclosedDoctype } = stripSvgProlog(svg);
  const entity = subsets.map(subsetProblem).find((p) => p !== null);
  if (entity || unclosedDoctype) {
    const what = entity ? `its DOCTYPE declares ${entity}` : 'its DOCTYPE is not closed';
    return {
      limit: 'doctype',
      found: 1,
      allowed: 0,
      message: `This SVG cannot be used: ${what}, which floor plans never need. Export it again without a DOCTYPE.`,
    };
  }
  const figures = measureSvgBody(body, budget.depth + 1);
  const over: Array<[keyof SvgFigures, string]> = [
    ['depth', `its elements nest ${fmt(figures.depth)} deep (at most ${fmt(budget.depth)})`],
    ['elements', `it has ${fmt(figures.elements)} elements (at most ${fmt(budget.elements)})`],
    ['attributes', `it has ${fmt(figures.attributes)} attributes (at most ${fmt(budget.attributes)})`],
  ];
  const exceeded = over.filter(([k]) => figures[k] > budget[k]);
  if (exceeded.length === 0) return null;
  const [limit] = exceeded[0]!;
  return {
    limit,
    found: figures[limit],
    allowed: budget[limit],
    message: `This SVG is too complex for a floor plan: ${exceeded.map(([, text]) => text).join('; ')}. Simplify it (fewer groups and shapes) and upload it again.`,
  };
}
