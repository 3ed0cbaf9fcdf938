import { Parser } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { measureSvgBody, stripSvgProlog } from '@mapnest/shared/svg-budget';
import { checkSvg } from './svg-check';

const NS = 'xmlns="http://www.w3.org/2000/svg"';
const bytes = (text: string) => new TextEncoder().encode(text);

/** What the sanitiser's parser (htmlparser2 with sanitize-html's options) builds: deepest nesting, elements, attributes. */
function parsed(body: string) {
  let depth = 0;
  let max = 0;
  let elements = 0;
  let attributes = 0;
  const parser = new Parser(
    {
      onopentagname: () => {
        elements++;
        max = Math.max(max, ++depth);
      },
      onclosetag: () => depth--,
      onattribute: () => attributes++,
    },
    {
      xmlMode: true,
      decodeEntities: true,
      lowerCaseTags: false,
      lowerCaseAttributeNames: false,
      recognizeSelfClosing: true,
    },
  );
  parser.end(body);
  return { depth: max, elements, attributes };
}

describe('the budget counts what the sanitiser parses', () => {
  it('never counts less nesting, elements or attributes than htmlparser2 builds, on every mix of markup', () => {
    const pieces = [
      '<g>',
      '</g>',
      '<a>',
      '</a>',
      '</b>',
      '<g/>',
      '<g / >',
      '<g a=b/>',
      '<g a="x>/" b',
      "='<g>'",
      '<!--',
      '-->',
      '--!>',
      '<![CDATA[',
      ']]>',
      '<!x',
      '<!-',
      '<?',
      '?>',
      '<!DOCTYPE',
      '[',
      ']',
      '>',
      '/>',
      '/',
      '<',
      '</',
      '</ g >',
      '"',
      "'",
      '=',
      ' ',
      '\n',
      '&lt;',
      'x',
      '<<g>',
    ];
    let seed = 11;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    for (let run = 0; run < 20_000; run++) {
      const length = 1 + (next() % 24);
      const svg = Array.from({ length }, () => pieces[next() % pieces.length]).join('');
      const body = stripSvgProlog(svg).body;
      const ours = measureSvgBody(body, 1_000_000);
      const theirs = parsed(body);
      const context = JSON.stringify(svg);
      expect(ours.depth, context).toBeGreaterThanOrEqual(theirs.depth);
      expect(ours.elements, context).toBeGreaterThanOrEqual(theirs.elements);
      expect(ours.attributes, context).toBeGreaterThanOrEqual(theirs.attributes);
    }
  });
});

describe('checkSvg', () => {
  it('refuses a file over the budget without sanitising it', () => {
    const deep = `<svg ${NS}>${'<g>'.repeat(100_000)}${'</g>'.repeat(100_000)}</svg>`;
    expect(checkSvg(bytes(deep))).toMatchObject({ kind: 'refused', refusal: { limit: 'depth', found: 100_001 } });
  });

  it('sanitises a file within it, and says when nothing changed', () => {
    const dirty = `<svg ${NS}><script>alert(1)</script><rect width="1" height="1"/></svg>`;
    const verdict = checkSvg(bytes(dirty));
    expect(verdict).toMatchObject({ kind: 'ok', rewrite: expect.stringContaining('<rect') });
    const clean = (verdict as { rewrite: string }).rewrite;
    expect(clean).not.toContain('script');
    expect(checkSvg(bytes(clean))).toEqual({ kind: 'ok', rewrite: null });
    expect(checkSvg(bytes('<html><body/></html>'))).toEqual({ kind: 'empty' });
  });
});
