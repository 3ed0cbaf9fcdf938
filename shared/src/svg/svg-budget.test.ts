import { describe, expect, it } from 'vitest';
import { SVG_BUDGET, measureSvgBody, stripSvgProlog, svgBudgetProblem } from './svg-budget';

const NS = 'xmlns="http://www.w3.org/2000/svg"';
/** An <svg> root around `levels` nested groups: depth levels + 1. */
const nested = (levels: number) => `<svg ${NS}>${'<g>'.repeat(levels)}${'</g>'.repeat(levels)}</svg>`;
/** An <svg> root with `count` rectangles: count + 1 elements. */
const rects = (count: number) => `<svg ${NS}>${'<rect width="1" height="1"/>'.repeat(count)}</svg>`;
/** Exact figures: every open element's name kept. */
const figures = (svg: string) => measureSvgBody(stripSvgProlog(svg).body, 1_000_000);

describe('svgBudgetProblem', () => {
  it('accepts nesting up to the depth budget and refuses one level more, saying what the file had', () => {
    expect(svgBudgetProblem(nested(SVG_BUDGET.depth - 1))).toBeNull();
    const refusal = svgBudgetProblem(nested(SVG_BUDGET.depth));
    expect(refusal).toMatchObject({ limit: 'depth', found: SVG_BUDGET.depth + 1, allowed: SVG_BUDGET.depth });
    expect(refusal!.message).toBe(
      'This SVG is too complex for a floor plan: its elements nest 65 deep (at most 64). Simplify it (fewer groups and shapes) and upload it again.',
    );
  });

  it('accepts elements up to the element budget and refuses one more', () => {
    expect(svgBudgetProblem(rects(SVG_BUDGET.elements - 1))).toBeNull();
    expect(svgBudgetProblem(rects(SVG_BUDGET.elements))).toMatchObject({
      limit: 'elements',
      found: SVG_BUDGET.elements + 1,
      message: expect.stringContaining('it has 20,001 elements (at most 20,000)'),
    });
  });

  it('reports the whole depth of a deep file, however deep, without keeping its names', () => {
    const refusal = svgBudgetProblem(nested(100_000));
    expect(refusal).toMatchObject({ limit: 'depth', found: 100_001 });
    expect(refusal!.message).toContain('nest 100,001 deep (at most 64); it has 100,001 elements (at most 20,000)');
  });

  it('refuses too many attributes', () => {
    const many = `<svg ${NS}><rect ${Array.from({ length: 10 }, (_, i) => `a${i}="1"`).join(' ')}/></svg>`;
    expect(svgBudgetProblem(many, { depth: 64, elements: 100, attributes: 10 })).toMatchObject({
      limit: 'attributes',
      found: 11,
    });
  });

  it('does not count markup inside comments, CDATA, processing instructions, attribute values or entities', () => {
    // (In XML a <style> element's text is markup too, unless it is CDATA: the sanitiser's parser reads it so.)
    const hidden = '<g><g><g>'.repeat(50);
    const svg = `<?xml version="1.0"?><svg ${NS}><!-- ${hidden} --><![CDATA[${hidden}]]><?pi ${hidden} ?>
      <text title="${hidden}" alt='${hidden}'>&lt;g&gt;&lt;g&gt;</text><style><![CDATA[/* <g> */]]></style></svg>`;
    expect(figures(svg)).toEqual({ depth: 2, elements: 3, attributes: 3 });
    expect(svgBudgetProblem(svg, { depth: 2, elements: 3, attributes: 3 })).toBeNull();
  });

  it('counts self-closing tags as closed, and a closing tag closes only an open element of its name', () => {
    expect(figures(`<svg ${NS}><g/><g /><g a="1"/><g></g></svg>`).depth).toBe(2);
    // A stray closing tag closes nothing, so it cannot hide nesting (the sanitiser's parser ignores it too).
    expect(figures(`<svg ${NS}>${'<g></nope>'.repeat(100)}</svg>`).depth).toBe(101);
    // Closing an outer element closes everything inside it.
    expect(figures(`<svg ${NS}><a><g><g><g></a><g></g></svg>`)).toMatchObject({ depth: 5, elements: 6 });
    // An unquoted value ending in '/' does not self-close its tag.
    expect(figures(`<svg ${NS}><g a=b/><g></g></g></svg>`).depth).toBe(3);
  });

  it('ends a comment at --> or --!>, and reads what follows', () => {
    expect(figures(`<svg ${NS}><!-- a --!><g><g/></g><!---><g/>--></svg>`)).toMatchObject({
      depth: 3,
      elements: 3,
    });
  });

  it('refuses a DOCTYPE that declares entities built from entities (expansion), parameter or external entities', () => {
    const laughs = `<?xml version="1.0"?><!DOCTYPE svg [
      <!ENTITY a "lol"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">
    ]><svg ${NS}><text>&c;</text></svg>`;
    expect(svgBudgetProblem(laughs)).toMatchObject({
      limit: 'doctype',
      message:
        'This SVG cannot be used: its DOCTYPE declares an entity defined by other entities (b), which floor plans never need. Export it again without a DOCTYPE.',
    });
    const external = `<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg ${NS}/>`;
    expect(svgBudgetProblem(external)?.message).toContain('an external entity (x)');
    const parameter = `<!DOCTYPE svg [<!ENTITY % p "<!ENTITY q 'x'>"> %p;]><svg ${NS}/>`;
    expect(svgBudgetProblem(parameter)?.message).toContain('a parameter entity (%p)');
    expect(svgBudgetProblem(`<!DOCTYPE svg [<!ENTITY a "x"><svg ${NS}/>`)?.message).toContain(
      'its DOCTYPE is not closed',
    );
  });

  it('accepts the doctypes illustration programs write: a public DTD, and plain text entities', () => {
    const illustrator = `<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd" [
  <!ENTITY ns_svg "http://www.w3.org/2000/svg">
  <!ENTITY ns_xlink "http://www.w3.org/1999/xlink">
]>
<svg xmlns="&ns_svg;" xmlns:xlink="&ns_xlink;"><rect/></svg>`;
    expect(svgBudgetProblem(illustrator)).toBeNull();
    expect(
      svgBudgetProblem(
        `<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd"><svg ${NS}/>`,
      ),
    ).toBeNull();
  });
});

describe('stripSvgProlog', () => {
  /** The regular expressions the sanitiser used before, which the linear removal must match exactly. */
  const byRegex = (svg: string) =>
    svg
      .replace(/^\uFEFF/, '')
      .replace(/<\?[\s\S]*?\?>/g, '')
      .replace(/<!DOCTYPE[^>[]*(\[[\s\S]*?\])?\s*>/gi, '');

  it('removes what the regular expressions removed, on every mix of prolog pieces', () => {
    const pieces = ['<?', '?>', '<!DOCTYPE', '<!doctype', '[', ']', '>', ' ', '\n', 'x', '<g>', '"', '<', '?', ']>'];
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    for (let run = 0; run < 20_000; run++) {
      const length = 1 + (next() % 14);
      const svg =
        (next() % 5 === 0 ? '\uFEFF' : '') + Array.from({ length }, () => pieces[next() % pieces.length]).join('');
      expect(stripSvgProlog(svg).body, JSON.stringify(svg)).toBe(byRegex(svg));
    }
  });

  it('takes linear time on many unclosed instructions and doctypes (the regular expressions took quadratic)', () => {
    const text = '<?'.repeat(200_000) + '<!DOCTYPE ['.repeat(100_000) + '<!DOCTYPE'.repeat(100_000);
    const { body, unclosedDoctype } = stripSvgProlog(text);
    expect(body).toBe(text);
    expect(unclosedDoctype).toBe(true);
  });
});
