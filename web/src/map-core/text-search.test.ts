// @vitest-environment jsdom
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { foldText, foldWithMap, highlightPieces, htmlToText, matchRanges, queryTerms } from './text-search';

describe('foldText', () => {
  it('ignores case and accents', () => {
    expect(foldText('Café Zürich ÉCOLE Ångström')).toBe('cafe zurich ecole angstrom');
    expect(foldText('Straße Æsir Łódź')).toBe('strasse aesir lodz');
    expect(foldText('ΣΟΦΟΣ')).toBe(foldText('σοφος'));
  });

  it('folds the full- and half-width forms a Japanese keyboard types to the ordinary ones', () => {
    expect(foldText('Ｃａｆｅ')).toBe('cafe');
    expect(foldText('ｶﾌｪ')).toBe(foldText('カフェ'));
    expect(foldText('ﾊﾟﾝ')).toBe(foldText('パン'));
  });

  it('agrees with its mapped variant for any text', () => {
    fc.assert(fc.property(fc.string({ unit: 'grapheme' }), (s) => foldText(s) === foldWithMap(s).folded));
    // Any UTF-16 units too, lone surrogates among them, and text that is mostly plain ASCII with capitals.
    fc.assert(fc.property(fc.string({ unit: 'binary' }), (s) => foldText(s) === foldWithMap(s).folded));
    const mixed = fc.constantFrom('A', 'Zz', 'q', ' ', '\u00a0', 'É', 'ẞ', '\ud83d\ude00', '\ud800', 'İ', 'Σ');
    fc.assert(fc.property(fc.string({ unit: mixed }), (s) => foldText(s) === foldWithMap(s).folded));
  });

  it('is idempotent', () => {
    fc.assert(fc.property(fc.string({ unit: 'grapheme' }), (s) => foldText(foldText(s)) === foldText(s)));
    // Every code point of the Basic Multilingual Plane and beyond in the letter ranges, not only samples.
    for (let cp = 0; cp < 0x30000; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      const ch = String.fromCodePoint(cp);
      const once = foldText(ch);
      if (foldText(once) !== once) throw new Error(`U+${cp.toString(16)} folds to "${once}", which folds again`);
    }
  });
});

describe('matchRanges', () => {
  it('finds accented text with a plain query and highlights the original characters', () => {
    const text = 'Crêperie du Château';
    const pieces = highlightPieces(text, queryTerms('chateau crepe'));
    expect(pieces).toEqual([
      { text: 'Crêpe', match: true },
      { text: 'rie du ', match: false },
      { text: 'Château', match: true },
    ]);
  });

  it('maps expansions back to the whole source character', () => {
    expect(highlightPieces('Großmarkt', queryTerms('ss'))).toEqual([
      { text: 'Gro', match: false },
      { text: 'ß', match: true },
      { text: 'markt', match: false },
    ]);
  });

  it('returns sorted, disjoint ranges inside the text that re-join to the original', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', maxLength: 40 }),
        fc.string({ unit: 'grapheme-ascii', maxLength: 4 }),
        (text, q) => {
          const ranges = matchRanges(text, queryTerms(q));
          const ordered = ranges.every(
            (r, i) => r.start < r.end && r.end <= text.length && (i === 0 || ranges[i - 1]!.end < r.start),
          );
          const joined = highlightPieces(text, queryTerms(q))
            .map((p) => p.text)
            .join('');
          return ordered && joined === text;
        },
      ),
    );
  });

  it('finds a term exactly when the folded text contains it', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', maxLength: 30 }),
        fc.string({ unit: 'grapheme', minLength: 1, maxLength: 3 }),
        (text, q) => {
          const terms = queryTerms(q);
          if (terms.length !== 1) return true;
          return matchRanges(text, terms).length > 0 === foldText(text).includes(terms[0]!);
        },
      ),
    );
  });
});

describe('htmlToText', () => {
  it('keeps the readable text of a description', () => {
    expect(htmlToText('<p>Open <b>late</b> &amp; early</p><script>alert(1)</script><p>Caf&eacute;&#33;</p>')).toBe(
      'Open late & early Café!',
    );
    // Named characters beyond the five XML ones are decoded too, so "café" finds a description written "Caf&eacute;".
    expect(foldText(htmlToText('Caf&eacute; &ndash; bar&nbsp;&hellip;'))).toBe(foldText('Café – bar …'));
    expect(htmlToText('a<br>b<!-- hidden -->c')).toBe('a b c');
    // Every name HTML knows, as the page shows it; a name HTML does not know stays as written.
    expect(htmlToText('Lift &rarr; Level&nbsp;2 &check; &zzz; 5 &lt; 6')).toBe('Lift → Level 2 ✓ &zzz; 5 < 6');
  });

  it('searches a description as written where the host page takes HTML only as Trusted Types', () => {
    const refused = vi.spyOn(Element.prototype, 'innerHTML', 'set').mockImplementation(() => {
      throw new TypeError("This document requires 'TrustedHTML' assignment.");
    });
    try {
      expect(htmlToText('<p>Caf&eacute;</p>')).toBe('Caf&eacute;');
    } finally {
      refused.mockRestore();
    }
    expect(htmlToText('<p>Caf&eacute;</p>')).toBe('Café');
  });
});
