import { blankDocument } from '@mapnest/shared/map-document';
import { pickLanguage, VIEWER_LANGUAGES, type ViewerLanguage } from '@mapnest/shared/viewer-languages';
import { describe, expect, it } from 'vitest';
import { en } from './en';
import { loadMessages, type Messages, ViewerText } from './messages';

const catalogues = async () =>
  Promise.all(VIEWER_LANGUAGES.map(async (lang) => [lang, await loadMessages(lang)] as const));
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('the viewer’s message catalogues', () => {
  it('give every language every text, none empty, none left in English by mistake, with the same placeholders', async () => {
    for (const [lang, m] of await catalogues()) {
      expect(Object.keys(m).sort(), lang).toEqual(Object.keys(en).sort());
      for (const key of Object.keys(en) as (keyof Messages)[]) {
        const ours = m[key];
        const english = en[key];
        if (typeof english === 'string') {
          expect(typeof ours, `${lang}.${key}`).toBe('string');
          expect((ours as string).trim(), `${lang}.${key}`).not.toBe('');
          expect(placeholders(ours as string), `${lang}.${key}`).toEqual(placeholders(english));
        } else {
          for (const form of Object.values(ours as object) as string[])
            expect(
              placeholders(form).filter((p) => p !== 'n'),
              `${lang}.${key}`,
            ).toEqual([]);
        }
      }
      if (lang !== 'en') {
        // Names and a few international words may stay as they are; most of the interface must not. The kiosk
        // keyboard's letter rows are a layout, not words: a language without letters of its own keeps English's.
        const same = (Object.keys(en) as (keyof Messages)[]).filter(
          (k) => typeof en[k] === 'string' && m[k] === en[k] && k !== 'kbLetters',
        );
        expect(same.length, `${lang} leaves ${same.join(', ')} in English`).toBeLessThanOrEqual(3);
      }
    }
  });

  it('have a plural form for every category the language uses (Intl.PluralRules)', async () => {
    for (const [lang, m] of await catalogues()) {
      const categories = new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
      for (const key of ['foundCount', 'locationCount', 'stepCount', 'floorChanges'] as const) {
        const forms = Object.keys(m[key]);
        // 'many' in French, Spanish, Italian and Portuguese is for millions; a text for it is given anyway.
        for (const c of categories) expect(forms, `${lang}.${key} lacks "${c}"`).toContain(c);
      }
    }
  });
});

describe('pickLanguage', () => {
  it('takes the map’s own language, else the first browser language the viewer speaks, else English', () => {
    expect(pickLanguage('ja', ['de-DE'])).toBe('ja');
    expect(pickLanguage('auto', ['de-DE', 'en'])).toBe('de');
    expect(pickLanguage('auto', ['sv-SE', 'pt-BR', 'en'])).toBe('pt');
    expect(pickLanguage('auto', ['zh-Hans-CN'])).toBe('zh');
    expect(pickLanguage('auto', ['AR-eg'])).toBe('ar');
    expect(pickLanguage('auto', ['sv', 'fi'])).toBe('en');
    expect(pickLanguage(undefined, [])).toBe('en');
    expect(pickLanguage('xx', ['ko-KR'])).toBe('ko');
  });
});

describe('ViewerText', () => {
  const text = async (lang: ViewerLanguage, edit?: (s: ReturnType<typeof blankDocument>['settings']) => void) => {
    const doc = blankDocument();
    edit?.(doc.settings);
    return new ViewerText(lang, await loadMessages(lang), doc.settings);
  };

  it('shows the catalogue where the map keeps its default texts', async () => {
    const ja = await text('ja');
    expect(ja.t('search')).toBe('検索');
    expect(ja.t('legendTitle')).toBe('凡例');
    expect(ja.dir).toBe('ltr');
    const ar = await text('ar');
    expect(ar.t('search')).toBe('بحث');
    expect(ar.dir).toBe('rtl');
    expect((await text('he')).dir).toBe('rtl');
  });

  it('keeps the author’s own texts (and Mapplic’s searchText) in every language', async () => {
    for (const lang of VIEWER_LANGUAGES) {
      const t = await text(lang, (s) => {
        s.text.search = 'キャンパスを検索';
        s.legend.title = 'Key';
        s.text.found = 'hits';
      });
      expect(t.t('search')).toBe('キャンパスを検索');
      expect(t.t('legendTitle')).toBe('Key');
      expect(t.count('foundCount', 3)).toBe(`${t.number(3)} hits`);
      // Texts the author left alone are translated.
      expect(t.t('filters')).toBe((await loadMessages(lang)).filters);
    }
  });

  it('words counts with the language’s plural rules and digits', async () => {
    const ar = await text('ar');
    expect(ar.count('locationCount', 1)).toBe('مكان واحد');
    expect(ar.count('locationCount', 2)).toBe('مكانان');
    expect(ar.count('locationCount', 3)).toBe(`${ar.number(3)} أماكن`);
    expect(ar.count('locationCount', 11)).toBe(`${ar.number(11)} مكانًا`);
    const pl = await text('pl');
    expect([1, 2, 5, 22, 25].map((n) => pl.count('locationCount', n))).toEqual([
      '1 miejsce',
      '2 miejsca',
      '5 miejsc',
      '22 miejsca',
      '25 miejsc',
    ]);
    const en1 = await text('en');
    expect([0, 1, 2].map((n) => en1.count('locationCount', n))).toEqual(['0 locations', '1 location', '2 locations']);
    expect(en1.count('foundCount', 4)).toBe('4 found');
    expect((await text('ja')).count('locationCount', 1200)).toBe('1,200か所');
  });

  it('writes numbers as Intl.NumberFormat does, without setting one up for a small whole number', async () => {
    const probes = [...Array.from({ length: 1000 }, (_, i) => i), 1000, 1200, 12_345, 1_234_567, 1.5, -3];
    for (const lang of VIEWER_LANGUAGES) {
      const t = await text(lang);
      const intl = new Intl.NumberFormat(lang);
      expect(
        probes.filter((n) => t.number(n) !== intl.format(n)),
        lang,
      ).toEqual([]);
    }
    const Real = Intl.NumberFormat;
    let made = 0;
    Intl.NumberFormat = new Proxy(Real, {
      construct: (target, args: ConstructorParameters<typeof Real>) => (made++, new target(...args)),
    });
    try {
      const en2 = await text('en');
      expect(en2.count('locationCount', 240)).toBe('240 locations');
      expect(made).toBe(0);
      expect(en2.number(1200)).toBe('1,200');
      expect(made).toBe(1);
    } finally {
      Intl.NumberFormat = Real;
    }
  });

  it('fills placeholders', async () => {
    expect((await text('de')).t('noRoute', { from: 'A', to: 'B' })).toBe('Keine Route von A nach B.');
    expect((await text('en')).t('titledMap', { title: 'Campus' })).toBe('Campus map');
  });
});
