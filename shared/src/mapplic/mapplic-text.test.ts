import { describe, expect, it } from 'vitest';
import { strictMapDocument } from '../document/map-document';
import { importMapplic } from './mapplic-import';
import { decodeEntities } from '../html-entities';
import { removeEmbeds } from './text';

/** A mall export as WordPress saves it: entities in the text fields, a video in a description, a store style. */
const MALL = {
  settings: { title: 'Riverside &amp; Co', mapWidth: 1000, mapHeight: 600, moreText: 'Visit &#8216;store&#8217;' },
  layers: [{ id: 'ground', name: 'Ground &amp; mezzanine', file: 'mall-ground.svg' }],
  groups: [{ id: 'food', name: 'Food &amp; Drink', color: '#f59e0b' }],
  styles: [
    { class: 'store', svg: true, 'base-color': '#e8e8e8', 'active-stroke': '#6082cc' },
    { class: 'anchor', marker: true, svg: true, 'base-color': '#E22130' },
    { class: 'plain', marker: 'false', 'base-color': '#123456' },
  ],
  filters: [{ id: 'cats', type: 'tags', name: 'Shops &amp; services', default: ['Food &amp; Drink'] }],
  legend: [{ id: 'l1', text: 'Lifts &amp; stairs' }],
  locations: [
    {
      id: 'g101',
      title: 'Macy&#039;s',
      about: 'Shop &amp; Save Big',
      layer: 'ground',
      coord: [0.12, 0.23],
      style: 'store',
      desc:
        '<p>Department store.</p><iframe width="560" height="315" src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe>' +
        '<p>AT&amp;T &copy; <b>x</b></p>',
    },
    {
      id: 'f201',
      title: 'H&amp;M',
      about: 'Fashion &ndash; for everyone',
      group: 'Food &amp; Drink',
      layer: 'ground',
      coord: [0.17, 0.23],
      more: 'See &lt;offers&gt;',
      brand: 'H&amp;M',
    },
  ],
};

describe('importMapplic of styles', () => {
  const { document } = importMapplic(MALL);

  it('applies a style to markers only when the Mapplic style says marker, and to shapes only when it says svg', () => {
    expect(document.styles.map((s) => [s.id, s.markers, s.svg])).toEqual([
      ['store', false, true],
      ['anchor', true, true],
      ['plain', false, false],
    ]);
  });
});

describe('importMapplic of text fields', () => {
  const { document, title } = importMapplic(MALL);
  const loc = (id: string) => document.locations.find((l) => l.id === id)!;

  it('decodes character references in titles, about, group, layer, filter and legend names', () => {
    expect(strictMapDocument.safeParse(document).success).toBe(true);
    expect(title).toBe('Riverside & Co');
    expect([loc('g101').title, loc('g101').about]).toEqual(["Macy's", 'Shop & Save Big']);
    expect([loc('f201').title, loc('f201').about, loc('f201').more]).toEqual([
      'H&M',
      'Fashion \u2013 for everyone',
      'See <offers>',
    ]);
    expect(loc('f201').fields).toEqual({ brand: 'H&M' });
    expect(document.layers[0]!.name).toBe('Ground & mezzanine');
    expect(document.groups).toEqual([{ id: 'food', name: 'Food & Drink', color: '#f59e0b' }]);
    expect(loc('f201').groups).toEqual(['food']);
    expect(document.filters[0]).toMatchObject({ name: 'Shops & services', default: ['food'] });
    expect(document.legend[0]!.text).toBe('Lifts & stairs');
    expect(document.settings.text.more).toBe('Visit \u2018store\u2019');
  });

  it('leaves the HTML of descriptions as HTML', () => {
    expect(loc('g101').desc).toContain('<p>AT&amp;T &copy; <b>x</b></p>');
  });
});

describe('importMapplic of embeds in descriptions', () => {
  const { document, warnings } = importMapplic(MALL);

  it('keeps a YouTube player in its privacy-enhanced form and reports nothing removed', () => {
    expect(document.locations[0]!.desc).toBe(
      '<p>Department store.</p><iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"></iframe>' +
        '<p>AT&amp;T &copy; <b>x</b></p>',
    );
    expect(warnings.filter((w) => w.includes('.desc: removed'))).toEqual([]);
  });

  it('removes every other embed and names it, with its host, in the report', () => {
    const { document: doc, warnings: report } = importMapplic({
      ...MALL,
      locations: [
        {
          id: 'v1',
          title: 'Venue',
          coord: [0.5, 0.5],
          desc: '<p>Tour</p><iframe src="https://www.dailymotion.com/embed/video/x8abc"></iframe><iframe src="https://player.vimeo.com/video/76979871"></iframe>',
        },
      ],
    });
    expect(doc.locations[0]!.desc).toBe(
      '<p>Tour</p><iframe src="https://player.vimeo.com/video/76979871?dnt=1"></iframe>',
    );
    expect(report).toContain(
      'location "v1" (Venue), desc: removed a video embed (dailymotion.com); Mapnest descriptions hold YouTube and Vimeo players only',
    );
  });
});

describe('decodeEntities', () => {
  it('decodes named, decimal and hexadecimal references once', () => {
    expect(decodeEntities('H&amp;M &#8217; &#x2019; &eacute;&nbsp;&yuml; &amp;amp;')).toBe(
      'H&M \u2019 \u2019 \u00e9\u00a0\u00ff &amp;',
    );
  });

  it('leaves unknown names, references without a semicolon and bare ampersands as written', () => {
    expect(decodeEntities('AT&T &bogus; &amp &#38 Fish & Chips')).toBe('AT&T &bogus; &amp &#38 Fish & Chips');
  });

  it('writes the replacement character for NUL, surrogates and code points out of range', () => {
    expect(decodeEntities('&#0;&#xD800;&#x110000;')).toBe('\uFFFD\uFFFD\uFFFD');
  });
});

describe('removeEmbeds', () => {
  it('keeps YouTube and Vimeo players with their titles, rebuilt, and names each other embed by its host', () => {
    const { html, removed } = removeEmbeds(
      '<p>a</p><IFRAME width=560 src="https://www.youtube.com/embed/dQw4w9WgXcQ?start=30&amp;autoplay=1" title=\'Tour "A" > B\' onload="x()"></IFRAME>' +
        "<iframe src='//player.vimeo.com/video/1'></iframe><iframe src=https://maps.example.com/x></iframe>" +
        '<iframe src="https://www.youtube.com/watch?v=dQw4w9WgXcQ"></iframe>' +
        '<iframe src="https://www.youtube.com.evil.example/embed/dQw4w9WgXcQ"></iframe>' +
        '<iframe src="javascript:alert(1)"></iframe><iframe srcdoc="<b>x</b>"></iframe>' +
        '<video controls><source src="/v.mp4"></video><audio src="https://cdn.example.org/a.mp3"></audio>' +
        '<embed src="https://www.youtube.com/embed/dQw4w9WgXcQ"><object data="https://y.example/o"></object><p>b</p>',
    );
    expect(html).toBe(
      '<p>a</p><iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=30" title="Tour &#34;A&#34; &#62; B"></iframe>' +
        '<iframe src="https://player.vimeo.com/video/1?dnt=1"></iframe><p>b</p>',
    );
    expect(removed).toEqual([
      'an embed (maps.example.com)',
      'a video embed (youtube.com)',
      'an embed (youtube.com.evil.example)',
      'an embed',
      'an embed',
      'a video',
      'an audio player (cdn.example.org)',
      'a video embed (youtube.com)',
      'an embed (y.example)',
    ]);
  });

  it("reads a frame's address as the browser does, never from inside another attribute's value", () => {
    const YT = 'https://www.youtube.com/embed/dQw4w9WgXcQ';
    const { html, removed } = removeEmbeds(
      `<iframe title="see src=${YT}" src="https://evil.example/"></iframe>` +
        `<iframe title='src="${YT}"' src="https://player.vimeo.com/video/1"></iframe>` +
        `<iframe data-src="${YT}" src=https://evil.example/two></iframe>` +
        `<iframe title=a"b src="https://evil.example/three"></iframe>` +
        `<iframe src="https://evil.example/four" src="${YT}"></iframe>` +
        `<iframe title="Tour"src="${YT}"></iframe><p>kept</p>` +
        `<iframe src="${YT}" title="never closed`,
    );
    expect(html).toBe(
      '<iframe src="https://player.vimeo.com/video/1?dnt=1" title="src=&#34;https://www.youtube.com/embed/dQw4w9WgXcQ&#34;"></iframe>' +
        '<iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" title="Tour"></iframe><p>kept</p>',
    );
    expect(removed).toEqual([
      'an embed (evil.example)',
      'an embed (evil.example)',
      'an embed (evil.example)',
      'an embed (evil.example)',
      'a video embed (youtube.com)',
    ]);
  });

  it('leaves a description without embeds as it is', () => {
    const html = '<p>See <a href="https://example.com/iframe">the video page</a></p>';
    expect(removeEmbeds(html)).toEqual({ html, removed: [] });
  });
});

describe('importMapplic of code in descriptions', () => {
  const at = (desc: string, id = 'a1') => ({ id, title: id, coord: [0.5, 0.5], desc });

  it('names the scripts, handlers and javascript: links, and the locations that hold them', () => {
    const { warnings } = importMapplic({
      layers: [{ id: 'ground', name: 'Ground' }],
      locations: [
        at('<p onclick="track(1)">Hi</p><script>if (a<b) go();</script>', 'zara'),
        at('<a href="&#106;avascript:open()">Menu</a><img src="https://x.example/a.png" ONERROR="x()">', 'h-m'),
        at('<p>Plain, with "javascript: ideas" and onclick= as text</p><!-- <script>x()</script> -->', 'plain'),
      ],
    });
    expect(warnings).toContain(
      'locations: the descriptions of 2 locations ("zara", "h-m") hold code: 1 script, event handlers (onclick, onerror), ' +
        '1 javascript: link. Mapnest never runs code in descriptions and removes it when they are shown, so what it did will not work.',
    );
  });

  it('says nothing when the descriptions hold no code', () => {
    const { warnings } = importMapplic({ layers: [{ id: 'g' }], locations: [at('<a href="https://x.example">x</a>')] });
    expect(warnings.filter((w) => w.includes('code'))).toEqual([]);
  });

  it('counts the locations past the first five without naming them', () => {
    const locations = Array.from({ length: 7 }, (_, i) =>
      at('<script src="https://x.example/s.js"></script>', `s${i}`),
    );
    const { warnings } = importMapplic({ layers: [{ id: 'g' }], locations });
    expect(warnings.find((w) => w.includes('hold code'))).toContain(
      'the descriptions of 7 locations ("s0", "s1", "s2", "s3", "s4", 2 more) hold code: 7 scripts.',
    );
  });
});

describe('importMapplic of WordPress shortcodes in descriptions', () => {
  const at = (desc: string, id: string) => ({ id, coord: [0.5, 0.5], desc });
  const imported = importMapplic({
    settings: { mapWidth: 1000, mapHeight: 600 },
    layers: [{ id: 'g' }],
    locations: [
      at('<p>Our café</p>[gallery ids="12,13"]<p>[Open 9–5]</p>', 'cafe'),
      at('[caption id="attachment_7" align="alignleft"]<img src="https://x.example/a.jpg"> The desk[/caption]', 'desk'),
      at(
        '[video src="https://x.example/v.mp4"][/video][embed]https://x.example/tour[/embed]See [rates] and [b]',
        'hall',
      ),
      at('<p>[mapplic-map id=&quot;3&quot;] [Sale] 2 [for] 1</p>', 'shop'),
    ],
  });
  const desc = (i: number) => imported.document.locations[i]!.desc;

  it('takes out shortcode-shaped tokens, keeping a caption’s content and ordinary bracketed text', () => {
    expect(desc(0)).toBe('<p>Our café</p><p>[Open 9–5]</p>');
    expect(desc(1)).toBe('<img src="https://x.example/a.jpg"> The desk');
    expect(desc(2)).toBe('See [rates] and [b]');
    expect(desc(3)).toBe('<p> [Sale] 2 [for] 1</p>');
  });

  it('names the shortcodes and the locations that had them in one line', () => {
    expect(imported.warnings).toEqual([
      'locations: removed WordPress shortcodes ([gallery], [caption], [video], [embed], [mapplic-map]) from the ' +
        'descriptions of 4 locations ("cafe", "desk", "hall", "shop"); only WordPress turns them into content, so ' +
        'visitors would read them as text (what a caption wraps is kept; add what they showed again in the editor).',
    ]);
  });
});

describe('importMapplic of images at http:// addresses', () => {
  it('names the locations whose thumbnail, image or description image the published map would not load', () => {
    const { warnings } = importMapplic({
      mapwidth: 800,
      mapheight: 600,
      levels: [
        {
          id: 'ground',
          locations: [
            { id: 'joe', description: '<p><img alt="Joe" src="http://old.example.com/joe.jpg"></p>' },
            { id: 'hm', img: 'http://old.example.com/hm.jpg' },
            { id: 'thumb', thumbnail: 'HTTP://old.example.com/t.png' },
            { id: 'safe', img: 'https://old.example.com/s.jpg', description: '<a href="http://x.example">http://</a>' },
          ],
        },
      ],
    });
    expect(warnings).toEqual([
      'locations: the images of 3 locations ("joe", "hm", "thumb") are at http:// addresses, which the published map ' +
        'does not load (it loads images over https only): they will not show until they are taken into the library ' +
        'or moved to https addresses',
    ]);
  });
});
