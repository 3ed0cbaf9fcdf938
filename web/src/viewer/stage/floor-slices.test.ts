// @vitest-environment jsdom
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sanitizeSvg } from '../sanitize';
import { scanSvgTree, sliceSvg } from './floor-slices';
import { FORBIDDEN_OUTPUT, SVG_VECTORS } from '../xss-corpus.fixtures';

const SCOPE = '[data-mn-scope="t"]';

/** A floor of nested groups of small pieces, big enough to be split (groups of more than one chunk). */
function floor(parts: string[]): string {
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<!-- Generator: Adobe Illustrator 27.5.0 -->',
    '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 100 100" id="Layer_1">',
    '<style>.st0{fill:#eee}</style>',
    ...parts,
    '</svg>',
  ].join('\n');
}

async function sliced(text: string): Promise<string> {
  const s = await sliceSvg(text, SCOPE);
  expect(s).not.toBeNull();
  await s!.build();
  return s!.svg.outerHTML;
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
);

/** Random nesting: groups (some with transforms, some not allowed) of pieces, up to several hundred elements. */
const tree: fc.Arbitrary<string> = fc.letrec<{ node: string }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    piece,
    fc
      .tuple(
        fc.constantFrom('<g>', '<g transform="translate(1 2)">', '<g clip-path="url(#c)">', '<foreignObject>', '<a>'),
        fc.array(tie('node'), { maxLength: 30 }),
      )
      .map(([open, kids]) => `${open}${kids.join('\n')}</${open.slice(1).split(/[ >]/)[0]}>`),
  ),
})).node;

describe('scanSvgTree', () => {
  it('reads the element tree as the parser does: comments, CDATA and instructions skipped, `/>` closes, a closing tag closes what it names', async () => {
    const text =
      '<?xml version="1.0"?><!DOCTYPE svg><svg><!-- <g> --><g id="a"><![CDATA[<rect/>]]><path d="M0 0"/><rect></g><text a=">">x</text></svg>';
    const svg = (await scanSvgTree(text))!;
    expect(svg.count).toBe(5);
    expect(svg.children.map((c) => c.name)).toEqual(['g', 'text']);
    const g = svg.children[0]!;
    expect(g.children.map((c) => c.name)).toEqual(['path', 'rect']);
    // The <rect> left open is closed by its group's closing tag.
    expect(text.slice(g.start, g.end)).toBe('<g id="a"><![CDATA[<rect/>]]><path d="M0 0"/><rect></g>');
    expect(await scanSvgTree('<html><p>no svg</p></html>')).toBeNull();
  });
});

describe('sliceSvg', () => {
  it('builds the same floor, chunk by chunk, as sanitising the whole file at once', { timeout: 120_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(tree, { minLength: 1, maxLength: 8 }), async (parts) => {
        const text = floor(parts);
        expect(await sliced(text)).toBe(whole(text));
      }),
      { numRuns: 8 },
    );
  });

  it('splits a floor of thousands of elements into many chunks, and sanitises every chunk even where hostile markup is read otherwise', async () => {
    const rooms = Array.from(
      { length: 40 },
      (_, i) =>
        `<g id="room-${i}" transform="translate(${i} 0)">${Array.from({ length: 30 }, (__, k) => `<path d="M${k},0h1"/>${SVG_VECTORS[(i + k) % SVG_VECTORS.length]}`).join('')}</g>`,
    );
    const text = floor([`<g id="Rooms"><g>${rooms.join('\n')}</g></g>`]);
    const out = await sliced(text);
    for (const pattern of FORBIDDEN_OUTPUT) expect(out, `matches ${pattern}`).not.toMatch(pattern);
    // Benign rooms split the same way come out exactly as the whole file sanitised at once.
    const benign = rooms.map(
      (_, i) => `<g id="room-${i}"><text><tspan>Unit ${i}</tspan></text>${'<path d="M0,0h1"/>'.repeat(30)}</g>`,
    );
    const plain = floor([`<g id="Rooms"><g>${benign.join('\n')}</g></g>`]);
    expect(await sliced(plain)).toBe(whole(plain));
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
