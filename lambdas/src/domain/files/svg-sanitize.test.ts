import { describe, expect, it } from 'vitest';
import { cssIsSafe, sanitizeSvgText } from './svg-sanitize';

const NS = 'xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"';
const clean = (body: string) => sanitizeSvgText(`<svg ${NS}>${body}</svg>`)!;

/** Markup that must never survive, each inside an otherwise fine drawing. */
const ATTACKS = [
  '<script>alert(1)</script>',
  '<script xlink:href="data:text/javascript,alert(1)"/>',
  '<g onload="alert(1)"><rect/></g>',
  '<rect onclick="alert(1)" ONMOUSEOVER="alert(1)"/>',
  '<foreignObject><div xmlns="http://www.w3.org/1999/xhtml"><img src="x" onerror="alert(1)"/></div></foreignObject>',
  '<a xlink:href="javascript:alert(1)"><text>x</text></a>',
  '<a href=" javascript:alert(1)"><text>x</text></a>',
  '<use href="https://evil.example/x.svg#a"/>',
  '<use xlink:href="data:image/svg+xml;base64,PHN2Zz48c2NyaXB0PmFsZXJ0KDEpPC9zY3JpcHQ+PC9zdmc+#a"/>',
  '<image href="https://evil.example/track.png"/>',
  '<image xlink:href="//evil.example/track.png"/>',
  '<feImage href="https://evil.example/x.svg"/>',
  '<rect style="fill:url(https://evil.example/)"/>',
  '<rect fill="url(https://evil.example/#g)"/>',
  '<style>@import url(https://evil.example/x.css);</style>',
  '<style>&lt;/style&gt;&lt;script&gt;alert(1)&lt;/script&gt;</style>',
  '<style>.a{background:url(https://evil.example/)}</style>',
  '<style>.a{fill:red}\\3c/style\\3e</style>',
  '<animate attributeName="href" to="javascript:alert(1)"/>',
  '<set attributeName="onmouseover" to="alert(1)"/>',
  '<iframe src="https://evil.example/"/>',
  '<handler type="text/javascript">alert(1)</handler>',
  '<svg:script xmlns:svg="http://www.w3.org/2000/svg">alert(1)</svg:script>',
  '<rect xml:base="https://evil.example/"/>',
];
const FORBIDDEN =
  /<script|onload|onclick|onmouseover|ONMOUSEOVER|foreignObject|javascript:|evil\.example|@import|<iframe|<animate|<set|<handler|xml:base|alert\(1\)/i;

describe('sanitizeSvgText', () => {
  it('keeps the drawing: shapes, text, gradients, CSS classes, local references and links', () => {
    const input = `<?xml version="1.0" encoding="UTF-8"?>
<!-- Generator: Adobe Illustrator -->
<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">
<svg ${NS} viewBox="0 0 400 300" width="400" height="300"><defs><linearGradient id="g"><stop offset="0" stop-color="#f00"/></linearGradient>
<style><![CDATA[ .cls-1{fill:url(#g)} .room > .label{font-size:12px} ]]></style><symbol id="s"><circle r="4"/></symbol></defs>
<g id="rooms"><rect id="a1" class="cls-1" x="1" y="2" width="10" height="10"/><path d="M0 0L10 10Z" fill="url(#g)" style="stroke:#000"/>
<use href="#s" x="5"/><use xlink:href="#s" x="9"/><text x="3" y="4">Room &amp; hall &lt;1&gt;</text>
<a href="https://example.com/room"><polygon points="0,0 1,1 1,0"/></a><image href="data:image/png;base64,iVBORw0KGgo=" width="1" height="1"/></g></svg>`;
    const out = sanitizeSvgText(input)!;
    for (const kept of [
      'viewBox="0 0 400 300"',
      '<linearGradient id="g">',
      '.cls-1{fill:url(#g)}',
      '.room > .label',
      'id="a1"',
      'class="cls-1"',
      'fill="url(#g)"',
      'style="stroke:#000"',
      'href="#s"',
      'xlink:href="#s"',
      'Room &amp; hall &lt;1&gt;',
      'href="https://example.com/room"',
      'data:image/png;base64',
    ]) {
      expect(out, kept).toContain(kept);
    }
    expect(out).not.toContain('<!--');
    expect(out).not.toContain('DOCTYPE');
  });

  it.each(ATTACKS)('removes %s', (attack) => {
    const out = clean(`<rect id="keep" width="1" height="1"/>${attack}`);
    expect(out).toContain('id="keep"');
    expect(out).not.toMatch(FORBIDDEN);
  });

  it('does not expand entities from a doctype', () => {
    const out = sanitizeSvgText(
      `<!DOCTYPE svg [<!ENTITY x "<script>alert(1)</script>">]><svg ${NS}><text>&x;</text></svg>`,
    )!;
    expect(out).not.toMatch(/<script/);
  });

  it('refuses documents whose root is not an svg element', () => {
    expect(sanitizeSvgText('<html><body><script>alert(1)</script></body></html>')).toBeNull();
    expect(sanitizeSvgText('just text')).toBeNull();
  });

  it('is idempotent, so a stored clean file is never rewritten again', () => {
    for (const attack of ATTACKS) {
      const once = clean(`<rect width="1"/>${attack}`);
      expect(sanitizeSvgText(once), attack).toBe(once);
    }
  });

  it('tells safe CSS from CSS that loads or escapes', () => {
    expect(cssIsSafe('.a{fill:url(#g)}')).toBe(true);
    expect(cssIsSafe('.a{fill:url( "#g" )}')).toBe(true);
    for (const css of [
      '@import "x.css";',
      '.a{b:url(x.png)}',
      '.a{b:url(https://x)}',
      '.a{b:\\75rl(x)}',
      '.a{b:url(x.png',
      '.a{behavior:url(x.htc)}',
    ])
      expect(cssIsSafe(css), css).toBe(false);
  });
});
