// @vitest-environment jsdom
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { sanitizeSvg } from '../sanitize';
import {
  CONTINUED_ATTR,
  FLOOR_PART_ELEMENTS,
  SLICED_FLOOR_BYTES,
  readTag,
  sanitizeFloor,
  scanSvgTree,
  sliceSvg,
  type FloorParts,
} from './floor-slices';
import { FORBIDDEN_OUTPUT, SVG_VECTORS } from '../xss-corpus.fixtures';
import { countTasks } from '../task-counter.fixtures';

const SCOPE = '[data-mn-scope="t"]';

/** A floor of nested groups of small pieces, big enough to be split (groups of more than one chunk). */
function floor(parts: string[]): string {
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<!-- Generator: Adobe Illustrator 27.5.0 -->',
    '<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd" [<!ENTITY ns_flows "http://ns.adobe.com/Flows/1.0/">]>',
    '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 100 100" id="Layer_1">',
    '<style>.st0{fill:#eee}</style>',
    ...parts,
    '</svg>',
  ].join('\n');
}

const attributesOf = (el: Element, but: string) =>
  Object.fromEntries(
    Array.from(el.attributes)
      .filter((a) => a.name !== but)
      .map((a) => [a.name, a.value]),
  );

/**
 * A floor drawn in parts put back into one drawing: each part's first elements continue the elements open where the
 * part before ended (the last ones there), so their content goes back into those. Checks on the way that a part and
 * each copy it starts with carry their original's attributes, all but its id.
 */
function joined(parts: readonly SVGSVGElement[]): string {
  const [first, ...rest] = parts.map((p) => p.cloneNode(true) as SVGSVGElement);
  const putBack = (into: Element, from: Element) => {
    const nodes = Array.from(from.childNodes);
    const head = nodes[0];
    if (head instanceof Element && head.hasAttribute(CONTINUED_ATTR)) {
      const original = into.lastElementChild!;
      expect(head.localName).toBe(original.localName);
      expect(attributesOf(head, CONTINUED_ATTR)).toEqual(attributesOf(original, 'id'));
      putBack(original, head);
      nodes.shift();
    }
    into.append(...nodes);
  };
  for (const part of rest) {
    expect(attributesOf(part, 'id')).toEqual(attributesOf(first!, 'id'));
    putBack(first!, part);
  }
  return first!.outerHTML;
}

/** The floor built in slices (its parts joined), or null when the scan leaves it to the whole-file sanitiser. */
async function sliced(text: string, parts?: FloorParts): Promise<string | null> {
  const s = await sliceSvg(text, SCOPE, undefined, parts);
  if (!s) return null;
  await s.build();
  return joined(s.parts);
}

const whole = (text: string) => sanitizeSvg(text, SCOPE)!.outerHTML;

const piece = fc.oneof(
  fc.constant('<path class="st0" d="M1,1h2v2z"/>'),
  fc.constant('<rect x="1" y="1" width="2" height="2"></rect>'),
  fc.constant('<text transform="matrix(1 0 0 1 5 5)"><tspan x="0" y="0">Unit &amp; 1</tspan></text>'),
  fc.constant('<!-- a comment with <g> inside -->'),
  fc.constant('<circle cx="1" cy="1" r="1" title="a > b"/>'),
  fc.constant('<g id="room-1"><path d="M0,0h1"/></g>'),
  fc.constant('<rect width="9" height="9" onclick="window.__mnXss(3)"/>'),
  fc.constant('<title>Room &lt;1&gt;</title>'),
);

/** Random nesting: groups (some with transforms, some not allowed) of pieces, up to several hundred elements. */
const tree = (pieces: fc.Arbitrary<string>, opens: string[]): fc.Arbitrary<string> =>
  fc.letrec<{ node: string }>((tie) => ({
    node: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      pieces,
      fc
        .tuple(fc.constantFrom(...opens), fc.array(tie('node'), { maxLength: 30 }))
        .map(([open, kids]) => `${open}${kids.join('\n')}</${open.slice(1).split(/[ >]/)[0]}>`),
    ),
  })).node;

const GROUPS = ['<g>', '<g transform="translate(1 2)">', '<g clip-path="url(#c)">', '<a>', '<defs>', '<text>'];

describe('readTag', () => {
  it('reads attributes as the HTML tokenizer does: quoted values may hold > and /, an unquoted value takes a slash', () => {
    expect(readTag('<path d="M0 0/>1" />x', 1)).toEqual({ name: 'path', selfClosing: true, end: 20 });
    expect(readTag('<path d=M0/>x', 1)).toEqual({ name: 'path', selfClosing: false, end: 12 });
    expect(readTag('<G a=\'>\'b="c"/ >', 1)).toEqual({ name: 'g', selfClosing: false, end: 16 });
    expect(readTag('<rect width="2', 1)).toBeNull();
  });
});

describe('scanSvgTree', () => {
  it('reads the element tree of a well-formed SVG: comments and CDATA skipped, `/>` closes', async () => {
    const text =
      '<!-- <g> --><svg><!--> <g/> --><g id="a"><![CDATA[<rect/>]]><path d="M0 0"/><rect></rect></g><text a=">">x</text></svg><p>after</p>';
    const svg = (await scanSvgTree(text))!;
    expect(svg.count).toBe(6);
    expect(svg.children.map((c) => c.name)).toEqual(['g', 'g', 'text']);
    const g = svg.children[1]!;
    expect(g.children.map((c) => c.name)).toEqual(['path', 'rect']);
    expect(text.slice(g.start, g.end)).toBe('<g id="a"><![CDATA[<rect/>]]><path d="M0 0"/><rect></rect></g>');
  });

  it('gives up wherever the parser could read the markup otherwise than its tags say', async () => {
    const cases = [
      '<svg><g><rect></g></svg>', // an element left open
      '<svg><g></rect></g></svg>', // an end tag that closes nothing
      '<svg><g><p>x</p></g></svg>', // an HTML tag ends the SVG
      '<svg><title><b>x</b></title></svg>', // HTML inside a title
      '<svg><foreignObject><path/></foreignObject><g/></svg>', // HTML inside: its `/>` means nothing
      '<svg><g><!x></g></svg>', // a bogus comment
      '<svg><g>', // unclosed at the end
      '<html><svg></svg></html>', // not an SVG file
      '<p></p><svg></svg>',
    ];
    for (const text of cases) expect(await scanSvgTree(text), text).toBeNull();
    expect(await scanSvgTree('<svg><title>Room &lt;1&gt;</title><desc>d</desc></svg>')).not.toBeNull();
  });
});

describe('sliceSvg', () => {
  it('builds the same floor, chunk by chunk, as sanitising the whole file at once', { timeout: 120_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(tree(piece, [...GROUPS, '<foreignObject>']), { minLength: 1, maxLength: 8 }),
        async (parts) => {
          const text = floor(parts);
          const out = await sliced(text);
          // Only HTML inside a foreignObject makes the scan leave the file to the whole-file sanitiser.
          if (!text.includes('<foreignObject>')) expect(out).not.toBeNull();
          if (out !== null) expect(out).toBe(whole(text));
          // Drawn in parts of a few dozen elements, it is the same drawing put back together.
          if (out !== null) expect(await sliced(text, { elements: 30 })).toBe(out);
        },
      ),
      { numRuns: 8 },
    );
  });

  it('keeps the text of a run that holds no element, as the whole file does (DOMPurify drops such a run’s container)', async () => {
    // The last run of the floor's root is a comment and a CDATA section, read as the text "<g>": alone in the root,
    // it once made the sanitiser drop that chunk's root, and the text with it (fast-check found it).
    const group = `<g>${'<path d="M0,0h1"/>\n'.repeat(100)}</g>`;
    for (const tail of [
      ['<!-- a comment with <g> inside -->', '<![CDATA[<g>]]>'],
      ['<![CDATA[<g>]]>'],
      ['x &lt;g&gt;'],
    ]) {
      const text = floor([group, ...tail]);
      const out = await sliced(text, { elements: 40 });
      expect(out, tail.join('')).toBe(whole(text));
      expect(out).toContain('&lt;g&gt;');
    }
    // A container's own first element, an empty group, is kept.
    const empty = floor([`<g id="a"><g></g>${'<path d="M0,0h1"/>'.repeat(100)}</g>`]);
    expect(await sliced(empty)).toBe(whole(empty));
  });

  it(
    'never inserts anything forbidden, and what it splits equals the whole file sanitised, however hostile the markup',
    { timeout: 120_000 },
    async () => {
      const junk = fc.constantFrom(
        '</g>',
        '<g>',
        '<!-->',
        '<!--->',
        '--!>',
        '<p>',
        '</p>',
        '<title><g></title>',
        '<path d=M0/>',
        `<rect a="x"b='y'/ >`,
        '<![CDATA[<g>]]>',
        '</ g>',
        '<svg>',
        '<?x <g> ?>',
        '<style>.a{fill:red}</style>',
        '<g title="</g>">',
      );
      // Mostly benign, so that many of the files are still split.
      const hostile = fc.oneof(
        { arbitrary: piece, weight: 30 },
        { arbitrary: junk, weight: 1 },
        { arbitrary: fc.constantFrom(...SVG_VECTORS), weight: 2 },
      );
      await fc.assert(
        fc.asyncProperty(fc.array(tree(hostile, GROUPS), { minLength: 1, maxLength: 8 }), async (parts) => {
          const text = floor(parts);
          const out = await sliced(text, { elements: 40 });
          for (const pattern of FORBIDDEN_OUTPUT) expect(out ?? '', `matches ${pattern}`).not.toMatch(pattern);
          if (out !== null) expect(out).toBe(whole(text));
        }),
        { numRuns: 50 },
      );
    },
  );

  it('splits a floor of thousands of elements into many chunks, the XSS corpus in it sanitised in every chunk', async () => {
    // The vectors the scan splits (the others end the SVG for the parser, or hold HTML: such a file is sanitised whole).
    const splittable: string[] = [];
    for (const v of SVG_VECTORS) if (await sliceSvg(floor([v]), SCOPE)) splittable.push(v);
    expect(splittable.length).toBeGreaterThan(SVG_VECTORS.length / 2);
    const rooms = Array.from(
      { length: 40 },
      (_, i) =>
        `<g id="room-${i}" transform="translate(${i} 0)">${Array.from({ length: 30 }, (__, k) => `<path d="M${k},0h1"/>${splittable[(i + k) % splittable.length]}`).join('')}</g>`,
    );
    const text = floor([`<g id="Rooms"><g>${rooms.join('\n')}</g></g>`]);
    const s = (await sliceSvg(text, SCOPE))!;
    expect(s.chunks).toBeGreaterThan(40);
    await s.build();
    const out = joined(s.parts);
    for (const pattern of FORBIDDEN_OUTPUT) expect(out, `matches ${pattern}`).not.toMatch(pattern);
    expect(out).toBe(whole(text));
    // Benign rooms split the same way come out exactly as the whole file sanitised at once.
    const benign = rooms.map(
      (_, i) => `<g id="room-${i}"><text><tspan>Unit ${i}</tspan></text>${'<path d="M0,0h1"/>'.repeat(30)}</g>`,
    );
    const plain = floor([`<g id="Rooms"><g>${benign.join('\n')}</g></g>`]);
    expect(await sliced(plain)).toBe(whole(plain));
    // The whole corpus in one file is sanitised whole, and leaves nothing forbidden either.
    const all = floor([`<g>${'<path d="M0,0h1"/>'.repeat(4000)}</g>`, ...SVG_VECTORS]);
    expect(all.length).toBeGreaterThan(SLICED_FLOOR_BYTES);
    const floorSvg = (await sanitizeFloor(all, SCOPE))!;
    expect(floorSvg.build).toBeUndefined();
    for (const pattern of FORBIDDEN_OUTPUT) expect(floorSvg.svg.outerHTML).not.toMatch(pattern);
  });

  it('lets other tasks run between the scan, the root’s sanitising and the cut into pieces', async () => {
    const text = floor([`<g>${'<path d="M0,0h1"/>'.repeat(200)}</g>`]);
    // On a clock that does not move the scan takes one task.
    const tasks = countTasks();
    const now = vi.spyOn(performance, 'now').mockReturnValue(1000);
    try {
      expect(await sliceSvg(text, SCOPE)).not.toBeNull();
      expect(tasks.count).toBeGreaterThanOrEqual(2);
    } finally {
      tasks.stop();
      now.mockRestore();
    }
  });

  it('stops when its signal aborts', async () => {
    const text = floor([`<g>${'<path d="M0,0h1"/>'.repeat(2000)}</g>`]);
    const abort = new AbortController();
    const s = (await sliceSvg(text, SCOPE, abort.signal))!;
    const building = s.build();
    abort.abort();
    await expect(building).rejects.toThrow();
    expect(s.svg.querySelectorAll('path').length).toBeLessThan(2000);
  });
});

describe('a big floor in parts', () => {
  const room = (i: number, paths = 3) => `<g id="room-${i}">${'<path d="M0,0h1"/>'.repeat(paths)}</g>`;
  const rooms = (from: number, n: number, paths = 3) =>
    Array.from({ length: n }, (_, i) => room(from + i, paths)).join('');

  it('draws several thousand elements as parts of about FLOOR_PART_ELEMENTS, each handed over before it fills', async () => {
    const text = floor([
      `<g id="Rooms" class="st0" transform="translate(1 2)">${rooms(0, 1500)}</g>`,
      `<g id="Labels">${'<text>Unit</text>'.repeat(800)}</g>`,
    ]);
    const s = (await sliceSvg(text, SCOPE))!;
    const handed: Array<{ part: SVGSVGElement; empty: boolean }> = [];
    await s.build((part) => handed.push({ part, empty: part.querySelectorAll('path, text').length === 0 }));
    expect(s.parts.length).toBeGreaterThanOrEqual(3);
    expect(handed.map((h) => h.part)).toEqual(s.parts.slice(1));
    expect(handed.every((h) => h.empty)).toBe(true);
    // About FLOOR_PART_ELEMENTS each (a run of chunks ends where the part is full); what is left at the end, if a
    // quarter of a part or less, goes into the last one rather than a part of its own.
    const sizes = s.parts.map((part) => part.querySelectorAll('*').length);
    for (const size of sizes.slice(0, -1)) expect(size).toBeLessThan(FLOOR_PART_ELEMENTS + 50);
    expect(sizes.at(-1)).toBeGreaterThan(FLOOR_PART_ELEMENTS / 4);
    expect(sizes.at(-1)).toBeLessThan(FLOOR_PART_ELEMENTS * 1.25 + 50);
    // A part that starts inside the rooms' group goes on in a copy of it: its transform and class, not its id.
    const copy = s.parts[1]!.firstElementChild!;
    expect(copy.getAttribute('transform')).toBe('translate(1 2)');
    expect(copy.id).toBe('');
    expect(s.parts[1]!.id).toBe('');
    expect(document.querySelectorAll('#Rooms')).toHaveLength(0); // not in the page: nothing else to clash with
    expect(joined(s.parts)).toBe(whole(text));
  });

  it('never splits a region, a group drawn as one picture, or definitions', async () => {
    const big = (open: string, close = '</g>') => floor([`${open}${rooms(0, 300, 4)}${close}`]);
    const partsOf = async (text: string, keepWhole?: ReadonlySet<string>) => {
      const s = (await sliceSvg(text, SCOPE, undefined, { elements: 100, keepWhole }))!;
      await s.build();
      expect(joined(s.parts)).toBe(whole(text));
      return s.parts.length;
    };
    expect(await partsOf(big('<g id="plain">'))).toBeGreaterThan(10);
    expect(await partsOf(big('<g id="shop-1">'), new Set(['shop-1']))).toBe(1);
    expect(await partsOf(big('<g opacity="0.5">'))).toBe(1);
    expect(await partsOf(big('<g style="filter: blur(1px)">'))).toBe(1);
    expect(await partsOf(big('<defs>', '</defs>'))).toBe(1);
    expect(await partsOf(big('<a>', '</a>'))).toBe(1);
    // Its rooms are small groups, so they stay whole in any case; a region among them does not stop the split.
    expect(await partsOf(big('<g>'), new Set(['room-3']))).toBeGreaterThan(10);
  });
});

describe('sanitizeFloor', () => {
  it('splits a big floor and leaves a small one whole', async () => {
    const big = floor([`<g>${'<path d="M0,0h1"/>'.repeat(4000)}</g>`]);
    expect(big.length).toBeGreaterThan(SLICED_FLOOR_BYTES);
    const b = (await sanitizeFloor(big, SCOPE, undefined, { elements: Infinity }))!;
    expect(b.svg.childElementCount).toBe(0);
    await b.build!();
    expect(b.svg.outerHTML).toBe(whole(big));
    // Its chunks go through the sanitiser as many at a time as the task has time for (one document parsed per call,
    // not per chunk): on a clock that does not move, after the first chunk, the rest of the group at once.
    const now = vi.spyOn(performance, 'now').mockReturnValue(1000);
    try {
      const s = (await sliceSvg(big, SCOPE, undefined, { elements: Infinity }))!;
      expect(s.chunks).toBeGreaterThan(90);
      await s.build();
      expect(s.calls).toBe(4); // the style before the group, the group's opening tag, all its chunks, the text after
      expect(joined(s.parts)).toBe(whole(big));
    } finally {
      now.mockRestore();
    }
    const small = (await sanitizeFloor(floor(['<path d="M0,0h1"/>']), SCOPE))!;
    expect(small.build).toBeUndefined();
    expect(small.svg.querySelectorAll('path')).toHaveLength(1);
    expect(await sanitizeFloor('<html><p>no svg</p></html>', SCOPE)).toBeNull();
  });
});
